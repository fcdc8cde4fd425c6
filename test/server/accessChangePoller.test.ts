import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { AccessChange } from '../../server/access/AccessChangeFeed.js';
import { AccessChangeFeed } from '../../server/access/AccessChangeFeed.js';
import { AccessChangePoller } from '../../server/realtime/AccessChangePoller.js';
import type { Database } from '../../storage/index.js';
import { ManualClock, SqliteDatabase } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { MingoStandInDb } from '../storage/mingoStandIn.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two database handles on one store, as two processes have. */
const stores: Record<string, () => [Database, Database]> = {
  'one sqlite file': () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'boards-feed-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return [new SqliteDatabase({ dataDir: dir }), new SqliteDatabase({ dataDir: dir })];
  },
  'one mongodb store (the mingo stand-in for the driver)': () => {
    const shared = new MingoStandInDb();
    return [new MongoDatabase(shared), new MongoDatabase(shared)];
  },
};

describe.each(Object.keys(stores))('AccessChangePoller over %s', (store) => {
  /** Two "processes" on one store: each its own database handle and feed. */
  async function twoProcesses() {
    const clock = new ManualClock();
    const [dbA, dbB] = stores[store]!();
    cleanups.push(async () => {
      await dbB.close();
      await dbA.close();
    });
    const a = new AccessChangeFeed(dbA, clock, { retentionMs: 60_000 });
    const b = new AccessChangeFeed(dbB, clock, { retentionMs: 60_000 });
    await dbA.ensureIndexes();
    await dbB.ensureIndexes();
    const seenByB: AccessChange[] = [];
    const seenByA: AccessChange[] = [];
    const logger = pino({ level: 'silent' });
    const pollerA = new AccessChangePoller({ feed: a, clock, logger, onChange: (change) => seenByA.push(change) });
    const pollerB = new AccessChangePoller({ feed: b, clock, logger, onChange: (change) => seenByB.push(change) });
    return { clock, a, b, pollerA, pollerB, seenByA, seenByB };
  }

  test("another process's change is read once; a process skips its own, which it heard at once", async () => {
    const { a, pollerA, pollerB, seenByA, seenByB } = await twoProcesses();
    const heardInA: AccessChange[] = [];
    a.onRecorded((change) => heardInA.push(change));
    await a.record({ kind: 'credential', subject: 'key_1' });
    expect(heardInA).toEqual([{ kind: 'credential', subject: 'key_1' }]);
    await pollerB.poll();
    await pollerB.poll();
    await pollerA.poll();
    expect(seenByB).toEqual([{ kind: 'credential', subject: 'key_1' }]);
    expect(seenByA).toEqual([]);
  });

  test('a row that becomes visible late, with a clock a little behind, is still read', async () => {
    const { clock, a, pollerB, seenByB } = await twoProcesses();
    clock.advance(1000);
    await a.record({ kind: 'user', subject: 'usr_1' });
    await pollerB.poll();
    clock.advance(-500);
    await a.record({ kind: 'board', subject: 'brd_1' });
    await pollerB.poll();
    expect(seenByB).toEqual([
      { kind: 'user', subject: 'usr_1' },
      { kind: 'board', subject: 'brd_1' },
    ]);
  });

  test('rows past the retention are pruned', async () => {
    const { clock, a, b, pollerB, seenByB } = await twoProcesses();
    await a.record({ kind: 'link', subject: 'spc_1' });
    clock.advance(61_000);
    expect(await b.prune()).toBe(1);
    await pollerB.poll();
    expect(seenByB).toEqual([]);
    expect(await b.since(0)).toEqual([]);
  });

  test('stops reading while no change could matter and reads from its resumption on', async () => {
    const { clock, a, b } = await twoProcesses();
    const seen: AccessChange[] = [];
    let needed = false;
    const since = vi.spyOn(b, 'since');
    const poller = new AccessChangePoller({ feed: b, clock, logger: pino({ level: 'silent' }), onChange: (change) => seen.push(change), intervalMs: 5, needed: () => needed });
    cleanups.push(() => poller.stop());
    poller.start();
    await a.record({ kind: 'credential', subject: 'key_before' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(since).not.toHaveBeenCalled();
    // Past the overlap: a connection that opens now reads its rights as it joins, so the change before is not replayed.
    clock.advance(5_000);
    needed = true;
    // Asleep until resumed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(since).not.toHaveBeenCalled();
    poller.resume();
    await a.record({ kind: 'user', subject: 'usr_after' });
    await vi.waitFor(() => expect(seen).toEqual([{ kind: 'user', subject: 'usr_after' }]));
    expect(since).toHaveBeenCalled();
  });
});
