import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { BoardMessage, ClusterPorts } from '../../storage/index.js';
import { LocalLeaseService, ManualClock, openRedisCluster, withLease } from '../../storage/index.js';
import { redisAvailable, startRedis } from '../helpers/redis.js';
import type { TestRedis } from '../helpers/redis.js';

const available = redisAvailable('the Redis adapter tests');

/** `count` running processes' views of the Redis at `url` under one key prefix (each holding its liveness lease, as a server does), closed when the test ends. */
async function processes(url: string, prefix: string, count: 1): Promise<[ClusterPorts]>;
async function processes(url: string, prefix: string, count: 2): Promise<[ClusterPorts, ClusterPorts]>;
async function processes(url: string, prefix: string, count: 3): Promise<[ClusterPorts, ClusterPorts, ClusterPorts]>;
async function processes(url: string, prefix: string, count: number): Promise<ClusterPorts[]> {
  const opened: ClusterPorts[] = [];
  onTestFinished(async () => {
    await Promise.all(opened.map((cluster) => cluster.close()));
  });
  for (let i = 0; i < count; i++) {
    const cluster = await openRedisCluster({ url, prefix, onError: () => undefined });
    opened.push(cluster);
    expect(await cluster.leases.acquire(`process:${cluster.bus.processId}`, 60_000)).not.toBeNull();
  }
  return opened;
}

describe('in-process leases', () => {
  it('grants a free name, refuses a held one until it expires, and fences each new holder', async () => {
    const clock = new ManualClock();
    const leases = new LocalLeaseService(clock);
    const first = await leases.acquire('sweep', 1000);
    expect(first?.token).toBe(1);
    expect(await leases.acquire('sweep', 1000)).toBeNull();
    clock.advance(1000);
    expect(await leases.renew(first!, 1000)).toBe(false);
    const second = await leases.acquire('sweep', 1000);
    expect(second?.token).toBe(2);
    await leases.release(first!);
    expect(await leases.acquire('sweep', 1000)).toBeNull();
  });
});

