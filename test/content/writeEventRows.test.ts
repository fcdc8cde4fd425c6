import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { DocumentRegistry, createItem, deleteItem, getItem, patchItem } from '../../crdt/index.js';
import { journaledItemChangeKey } from '../../server/content/changeKeys.js';
import { currentItem } from '../../server/content/itemChangeEvents.js';
import { itemEvent } from '../../server/content/itemEvent.js';
import { WriteEventJournal } from '../../server/content/WriteEventJournal.js';
import type { PlannedEvent } from '../../server/content/WriteEventJournal.js';
import { DomainEvents } from '../../server/events/index.js';
import type { DomainEventMap } from '../../server/events/index.js';
import type { Database } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { WriteEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { MingoStandInDb } from '../storage/mingoStandIn.js';
import { boardRecord } from './boardRecord.js';

/**
 * docs/events.md "Durability of write events": the journal row of a write holds its item events
 * without the items' views, which a replay reads from the stored document; a row written whole
 * (by a server before that) is replayed as it was written. Item updates are named from the row.
 */

const adapters: [string, () => Database][] = [
  ['sqlite', () => new SqliteDatabase({ dataDir: ':memory:' })],
  ['the mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())],
];

const logger = { error: (): void => undefined, warn: (): void => undefined };
const actor = { actorId: 'usr_a' };
const base = { workspaceId: 'wsp_1', boardId: 'brd_1', actor: { userId: 'usr_a' }, at: 1_000 };

type ItemEventType = 'item.created' | 'item.updated' | 'item.deleted';
type Seen = { type: ItemEventType; payload: DomainEventMap[ItemEventType] };

/** One "process" over `db`: a registry, a bus recording item events, and the journal; `halted` stops every write at its first event, as a process killed there. */
function serverProcess(db: Database, options: { halted?: boolean } = {}) {
  const clock = new ManualClock(1_000);
  const documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0 });
  const events = new DomainEvents(logger);
  const seen: Seen[] = [];
  if (options.halted) events.on('board.changed', () => new Promise<void>(() => undefined));
  events.onEach(['item.created', 'item.updated', 'item.deleted'], (type, payload) => void seen.push({ type, payload }));
  const journal = new WriteEventJournal({ db, documents, events, clock, logger });
  return { documents, journal, seen };
}

const sticky = (text: string, x = 0) => ({ type: 'sticky_note', position: { x, y: 0 }, data: { text } });

/** `board.changed`, then `item.updated` of each item `moved` with its view after the write, keyed from the journal row. */
function movePlan(moved: readonly string[]) {
  return (_result: unknown, doc: Y.Doc, journalId: string): PlannedEvent[] => {
    const key = journaledItemChangeKey(doc, 'brd_1', journalId);
    return [
      { type: 'board.changed', payload: { ...base, kind: 'content', source: 'batch' } },
      ...moved.map((id): PlannedEvent => ({ type: 'item.updated', payload: Object.assign(itemEvent(base, id, 'batch', getItem(doc, id), key('updated', id)), { fields: ['position'] }) })),
    ];
  };
}

