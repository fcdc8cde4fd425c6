import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry, createItem } from '../../crdt/index.js';
import type { AccountService } from '../../server/accounts/AccountService.js';
import type { BoardMemberService } from '../../server/boards/BoardMemberService.js';
import { LiveEdits } from '../../server/content/LiveEdits.js';
import { RecentBoards } from '../../server/content/RecentBoards.js';
import { DomainEvents } from '../../server/events/index.js';
import { BoardUpdateNotifier } from '../../server/notifications/BoardUpdateNotifier.js';
import type { NotificationService } from '../../server/notifications/NotificationService.js';
import type { Database, InsertOptions } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { LiveItemChangeRecord } from '../../storage/schema/liveEdits.js';
import { liveEditCollections } from '../../storage/schema/liveEdits.js';
import { SqliteCollection } from '../../storage/sqlite/SqliteCollection.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import { describePostgres } from '../helpers/postgres.js';
import { MingoStandInDb } from '../storage/mingoStandIn.js';
import { boardRecord } from './boardRecord.js';
import { liveEditProcess } from './liveEditProcess.js';
import { recordStoreOrder } from './storeOrder.js';

const adapters: [string, () => Database][] = [
  ['sqlite', () => new SqliteDatabase({ dataDir: ':memory:' })],
  ['the mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())],
];

const logger = { error: (): void => undefined, warn: (): void => undefined };

const board = boardRecord;

/** Applies a client's sticky note to the board as a live update would arrive (origin not an `Actor`). */
function liveSticky(doc: Y.Doc, text: string): string {
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(client);
  const { id } = createItem(client, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text } }, { actorId: 'client' }, 0);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(client, before), 'socket');
  return id;
}

describe.each(adapters)('live edit events survive a crash (%s)', (_name, open) => {
  let db: Database;

  afterEach(async () => {
    await db.close();
  });

  it('journals the changes of a live edit in its turn and removes them once the item events are out', async () => {
    db = open();
    await db.collection<BoardRecord>(boardCollections.boards).insert(board('brd_1'));
    const journal = db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
    const p = liveEditProcess(db, 20, { outbox: false });
    const doc = await p.documents.open('brd_1');
    const id = liveSticky(doc, 'hello');
    p.live.edited('brd_1', 'usr_b');
    await Promise.resolve();
    expect(await journal.find({})).toMatchObject([{ boardId: 'brd_1', actorId: 'usr_b', steps: [{ id, change: 'created' }] }]);
    await vi.waitFor(() => expect(p.seen.map((e) => e.type)).toEqual(['item.created']));
    expect(p.seen[0]?.payload).toMatchObject({ itemId: id, source: 'live', actor: { userId: 'usr_b' }, item: { id, data: { text: 'hello' } } });
    await vi.waitFor(async () => expect(await journal.count({})).toBe(0));
    await p.live.close();
    await p.documents.close();
  });

  it('after a crash inside the coalescing window, the next process emits the item events from the stored document', async () => {
    db = open();
    await db.collection<BoardRecord>(boardCollections.boards).insert(board('brd_1'));
    const journal = db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
    const crashed = liveEditProcess(db, 60_000, { outbox: false });
    const doc = await crashed.documents.open('brd_1');
    const kept = liveSticky(doc, 'kept');
    crashed.live.edited('brd_1', 'usr_b');
    const gone = liveSticky(doc, 'gone');
    doc.getMap('items').delete(gone);
    await crashed.documents.whenPersisted('brd_1');
    await Promise.resolve();
    expect(await journal.count({})).toBeGreaterThan(0);
    // The process dies here: nothing was emitted, nothing flushed, nothing closed.
    expect(crashed.seen).toEqual([]);

    const next = liveEditProcess(db, 60_000, { outbox: false });
    expect(await next.live.recover()).toBeGreaterThan(0);
    expect(next.seen.map((e) => [e.type, e.payload.itemId])).toEqual([['item.created', kept]]);
    expect(next.seen[0]?.payload).toMatchObject({ source: 'live', boardId: 'brd_1', workspaceId: 'wsp_1', actor: { userId: 'usr_b' }, item: { data: { text: 'kept' } } });
    expect(await journal.count({})).toBe(0);
    expect(await next.live.recover()).toBe(0);
    await next.live.close();
    await next.documents.close();
  });
});

/** Every write of the sqlite collections in the test, with the durability it asked for. */
function recordWrites(): { method: string; collection: string; durability: string }[] {
  const writes: { method: string; collection: string; durability: string }[] = [];
  for (const method of ['insert', 'put', 'updateOne', 'deleteMany'] as const) {
    const original = SqliteCollection.prototype[method] as (this: SqliteCollection<never>, ...args: unknown[]) => Promise<unknown>;
    const optionsAt = method === 'updateOne' ? 2 : 1;
    vi.spyOn(SqliteCollection.prototype, method).mockImplementation(function (this: SqliteCollection<never>, ...args: unknown[]) {
      const options = args[optionsAt] as InsertOptions | undefined;
      writes.push({ method, collection: this.name, durability: options?.durability ?? 'immediate' });
      return original.apply(this, args) as never;
    });
  }
  return writes;
}

