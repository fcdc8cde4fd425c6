import type { Context } from 'koa';
import type { Logger } from 'pino';
import { checkAuthorizationRequest } from '../../server/oauth/authorizationRequest.js';
import type { RawParams } from '../../server/oauth/authorizationRequest.js';
import { AuthorizationPageError } from '../../server/oauth/OAuthError.js';
import type { Services } from '../../server/Services.js';
import { html, sendPage } from '../pages/oauthPage.js';
import type { SafeHtml } from '../pages/oauthPage.js';
import { FormError, readForm } from './formBody.js';
import { currentSession, sameOrigin, wrongAddressMessage } from './session.js';
import { consentView, problemView, signInView } from './views.js';

const problemTitles: Record<AuthorizationPageError['kind'], string> = {
  invalid_request: 'This request is not valid',
  unknown_client: 'Unknown app',
  redirect_mismatch: 'This request is not valid',
  invalid_scope: 'This request is not valid',
  pkce_required: 'This request is not valid',
  invalid_pkce: 'This request is not valid',
  in_development: 'This app is still in development',
  disabled: 'This app is disabled',
  expired_request: 'This request has expired',
  invalid_target: 'This request is not valid',
  client_metadata: "This app's description could not be used",
  mcp_clients_off: 'MCP clients are turned off',
};

function showProblem(ctx: Context, error: AuthorizationPageError): void {
  (ctx.state.log as Logger).info({ kind: error.kind }, 'authorization request refused');
  sendPage(ctx, problemTitles[error.kind], problemView(problemTitles[error.kind], error.message), { status: error.status, narrow: true });
}

function forbidden(ctx: Context, reason: string, message = 'This form could not be verified. Start again from the app.'): void {
  (ctx.state.log as Logger).warn({ reason }, 'consent decision refused');
  sendPage(ctx, 'Request refused', problemView('Request refused', message), {
    status: 403,
    narrow: true,
  });
}

/** `GET {auth_url}/`: checks the request, then shows sign-in or the consent page (never redirects on errors). */
export async function authorizePage(ctx: Context, services: Services): Promise<void> {
  const { consent, sessions, oidc, findClient, resources } = services.oauth;
  try {
    const request = await checkAuthorizationRequest(ctx.query as RawParams, findClient, resources);
    const session = await currentSession(ctx, services);
    if (!session) {
      sendPage(ctx, 'Sign in', signInView({ returnTo: ctx.originalUrl, providers: oidc.list(), app: request.app }), {
        narrow: true,
        // Sign-in forms check Origin strictly; same-origin keeps it from being sent as "null".
        referrerPolicy: 'same-origin',
      });
      return;
    }
    const { pending, app } = await consent.begin(request, session.userId);
    const user = await services.accounts.getUser(session.userId);
    const csrf = await sessions.csrfToken(session, `consent:${pending.id}`);
    sendPage(
      ctx,
      `Connect ${app.name}`,
      consentView({ app, pendingId: pending.id, csrf, scopes: pending.scopes, userEmail: user?.email ?? '', redirectUri: pending.redirectUri }),
      { formActions: [new URL(pending.redirectUri).origin], narrow: true, nav: signOutNav() },
    );
  } catch (error) {
    if (error instanceof AuthorizationPageError) return showProblem(ctx, error);
    throw error;
  }
}

/**
 * `POST {auth_url}/consent`: applies Authorize or Deny to the pending request named by the
 * form, after checking the session, the CSRF token bound to it and the Origin (403 otherwise).
 * Other form fields are ignored. Answers 303 to the app (RFC 9700 4.12).
 */
export async function consentDecision(ctx: Context, services: Services): Promise<void> {
  let form: Map<string, string>;
  try {
    form = await readForm(ctx);
  } catch (error) {
    if (error instanceof FormError) return forbidden(ctx, error.message);
    throw error;
  }
  if (!sameOrigin(ctx, services.config, { allowOpaque: true })) return forbidden(ctx, 'cross-site origin', wrongAddressMessage(ctx, services.config) ?? undefined);
  const session = await currentSession(ctx, services);
  if (!session) return forbidden(ctx, 'no session');
  const pendingId = form.get('request_id') ?? '';
  if (!(await services.oauth.sessions.checkCsrf(form.get('csrf'), session, `consent:${pendingId}`))) {
    return forbidden(ctx, 'bad csrf token');
  }
  const decision = form.get('decision');
  if (decision !== 'approve' && decision !== 'deny') return forbidden(ctx, 'no decision');
  try {
    const location = await services.oauth.consent.decide(pendingId, session.userId, decision === 'approve');
    ctx.status = 303;
    ctx.set('Location', location);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
  } catch (error) {
    if (error instanceof AuthorizationPageError) return showProblem(ctx, error);
    throw error;
  }
}

/** Navigation of signed-in pages, with the sign-out button. */
export function signOutNav(): SafeHtml {
  return signedInNav;
}

const signedInNav = html`<a href="/console">Developer console</a><a href="/account/apps">Connected apps</a><form class="inline" method="post" action="/oauth/signout"><button type="submit">Sign out</button></form>`;
