import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry, createItem } from '../../crdt/index.js';
import { LiveEdits } from '../../server/content/LiveEdits.js';
import { DomainEvents } from '../../server/events/index.js';
import type { DomainEventMap } from '../../server/events/index.js';
import type { Database } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { LiveItemChangeRecord } from '../../storage/schema/liveEdits.js';
import { liveEditCollections } from '../../storage/schema/liveEdits.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { MingoStandInDb } from '../storage/mingoStandIn.js';

const adapters: [string, () => Database][] = [
  ['sqlite', () => new SqliteDatabase({ dataDir: ':memory:' })],
  ['the mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())],
];

const logger = { error: (): void => undefined };

function board(id: string): BoardRecord {
  return {
    id,
    workspaceId: 'wsp_1',
    ownerId: 'usr_a',
    spaceId: null,
    title: 'Board',
    description: '',
    locked: false,
    position: 1,
    createdAt: 0,
    updatedAt: 0,
    updatedBy: 'usr_a',
    trashedAt: null,
    trashedBy: null,
    trashedWithSpaceId: null,
  };
}

/** One "process": a document registry, a bus that records item events, and `LiveEdits` over them. */
function process(db: Database, coalesceMs: number) {
  const clock = new ManualClock(1_000);
  const documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0 });
  const events = new DomainEvents(logger);
  const seen: { type: string; payload: DomainEventMap['item.created'] }[] = [];
  events.onEach(['item.created', 'item.updated', 'item.deleted'], (type, payload) => void seen.push({ type, payload }));
  const live = new LiveEdits({ db, documents, events, clock, logger, coalesceMs });
  return { documents, live, seen };
}

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
    const p = process(db, 20);
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
    const crashed = process(db, 60_000);
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

    const next = process(db, 60_000);
    expect(await next.live.recover()).toBeGreaterThan(0);
    expect(next.seen.map((e) => [e.type, e.payload.itemId])).toEqual([['item.created', kept]]);
    expect(next.seen[0]?.payload).toMatchObject({ source: 'live', boardId: 'brd_1', workspaceId: 'wsp_1', actor: { userId: 'usr_b' }, item: { data: { text: 'kept' } } });
    expect(await journal.count({})).toBe(0);
    expect(await next.live.recover()).toBe(0);
    await next.live.close();
    await next.documents.close();
  });
});
