import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { createItem, silentLogger } from '../../crdt/index.js';
import { SearchIndexer } from '../../server/search/SearchIndexer.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';

function boardRecord(id: string, title: string): BoardRecord {
  return {
    id,
    workspaceId: 'w',
    ownerId: 'u',
    spaceId: null,
    title,
    description: '',
    locked: false,
    position: 1,
    createdAt: 0,
    updatedAt: 0,
    updatedBy: 'u',
    trashedAt: null,
    trashedBy: null,
    trashedWithSpaceId: null,
  };
}

describe('SearchIndexer', () => {
  let db: SqliteDatabase;
  let doc: Y.Doc;
  let indexer: SearchIndexer;

  beforeEach(async () => {
    vi.useFakeTimers();
    db = new SqliteDatabase({ dataDir: ':memory:' });
    await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('b1', 'Kestrel'));
    doc = new Y.Doc();
    indexer = new SearchIndexer(db, { openDocument: async () => doc, delayMs: 500, logger: silentLogger });
  });

  afterEach(async () => {
    await indexer.close();
    vi.useRealTimers();
    await db.close();
  });

  const hits = async (query: string): Promise<string[]> => {
    const found = await db.search.search(query, { boardIds: ['b1'], boards: { limit: 5, offset: 0 }, items: { limit: 5, offset: 0 } });
    return [...found.boards.map((b) => `board:${b.boardId}`), ...found.items.map((i) => `item:${i.itemId}`)];
  };

  it('reindexes a board once per delay, however many changes arrive, with the latest state', async () => {
    const spy = vi.spyOn(db.search, 'indexBoard');
    const item = createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'first' } }, { actorId: 'u' }, 0);
    indexer.boardChanged('b1');
    indexer.boardChanged('b1');
    await vi.advanceTimersByTimeAsync(499);
    expect(spy).not.toHaveBeenCalled();
    doc.getMap('items').delete(item.id);
    createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'second' } }, { actorId: 'u' }, 0);
    indexer.boardChanged('b1');
    await vi.advanceTimersByTimeAsync(1);
    await indexer.flush();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(await hits('first')).toEqual([]);
    expect(await hits('second')).toHaveLength(1);
    expect(await hits('kestrel')).toEqual(['board:b1']);
  });

  it('writes nothing when only geometry changed, and only the changed item or title otherwise', async () => {
    const item = createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'osprey' } }, { actorId: 'u' }, 0);
    indexer.boardChanged('b1');
    await indexer.flush();
    const whole = vi.spyOn(db.search, 'indexBoard');
    const update = vi.spyOn(db.search, 'updateBoard');

    (doc.getMap('items').get(item.id) as Y.Map<unknown>).set('x', 400);
    indexer.boardChanged('b1');
    await indexer.flush();
    expect(update).not.toHaveBeenCalled();

    ((doc.getMap('items').get(item.id) as Y.Map<unknown>).get('data') as Y.Map<unknown>).set('text', 'harrier');
    indexer.boardChanged('b1');
    await indexer.flush();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]![2].map((changed) => changed.itemId)).toEqual([item.id]);

    await db.collection<BoardRecord>(boardCollections.boards).updateOne({ id: 'b1' }, { $set: { title: 'Merlin' } });
    indexer.boardChanged('b1');
    await indexer.flush();
    expect(update).toHaveBeenCalledTimes(2);
    expect(update.mock.calls[1]![2]).toEqual([]);
    expect(whole).not.toHaveBeenCalled();
    expect(await hits('harrier')).toHaveLength(1);
    expect(await hits('osprey')).toEqual([]);
    expect(await hits('merlin')).toEqual(['board:b1']);
  });

  it('flush runs what is scheduled at once; removal cancels it; close stops scheduling', async () => {
    indexer.boardChanged('b1');
    await indexer.flush();
    expect(await hits('kestrel')).toEqual(['board:b1']);
    indexer.boardChanged('b1');
    await indexer.boardRemoved('b1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await hits('kestrel')).toEqual([]);
    await indexer.close();
    indexer.boardChanged('b1');
    await vi.advanceTimersByTimeAsync(1000);
    await indexer.flush();
    expect(await hits('kestrel')).toEqual([]);
  });

  it('removes a board whose record is gone and logs failures without throwing', async () => {
    await db.search.indexBoard('b2', 'Gone', []);
    const errors: unknown[] = [];
    const failing = new SearchIndexer(db, {
      openDocument: async () => {
        throw new Error('store down');
      },
      logger: { ...silentLogger, error: (context) => errors.push(context) },
    });
    failing.boardChanged('b2');
    failing.boardChanged('b1');
    await failing.flush();
    const gone = await db.search.search('gone', { boardIds: ['b2'], boards: { limit: 5, offset: 0 }, items: { limit: 0, offset: 0 } });
    expect(gone.boards).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ boardId: 'b1' })]);
    await failing.close();
  });
});
