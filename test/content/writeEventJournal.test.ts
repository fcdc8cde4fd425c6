import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { DocumentRegistry, createItem, itemsMapName } from '../../crdt/index.js';
import { itemChangeKey } from '../../server/content/changeKeys.js';
import { itemEvent } from '../../server/content/itemEvent.js';
import { WriteEventJournal } from '../../server/content/WriteEventJournal.js';
import type { PlannedEvent } from '../../server/content/WriteEventJournal.js';
import { DomainEvents } from '../../server/events/index.js';
import type { DomainEventMap } from '../../server/events/index.js';
import type { Database } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { WriteEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { describePostgres } from '../helpers/postgres.js';
import { MingoStandInDb } from '../storage/mingoStandIn.js';
import { boardRecord } from './boardRecord.js';
import { recordStoreOrder } from './storeOrder.js';

const adapters: [string, () => Database][] = [
  ['sqlite', () => new SqliteDatabase({ dataDir: ':memory:' })],
  ['the mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())],
];

const logger = { error: (): void => undefined, warn: (): void => undefined };
const actor = { actorId: 'usr_a' };
const base = { workspaceId: 'wsp_1', boardId: 'brd_1', actor: { userId: 'usr_a' }, at: 1_000 };

type ItemEventType = 'item.created' | 'item.updated' | 'item.deleted';

/** One "process" over `db`: a registry, a bus recording item events, and the journal; `halted` stops every write at its first event, as a process killed there. */
function serverProcess(db: Database, options: { halted?: boolean } = {}) {
  const clock = new ManualClock(1_000);
  const documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0 });
  const events = new DomainEvents(logger);
  const seen: { type: ItemEventType; payload: DomainEventMap[ItemEventType] }[] = [];
  if (options.halted) events.on('board.changed', () => new Promise<void>(() => undefined));
  events.onEach(['item.created', 'item.updated', 'item.deleted'], (type, payload) => void seen.push({ type, payload }));
  const journal = new WriteEventJournal({ db, documents, events, clock, logger });
  return { documents, journal, seen };
}

/** `board.changed`, then the item event of `change` to `itemId`, keyed from the document as the write left it. */
function planFor(change: ItemEventType, itemId: () => string) {
  return (_result: unknown, doc: Y.Doc): PlannedEvent[] => {
    const id = itemId();
    const kind = change === 'item.created' ? 'created' : change === 'item.updated' ? 'updated' : 'deleted';
    return [
      { type: 'board.changed', payload: { ...base, kind: 'content', source: 'rest' } },
      { type: change, payload: itemEvent(base, id, 'rest', null, itemChangeKey(doc, 'brd_1', kind, id)) },
    ];
  };
}

/**
 * One write through the journal on `db`: what reaches the store, in order. The row is stored
 * before the update's append starts (on sqlite, written before its insert returns; on MongoDB its
 * insert has resolved), or with it (PostgreSQL: one statement), so no process killed in between
 * leaves a stored change without its row.
 */
async function journalsBeforeTheUpdate(db: Database, expected: string[]): Promise<void> {
  await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('brd_1'));
  const rows = db.collection<WriteEventsRecord>(writeEventCollections.events);
  const p = serverProcess(db);
  let id = '';
  const order = recordStoreOrder(db, rows, (record) => `row of ${record.events.length} events`);
  await p.journal.write('brd_1', actor, (doc) => (id = createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'a' } }, actor, 0).id), planFor('item.created', () => id));
  expect(order).toEqual(expected);
  expect(p.seen.map((event) => [event.type, event.payload.itemId])).toEqual([['item.created', id]]);
  expect(p.seen[0]?.payload.changeKey).toMatch(new RegExp(`^created/brd_1/${id}/\\d+\\.\\d+$`));
  await expect.poll(() => rows.count({})).toBe(0);
  await p.documents.close();
}

describe.each(adapters)('the events of a write survive a stop between its stored update and its events (%s)', (_name, open) => {
  let db: Database;

  afterEach(async () => {
    await db.close();
  });

  it('journals a write before its update is stored and removes the row once its events are out', async () => {
    db = open();
    // sqlite made the row in `insert` itself, and reports it a microtask later.
    await journalsBeforeTheUpdate(db, db.writesBeforeReturn === true ? ['row of 2 events', 'update', 'row stored'] : ['row of 2 events', 'row stored', 'update']);
  });

  it('after a stop before the events, the next process emits them once: a create, and a write that only deleted', async () => {
    db = open();
    await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('brd_1'));
    const rows = db.collection<WriteEventsRecord>(writeEventCollections.events);
    const stopped = serverProcess(db, { halted: true });
    let id = '';
    void stopped.journal.write('brd_1', actor, (doc) => (id = createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'a' } }, actor, 0).id), planFor('item.created', () => id));
    await expect.poll(() => rows.count({})).toBe(1);
    await stopped.documents.whenPersisted('brd_1');
    expect(stopped.seen).toEqual([]);
    const [created] = await rows.find({});
    expect(created?.mark).toMatchObject({ deletion: false });

    const next = serverProcess(db);
    expect(await next.journal.recover()).toBe(1);
    expect(next.seen.map((event) => [event.type, event.payload.itemId])).toEqual([['item.created', id]]);
    // Stored as the end of its key in the row's run of item events (`items`), replayed whole.
    const [stored] = created?.events[1]?.items ?? [];
    expect(stored?.[0]).toBe(id);
    expect(next.seen[0]?.payload.changeKey).toBe(`created/brd_1/${id}/${stored?.[1]}`);
    expect(next.seen[0]?.payload.changeKey).toMatch(new RegExp(`^created/brd_1/${id}/\\d+\\.\\d+$`));
    expect(await rows.count({})).toBe(0);
    expect(await next.journal.recover()).toBe(0);

    // A delete of a map entry adds no struct: its mark is the deleted one.
    const stoppedAgain = serverProcess(db, { halted: true });
    void stoppedAgain.journal.write('brd_1', actor, (doc) => doc.getMap(itemsMapName).delete(id), planFor('item.deleted', () => id));
    await expect.poll(() => rows.count({})).toBe(1);
    await stoppedAgain.documents.whenPersisted('brd_1');
    expect((await rows.find({}))[0]?.mark).toMatchObject({ deletion: true });
    const last = serverProcess(db);
    expect(await last.journal.recover()).toBe(1);
    expect(last.seen.map((event) => [event.type, event.payload.itemId])).toEqual([['item.deleted', id]]);
    await Promise.all([stopped.documents.close(), next.documents.close(), stoppedAgain.documents.close(), last.documents.close()]);
  });
});

describePostgres('the events of a write survive a stop between its stored update and its events (PostgreSQL)', (cluster) => {
  it('stores the row in the append of the update (one statement, one commit), not on another pooled connection', async () => {
    const db = await PostgresDatabase.connect({ url: await cluster().createDatabase() });
    try {
      await journalsBeforeTheUpdate(db, ['update with row of 2 events']);
    } finally {
      await db.close();
    }
  });
});
