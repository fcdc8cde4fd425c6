import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ReservedBudgets } from '../../../rest/middleware/ReservedBudgets.js';
import type { ClusterPorts, RateLimiterSpec } from '../../../storage/index.js';
import { openRedisCluster } from '../../../storage/index.js';
import { redisAvailable, startRedis } from '../../helpers/redis.js';
import type { TestRedis } from '../../helpers/redis.js';

const available = redisAvailable('the reserved request budgets tests');

/** A process's budgets over the shared Redis, and how many calls reached its Redis limiter. */
interface Side {
  budgets: ReservedBudgets;
  calls: () => number;
  /** The limiter itself, for a look at the shared count. */
  store: RateLimiterAbstract;
}

describe.skipIf(!available)('request budgets reserved from Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  /** `count` processes' budgets of `points` a minute under one fresh prefix, each counting the calls its limiter gets. */
  async function sides(count: number, points: number): Promise<Side[]> {
    const prefix = `rb${Date.now()}${Math.random().toString(36).slice(2, 8)}:`;
    const spec: RateLimiterSpec = { keyPrefix: 'api', points, durationS: 60 };
    const opened: ClusterPorts[] = [];
    onTestFinished(async () => {
      await Promise.all(opened.map((cluster) => cluster.close()));
    });
    const result: Side[] = [];
    for (let i = 0; i < count; i++) {
      const cluster = await openRedisCluster({ url: redis.url, prefix, onError: () => undefined });
      opened.push(cluster);
      const limiter = cluster.rateLimiters.create(spec);
      let calls = 0;
      const counted = new Proxy(limiter, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver) as unknown;
          if (name !== 'consume' && name !== 'reward') return value;
          return (...args: unknown[]) => {
            calls += 1;
            return (value as (...rest: unknown[]) => unknown).apply(target, args);
          };
        },
      }) as RateLimiterAbstract;
      result.push({ budgets: new ReservedBudgets(counted, points), calls: () => calls, store: limiter });
    }
    return result;
  }

  /** `total` spends of `key`, `concurrency` at a time, alternating between the sides: how many were granted and the refusals. */
  async function spendAll(on: Side[], key: string, total: number, concurrency: number): Promise<{ granted: number; refused: RateLimiterRes[] }> {
    let next = 0;
    let granted = 0;
    const refused: RateLimiterRes[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const side = on[next % on.length] as Side;
          next += 1;
          try {
            await side.budgets.consume(key);
            granted += 1;
          } catch (rejection) {
            if (!(rejection instanceof RateLimiterRes)) throw rejection;
            refused.push(rejection);
          }
        }
      }),
    );
    return { granted, refused };
  }

  it('a busy credential spends many requests per Redis call on two processes, and every one is counted in the shared budget', async () => {
    const [a, b] = await sides(2, 100_000);
    const { granted, refused } = await spendAll([a!, b!], 'cred:busy', 2000, 32);
    expect(granted).toBe(2000);
    expect(refused).toEqual([]);
    const calls = a!.calls() + b!.calls();
    // One call per request without reservations.
    expect(calls).toBeLessThan(2000 / 4);
    // The store counted every request granted, and at most 1% of the budget per process reserved beyond them.
    const counted = (await a!.store.get('cred:busy'))?.consumedPoints ?? 0;
    expect(counted).toBeGreaterThanOrEqual(2000);
    expect(counted).toBeLessThanOrEqual(2000 + 2 * 1000);
  });

  it('never grants more than the budget across two processes, and refuses at most 1% per process early', async () => {
    const points = 500;
    const [a, b] = await sides(2, points);
    const { granted, refused } = await spendAll([a!, b!], 'cred:limited', 700, 16);
    expect(granted).toBeLessThanOrEqual(points);
    expect(granted).toBeGreaterThanOrEqual(points - 2 * (points / 100));
    expect(refused).toHaveLength(700 - granted);
    for (const rejection of refused) {
      expect(rejection.remainingPoints).toBe(0);
      expect(rejection.msBeforeNext).toBeGreaterThan(0);
    }
    // Once refused, both processes go on refusing.
    await expect(a!.budgets.consume('cred:limited')).rejects.toBeInstanceOf(RateLimiterRes);
    await expect(b!.budgets.consume('cred:limited')).rejects.toBeInstanceOf(RateLimiterRes);
  });

  it('a credential that sends one request at a time costs one exact call each, its remaining points those of the shared budget', async () => {
    const points = 100;
    const [a, b] = await sides(2, points);
    for (let i = 0; i < 6; i++) {
      const res = await (i % 2 === 0 ? a! : b!).budgets.consume('cred:calm');
      expect(res.remainingPoints).toBe(points - i - 1);
    }
    expect(a!.calls() + b!.calls()).toBe(6);
  });
});
