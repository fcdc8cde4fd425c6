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

/**
 * Two real servers in this process and one Redis, over one store object (standing in for a shared
 * store), or each over a store adapter of its own on one database (`StoreOpeners.second`).
 */
export interface TwoServers {
  readonly a: TestServer;
  readonly b: TestServer;
  /** Server a's store (the shared one when both use one). */
  readonly db: Database;
  /** The clock both servers read (one time, as machines behind one address share). */
  readonly clock: ManualClock;
  stop(): Promise<void>;
}

/**
 * How the two servers reach their store: `open` gives the store object both use, or, with
 * `second`, server a's, while `second` gives server b an adapter of its own on the same database
 * (as two processes each have their own connections and append chains).
 */
export type StoreOpeners = (() => Promise<Database>) | { readonly open: () => Promise<Database>; readonly second: () => Promise<Database> };

/** Starts two servers on one store (one sqlite store object unless `store` says otherwise) and the Redis at `redisUrl`; `env` is added to both. */
export async function startTwoServers(redisUrl: string, env: Record<string, string> = {}, store?: StoreOpeners): Promise<TwoServers> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-cluster-'));
  const open = typeof store === 'object' ? store.open : store;
  const db = open === undefined ? await openDatabase({ kind: 'sqlite', dataDir, synchronous: 'normal' }) : await open();
  const dbB = typeof store === 'object' ? await store.second() : db;
  const clock = new ManualClock(Date.now());
  const options = { dataDir, clock, env: { BOARDS_REDIS_URL: redisUrl, ...env } };
  const a = await startTestServer({ ...options, start: { database: db } });
  const b = await startTestServer({ ...options, start: { database: dbB } }).catch(async (error: unknown) => {
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
      if (dbB !== db) await dbB.close();
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
export function twoServersWithReceiver(open?: StoreOpeners): TwoServersWithReceiver {
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
