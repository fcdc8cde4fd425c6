import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentRegistry, createItem } from '../../crdt/index.js';
import { LiveEdits } from '../../server/content/LiveEdits.js';
import { DomainEvents } from '../../server/events/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { boardRecord } from './boardRecord.js';

const logger = { error: (): void => undefined, warn: (): void => undefined };
const boards = Array.from({ length: 50 }, (_, i) => `brd_${i}`);

describe('live edits of boards that are unloaded', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps nothing of a board once its window closed and its document is unloaded, however many boards were edited', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    for (const id of boards) await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord(id));
    const documents = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, idleUnloadMs: 0 });
    cleanups.push(() => documents.close());
    const events = new DomainEvents(logger);
    const created: string[] = [];
    events.on('item.created', (payload) => void created.push(payload.boardId));
    const live = new LiveEdits({ db, documents, events, clock: { now: () => Date.now() }, logger, coalesceMs: 50 });
    cleanups.push(() => live.close());
    for (const id of boards) {
      const doc = await documents.open(id);
      doc.transact(() => createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: id } }, { actorId: 'client' }, 0), 'socket');
      live.edited(id, 'usr_b');
    }
    await Promise.resolve();
    expect(live.heldBoards()).toBe(boards.length);
    await vi.waitFor(() => expect(created).toHaveLength(boards.length));
    await expect.poll(async () => {
      await documents.sweep();
      return documents.stats().loadedDocuments;
    }).toBe(0);
    expect(live.heldBoards()).toBe(0);
  });
});
