import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Services } from '../../server/Services.js';
import { sendPage, stylesheetPath } from '../pages/oauthPage.js';
import { oauthStylesheet } from '../pages/oauthStyle.js';
import { authorizePage, consentDecision } from './authorizePages.js';
import { ClientThrottle } from './clientThrottle.js';
import { emailStart, emailVerify, oidcCallback, oidcStart, signInPage, signOut } from './signinPages.js';
import { metadataDocument, revokeEndpoint, tokenEndpoint } from './tokenEndpoints.js';
import { protectedResourceMetadata, protectedResourceMetadataPath, registerEndpoint, rootProtectedResourceMetadataPath } from './mcpClientEndpoints.js';
import { publicCors } from './publicCors.js';
import { problemView } from './views.js';
import { newRouter } from '../routing.js';

/** Path of the authorization server metadata (RFC 8414 3). */
export const metadataPath = '/.well-known/oauth-authorization-server';

async function page(ctx: Context, run: () => Promise<void> | void): Promise<void> {
  try {
    await run();
  } catch (error) {
    (ctx.state.log as Logger).error({ err: error }, 'page failed');
    sendPage(ctx, 'Something went wrong', problemView('Something went wrong', 'Something failed on our side. Try again in a moment.'), {
      status: 500,
      narrow: true,
    });
  }
}

/** OIDC sign-in slots (`BOARDS_OIDC_<N>_*`, N = 1..3). */
const oidcSlots = [1, 2, 3] as const;

/**
 * The OAuth authorization server over HTTP on `@koa/router`: metadata, the MCP endpoint's
 * Protected Resource Metadata, `{auth_url}/` (authorize + consent), `/register` (RFC 7591),
 * `/token`, `/revoke`, sign-in pages, app logos and the pages' stylesheet.
 * `{auth_url}` is `<public url>/oauth` (DESIGN "HTTP conventions"). An address or method it
 * does not serve passes on (and ends as the 404 envelope); the token and revoke endpoints
 * answer every method themselves (RFC 6749 3.2: POST only, in their own error format).
 */
export function oauthRoutes(services: Services): Middleware {
  const throttle = new ClientThrottle(services.cluster.rateLimiters);
  const metadata = JSON.stringify(metadataDocument(services));
  const router = newRouter();
  router.register(metadataPath, ['GET', 'OPTIONS'], (ctx) => {
    if (publicCors(ctx, 'GET')) return;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = metadata;
  });
  const resourceMetadata = JSON.stringify(protectedResourceMetadata(services));
  router.register([protectedResourceMetadataPath, rootProtectedResourceMetadataPath], ['GET', 'OPTIONS'], (ctx) => {
    if (publicCors(ctx, 'GET')) return;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = resourceMetadata;
  });
  router.all('/oauth/register', (ctx) => (publicCors(ctx, 'POST') ? undefined : registerEndpoint(ctx, services, throttle)));
  router.all('/oauth/token', (ctx) => (publicCors(ctx, 'POST') ? undefined : tokenEndpoint(ctx, services, throttle)));
  router.all('/oauth/revoke', (ctx) => (publicCors(ctx, 'POST') ? undefined : revokeEndpoint(ctx, services, throttle)));
  router.get(stylesheetPath, (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = oauthStylesheet;
  });
  router.get('/oauth', (ctx) => page(ctx, () => authorizePage(ctx, services)));
  router.post('/oauth/consent', (ctx) => page(ctx, () => consentDecision(ctx, services)));
  router.get('/oauth/signin', (ctx) => page(ctx, () => signInPage(ctx, services)));
  router.post('/oauth/signin/email', (ctx) => page(ctx, () => emailStart(ctx, services)));
  router.post('/oauth/signin/code', (ctx) => page(ctx, () => emailVerify(ctx, services)));
  router.post('/oauth/signout', (ctx) => page(ctx, () => signOut(ctx, services)));
  for (const slot of oidcSlots) {
    router.get(`/oauth/signin/oidc/${slot}`, (ctx) => page(ctx, () => oidcStart(ctx, services, slot)));
    router.get(`/oauth/signin/oidc/${slot}/callback`, (ctx) => page(ctx, () => oidcCallback(ctx, services, slot)));
  }
  router.get('/oauth/apps/:clientId/logo', async (ctx, next) => {
    const clientId = ctx.params.clientId ?? '';
    if (!/^[A-Za-z0-9._~-]{1,100}$/.test(clientId)) return next();
    const record = await services.oauth.apps.logo(clientId);
    if (!record) return next();
    ctx.type = record.contentType;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = Buffer.from(record.base64, 'base64');
  });
  return router.routes() as Middleware;
}
