import { randomBytes } from 'node:crypto';
import type { Clock } from '../../storage/index.js';
import { loadJose } from '../loadJose.js';

/** A signed-in person's session. */
export interface Session {
  userId: string;
  /** Random id of this session; CSRF tokens are bound to it. */
  sid: string;
}

/** Sessions last 12 hours. */
export const sessionLifetimeMs = 12 * 60 * 60 * 1000;
const csrfLifetimeMs = 60 * 60 * 1000;

/**
 * Stateless, signed values of the sign-in and consent pages (jose, HS256): the session cookie,
 * CSRF tokens bound to a session and a purpose, and short-lived state of the OIDC sign-in.
 * Time comes from the injected clock.
 */
export class SessionService {
  readonly #key: Uint8Array;
  readonly #clock: Clock;
  readonly #audience: string;

  constructor(key: Uint8Array, clock: Clock, audience: string) {
    this.#key = key;
    this.#clock = clock;
    this.#audience = audience;
  }

  /** A new session token for the person. */
  async createSession(userId: string): Promise<{ token: string; session: Session }> {
    const session = { userId, sid: randomBytes(16).toString('base64url') };
    const token = await this.#sign({ typ: 'session', sid: session.sid }, userId, sessionLifetimeMs);
    return { token, session };
  }

  /** The session behind a cookie value, or null when it is missing, forged or expired. */
  async readSession(token: string | undefined): Promise<Session | null> {
    const payload = await this.#verify(token, 'session');
    if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sid: payload.sid };
  }

  /** A CSRF token for one form (`purpose`) of one session. */
  async csrfToken(session: Session, purpose: string): Promise<string> {
    return this.#sign({ typ: 'csrf', sid: session.sid, purpose }, session.userId, csrfLifetimeMs);
  }

  /** True when the token was issued for this session and purpose and has not expired. */
  async checkCsrf(token: string | undefined, session: Session, purpose: string): Promise<boolean> {
    const payload = await this.#verify(token, 'csrf');
    return payload !== null && payload.sid === session.sid && payload.sub === session.userId && payload.purpose === purpose;
  }

  /** Signs a short-lived value of the given type (OIDC login state, sign-in form tokens). */
  async sign(typ: string, claims: Record<string, string>, lifetimeMs: number): Promise<string> {
    return this.#sign({ ...claims, typ }, undefined, lifetimeMs);
  }

  /** The claims of a value signed by `sign` with this type, or null. */
  async verify(typ: string, token: string | undefined): Promise<Record<string, unknown> | null> {
    return this.#verify(token, typ);
  }

  async #sign(claims: Record<string, string>, subject: string | undefined, lifetimeMs: number): Promise<string> {
    const { SignJWT } = await loadJose();
    const nowSeconds = Math.floor(this.#clock.now() / 1000);
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + Math.floor(lifetimeMs / 1000))
      .setAudience(this.#audience);
    if (subject !== undefined) jwt.setSubject(subject);
    return jwt.sign(this.#key);
  }

  async #verify(token: string | undefined, typ: string): Promise<Record<string, unknown> | null> {
    if (!token || token.length > 4096) return null;
    const { jwtVerify } = await loadJose();
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        audience: this.#audience,
        currentDate: new Date(this.#clock.now()),
      });
      return payload.typ === typ ? payload : null;
    } catch {
      return null;
    }
  }
}
