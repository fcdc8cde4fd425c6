import type { Context } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterFactory } from '../../storage/index.js';
import { localRateLimiters } from '../../storage/index.js';
import { ServiceError } from '../../server/errors.js';
import { ReservedBudgets } from './ReservedBudgets.js';

/**
 * Per-credential request budget over a one-minute window (per client address for requests
 * without a valid credential). Sends the IETF `RateLimit-*` headers on every answer and
 * `Retry-After` on 429. Counted where `limiters` counts (default in this process; with Redis,
 * one budget shared by every process behind the address, spent through `ReservedBudgets` so that
 * a busy credential does not cost a Redis call per request).
 */
export class RateLimit {
  readonly #limiter: Pick<RateLimiterAbstract, 'consume'> | ReservedBudgets;
  readonly #points: number;

  /** `name` keeps the budgets of different listeners apart in a shared store (default `api`). */
  constructor(options: { requestsPerMinute: number; limiters?: RateLimiterFactory; name?: string }) {
    this.#points = options.requestsPerMinute;
    const limiters = options.limiters ?? localRateLimiters;
    const limiter = limiters.create({ keyPrefix: options.name ?? 'api', points: options.requestsPerMinute, durationS: 60 });
    this.#limiter = limiters.kind === localRateLimiters.kind ? limiter : new ReservedBudgets(limiter, options.requestsPerMinute);
  }

  /** Spends one request of `key`'s budget; throws 429 `rate_limited` when none is left. */
  async consume(ctx: Context, key: string): Promise<void> {
    try {
      const res = await this.#limiter.consume(key);
      this.#headers(ctx, res);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      this.#headers(ctx, rejection);
      ctx.set('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      throw new ServiceError('rate_limited', 'Too many requests.');
    }
  }

  #headers(ctx: Context, res: RateLimiterRes): void {
    ctx.set('RateLimit-Limit', String(this.#points));
    ctx.set('RateLimit-Remaining', String(Math.max(0, res.remainingPoints)));
    ctx.set('RateLimit-Reset', String(Math.max(0, Math.ceil(res.msBeforeNext / 1000))));
    ctx.set('RateLimit-Policy', `${this.#points};w=60`);
  }
}
