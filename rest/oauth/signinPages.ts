import path from 'node:path';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { ServiceError } from '../../server/errors.js';
import type { Services } from '../../server/Services.js';
import { SignInThrottledError, invalidCodeMessage } from '../../server/signin/EmailSignIn.js';
import { oidcFailureMessage } from '../../server/signin/OidcSignIn.js';
import { sendPage } from '../pages/oauthPage.js';
import { FormError, readForm } from './formBody.js';
import { endSession, readCookie, safeReturnTo, sameOrigin, setCookie, startSession, wrongAddressMessage } from './session.js';
import { codeView, problemView, signInView } from './views.js';

const oidcCookie = 'bds_oidc';

async function formOrNull(ctx: Context): Promise<Map<string, string> | null> {
  try {
    return await readForm(ctx);
  } catch (error) {
    if (error instanceof FormError) return null;
    throw error;
  }
}

function refuse(ctx: Context, services: Services): void {
  const message = wrongAddressMessage(ctx, services.config) ?? 'This form could not be verified. Reload the page and try again.';
  sendPage(ctx, 'Request refused', problemView('Request refused', message, { oauth: false }), { status: 403, narrow: true });
}

/** The file name of the development outbox when sign-in codes are not mailed, else null (the code page says where the code is). */
function outboxName(services: Services): string | null {
  return services.oauth.devOutbox ? path.basename(services.config.devOutboxPath) : null;
}

/** `GET /oauth/signin`: the sign-in page on its own (the console and connected apps send people here). */
export function signInPage(ctx: Context, services: Services): void {
  const returnTo = safeReturnTo(typeof ctx.query.return_to === 'string' ? ctx.query.return_to : null);
  sendPage(ctx, 'Sign in', signInView({ returnTo, providers: services.oauth.oidc.list() }), { narrow: true, referrerPolicy: 'same-origin' });
}

/** `POST /oauth/signin/email`: sends a code and shows the code form. */
export async function emailStart(ctx: Context, services: Services): Promise<void> {
  const form = await formOrNull(ctx);
  if (!form || !sameOrigin(ctx, services.config)) return refuse(ctx, services);
  const returnTo = safeReturnTo(form.get('return_to'));
  const email = form.get('email') ?? '';
  const providers = services.oauth.oidc.list();
  try {
    const ticket = await services.oauth.emailSignIn.start(email);
    const shownEmail = (await services.oauth.emailSignIn.emailOf(ticket)) ?? email;
    sendPage(ctx, 'Enter your code', codeView({ ticket, email: shownEmail, returnTo, outbox: outboxName(services) }), { narrow: true, referrerPolicy: 'same-origin' });
  } catch (error) {
    if (error instanceof SignInThrottledError) {
      ctx.set('Retry-After', String(error.retryAfterSeconds));
      sendPage(ctx, 'Sign in', signInView({ returnTo, providers, error: error.message, email }), { status: 429, narrow: true, referrerPolicy: 'same-origin' });
      return;
    }
    if (error instanceof ServiceError && error.code === 'validation_failed') {
      sendPage(ctx, 'Sign in', signInView({ returnTo, providers, error: 'Enter a valid email address.', email }), { status: 422, narrow: true, referrerPolicy: 'same-origin' });
      return;
    }
    throw error;
  }
}

/** `POST /oauth/signin/code`: checks the code, starts the session and returns (303) to where the person was. */
export async function emailVerify(ctx: Context, services: Services): Promise<void> {
  const form = await formOrNull(ctx);
  if (!form || !sameOrigin(ctx, services.config)) return refuse(ctx, services);
  const returnTo = safeReturnTo(form.get('return_to'));
  const ticket = form.get('ticket') ?? '';
  try {
    const userId = await services.oauth.emailSignIn.verify(ticket, form.get('code') ?? '');
    await startSession(ctx, services, userId);
    ctx.status = 303;
    ctx.set('Location', returnTo);
    ctx.set('Cache-Control', 'no-store');
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const email = (await services.oauth.emailSignIn.emailOf(ticket)) ?? '';
    const throttled = error instanceof SignInThrottledError;
    if (throttled) ctx.set('Retry-After', String(error.retryAfterSeconds));
    (ctx.state.log as Logger).info({ throttled }, 'sign-in code refused');
    sendPage(ctx, 'Enter your code', codeView({ ticket, email, returnTo, outbox: outboxName(services), error: throttled ? error.message : invalidCodeMessage }), {
      status: throttled ? 429 : 422,
      narrow: true,
      referrerPolicy: 'same-origin',
    });
  }
}

/** `GET /oauth/signin/oidc/<n>`: goes to the identity provider (303) with PKCE, state and nonce. */
export async function oidcStart(ctx: Context, services: Services, slot: number): Promise<void> {
  const returnTo = safeReturnTo(typeof ctx.query.return_to === 'string' ? ctx.query.return_to : null);
  try {
    const { url, state } = await services.oauth.oidc.begin(slot, returnTo);
    setCookie(ctx, oidcCookie, state, { maxAgeSeconds: 600, path: '/oauth/signin/oidc' });
    ctx.status = 303;
    ctx.set('Location', url);
    ctx.set('Cache-Control', 'no-store');
  } catch (error) {
    (ctx.state.log as Logger).warn({ err: error, slot }, 'identity provider unavailable');
    sendPage(ctx, 'Sign in', signInView({ returnTo, providers: services.oauth.oidc.list(), error: 'That sign-in provider is not available right now.' }), {
      status: 502,
      narrow: true,
      referrerPolicy: 'same-origin',
    });
  }
}

/** `GET /oauth/signin/oidc/<n>/callback`: completes the provider sign-in and returns (303). */
export async function oidcCallback(ctx: Context, services: Services, slot: number): Promise<void> {
  const callbackUrl = new URL(ctx.originalUrl, services.config.publicUrl);
  const signedState = readCookie(ctx, oidcCookie);
  setCookie(ctx, oidcCookie, '', { maxAgeSeconds: 0, path: '/oauth/signin/oidc' });
  try {
    const { userId, returnTo } = await services.oauth.oidc.complete(slot, callbackUrl, signedState);
    await startSession(ctx, services, userId);
    ctx.status = 303;
    ctx.set('Location', safeReturnTo(returnTo));
    ctx.set('Cache-Control', 'no-store');
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    (ctx.state.log as Logger).info({ err: error.cause, slot }, 'provider sign-in failed');
    // Offer sign-in again towards where the person was going (the app's request), not the console.
    const returnTo = safeReturnTo(await services.oauth.oidc.returnToOf(signedState));
    sendPage(ctx, 'Sign in', signInView({ returnTo, providers: services.oauth.oidc.list(), error: oidcFailureMessage }), {
      status: 401,
      narrow: true,
      referrerPolicy: 'same-origin',
    });
  }
}

/** `POST /oauth/signout`: ends the session. */
export function signOut(ctx: Context, services: Services): void {
  if (!sameOrigin(ctx, services.config, { allowOpaque: true })) return refuse(ctx, services);
  endSession(ctx);
  ctx.status = 303;
  ctx.set('Location', '/oauth/signin');
}
