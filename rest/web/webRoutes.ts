import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { z } from 'zod';
import { ServiceError, ValidationError } from '../../server/errors.js';
import type { Services } from '../../server/Services.js';
import type { IssuedWebToken } from '../../server/signin/WebSessionTokens.js';
import { setJsonAnswer } from '../jsonAnswer.js';
import { currentSession, sameOrigin } from '../oauth/session.js';
import { appContentSecurityPolicy } from './contentSecurityPolicy.js';
import { faviconIco, faviconSvg } from './favicon.js';
import { WebAssets, isHashedAssetName } from './WebAssets.js';
import { WebEventStreams } from './WebEventStreams.js';
import { appShell, docsPage, notBuiltPage } from './webPages.js';

/** Header `POST /web/token` requires: a custom header forces a CORS preflight, so other sites cannot send it. */
export const webCsrfHeader = 'X-Requested-With';
const webCsrfValue = 'boards-web';

const tokenBody = z
  .strictObject({
    boardId: z.string().min(1).max(100).optional(),
    link: z.string().min(1).max(200).optional().describe('A public link token (`bds_pl_…`): opens `boardId` without a session.'),
  })
  .refine((body) => body.link === undefined || body.boardId !== undefined, { path: ['boardId'], message: 'A link opens one board: name it.' });

const parseJson = koaBody({
  json: true,
  jsonStrict: true,
  jsonLimit: 4 * 1024,
  urlencoded: false,
  text: false,
  multipart: false,
  parsedMethods: [HttpMethodEnum.POST],
});

/** Addresses the bundle renders: the dashboard, a space on it, boards and the account page. */
const appPaths = /^\/(?:(?:boards|spaces)\/[^/]+\/?|account\/?)?$/;

// Redoc injects its styles and runs its search index in a blob worker.
const docsPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function sendHtml(ctx: Context, body: string, policy: string, status = 200): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', policy);
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = body;
}

function sendAsset(ctx: Context, assets: WebAssets, name: string): boolean {
  const asset = assets.get(name);
  if (!asset) return false;
  ctx.type = asset.contentType;
  ctx.set('X-Content-Type-Options', 'nosniff');
  // Addresses carry the content hash (`?v=`, or in a chunk's name), so a given address never changes.
  ctx.set('Cache-Control', ctx.query.v === asset.version || isHashedAssetName(name) ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.body = asset.body;
  return true;
}

/** The service's icon: `/favicon.svg` for the pages' `<link rel="icon">`, `/favicon.ico` for whatever asks for it by that name. */
function sendIcon(ctx: Context, path: '/favicon.ico' | '/favicon.svg'): void {
  ctx.type = path === '/favicon.ico' ? 'image/x-icon' : 'image/svg+xml';
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'public, max-age=86400');
  ctx.body = path === '/favicon.ico' ? faviconIco() : faviconSvg;
}

/**
 * `POST /web/token`: a short-lived bearer token for the signed-in session (cookie), for the
 * dashboard or, with `boardId`, for one board with the scopes the person's role there allows
 * and what that role lets the page offer (`canEdit`, `canComment`); with `boardId` and `link`
 * (a public link token), no session is needed and the answer is the link token itself with the
 * link's role, for a guest.
 * Needs the `X-Requested-With: boards-web` header and a same-origin `Origin` (CSRF); answers in
 * the API's error envelope; `Cache-Control: no-store`.
 */
