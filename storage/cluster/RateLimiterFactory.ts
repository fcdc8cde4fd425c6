import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterMemory } from 'rate-limiter-flexible';

/** What a rate limiter counts: `points` per `durationS` seconds per key, with an optional block after running out. */
export interface RateLimiterSpec {
  /** Names the limiter; limiters with different prefixes never share counts. */
  readonly keyPrefix: string;
  readonly points: number;
  readonly durationS: number;
  /** Seconds a key stays refused once it ran out; default none (refused until the window ends). */
  readonly blockDurationS?: number;
}

/**
 * Makes the rate limiters of the service: counted in this process by default, or in a store
 * every process shares (Redis), so that a limit holds across processes behind one address.
 */
export interface RateLimiterFactory {
  /** `local` or `redis`. */
  readonly kind: string;
  create(spec: RateLimiterSpec): RateLimiterAbstract;
}

/** Rate limiters counted in this process (the default). */
export const localRateLimiters: RateLimiterFactory = {
  kind: 'local',
  create: (spec) =>
    new RateLimiterMemory({
      keyPrefix: spec.keyPrefix,
      points: spec.points,
      duration: spec.durationS,
      ...(spec.blockDurationS === undefined ? {} : { blockDuration: spec.blockDurationS }),
    }),
};
