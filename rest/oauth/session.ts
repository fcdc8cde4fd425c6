import type { Context } from 'koa';
import type { Config } from '../../server/config.js';
import { acceptedOrigins } from '../../server/config.js';
import type { Services } from '../../server/Services.js';
import type { Session } from '../../server/signin/SessionService.js';
import { sessionLifetimeMs } from '../../server/signin/SessionService.js';

/** Name of the session cookie. */
export const sessionCookie = 'bds_session';

/** Serialises a cookie: always `HttpOnly`, `Secure` and `SameSite=Lax` (OAUTH-CHECKLIST 71). */
export function setCookie(ctx: Context, name: string, value: string, options: { maxAgeSeconds: number; path?: string }): void {
  ctx.append(
    'Set-Cookie',
    `${name}=${value}; Path=${options.path ?? '/'}; Max-Age=${options.maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`,
  );
}

/** The value of a request cookie, or undefined. */
export function readCookie(ctx: Context, name: string): string | undefined {
  const header = ctx.get('Cookie');
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The signed-in person's session, or null. */
export async function currentSession(ctx: Context, services: Services): Promise<Session | null> {
  const session = await services.oauth.sessions.readSession(readCookie(ctx, sessionCookie));
  if (!session) return null;
  return (await services.accounts.getUser(session.userId)) ? session : null;
}

/** Signs the person in: a new session cookie. */
export async function startSession(ctx: Context, services: Services, userId: string): Promise<void> {
  const { token } = await services.oauth.sessions.createSession(userId);
  setCookie(ctx, sessionCookie, token, { maxAgeSeconds: Math.floor(sessionLifetimeMs / 1000) });
}

/** Signs the person out. */
export function endSession(ctx: Context): void {
  setCookie(ctx, sessionCookie, '', { maxAgeSeconds: 0 });
}

/**
 * A same-origin relative path to return to after sign-in, or the fallback (RFC 9700 4.11):
 * absolute URLs, `//host`, backslashes and control characters are ignored.
 */
export function safeReturnTo(value: string | undefined | null, fallback = '/console'): string {
  if (typeof value !== 'string' || value.length > 4000) return fallback;
  // Control characters are exactly what this check refuses.
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\x00-\x1f\x7f]/.test(value)) return fallback;
  const base = 'http://return-to.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}

/**
 * True when a state-changing form post comes from our own pages: the `Origin` header, when
 * sent, must be one of the service's origins (RFC 6749 10.12, with SameSite cookies and CSRF
 * tokens; `acceptedOrigins`: in development both loopback names). Pages under
 * `Referrer-Policy: no-referrer` make browsers send `Origin: null`; forms that also carry a
 * session-bound CSRF token pass `allowOpaque` to accept it.
 */
export function sameOrigin(ctx: Context, config: Pick<Config, 'publicUrl' | 'production'>, options: { allowOpaque?: boolean } = {}): boolean {
  const origin = ctx.get('Origin');
  if (origin === '') return true;
  if (origin === 'null') return options.allowOpaque === true;
  return acceptedOrigins(config).includes(origin);
}

/**
 * What to tell a person whose form came from an address that is not the service's (the page was
 * opened under another host name than `BOARDS_PUBLIC_URL`), or null when the origin is not the problem.
 */
export function wrongAddressMessage(ctx: Context, config: Pick<Config, 'publicUrl' | 'production'>): string | null {
  const origin = ctx.get('Origin');
  if (origin === '' || origin === 'null' || acceptedOrigins(config).includes(origin)) return null;
  return `This page was opened at ${origin}, but this server's address is ${config.publicUrl}. Open ${config.publicUrl}${ctx.path.startsWith('/console') ? '/console' : '/oauth/signin'} and try again, or set BOARDS_PUBLIC_URL to the address you use.`;
}
