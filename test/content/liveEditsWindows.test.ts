import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Y from 'yjs';
import { DocumentRegistry, createItem } from '../../crdt/index.js';
import { LiveEdits } from '../../server/content/LiveEdits.js';
import { DomainEvents } from '../../server/events/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { LiveItemChangeRecord } from '../../storage/schema/liveEdits.js';
import { liveEditCollections } from '../../storage/schema/liveEdits.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { boardRecord } from './boardRecord.js';

const logger = { error: (): void => undefined, warn: (): void => undefined };
const boards = Array.from({ length: 30 }, (_, i) => `brd_${i}`);

function timers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

describe('the coalescing windows of many boards', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    for (const id of boards) await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord(id));
    const journal = db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
    const documents = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
    cleanups.push(() => documents.close());
    const events = new DomainEvents(logger);
    const created: string[] = [];
    events.on('item.created', (payload) => void created.push(payload.boardId));
    const live = new LiveEdits({ db, documents, events, clock: { now: () => Date.now() }, logger, coalesceMs: 300 });
    cleanups.push(() => live.close());
    const docs = new Map<string, Y.Doc>();
    for (const id of boards) docs.set(id, await documents.open(id));
    /** One turn in which a live client of every board creates an item (as the rooms flush them: one after another, then the turn's microtasks). */
    const editEveryBoard = async (): Promise<void> => {
      for (const id of boards) {
        docs.get(id)!.transact(() => createItem(docs.get(id)!, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: id } }, { actorId: 'client' }, 0), 'socket');
        live.edited(id, 'usr_b');
      }
      await Promise.resolve();
    };
    return { db, journal, created, editEveryBoard };
  }

  it('journals the rows of every board edited in one turn in one commit, and keeps one timer for all their windows', async () => {
    const { db, journal, created, editEveryBoard } = await setup();
    const batch = vi.spyOn(db, 'batch');
    const before = timers();
    await editEveryBoard();
    expect(batch).toHaveBeenCalledTimes(1);
    expect(await journal.count({})).toBe(boards.length);
    expect(timers() - before).toBeLessThanOrEqual(1);
    await vi.waitFor(() => expect(created).toHaveLength(boards.length));
    expect(new Set(created)).toEqual(new Set(boards));
  });

  it('closes the windows that end together in one journal delete, after their events', async () => {
    const { journal, created, editEveryBoard } = await setup();
    const deletes = vi.spyOn(journal, 'deleteMany');
    await editEveryBoard();
    await vi.waitFor(() => expect(created).toHaveLength(boards.length));
    await vi.waitFor(async () => expect(await journal.count({})).toBe(0));
    expect(deletes).toHaveBeenCalledTimes(1);
  });
});
