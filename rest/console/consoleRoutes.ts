import { readFile, unlink } from 'node:fs/promises';
import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Logger } from 'pino';
import { ServiceError } from '../../server/errors.js';
import { connectedApps } from '../../server/oauth/connectedApps.js';
import { maxLogoBytes } from '../../server/oauth/logo.js';
import type { Services } from '../../server/Services.js';
import type { Session } from '../../server/signin/SessionService.js';
import { signOutNav } from '../oauth/authorizePages.js';
import { currentSession, sameOrigin, wrongAddressMessage } from '../oauth/session.js';
import { problemView } from '../oauth/views.js';
import { sendPage } from '../pages/oauthPage.js';
import { consoleApi } from './consoleApi.js';
import { appPage, connectedAppsPage, consoleHome, newKeyPage } from './consoleViews.js';

type Fields = Record<string, string | string[]>;

const parseForm = koaBody({
  multipart: true,
  urlencoded: true,
  json: false,
  text: false,
  formLimit: 64 * 1024,
  formidable: { maxFileSize: maxLogoBytes, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 },
  parsedMethods: [HttpMethodEnum.POST],
});

const first = (fields: Fields, name: string) => {
  const v = fields[name];
  return Array.isArray(v) ? v[0] : v;
};
const all = (fields: Fields, name: string) => {
  const v = fields[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

/** Reads a console form (urlencoded or multipart) and its optional logo; 413 past 512 KB. */
async function readConsoleForm(ctx: Context): Promise<{ fields: Fields; logo: Uint8Array | undefined }> {
  try {
    await parseForm(ctx, async () => {});
  } catch (error) {
    throw new ServiceError('validation_failed', 'The logo must be at most 512 KB.', { cause: error, details: { field: 'logo' } });
  }
  const fields = (ctx.request.body ?? {}) as Fields;
  const file = ctx.request.files?.logo;
  const logoFile = Array.isArray(file) ? file[0] : file;
  if (!logoFile) return { fields, logo: undefined };
  const bytes = await readFile(logoFile.filepath);
  await unlink(logoFile.filepath).catch(() => undefined);
  return { fields, logo: bytes.length > 0 ? new Uint8Array(bytes) : undefined };
}

async function requireSession(ctx: Context, services: Services): Promise<Session | null> {
  const session = await currentSession(ctx, services);
  if (!session) {
    ctx.status = 303;
    ctx.set('Location', `/oauth/signin?return_to=${encodeURIComponent(ctx.originalUrl)}`);
  }
  return session;
}

async function home(ctx: Context, services: Services, session: Session, extra: { error?: string; message?: string } = {}, status = 200) {
  const user = await services.accounts.getUser(session.userId);
  const apps = await services.oauth.apps.listForWorkspace(user?.workspaceId ?? '');
  const keys = await services.apiKeys.list(session.userId);
  const csrf = await services.oauth.sessions.csrfToken(session, 'console');
  sendPage(ctx, 'Developer console', consoleHome({ apps, keys, csrf, ...extra }), { nav: signOutNav(), status });
}

async function showApp(ctx: Context, services: Services, session: Session, clientId: string, extra: { secret?: string; error?: string; message?: string } = {}, status = 200) {
  const app = await services.oauth.apps.manageable(session.userId, clientId);
  const csrf = await services.oauth.sessions.csrfToken(session, 'console');
  sendPage(ctx, app.name, appPage({ app, csrf, ...extra }), { nav: signOutNav(), status });
}

function back(ctx: Context, to: string): void {
  ctx.status = 303;
  ctx.set('Location', to);
}

async function post(ctx: Context, services: Services, session: Session, path: string): Promise<void> {
  const { fields, logo } = await readConsoleForm(ctx);
  if (!sameOrigin(ctx, services.config, { allowOpaque: true }) || !(await services.oauth.sessions.checkCsrf(first(fields, 'csrf'), session, 'console'))) {
    const message = wrongAddressMessage(ctx, services.config) ?? 'This form could not be verified. Reload the page and try again.';
    sendPage(ctx, 'Request refused', problemView('Request refused', message, { oauth: false }), { status: 403, narrow: true });
    return;
  }
  const { apps, grants } = services.oauth;
  const userId = session.userId;
  if (path === '/console/apps') {
    try {
      const { app } = await apps.register({
        userId,
        name: first(fields, 'name') ?? '',
        description: first(fields, 'description') ?? '',
        redirectUri: first(fields, 'redirectUri') ?? '',
        scopes: all(fields, 'scopes'),
        isPublic: first(fields, 'cannotKeepSecret') === 'true',
        acceptedTerms: first(fields, 'acceptTerms') ?? false,
        ...(logo ? { logo } : {}),
      });
      return back(ctx, `/console/apps/${encodeURIComponent(app.id)}`);
    } catch (error) {
      if (error instanceof ServiceError && error.code !== 'internal_error') return home(ctx, services, session, { error: error.message }, 422);
      throw error;
    }
  }
  if (path === '/console/keys') {
    try {
      const { key, secret } = await services.apiKeys.create({ userId, scopes: all(fields, 'scopes'), name: first(fields, 'name') ?? 'API key' });
      return sendPage(ctx, 'API key created', newKeyPage(key, secret), { nav: signOutNav() });
    } catch (error) {
      if (error instanceof ServiceError) return home(ctx, services, session, { error: error.message }, 422);
      throw error;
    }
  }
  const key = /^\/console\/keys\/([^/]+)\/revoke$/.exec(path);
  if (key?.[1]) {
    await services.apiKeys.revoke(userId, decodeURIComponent(key[1]));
    return back(ctx, '/console');
  }
  const disconnect = /^\/account\/apps\/([^/]+)\/disconnect$/.exec(path);
  if (disconnect?.[1]) {
    await grants.disconnect(userId, decodeURIComponent(disconnect[1]));
    return back(ctx, '/account/apps');
  }
  const appAction = /^\/console\/apps\/([^/]+)\/([a-z]+)$/.exec(path);
  if (!appAction?.[1] || !appAction[2]) throw new ServiceError('not_found', 'No console page at this address.');
  const id = decodeURIComponent(appAction[1]);
  try {
    switch (appAction[2]) {
      case 'reveal':
        return showApp(ctx, services, session, id, { secret: await apps.revealSecret(userId, id) });
      case 'rotate':
        return showApp(ctx, services, session, id, { secret: await apps.rotateSecret(userId, id), message: 'New secret issued. The old one no longer works; existing tokens keep working.' });
      case 'publish':
        await apps.publish(userId, id, first(fields, 'acceptTerms') ?? false);
        return showApp(ctx, services, session, id, { message: 'Published: anyone with an account can connect it.' });
      case 'unpublish':
        await apps.unpublish(userId, id);
        return showApp(ctx, services, session, id, { message: 'Back in development: people outside your workspace were disconnected.' });
      case 'disable':
        await apps.disable(userId, id);
        return showApp(ctx, services, session, id, { message: 'Disabled: every token of the app has ended.' });
      case 'enable':
        await apps.enable(userId, id);
        return showApp(ctx, services, session, id, { message: 'Enabled: people can connect it again.' });
      case 'update': {
        const name = first(fields, 'name');
        const description = first(fields, 'description');
        await apps.update(userId, id, { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}), ...(logo ? { logo } : {}) });
        return showApp(ctx, services, session, id, { message: 'Saved.' });
      }
      case 'delete':
        await apps.delete(userId, id);
        return home(ctx, services, session, { message: 'App deleted; all its tokens have ended.' });
      default:
        throw new ServiceError('not_found', 'No console page at this address.');
    }
  } catch (error) {
    if (error instanceof ServiceError && (error.code === 'validation_failed' || error.code === 'conflict')) {
      return showApp(ctx, services, session, id, { error: error.message }, 422);
    }
    throw error;
  }
}