describe.skipIf(!available)('Redis adapters', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('refuses to open when Redis cannot be reached, with storage_unavailable', async () => {
    const stopped = await startRedis();
    await stopped.stop();
    await expect(openRedisCluster({ url: stopped.url, onError: () => undefined, connectTimeoutMs: 1000 })).rejects.toMatchObject({ code: 'storage_unavailable' });
  });

  describe('leases', () => {
    it('lets one holder at a time take a name, with a fencing token that only goes up', async () => {
      const prefix = `lease${Date.now()}:`;
      const [a, b] = await processes(redis.url, prefix, 2);
      const first = await a.leases.acquire('purge', 10_000);
      expect(first).not.toBeNull();
      expect(await b.leases.acquire('purge', 10_000)).toBeNull();
      // Another holder can neither renew nor release it.
      await b.leases.release({ name: 'purge', token: first!.token });
      expect(await b.leases.renew({ name: 'purge', token: first!.token }, 10_000)).toBe(false);
      expect(await b.leases.acquire('purge', 10_000)).toBeNull();
      expect(await a.leases.renew(first!, 10_000)).toBe(true);
      expect(await b.leases.isHeld('purge')).toBe(true);
      await a.leases.release(first!);
      expect(await b.leases.isHeld('purge')).toBe(false);
      const second = await b.leases.acquire('purge', 10_000);
      expect(second!.token).toBeGreaterThan(first!.token);
      await b.leases.release(second!);
    });

    it('ends a lease that is not renewed after its TTL; the late holder cannot renew or release the next one', async () => {
      const prefix = `expiry${Date.now()}:`;
      const [a, b] = await processes(redis.url, prefix, 2);
      const stale = await a.leases.acquire('digest', 50);
      expect(stale).not.toBeNull();
      const next = await vi.waitFor(async () => {
        const taken = await b.leases.acquire('digest', 10_000);
        if (taken === null) throw new Error('still held');
        return taken;
      }, { timeout: 5000, interval: 20 });
      expect(next.token).toBeGreaterThan(stale!.token);
      expect(await a.leases.renew(stale!, 10_000)).toBe(false);
      await a.leases.release(stale!);
      expect(await a.leases.acquire('digest', 10_000)).toBeNull();
    });

    it("takes over a dead process's lease as soon as its liveness lease lapses, before the lease's own TTL; never a live one's", async () => {
      const prefix = `takeover${Date.now()}:`;
      const [b] = await processes(redis.url, prefix, 1);
      const dying = await openRedisCluster({ url: redis.url, prefix, onError: () => undefined });
      onTestFinished(() => dying.close());
      const liveness = await dying.leases.acquire(`process:${dying.bus.processId}`, 300);
      expect(liveness).not.toBeNull();
      const held = await dying.leases.acquire('notification-sweep', 120_000);
      expect(held).not.toBeNull();
      // While its liveness lasts, the lease is its own.
      expect(await b.leases.acquire('notification-sweep', 120_000)).toBeNull();
      expect(await dying.leases.renew(held!, 120_000)).toBe(true);
      // Its liveness lapses (the process died): the lease is taken at once, with a higher fence, and the dead holder's copy is void.
      const taken = await vi.waitFor(async () => {
        const lease = await b.leases.acquire('notification-sweep', 120_000);
        if (lease === null) throw new Error('still held');
        return lease;
      }, { timeout: 5000, interval: 50 });
      expect(taken.token).toBeGreaterThan(held!.token);
      expect(await dying.leases.renew(held!, 120_000)).toBe(false);
      // The new holder lives: nobody takes it from it, not even the process that had it before.
      expect(await dying.leases.acquire('notification-sweep', 120_000)).toBeNull();
      expect(await b.leases.renew(taken, 120_000)).toBe(true);
    });

    it('a process whose liveness lease is gone (Redis restarted empty) takes no other lease until it holds its liveness again', async () => {
      const prefix = `noliveness${Date.now()}:`;
      const alone = await openRedisCluster({ url: redis.url, prefix, onError: () => undefined });
      onTestFinished(() => alone.close());
      expect(await alone.leases.acquire('trash-purge', 10_000)).toBeNull();
      expect(await alone.leases.acquire(`process:${alone.bus.processId}`, 10_000)).not.toBeNull();
      expect(await alone.leases.acquire('trash-purge', 10_000)).not.toBeNull();
    });

    it('runs work under withLease on one holder only', async () => {
      const prefix = `with${Date.now()}:`;
      const [a, b] = await processes(redis.url, prefix, 2);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const inside = new Promise<void>((resolve) => (started = resolve));
      const running = withLease(a.leases, 'outbox', 5000, () => {
        started();
        return held.then(() => 'a');
      });
      // Asked only once A holds it: asked before, B could take the lease itself and A would not run.
      await inside;
      expect(await b.leases.acquire('outbox', 5000)).toBeNull();
      expect(await withLease(b.leases, 'outbox', 5000, () => Promise.resolve('b'))).toEqual({ ran: false });
      release();
      expect(await running).toEqual({ ran: true, value: 'a' });
      expect(await withLease(b.leases, 'outbox', 5000, () => Promise.resolve('b'))).toEqual({ ran: true, value: 'b' });
    });
  });

  describe('update bus', () => {
    it('delivers a message to the other processes subscribed to its board only, never back to its publisher', async () => {
      const prefix = `bus${Date.now()}:`;
      const [a, b, c] = await processes(redis.url, prefix, 3);
      const heard: Record<string, BoardMessage[]> = { a: [], b: [], c: [] };
      const stops = [
        a.bus.subscribe('board1', (m) => heard.a!.push(m)),
        b.bus.subscribe('board1', (m) => heard.b!.push(m)),
        c.bus.subscribe('board2', (m) => heard.c!.push(m)),
      ];
      try {
        // Subscriptions are asynchronous: publish until the first message arrives.
        await vi.waitFor(async () => {
          await a.bus.publish('board1', 'update', new Uint8Array([1, 2, 3]));
          expect(heard.b!.length).toBeGreaterThan(0);
        });
        await b.bus.publish('board1', 'awareness', new Uint8Array([9]));
        await vi.waitFor(() => expect(heard.a!.some((m) => m.kind === 'awareness')).toBe(true));
        const [first] = heard.b!;
        expect(first).toMatchObject({ boardId: 'board1', kind: 'update', publisher: a.bus.processId });
        expect([...first!.payload]).toEqual([1, 2, 3]);
        expect(heard.a!.every((m) => m.publisher === b.bus.processId)).toBe(true);
        expect(heard.b!.every((m) => m.publisher === a.bus.processId)).toBe(true);
        expect(heard.c).toEqual([]);
        // After unsubscribing, nothing more arrives.
        stops[1]!.unsubscribe();
        const before = heard.b!.length;
        await c.bus.publish('board1', 'update', new Uint8Array([4]));
        await vi.waitFor(() => expect(heard.a!.some((m) => m.publisher === c.bus.processId)).toBe(true));
        expect(heard.b!.length).toBe(before);
      } finally {
        for (const stop of stops) stop.unsubscribe();
      }
    });

    it('tells its listeners when Redis comes back after a restart, and delivers again', async () => {
      const own = await startRedis();
      const [a, b] = await processes(own.url, 'restart:', 2);
      const heard: BoardMessage[] = [];
      let reconnected = 0;
      b.bus.onReconnected(() => (reconnected += 1));
      const stop = b.bus.subscribe('board', (m) => heard.push(m));
      try {
        await vi.waitFor(async () => {
          await a.bus.publish('board', 'update', new Uint8Array([1]));
          expect(heard.length).toBeGreaterThan(0);
        });
        await own.kill();
        await own.start();
        await vi.waitFor(() => expect(reconnected).toBe(1), { timeout: 15_000 });
        heard.length = 0;
        await vi.waitFor(async () => {
          await a.bus.publish('board', 'update', new Uint8Array([2]));
          expect(heard.some((m) => m.payload[0] === 2)).toBe(true);
        }, { timeout: 15_000 });
      } finally {
        stop.unsubscribe();
        await own.stop();
      }
    });
  });

  describe('rate limiters', () => {
    it('share one budget per key between processes', async () => {
      const prefix = `rl${Date.now()}:`;
      const [a, b] = await processes(redis.url, prefix, 2);
      const spec = { keyPrefix: 'api', points: 3, durationS: 60 };
      const onA = a.rateLimiters.create(spec);
      const onB = b.rateLimiters.create(spec);
      await onA.consume('key');
      await onB.consume('key');
      await onA.consume('key');
      const refused = await onB.consume('key').catch((rejection: unknown) => rejection);
      expect(refused).toBeInstanceOf(RateLimiterRes);
      expect((refused as RateLimiterRes).remainingPoints).toBe(0);
      // Another key has its own budget.
      await expect(onB.consume('other')).resolves.toBeInstanceOf(RateLimiterRes);
    });
  });
});
