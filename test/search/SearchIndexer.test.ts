import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { createItem, listItems, patchItem, silentLogger } from '../../crdt/index.js';
import { SearchIndexer } from '../../server/search/SearchIndexer.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { Database } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { MingoStandInDb } from '../storage/mingoStandIn.js';

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

const adapters: [string, () => Database][] = [
  ['sqlite', () => new SqliteDatabase({ dataDir: ':memory:' })],
  ['the mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())],
];

describe.each(adapters)('SearchIndexer on %s', (_name, openDb) => {
  let db: Database;
  let doc: Y.Doc;
  let indexer: SearchIndexer;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    db = openDb();
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

  const sticky = (text: string): string => createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text } }, { actorId: 'u' }, 0).id;

  it('after a restart, writes only what differs from what the index already stores', async () => {
    const kept = sticky('lapwing');
    const edited = sticky('plover');
    await db.search.indexBoard('b1', 'Kestrel', [
      { itemId: kept, type: 'sticky_note', text: 'lapwing' },
      { itemId: edited, type: 'sticky_note', text: 'dunlin' },
      { itemId: 'itm_gone', type: 'sticky_note', text: 'curlew' },
    ]);
    const whole = vi.spyOn(db.search, 'indexBoard');
    const update = vi.spyOn(db.search, 'updateBoard');
    indexer.boardChanged('b1');
    await indexer.flush();
    expect(whole).not.toHaveBeenCalled();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]![2].map((item) => item.itemId)).toEqual([edited]);
    expect(update.mock.calls[0]![3]).toEqual(['itm_gone']);
    expect(await hits('curlew')).toEqual([]);
    expect(await hits('plover')).toEqual([`item:${edited}`]);
    expect(await hits('lapwing')).toEqual([`item:${kept}`]);
  });

  it('writes nothing after a restart when the stored index is already current', async () => {
    sticky('avocet');
    indexer.boardChanged('b1');
    await indexer.flush();
    const restarted = new SearchIndexer(db, { openDocument: async () => doc, logger: silentLogger });
    const whole = vi.spyOn(db.search, 'indexBoard');
    const update = vi.spyOn(db.search, 'updateBoard');
    restarted.boardChanged('b1');
    await restarted.flush();
    expect(whole).not.toHaveBeenCalled();
    expect(update).not.toHaveBeenCalled();
    await restarted.close();
  });

  it('reindexes exactly the items a remote update touched', async () => {
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));
    const first = createItem(replica, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'grebe' } }, { actorId: 'r' }, 0);
    sticky('heron');
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(replica, Y.encodeStateVector(doc)));
    indexer.boardChanged('b1');
    await indexer.flush();
    const update = vi.spyOn(db.search, 'updateBoard');
    const vector = Y.encodeStateVector(doc);
    patchItem(replica, first.id, { data: { text: 'little grebe' } }, { actorId: 'r' }, 1);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(replica, vector));
    indexer.boardChanged('b1');
    await indexer.flush();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]![2].map((item) => item.itemId)).toEqual([first.id]);
    expect(await hits('little')).toEqual([`item:${first.id}`]);
  });

  it('compares against the stored index again once the document is unloaded and reloaded', async () => {
    const id = sticky('shag');
    indexer.boardChanged('b1');
    await indexer.flush();
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, Y.encodeStateAsUpdate(doc));
    doc.destroy();
    doc = reloaded;
    patchItem(doc, id, { data: { text: 'cormorant' } }, { actorId: 'u' }, 1);
    indexer.boardChanged('b1');
    await indexer.flush();
    expect(await hits('cormorant')).toEqual([`item:${id}`]);
    expect(await hits('shag')).toEqual([]);
  });

  it('keeps nothing of a board once its document is unloaded, however many boards were indexed; a rename then still reaches the index', async () => {
    const docs = new Map<string, Y.Doc>();
    const boards = db.collection<BoardRecord>(boardCollections.boards);
    const many = new SearchIndexer(db, { openDocument: async (boardId) => docs.get(boardId) as Y.Doc, delayMs: 500, logger: silentLogger });
    try {
      for (let i = 0; i < 40; i += 1) {
        const boardId = `m${i}`;
        await boards.insert(boardRecord(boardId, `Board ${i}`));
        const boardDoc = new Y.Doc();
        for (let n = 0; n < 5; n += 1) createItem(boardDoc, { type: 'sticky_note', position: { x: n, y: 0 }, data: { text: `grebe ${i} ${n}` } }, { actorId: 'u' }, 0);
        docs.set(boardId, boardDoc);
        many.boardChanged(boardId);
      }
      await many.flush();
      expect(many.memory()).toEqual({ boards: 40, itemHashes: 200 });
      for (const boardDoc of docs.values()) boardDoc.destroy();
      expect(many.memory()).toEqual({ boards: 0, itemHashes: 0 });
      const found = await db.search.search('grebe', { boardIds: [...docs.keys()], boards: { limit: 5, offset: 0 }, items: { limit: 500, offset: 0 } });
      expect(found.items).toHaveLength(200);
      await boards.updateOne({ id: 'm7' }, { $set: { title: 'Dunlin' } });
      many.boardChanged('m7', 'record');
      await many.flush();
      const renamed = await db.search.search('dunlin', { boardIds: ['m7'], boards: { limit: 5, offset: 0 }, items: { limit: 5, offset: 0 } });
      expect(renamed.boards.map((b) => b.boardId)).toEqual(['m7']);
      expect(many.memory()).toEqual({ boards: 0, itemHashes: 0 });
    } finally {
      await many.close();
    }
  });

  it('reads a large board across several event-loop turns and indexes every item', async () => {
    for (let i = 0; i < 1200; i += 1) sticky(`note ${i}`);
    indexer.boardChanged('b1');
    await indexer.flush();
    expect((await db.search.indexedEntries('b1')).items).toHaveLength(1200);
  });

  it('rewrites only the title for a record change, without opening the document; a content change beside it reads the items', async () => {
    sticky('godwit');
    indexer.boardChanged('b1');
    await indexer.flush();
    const opened = vi.fn(async () => doc);
    const recordOnly = new SearchIndexer(db, { openDocument: opened, delayMs: 500, logger: silentLogger });
    try {
      await db.collection<BoardRecord>(boardCollections.boards).updateOne({ id: 'b1' }, { $set: { title: 'Merlin' } });
      sticky('whimbrel');
      recordOnly.boardChanged('b1', 'record');
      await recordOnly.flush();
      expect(opened).not.toHaveBeenCalled();
      expect(await hits('merlin')).toEqual(['board:b1']);
      expect(await hits('godwit')).toHaveLength(1);
      // The item added meanwhile waits for a content change: then the document is read.
      expect(await hits('whimbrel')).toEqual([]);
      recordOnly.boardChanged('b1', 'record');
      recordOnly.boardChanged('b1', 'content');
      await recordOnly.flush();
      expect(opened).toHaveBeenCalledTimes(1);
      expect(await hits('whimbrel')).toHaveLength(1);
    } finally {
      await recordOnly.close();
    }
  });

  it('writes a large change in slices of 500 items, one transaction each, and removes in slices too', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 1200; i += 1) ids.push(sticky(`note ${i}`));
    const indexBoard = vi.spyOn(db.search, 'indexBoard');
    const updateBoard = vi.spyOn(db.search, 'updateBoard');
    indexer.boardChanged('b1');
    await indexer.flush();
    expect(indexBoard.mock.calls.map((call) => call[2].length)).toEqual([500]);
    expect(updateBoard.mock.calls.map((call) => [call[2].length, call[3].length])).toEqual([
      [500, 0],
      [200, 0],
    ]);
    expect((await db.search.indexedEntries('b1')).items).toHaveLength(1200);
    // A new document over the same entries (a reload) without 1,100 of the items: the removal is sliced as well.
    updateBoard.mockClear();
    const reloaded = new Y.Doc();
    Y.applyUpdate(reloaded, Y.encodeStateAsUpdate(doc));
    reloaded.transact(() => {
      for (const id of ids.slice(100)) reloaded.getMap('items').delete(id);
    });
    doc = reloaded;
    indexer.boardChanged('b1');
    await indexer.flush();
    expect(updateBoard.mock.calls.map((call) => [call[2].length, call[3].length])).toEqual([
      [0, 500],
      [0, 500],
      [0, 100],
    ]);
    expect((await db.search.indexedEntries('b1')).items.map((item) => item.itemId).sort()).toEqual(ids.slice(0, 100).sort());
  });

  it('indexes a copied board from its items, with its next reindex, in slices, without opening its document; its first content change compares the loaded copy', async () => {
    for (let i = 0; i < 1199; i += 1) sticky(`note ${i}`);
    const frame = createItem(doc, { type: 'shape', position: { x: 0, y: 0 }, data: { shape: 'diamond' } }, { actorId: 'u' }, 0).id;
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('b2', 'Copy_Kestrel'));
    const opened = vi.fn(async () => copy);
    const copies = new SearchIndexer(db, { openDocument: opened, delayMs: 500, logger: silentLogger });
    const indexBoard = vi.spyOn(db.search, 'indexBoard');
    const updateBoard = vi.spyOn(db.search, 'updateBoard');
    try {
      copies.boardChanged('b2', 'record');
      copies.boardCopied('b2', listItems(doc));
      await vi.advanceTimersByTimeAsync(499);
      expect(indexBoard).not.toHaveBeenCalled();
      await copies.flush();
      expect(opened).not.toHaveBeenCalled();
      // 1,199 notes with text; the shape has none.
      expect(indexBoard.mock.calls.map((call) => [call[0], call[2].length])).toEqual([['b2', 500]]);
      // One reindex for the copy and the record change scheduled beside it.
      expect(updateBoard.mock.calls.map((call) => [call[0], call[2].length, call[3].length])).toEqual([
        ['b2', 500, 0],
        ['b2', 199, 0],
      ]);
      const entries = await db.search.indexedEntries('b2');
      expect(entries.title).toBe('Copy_Kestrel');
      expect(entries.items).toHaveLength(1199);
      expect(entries.items.map((item) => item.itemId)).not.toContain(frame);
      expect((await db.search.search('note 7', { boardIds: ['b2'], boards: { limit: 5, offset: 0 }, items: { limit: 5, offset: 0 } })).items.length).toBeGreaterThan(0);

      // The copy diverges; its first content change loads it and writes only what differs.
      const [first] = listItems(copy);
      patchItem(copy, first?.id as string, { data: { text: 'sanderling' } }, { actorId: 'u' }, 0);
      updateBoard.mockClear();
      copies.boardChanged('b2', 'content');
      await copies.flush();
      expect(opened).toHaveBeenCalledTimes(1);
      expect(updateBoard.mock.calls.map((call) => [call[2].map((item) => item.text), call[3].length])).toEqual([[['sanderling'], 0]]);
    } finally {
      await copies.close();
    }
  });

  it('a copy edited before its first reindex is indexed from its items, then from the loaded document; a copy deleted meanwhile is not indexed', async () => {
    const kept = sticky('dunlin');
    const edited = sticky('stint');
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const items = listItems(doc);
    patchItem(copy, edited, { data: { text: 'knot' } }, { actorId: 'u' }, 0);
    await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('b2', 'Copy'));
    const copies = new SearchIndexer(db, { openDocument: async (id) => (id === 'b2' ? copy : doc), delayMs: 500, logger: silentLogger });
    const updateBoard = vi.spyOn(db.search, 'updateBoard');
    try {
      copies.boardCopied('b2', items);
      copies.boardChanged('b2', 'content');
      await copies.flush();
      const entries = await db.search.indexedEntries('b2');
      expect(Object.fromEntries(entries.items.map((item) => [item.itemId, item.text]))).toEqual({ [kept]: 'dunlin', [edited]: 'knot' });
      expect(updateBoard.mock.calls.filter((call) => call[0] === 'b2').map((call) => call[2].map((item) => item.text))).toEqual([['knot']]);

      await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('b3', 'Gone'));
      copies.boardCopied('b3', items);
      await copies.boardRemoved('b3');
      // A change arriving after the removal finds no copy left to index.
      copies.boardChanged('b3', 'record');
      await copies.flush();
      expect((await db.search.indexedEntries('b3')).items).toEqual([]);
    } finally {
      await copies.close();
    }
  });
});