/** The developer console (`/console`), connected apps (`/account/apps`) and their JSON endpoints (`/console/api`). */
export function consoleRoutes(services: Services): Middleware {
  return async (ctx, next) => {
    const { path, method } = ctx;
    if (path.startsWith('/console/api/')) return consoleApi(ctx, services, path.slice('/console/api'.length));
    if (path !== '/console' && !path.startsWith('/console/') && !path.startsWith('/account/apps')) return next();
    try {
      const session = await requireSession(ctx, services);
      if (!session) return;
      if (method === 'POST') return await post(ctx, services, session, path);
      if (method !== 'GET' && method !== 'HEAD') throw new ServiceError('method_not_allowed', 'Use GET or POST.');
      if (path === '/console' || path === '/console/') return await home(ctx, services, session);
      if (path === '/account/apps') {
        const list = await connectedApps(services.oauth.grants, services.oauth.apps, session.userId);
        const csrf = await services.oauth.sessions.csrfToken(session, 'console');
        return sendPage(ctx, 'Connected apps', connectedAppsPage({ apps: list, csrf }), { nav: signOutNav() });
      }
      const app = /^\/console\/apps\/([^/]+)$/.exec(path);
      if (app?.[1]) return await showApp(ctx, services, session, decodeURIComponent(app[1]));
      throw new ServiceError('not_found', 'No console page at this address.');
    } catch (error) {
      const known = error instanceof ServiceError && error.code !== 'internal_error';
      if (!known) (ctx.state.log as Logger).error({ err: error }, 'console page failed');
      const status = known && error.code === 'not_found' ? 404 : known ? 400 : 500;
      const message = known ? error.message : 'Something failed on our side. Try again in a moment.';
      sendPage(ctx, 'Console', problemView(status === 404 ? 'Not found' : 'Something went wrong', message), { status, narrow: true });
    }
  };
}
