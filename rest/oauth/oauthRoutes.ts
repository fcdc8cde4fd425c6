import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Services } from '../../server/Services.js';
import { sendPage, stylesheetPath } from '../pages/oauthPage.js';
import { oauthStylesheet } from '../pages/oauthStyle.js';
import { authorizePage, consentDecision } from './authorizePages.js';
import { ClientThrottle } from './clientThrottle.js';
import { emailStart, emailVerify, oidcCallback, oidcStart, signInPage, signOut } from './signinPages.js';
import { metadataDocument, revokeEndpoint, tokenEndpoint } from './tokenEndpoints.js';
import { publicCors } from './publicCors.js';
import { problemView } from './views.js';

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

/**
 * The OAuth authorization server over HTTP: metadata, `{auth_url}/` (authorize + consent),
 * `/token`, `/revoke`, sign-in pages, app logos and the pages' stylesheet. `{auth_url}` is
 * `<public url>/oauth` (DESIGN "HTTP conventions").
 */
export function oauthRoutes(services: Services): Middleware {
  const throttle = new ClientThrottle();
  const metadata = JSON.stringify(metadataDocument(services));
  return async (ctx, next) => {
    const { path, method } = ctx;
    const read = method === 'GET' || method === 'HEAD';
    if (path === metadataPath && (read || method === 'OPTIONS')) {
      if (publicCors(ctx, 'GET')) return;
      ctx.type = 'application/json';
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = metadata;
      return;
    }
    if (path !== '/oauth' && !path.startsWith('/oauth/')) return next();
    if (path === '/oauth/token' || path === '/oauth/revoke') {
      if (publicCors(ctx, 'POST')) return;
      return path === '/oauth/token' ? tokenEndpoint(ctx, services, throttle) : revokeEndpoint(ctx, services, throttle);
    }
    if (path === stylesheetPath && read) {
      ctx.type = 'text/css; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = oauthStylesheet;
      return;
    }
    if ((path === '/oauth/' || path === '/oauth') && read) return page(ctx, () => authorizePage(ctx, services));
    if (path === '/oauth/consent' && method === 'POST') return page(ctx, () => consentDecision(ctx, services));
    if (path === '/oauth/signin' && read) return page(ctx, () => signInPage(ctx, services));
    if (path === '/oauth/signin/email' && method === 'POST') return page(ctx, () => emailStart(ctx, services));
    if (path === '/oauth/signin/code' && method === 'POST') return page(ctx, () => emailVerify(ctx, services));
    if (path === '/oauth/signout' && method === 'POST') return page(ctx, () => signOut(ctx, services));
    const oidc = /^\/oauth\/signin\/oidc\/([1-3])(\/callback)?$/.exec(path);
    if (oidc?.[1] && read) {
      const slot = Number(oidc[1]);
      return page(ctx, () => (oidc[2] ? oidcCallback(ctx, services, slot) : oidcStart(ctx, services, slot)));
    }
    const logo = /^\/oauth\/apps\/([A-Za-z0-9._~-]{1,100})\/logo$/.exec(path);
    if (logo?.[1] && read) {
      const record = await services.oauth.apps.logo(logo[1]);
      if (!record) return next();
      ctx.type = record.contentType;
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = Buffer.from(record.base64, 'base64');
      return;
    }
    return next();
  };
}
