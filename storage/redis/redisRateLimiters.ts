import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimiterFactory } from '../cluster/RateLimiterFactory.js';

/**
 * Rate limiters counted in Redis, so that every process spends from one budget per key. While
 * Redis cannot be reached they count in this process instead (rate-limiter-flexible's insurance
 * limiter): a Redis outage neither opens the gates nor refuses every request.
 */
export function redisRateLimiters(redis: Redis, options: { prefix: string }): RateLimiterFactory {
  return {
    kind: 'redis',
    create: (spec) => {
      const limits = {
        points: spec.points,
        duration: spec.durationS,
        ...(spec.blockDurationS === undefined ? {} : { blockDuration: spec.blockDurationS }),
      };
      return new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${options.prefix}rl:${spec.keyPrefix}`,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: spec.keyPrefix, ...limits }),
        ...limits,
      });
    },
  };
}
