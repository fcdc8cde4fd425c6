import type { Context } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ServiceError } from '../../server/errors.js';

/**
 * Per-credential request budget over a one-minute window (per client address for requests
 * without a valid credential). Sends the IETF `RateLimit-*` headers on every answer and
 * `Retry-After` on 429.
 */
export class RateLimit {
  readonly #limiter: RateLimiterMemory;
  readonly #points: number;

  constructor(options: { requestsPerMinute: number }) {
    this.#points = options.requestsPerMinute;
    this.#limiter = new RateLimiterMemory({ points: options.requestsPerMinute, duration: 60 });
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
