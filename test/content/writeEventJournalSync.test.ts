import { afterEach, describe, expect, it } from 'vitest';
import { DocumentRegistry, createItem } from '../../crdt/index.js';
import { itemEvent } from '../../server/content/itemEvent.js';
import { WriteEventJournal } from '../../server/content/WriteEventJournal.js';
import type { PlannedEvent } from '../../server/content/WriteEventJournal.js';
import { DomainEvents } from '../../server/events/index.js';
import type { Collection, Database } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';

/**
 * docs/events.md "Durability of write events", step 2: the caller's sync (`WhenStored`) may start
 * before the events are emitted only when the write's journal row is stored, since only the row
 * brings back the rows the events' subscribers write if a power loss takes them.
 */

const logger = { error: (): void => undefined, warn: (): void => undefined };
const actor = { actorId: 'usr_a' };
const base = { workspaceId: 'wsp_1', boardId: 'brd_1', actor: { userId: 'usr_a' }, at: 1_000 };
const opened: Database[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

/** A journal on sqlite whose `write_events` inserts fail when `rowsFail`; `order` records the sync and the emitted item event. */
function journalOn(rowsFail: boolean) {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  opened.push(db);
  const collection = db.collection.bind(db);
  const failing = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'collection') return Reflect.get(target, key, receiver) as unknown;
      return (spec: Parameters<Database['collection']>[0]): Collection<never> => {
        const real = collection(spec) as Collection<never>;
        if (!rowsFail || spec !== writeEventCollections.events) return real;
        return Object.assign(Object.create(real) as Collection<never>, { insert: () => Promise.reject(new Error('EIO: the row could not be written')) });
      };
    },
  });
  const clock = new ManualClock(1_000);
  const documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0 });
  const events = new DomainEvents(logger);
  const order: string[] = [];
  events.on('item.created', () => void order.push('event'));
  const journal = new WriteEventJournal({ db: failing, documents, events, clock, logger });
  return { journal, order };
}

async function write(rowsFail: boolean): Promise<string[]> {
  const { journal, order } = journalOn(rowsFail);
  let id = '';
  const plan = (): PlannedEvent[] => [{ type: 'item.created', payload: itemEvent(base, id, 'rest', null, `created/brd_1/${id}/x`) }];
  await journal.write('brd_1', actor, (doc) => (id = createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'a' } }, actor, 0).id), plan, () => void order.push('sync'));
  return order;
}

describe("a journaled write's sync", () => {
  it('is told to start before the events are emitted when the journal row is stored', async () => {
    expect(await write(false)).toEqual(['sync', 'event']);
  });

  it('is told to start only after the events when the journal row could not be written', async () => {
    expect(await write(true)).toEqual(['event', 'sync']);
  });
});
