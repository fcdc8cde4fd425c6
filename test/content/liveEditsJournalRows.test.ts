import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry, createItem } from '../../crdt/index.js';
import { LiveEdits } from '../../server/content/LiveEdits.js';
import { DomainEvents } from '../../server/events/index.js';
import type { DomainEventMap } from '../../server/events/index.js';
import type { Database } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { LiveItemChangeRecord } from '../../storage/schema/liveEdits.js';
import { liveEditCollections } from '../../storage/schema/liveEdits.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { boardRecord } from './boardRecord.js';

const logger = { error: (): void => undefined, warn: (): void => undefined };

/** One "process" whose coalescing window never ends by itself: a journal, a bus that records item events, `LiveEdits` over them. */
function process(db: Database) {
  const clock = new ManualClock(1_000);
  const documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0 });
  const events = new DomainEvents(logger);
  const seen: { type: string; payload: DomainEventMap['item.created'] }[] = [];
  events.onEach(['item.created', 'item.updated', 'item.deleted'], (type, payload) => void seen.push({ type, payload }));
  const live = new LiveEdits({ db, documents, events, clock, logger, coalesceMs: 60_000 });
  return { documents, live, seen };
}

describe('the live-edit journal writes a row only when it adds to what recovery would do', () => {
  let db: Database;
  afterEach(async () => {
    await db.close();
  });

  async function setup() {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('brd_1'));
    const journal = db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
    const p = process(db);
    const doc = await p.documents.open('brd_1');
    const items = doc.getMap<Y.Map<unknown>>('items');
    /** One turn of a live client: its transaction, the room's `edited`, then the end of the turn. */
    const turn = async (userId: string, edit: () => void): Promise<void> => {
      doc.transact(edit, 'socket');
      p.live.edited('brd_1', userId);
      await Promise.resolve();
    };
    const create = (text: string): string => createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text } }, { actorId: 'client' }, 0).id;
    const move = (id: string, x: number) => () => items.get(id)!.set('x', x);
    return { journal, p, doc, items, turn, create, move };
  }

  it('a drag of the item a client created costs one row, and a crash still gives its creation with where it was dropped', async () => {
    const { journal, p, turn, create, move } = await setup();
    let id = '';
    await turn('usr_b', () => {
      id = create('dragged');
    });
    for (let x = 1; x <= 20; x++) await turn('usr_b', move(id, x));
    const rows = await journal.find({});
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: 'usr_b', steps: [{ id, change: 'created' }] });
    await p.documents.whenPersisted('brd_1');
    // The process dies here, inside its window: nothing emitted.
    expect(p.seen).toEqual([]);

    const next = process(db);
    expect(await next.live.recover()).toBe(1);
    expect(next.seen.map((e) => [e.type, e.payload.itemId])).toEqual([['item.created', id]]);
    expect(next.seen[0]?.payload.item).toMatchObject({ id, position: { x: 20 } });
    await next.live.close();
    await next.documents.close();
    await p.documents.close();
  });

  it('a turn that writes no row opens no transaction: the drag after the creation costs one batch, not one per move', async () => {
    const { p, turn, create, move } = await setup();
    let batches = 0;
    const batch = db.batch!.bind(db);
    db.batch = (writes) => {
      batches += 1;
      return batch(writes);
    };
    let id = '';
    await turn('usr_b', () => {
      id = create('dragged');
    });
    for (let x = 1; x <= 20; x++) await turn('usr_b', move(id, x));
    expect(batches).toBe(1);
    await turn('usr_c', move(id, 21));
    expect(batches).toBe(2);
    await p.live.close();
    await p.documents.close();
  });

  it('writes a row again for another editor, an item the rows do not name, and a deletion', async () => {
    const { journal, p, turn, create, move, items } = await setup();
    const existing = create('there before');
    let id = '';
    await turn('usr_b', () => {
      id = create('new');
    });
    await turn('usr_b', move(id, 1));
    expect(await journal.count({})).toBe(1);
    await turn('usr_c', move(id, 2));
    expect(await journal.count({})).toBe(2);
    await turn('usr_c', move(existing, 3));
    expect(await journal.count({})).toBe(3);
    await turn('usr_c', move(existing, 4));
    expect(await journal.count({})).toBe(3);
    await turn('usr_c', () => items.delete(existing));
    expect(await journal.count({})).toBe(4);

    // Once its events are out, the window's rows go and the next edit starts a new window with a row of its own.
    await p.live.close();
    expect(p.seen.map((e) => [e.type, e.payload.itemId, e.payload.actor.userId])).toEqual([
      ['item.created', id, 'usr_c'],
      ['item.deleted', existing, 'usr_c'],
    ]);
    expect(await journal.count({})).toBe(0);
    await p.documents.close();
  });

  it('an item deleted and made again under its id in one window is recovered as created, where it was last moved', async () => {
    const { journal, p, turn, create, items } = await setup();
    let id = '';
    await turn('usr_b', () => {
      id = create('short-lived');
    });
    await turn('usr_b', () => items.delete(id));
    expect(await journal.count({})).toBe(2);
    await turn('usr_b', () => {
      const entry = new Y.Map<unknown>();
      for (const [key, value] of Object.entries({ type: 'sticky_note', x: 0, y: 0, width: 200, height: 200, rotation: 0, z: 'a0' })) entry.set(key, value);
      items.set(id, entry);
    });
    expect(await journal.count({})).toBe(3);
    await turn('usr_b', () => items.get(id)!.set('x', 5));
    expect(await journal.count({})).toBe(3);
    await p.documents.whenPersisted('brd_1');

    const next = process(db);
    expect(await next.live.recover()).toBe(3);
    expect(next.seen.map((e) => [e.type, e.payload.itemId])).toEqual([['item.created', id]]);
    await next.live.close();
    await next.documents.close();
    await p.documents.close();
  });
});