async function issueToken(ctx: Context, services: Services): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  const fetchSite = ctx.get('Sec-Fetch-Site');
  if (ctx.get(webCsrfHeader) !== webCsrfValue || !sameOrigin(ctx, services.config) || (fetchSite !== '' && fetchSite !== 'same-origin')) {
    throw new ServiceError('forbidden', `Ask for a token from this site's pages, with the ${webCsrfHeader}: ${webCsrfValue} header.`);
  }
  const hasBody = Number(ctx.get('Content-Length') || '0') > 0 || ctx.get('Transfer-Encoding') !== '';
  if (hasBody && !ctx.is('application/json')) throw new ServiceError('unsupported_media_type', 'Send the body as JSON.');
  try {
    await parseJson(ctx, async () => {});
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413) throw new ServiceError('payload_too_large', 'The body is larger than allowed.', { cause: error });
    throw new ServiceError('bad_request', 'The body is not valid JSON.', { cause: error });
  }
  const parsed = tokenBody.safeParse(hasBody ? ctx.request.body : {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { boardId, link } = parsed.data;
  if (link !== undefined && boardId !== undefined) {
    const guest = await services.webTokens.forLink(link, boardId);
    setJsonAnswer(ctx, tokenAnswer(guest, { id: guest.guestId, name: 'Guest', email: '' }));
    return;
  }
  const session = await currentSession(ctx, services);
  if (!session) throw new ServiceError('unauthorized', 'Sign in first: there is no session.');
  const user = await services.accounts.getUser(session.userId);
  if (!user) throw new ServiceError('unauthorized', 'Sign in first: there is no session.');
  setJsonAnswer(ctx, tokenAnswer(await services.webTokens.issue(session, boardId), user));
}

/** The body of a `POST /web/token` answer. */
function tokenAnswer(issued: IssuedWebToken, user: { id: string; name: string; email: string }) {
  return {
    token: issued.token,
    expiresAt: new Date(issued.expiresAtMs).toISOString(),
    scopes: issued.scopes,
    role: issued.role,
    canEdit: issued.canEdit,
    canComment: issued.canComment,
    user: { id: user.id, name: user.name, email: user.email },
  };
}

/**
 * The web app and the API reference: `/` (dashboard), `/spaces/{id}` (the dashboard on a space),
 * `/boards/{id}` (a board) and `/account` (the person's account) answer with
 * the app's page, `/app/*` with its bundle, `POST /web/token` with a token for the page,
 * `GET /web/events` with the page's event stream (`WebEventStreams`), `/docs`
 * with the OpenAPI document rendered by Redoc, `/favicon.ico` and `/favicon.svg` with the
 * service's icon (all served locally).
 */
export function webRoutes(services: Services, assets: WebAssets = new WebAssets()): Middleware {
  const streams = new WebEventStreams(services);
  return async (ctx, next) => {
    const { path, method } = ctx;
    if (path === '/web/events') {
      if (method !== 'GET') {
        ctx.set('Allow', 'GET');
        throw new ServiceError('method_not_allowed', 'This address accepts GET.');
      }
      return streams.open(ctx);
    }
    const appPolicy = () => appContentSecurityPolicy(services.config, { host: ctx.get('Host'), secure: ctx.protocol === 'https' });
    if (path === '/web/token') {
      if (method !== 'POST') {
        ctx.set('Allow', 'POST');
        throw new ServiceError('method_not_allowed', 'This address accepts POST.');
      }
      return issueToken(ctx, services);
    }
    if (method !== 'GET' && method !== 'HEAD') return next();
    if (appPaths.test(path)) {
      const js = assets.get('app.js');
      const css = assets.get('app.css');
      if (!js || !css) return sendHtml(ctx, notBuiltPage(), appPolicy(), 503);
      // The page says whether a session exists, so a signed-out visit shows the sign-in prompt without a refused token request.
      const signedIn = (await currentSession(ctx, services)) !== null;
      return sendHtml(ctx, appShell({ js: js.version, css: css.version }, assets.preloads(), signedIn), appPolicy());
    }
    if (path.startsWith('/app/')) {
      const name = path.slice('/app/'.length);
      if ((name === 'app.js' || name === 'app.css' || isHashedAssetName(name)) && sendAsset(ctx, assets, name)) return;
      return next();
    }
    if (path === '/docs' || path === '/docs/') {
      const redoc = assets.get('redoc.standalone.js');
      if (!redoc) return sendHtml(ctx, notBuiltPage(), appPolicy(), 503);
      return sendHtml(ctx, docsPage(redoc.version), docsPolicy);
    }
    if (path === '/favicon.ico' || path === '/favicon.svg') return sendIcon(ctx, path);
    if (path === '/docs/redoc.standalone.js') {
      if (sendAsset(ctx, assets, 'redoc.standalone.js')) return;
    }
    return next();
  };
}
