import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import type { Database } from '../../../storage/index.js';
import { ManualClock, openDatabase } from '../../../storage/index.js';
import type { TestServer } from '../../helpers/testServer.js';
import { startTestServer } from '../../helpers/testServer.js';
import type { TestRedis } from '../../helpers/redis.js';
import { startRedis } from '../../helpers/redis.js';
import type { TestReceiver } from '../webhooks/receiver.js';
import { startReceiver } from '../webhooks/receiver.js';

/** Two real servers in this process over one store object (standing in for a shared store) and one Redis. */
export interface TwoServers {
  readonly a: TestServer;
  readonly b: TestServer;
  readonly db: Database;
  /** The clock both servers read (one time, as machines behind one address share). */
  readonly clock: ManualClock;
  stop(): Promise<void>;
}

/** Starts two servers sharing one store (sqlite unless `open` gives another) and the Redis at `redisUrl`; `env` is added to both. */
export async function startTwoServers(redisUrl: string, env: Record<string, string> = {}, open?: () => Promise<Database>): Promise<TwoServers> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-cluster-'));
  const db = open === undefined ? await openDatabase({ kind: 'sqlite', dataDir, synchronous: 'normal' }) : await open();
  const clock = new ManualClock(Date.now());
  const options = { dataDir, clock, env: { BOARDS_REDIS_URL: redisUrl, ...env }, start: { database: db } };
  const a = await startTestServer(options);
  const b = await startTestServer(options).catch(async (error: unknown) => {
    await a.stop();
    throw error;
  });
  return {
    a,
    b,
    db,
    clock,
    async stop() {
      await Promise.allSettled([a.stop(), b.stop()]);
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What `twoServersWithReceiver` starts, read once its `beforeAll` has run. */
export interface TwoServersWithReceiver {
  readonly servers: TwoServers;
  readonly receiver: TestReceiver;
}

/**
 * Starts, before the tests of the calling block, a throwaway Redis, two servers on one store over
 * it (`startTwoServers`, webhooks to private addresses allowed) and a webhook receiver on
 * 127.0.0.1; stops them all (and restores spies) after them.
 */
export function twoServersWithReceiver(open?: () => Promise<Database>): TwoServersWithReceiver {
  let redis: TestRedis | undefined;
  let servers: TwoServers | undefined;
  let receiver: TestReceiver | undefined;
  beforeAll(async () => {
    redis = await startRedis();
    servers = await startTwoServers(redis.url, { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' }, open);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await servers?.stop();
    await receiver?.close();
    await redis?.stop();
  });
  return {
    get servers() {
      if (servers === undefined) throw new Error('the two servers start in beforeAll');
      return servers;
    },
    get receiver() {
      if (receiver === undefined) throw new Error('the receiver starts in beforeAll');
      return receiver;
    },
  };
}
