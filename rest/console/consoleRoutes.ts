import type { Context, Middleware, Next } from 'koa';
import type { Logger } from 'pino';
import { ServiceError } from '../../server/errors.js';
import { connectedApps } from '../../server/oauth/connectedApps.js';
import type { Services } from '../../server/Services.js';
import type { Session } from '../../server/signin/SessionService.js';
import { errorStatus } from '../errorStatus.js';
import { signOutNav } from '../oauth/authorizePages.js';
import { currentSession, sameOrigin, wrongAddressMessage } from '../oauth/session.js';
import { problemView } from '../oauth/views.js';
import { sendPage } from '../pages/oauthPage.js';
import { newRouter } from '../routing.js';
import { consoleApi } from './consoleApi.js';
import type { ConsoleForm } from './consoleForm.js';
import { allFields, firstField, readConsoleForm } from './consoleForm.js';
import { appPage, connectedAppsPage, consoleHome, newKeyPage } from './consoleViews.js';

/** What the console's routes read from `ctx.state`: the signed-in session and, for a POST, the verified form. */
interface ConsoleState {
  session: Session;
  form: ConsoleForm;
}

const state = (ctx: Context) => ctx.state as ConsoleState;

async function requireSession(ctx: Context, services: Services): Promise<Session | null> {
  const session = await currentSession(ctx, services);
  if (!session) {
    ctx.status = 303;
    ctx.set('Location', `/oauth/signin?return_to=${encodeURIComponent(ctx.originalUrl)}`);
  }
  return session;
}

async function home(ctx: Context, services: Services, extra: { error?: string; message?: string } = {}, status = 200) {
  const { session } = state(ctx);
  const user = await services.accounts.getUser(session.userId);
  const apps = await services.oauth.apps.listForWorkspace(user?.workspaceId ?? '');
  const keys = await services.apiKeys.list(session.userId);
  const csrf = await services.oauth.sessions.csrfToken(session, 'console');
  sendPage(ctx, 'Developer console', consoleHome({ apps, keys, csrf, ...extra }), { nav: signOutNav(), status });
}

async function showApp(ctx: Context, services: Services, clientId: string, extra: { secret?: string; error?: string; message?: string } = {}, status = 200) {
  const { session } = state(ctx);
  const app = await services.oauth.apps.manageable(session.userId, clientId);
  const csrf = await services.oauth.sessions.csrfToken(session, 'console');
  sendPage(ctx, app.name, appPage({ app, csrf, ...extra }), { nav: signOutNav(), status });
}

function back(ctx: Context, to: string): void {
  ctx.status = 303;
  ctx.set('Location', to);
}

/** What an app page's action does: its service call and the page's message; null shows the home page. */
type AppAction = (ctx: Context, services: Services, clientId: string) => Promise<{ secret?: string; message?: string } | null>;

const appActions: Readonly<Record<string, AppAction>> = {
  reveal: async (ctx, s, id) => ({ secret: await s.oauth.apps.revealSecret(state(ctx).session.userId, id) }),
  rotate: async (ctx, s, id) => ({
    secret: await s.oauth.apps.rotateSecret(state(ctx).session.userId, id),
    message: 'New secret issued. The old one no longer works; existing tokens keep working.',
  }),
  publish: async (ctx, s, id) => {
    await s.oauth.apps.publish(state(ctx).session.userId, id, firstField(state(ctx).form.fields, 'acceptTerms') ?? false);
    return { message: 'Published: anyone with an account can connect it.' };
  },
  unpublish: async (ctx, s, id) => {
    await s.oauth.apps.unpublish(state(ctx).session.userId, id);
    return { message: 'Back in development: people outside your workspace were disconnected.' };
  },
  disable: async (ctx, s, id) => {
    await s.oauth.apps.disable(state(ctx).session.userId, id);
    return { message: 'Disabled: every token of the app has ended.' };
  },
  enable: async (ctx, s, id) => {
    await s.oauth.apps.enable(state(ctx).session.userId, id);
    return { message: 'Enabled: people can connect it again.' };
  },
  update: async (ctx, s, id) => {
    const { fields, logo } = state(ctx).form;
    const name = firstField(fields, 'name');
    const description = firstField(fields, 'description');
    await s.oauth.apps.update(state(ctx).session.userId, id, {
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(logo ? { logo } : {}),
    });
    return { message: 'Saved.' };
  },
  delete: async (ctx, s, id) => {
    await s.oauth.apps.delete(state(ctx).session.userId, id);
    return null;
  },
};

