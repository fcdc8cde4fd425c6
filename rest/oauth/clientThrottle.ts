import { RateLimiterMemory } from 'rate-limiter-flexible';

/** Failed client authentications allowed per client ID and per address within a minute. */
export const maxClientFailuresPerMinute = 10;
/** Requests to the revoke endpoint allowed per address within a minute (token scanning, RFC 7009 5). */
export const maxRevocationsPerMinute = 120;

/**
 * Throttles the token and revoke endpoints: failed client authentications per client ID and per
 * peer address (RFC 6749 2.3.1), and revocations per peer address. The address is the socket's
 * (`X-Forwarded-For` is not trusted: Koa's `proxy` is off), so it cannot be spoofed.
 */
export class ClientThrottle {
  readonly #failures = new RateLimiterMemory({ points: maxClientFailuresPerMinute, duration: 60 });
  readonly #revocations = new RateLimiterMemory({ points: maxRevocationsPerMinute, duration: 60 });

  /** Seconds to wait when the client ID or the address has failed too often, else null. */
  async blockedFor(clientId: string | null, ip: string): Promise<number | null> {
    const keys = [`ip:${ip}`, ...(clientId ? [`client:${clientId}`] : [])];
    for (const key of keys) {
      const res = await this.#failures.get(key);
      if (res && res.consumedPoints >= maxClientFailuresPerMinute) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    }
    return null;
  }

  /** Records a failed client authentication. */
  async failed(clientId: string | null, ip: string): Promise<void> {
    await Promise.all(
      [`ip:${ip}`, ...(clientId ? [`client:${clientId}`] : [])].map((key) => this.#failures.penalty(key, 1)),
    );
  }

  /** Spends one revocation of the address; seconds to wait when none is left, else null. */
  async revocation(ip: string): Promise<number | null> {
    try {
      await this.#revocations.consume(`ip:${ip}`);
      return null;
    } catch (rejection) {
      const ms = (rejection as { msBeforeNext?: number }).msBeforeNext;
      if (typeof ms !== 'number') throw rejection;
      return Math.max(1, Math.ceil(ms / 1000));
    }
  }
}