describe.each(adapters)('the rows of the write-events journal (%s)', (_name, open) => {
  let db: Database;
  let rows: ReturnType<Database['collection']>;
  const processes: { documents: DocumentRegistry }[] = [];

  async function seeded(): Promise<{ ids: string[] }> {
    db = open();
    rows = db.collection<WriteEventsRecord>(writeEventCollections.events);
    await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('brd_1'));
    const first = serverProcess(db);
    processes.push(first);
    const ids: string[] = [];
    await first.journal.write('brd_1', actor, (doc) => ids.push(createItem(doc, sticky('a'), actor, 0).id, createItem(doc, sticky('b', 300), actor, 0).id), () => []);
    return { ids };
  }

  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.documents.close()));
    await db.close();
  });

  it("stores a write's item events without the items' views, and a replay after a stop emits each item as the stored document holds it, keyed as first planned", async () => {
    const { ids } = await seeded();
    const stopped = serverProcess(db, { halted: true });
    processes.push(stopped);
    const move = (doc: Y.Doc): void => {
      for (const id of ids) patchItem(doc, id, { position: { x: 900, y: 50 } }, actor, 0);
    };
    void stopped.journal.write('brd_1', actor, move, movePlan(ids));
    await expect.poll(() => rows.count({})).toBe(1);
    await stopped.documents.whenPersisted('brd_1');
    const [row] = (await rows.find({})) as WriteEventsRecord[];
    expect(row?.views).toBe('document');
    // The base fields every event repeats are stored once; item events hold no view.
    expect(row?.shared).toEqual({ workspaceId: 'wsp_1', boardId: 'brd_1', actor: { userId: 'usr_a' }, at: 1_000 });
    // The run of updates alike but for their item is one entry: each item, and its key's end (empty: the row's id).
    expect(row?.events).toEqual([
      { type: 'board.changed', payload: { kind: 'content', source: 'batch' } },
      { type: 'item.updated', payload: { fields: ['position'], source: 'batch' }, items: ids.map((id) => [id, '']) },
    ]);
    const keys = ids.map((id) => `updated/brd_1/${id}/${row?.id}`);

    const next = serverProcess(db);
    processes.push(next);
    expect(await next.journal.recover()).toBe(1);
    expect(next.seen.map((event) => [event.type, event.payload.itemId, event.payload.item?.position, event.payload.changeKey, (event.payload as { fields?: string[] }).fields])).toEqual(
      ids.map((id, i) => ['item.updated', id, { x: 900, y: 50 }, keys?.[i], ['position']]),
    );
    for (const { payload } of next.seen) expect(payload).toMatchObject({ ...base, source: 'batch' });
    expect(await rows.count({})).toBe(0);
  });

  it('replays a row of runs (creates, moves, a delete and what went with it) as the events first planned, one by one in order', async () => {
    const { ids } = await seeded();
    const [a = '', b = ''] = ids;
    const created: string[] = [];
    const write = (doc: Y.Doc): void => {
      for (let i = 0; i < 3; i += 1) created.push(createItem(doc, sticky(`new ${i}`, 600 + i * 200), actor, 0).id);
      patchItem(doc, a, { position: { x: 10, y: 10 } }, actor, 0);
      patchItem(doc, created[0] ?? '', { position: { x: 20, y: 20 } }, actor, 0);
      deleteItem(doc, b, actor, 0);
    };
    // A batch's plan: the events of the whole write, runs of item events alike but for their item among others.
    const plan = (_result: unknown, doc: Y.Doc, journalId: string): PlannedEvent[] => {
      const key = journaledItemChangeKey(doc, 'brd_1', journalId);
      const view = (id: string) => currentItem(doc, id);
      return [
        { type: 'board.changed', payload: { ...base, kind: 'content', source: 'batch' } },
        ...created.map((id): PlannedEvent => ({ type: 'item.created', payload: itemEvent(base, id, 'batch', view(id), key('created', id)) })),
        ...[a, created[0] ?? ''].map((id): PlannedEvent => ({ type: 'item.updated', payload: itemEvent(base, id, 'batch', view(id), key('updated', id)) })),
        { type: 'item.deleted', payload: Object.assign(itemEvent(base, b, 'batch', null, key('deleted', b)), { deletedWith: ['itm_gone'] }) },
        { type: 'item.deleted', payload: Object.assign(itemEvent(base, 'itm_gone', 'batch', null, `deleted/brd_1/itm_gone/old`), { deletedBy: b }) },
      ];
    };
    const stopped = serverProcess(db, { halted: true });
    processes.push(stopped);
    void stopped.journal.write('brd_1', actor, write, plan);
    await expect.poll(() => rows.count({})).toBe(1);
    await stopped.documents.whenPersisted('brd_1');
    const [row] = (await rows.find({})) as WriteEventsRecord[];
    // Three runs: the creates, the moves, then each delete on its own (their fields differ).
    expect(row?.events.map((event) => [event.type, event.items?.length])).toEqual([
      ['board.changed', undefined],
      ['item.created', 3],
      ['item.updated', 2],
      ['item.deleted', 1],
      ['item.deleted', 1],
    ]);
    const next = serverProcess(db);
    processes.push(next);
    expect(await next.journal.recover()).toBe(1);
    const doc = await next.documents.open('brd_1');
    const expected = plan(undefined, doc, row?.id ?? '').filter((event) => event.type !== 'board.changed');
    expect(next.seen).toEqual(expected);
  });

  it('replays a row written whole (each item event with its view, no `views`) as it was written', async () => {
    const { ids } = await seeded();
    const [id = ''] = ids;
    const reader = serverProcess(db);
    processes.push(reader);
    const doc = await reader.documents.open('brd_1');
    const entry = doc.getMap('items')._map.get(id);
    const journaled = { ...getItem(doc, id), data: { text: 'as journaled' } };
    const old: WriteEventsRecord = {
      id: 'wev_0000000000old',
      boardId: 'brd_1',
      mark: { client: entry?.id.client ?? 0, clock: entry?.id.clock ?? 0, deletion: false },
      events: [{ type: 'item.created', payload: { ...itemEvent(base, id, 'rest', journaled, `created/brd_1/${id}/old`) } }],
      at: 1_000,
    };
    await rows.insert(old);
    expect(await reader.journal.recover()).toBe(1);
    expect(reader.seen.map((event) => [event.type, event.payload.itemId, event.payload.item?.data, event.payload.changeKey])).toEqual([
      ['item.created', id, { text: 'as journaled' }, `created/brd_1/${id}/old`],
    ]);
    expect(await rows.count({})).toBe(0);
  });

  it('names each update of an item by its write: two writes moving the same item to the same place are two changes', async () => {
    const { ids } = await seeded();
    const [id = ''] = ids;
    const p = serverProcess(db);
    processes.push(p);
    const there = (doc: Y.Doc): void => void patchItem(doc, id, { position: { x: 5, y: 5 } }, actor, 0);
    await p.journal.write('brd_1', actor, there, movePlan([id]));
    await p.journal.write('brd_1', actor, there, movePlan([id]));
    const keys = p.seen.map((event) => event.payload.changeKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(new RegExp(`^updated/brd_1/${id}/wev_`));
    expect(keys[1]).toMatch(new RegExp(`^updated/brd_1/${id}/wev_`));
    expect(keys[0]).not.toBe(keys[1]);
  });
});