describe('the bookkeeping of a live edit never waits for an fsync on the event loop', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('journals, clears the journal, touches the board and records the update window with shared durability', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    await db.collection<BoardRecord>(boardCollections.boards).insert(board('brd_1'));
    const clock = new ManualClock(1_000);
    const documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0 });
    const events = new DomainEvents(logger);
    const live = new LiveEdits({ db, documents, events, clock, logger, coalesceMs: 10 });
    const recent = new RecentBoards(db, clock, logger);
    recent.subscribe(events);
    const notifier = new BoardUpdateNotifier({
      db,
      clock,
      accounts: {} as AccountService,
      members: {} as BoardMemberService,
      notifications: {} as NotificationService,
      quietPeriodMs: 60_000,
    });
    notifier.subscribe(events);
    const itemEvents: string[] = [];
    events.onEach(['item.created'], (type) => void itemEvents.push(type));
    const writes = recordWrites();

    const doc = await documents.open('brd_1');
    const client = new Y.Doc();
    createItem(client, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'hi' } }, { actorId: 'client' }, 0);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(client), 'socket');
    live.edited('brd_1', 'usr_b');
    const boards = db.collection<BoardRecord>(boardCollections.boards);
    await vi.waitFor(async () => expect(await boards.get('brd_1')).toMatchObject({ updatedBy: 'usr_b' }));
    clock.advance(10_000);
    live.edited('brd_1', 'usr_c');
    await vi.waitFor(() => expect(itemEvents).toEqual(['item.created']));
    await vi.waitFor(async () => expect(await boards.get('brd_1')).toMatchObject({ updatedBy: 'usr_c' }));
    await vi.waitFor(() => expect(writes.filter((w) => w.collection === 'notification_board_windows')).toHaveLength(2));
    await live.close();

    const kinds = new Set(writes.map((w) => `${w.collection}.${w.method}`));
    // The journal row, its removal, the board's updatedAt, and the window opened then joined.
    expect([...kinds].sort()).toEqual(
      ['boards.updateOne', 'live_item_changes.deleteMany', 'live_item_changes.insert', 'notification_board_windows.put', 'notification_board_windows.updateOne'].sort(),
    );
    expect(writes.filter((w) => w.durability !== 'shared')).toEqual([]);
    await documents.close();
    await db.close();
  });
});

/**
 * A live update as the room takes it (`LiveUpdates.flush`: queued, `storeNow`, then applied) on
 * `db`: what reaches the store, in order. The row of its item changes is stored before the update
 * (sqlite: right after it, in the same synchronous step), or with it (PostgreSQL: in the same
 * statement), so no process killed in between leaves a stored live edit without its row.
 */
async function liveRowBeforeTheUpdate(db: Database, expected: string[]): Promise<void> {
  await db.collection<BoardRecord>(boardCollections.boards).insert(board('brd_1'));
  const journal = db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
  const p = liveEditProcess(db, 20, { outbox: false });
  const lease = await p.documents.acquire('brd_1');
  const order = recordStoreOrder(db, journal);
  const client = new Y.Doc();
  const { id } = createItem(client, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'live' } }, { actorId: 'client' }, 0);
  const update = Y.encodeStateAsUpdate(client);
  lease.queueIncoming(update);
  const storedNow = lease.storeNow();
  expect(lease.applyQueued([{ update, origin: 'socket' }], 'socket')).toEqual([]);
  p.live.edited('brd_1', 'usr_b');
  if (!storedNow) await p.documents.whenPersisted('brd_1');
  await vi.waitFor(() => expect(order).toEqual(expected));
  await vi.waitFor(() => expect(p.seen.map((e) => [e.type, e.payload.itemId])).toEqual([['item.created', id]]));
  lease.release();
  await p.live.close();
  await p.documents.close();
}

describe.each(adapters)("a live edit's row reaches the store with its update (%s)", (_name, open) => {
  it('stores the row before the update where writes complete after their call, and right after it on sqlite', async () => {
    const db = open();
    try {
      await liveRowBeforeTheUpdate(db, db.writesBeforeReturn === true ? ['update', 'row', 'row stored'] : ['row', 'row stored', 'update']);
    } finally {
      await db.close();
    }
  });
});

describePostgres("a live edit's row reaches the store with its update (PostgreSQL)", (cluster) => {
  it('stores the row in the append of the update (one statement, one commit), not on another pooled connection', async () => {
    const db = await PostgresDatabase.connect({ url: await cluster().createDatabase() });
    try {
      await liveRowBeforeTheUpdate(db, ['update with row']);
    } finally {
      await db.close();
    }
  });
});
