import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimiterFactory } from '../../storage/index.js';
import { localRateLimiters } from '../../storage/index.js';

/** Failed client authentications allowed per client ID within a minute. */
export const maxClientFailuresPerMinute = 10;
/** Failed client authentications allowed per peer address within a minute (several clients may share one). */
export const maxAddressFailuresPerMinute = 50;
/** Requests to the revoke endpoint allowed per address within a minute (token scanning, RFC 7009 5). */
export const maxRevocationsPerMinute = 120;
/** Dynamic client registrations allowed per address within an hour (open registration, RFC 7591 3). */
export const maxRegistrationsPerHour = 20;

/**
 * Throttles the token and revoke endpoints: failed client authentications per client ID and per
 * peer address (RFC 6749 2.3.1), and revocations per peer address. The address is the socket's,
 * or the client that a trusted proxy names (`BOARDS_TRUSTED_PROXIES`), so it cannot be spoofed. Counted
 * where `limiters` counts (default in this process; with Redis, across every process).
 */
export class ClientThrottle {
  readonly #clientFailures: RateLimiterAbstract;
  readonly #addressFailures: RateLimiterAbstract;
  readonly #revocations: RateLimiterAbstract;
  readonly #registrations: RateLimiterAbstract;

  constructor(limiters: RateLimiterFactory = localRateLimiters) {
    this.#clientFailures = limiters.create({ keyPrefix: 'oauth-client-failures', points: maxClientFailuresPerMinute, durationS: 60 });
    this.#addressFailures = limiters.create({ keyPrefix: 'oauth-address-failures', points: maxAddressFailuresPerMinute, durationS: 60 });
    this.#revocations = limiters.create({ keyPrefix: 'oauth-revocations', points: maxRevocationsPerMinute, durationS: 60 });
    this.#registrations = limiters.create({ keyPrefix: 'oauth-registrations', points: maxRegistrationsPerHour, durationS: 3600 });
  }

  /** Seconds to wait when the client ID or the address has failed too often, else null. */
  async blockedFor(clientId: string | null, ip: string): Promise<number | null> {
    const checks: [RateLimiterAbstract, string, number][] = [[this.#addressFailures, ip, maxAddressFailuresPerMinute]];
    if (clientId) checks.push([this.#clientFailures, clientId, maxClientFailuresPerMinute]);
    for (const [limiter, key, limit] of checks) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= limit) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    }
    return null;
  }

  /** Records a failed client authentication. */
  async failed(clientId: string | null, ip: string): Promise<void> {
    await this.#addressFailures.penalty(ip, 1);
    if (clientId) await this.#clientFailures.penalty(clientId, 1);
  }

  /** Spends one revocation of the address; seconds to wait when none is left, else null. */
  async revocation(ip: string): Promise<number | null> {
    return spend(this.#revocations, ip);
  }

  /** Spends one client registration of the address; seconds to wait when none is left, else null. */
  async registration(ip: string): Promise<number | null> {
    return spend(this.#registrations, ip);
  }
}

/** Spends one point of the address; seconds to wait when none is left, else null. */
async function spend(limiter: RateLimiterAbstract, ip: string): Promise<number | null> {
  try {
    await limiter.consume(`ip:${ip}`);
    return null;
  } catch (rejection) {
    const ms = (rejection as { msBeforeNext?: number }).msBeforeNext;
    if (typeof ms !== 'number') throw rejection;
    return Math.max(1, Math.ceil(ms / 1000));
  }
}