/** The console pages and forms on `@koa/router`; every route runs with a session (and for POST a verified form) in `ctx.state`. */
function consolePages(services: Services): Middleware {
  const router = newRouter();
  router.get('/console', (ctx) => home(ctx, services));
  router.get('/account/apps', async (ctx) => {
    const { session } = state(ctx);
    const list = await connectedApps(services.oauth.grants, services.oauth.apps, session.userId);
    const csrf = await services.oauth.sessions.csrfToken(session, 'console');
    sendPage(ctx, 'Connected apps', connectedAppsPage({ apps: list, csrf }), { nav: signOutNav() });
  });
  router.get('/console/apps/:clientId', (ctx) => showApp(ctx, services, ctx.params.clientId ?? ''));
  router.post('/console/apps', async (ctx) => {
    const { session, form } = state(ctx);
    const { fields, logo } = form;
    try {
      const { app } = await services.oauth.apps.register({
        userId: session.userId,
        name: firstField(fields, 'name') ?? '',
        description: firstField(fields, 'description') ?? '',
        redirectUri: firstField(fields, 'redirectUri') ?? '',
        scopes: allFields(fields, 'scopes'),
        isPublic: firstField(fields, 'cannotKeepSecret') === 'true',
        acceptedTerms: firstField(fields, 'acceptTerms') ?? false,
        ...(logo ? { logo } : {}),
      });
      back(ctx, `/console/apps/${encodeURIComponent(app.id)}`);
    } catch (error) {
      if (error instanceof ServiceError && errorStatus[error.code] < 500) return home(ctx, services, { error: error.message }, 422);
      throw error;
    }
  });
  router.post('/console/keys', async (ctx) => {
    const { session, form } = state(ctx);
    try {
      const { key, secret } = await services.apiKeys.create({
        userId: session.userId,
        scopes: allFields(form.fields, 'scopes'),
        name: firstField(form.fields, 'name') ?? 'API key',
      });
      sendPage(ctx, 'API key created', newKeyPage(key, secret), { nav: signOutNav() });
    } catch (error) {
      if (error instanceof ServiceError && errorStatus[error.code] < 500) return home(ctx, services, { error: error.message }, 422);
      throw error;
    }
  });
  router.post('/console/keys/:keyId/revoke', async (ctx) => {
    await services.apiKeys.revoke(state(ctx).session.userId, ctx.params.keyId ?? '');
    back(ctx, '/console');
  });
  router.post('/account/apps/:clientId/disconnect', async (ctx) => {
    await services.oauth.grants.disconnect(state(ctx).session.userId, ctx.params.clientId ?? '');
    back(ctx, '/account/apps');
  });
  for (const [name, run] of Object.entries(appActions)) {
    router.post(`/console/apps/:clientId/${name}`, async (ctx) => {
      const id = ctx.params.clientId ?? '';
      try {
        const shown = await run(ctx, services, id);
        if (shown === null) return await home(ctx, services, { message: 'App deleted; all its tokens have ended.' });
        return await showApp(ctx, services, id, shown);
      } catch (error) {
        if (error instanceof ServiceError && (error.code === 'validation_failed' || error.code === 'conflict')) {
          return showApp(ctx, services, id, { error: error.message }, 422);
        }
        throw error;
      }
    });
  }
  return router.routes() as Middleware;
}

function refused(ctx: Context, services: Services): void {
  const message = wrongAddressMessage(ctx, services.config) ?? 'This form could not be verified. Reload the page and try again.';
  sendPage(ctx, 'Request refused', problemView('Request refused', message, { oauth: false }), { status: 403, narrow: true });
}

/** The status of a console page that failed with `error`: the status its code has in the API (403, 404, 409, 422, ...); 500 for the rest. */
export function consoleProblemStatus(error: unknown): number {
  return error instanceof ServiceError && errorStatus[error.code] < 500 ? errorStatus[error.code] : 500;
}

/** Shows an error of a console page; only client errors show their message. */
function problemPage(ctx: Context, error: unknown): void {
  const status = consoleProblemStatus(error);
  if (status >= 500) (ctx.state.log as Logger).error({ err: error }, 'console page failed');
  const message = status < 500 && error instanceof Error ? error.message : 'Something failed on our side. Try again in a moment.';
  sendPage(ctx, 'Console', problemView(status === 404 ? 'Not found' : 'Something went wrong', message), { status, narrow: true });
}

const isConsolePage = (path: string) => path === '/console' || path.startsWith('/console/') || path === '/account/apps' || path.startsWith('/account/apps/');

/**
 * The developer console (`/console`), connected apps (`/account/apps`) and their JSON endpoints
 * (`/console/api`). A page needs a session (else a redirect to sign-in); a form POST is checked
 * in this order before any route runs: same origin (before a byte of the body is read), then the
 * form is read in memory, then its CSRF token.
 */
export function consoleRoutes(services: Services): Middleware {
  const api = consoleApi(services);
  const pages = consolePages(services);
  const notFound = async () => {
    throw new ServiceError('not_found', 'No console page at this address.');
  };
  return async (ctx: Context, next: Next) => {
    const { path, method } = ctx;
    if (path === '/console/api' || path.startsWith('/console/api/')) return api(ctx, next);
    if (!isConsolePage(path)) return next();
    try {
      const session = await requireSession(ctx, services);
      if (!session) return;
      state(ctx).session = session;
      if (method === 'POST') {
        if (!sameOrigin(ctx, services.config, { allowOpaque: true })) return refused(ctx, services);
        const form = await readConsoleForm(ctx);
        if (!(await services.oauth.sessions.checkCsrf(firstField(form.fields, 'csrf'), session, 'console'))) return refused(ctx, services);
        state(ctx).form = form;
      } else if (method !== 'GET' && method !== 'HEAD') {
        ctx.set('Allow', 'GET, POST');
        throw new ServiceError('method_not_allowed', 'Use GET or POST.');
      }
      await pages(ctx, notFound);
    } catch (error) {
      problemPage(ctx, error);
    }
  };
}
