import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { configureConnection } from '../../storage/sqlite/connection.js';
import { SqliteCollection } from '../../storage/sqlite/SqliteCollection.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { SqliteSearchIndex } from '../../storage/sqlite/SqliteSearchIndex.js';
import { WalSync } from '../../storage/sqlite/WalSync.js';

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(): { db: BetterSqlite3.Database; walSync: WalSync; rows: SqliteCollection<{ id: string; n: number }> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'shared-insert-'));
  dirs.push(dir);
  const file = path.join(dir, 'boards.sqlite');
  const db = new BetterSqlite3(file);
  // As `SqliteDatabase` opens its records connection when a `WalSync` backs it.
  configureConnection(db, 'normal');
  const walSync = new WalSync(file, 60_000);
  return { db, walSync, rows: new SqliteCollection(db, { name: 'rows' }, walSync) };
}

describe('SqliteCollection durability', () => {
  it('an immediate insert resolves once WalSync fsynced the WAL, off the event loop; a shared one at once', async () => {
    const { db, walSync, rows } = open();
    const immediate = rows.insert({ id: 'a', n: 1 });
    // The commit is done (and readable) before the fsync, which runs on the thread pool.
    expect(walSync.fsyncs).toBe(0);
    expect(await rows.get('a')).toEqual({ id: 'a', n: 1 });
    await immediate;
    expect(walSync.fsyncs).toBe(1);

    await rows.insert({ id: 'b', n: 2 }, { durability: 'shared' });
    expect(walSync.fsyncs).toBe(1);
    await Promise.all([walSync.request(), walSync.request()]);
    expect(walSync.fsyncs).toBe(2);
    expect(await rows.get('b')).toEqual({ id: 'b', n: 2 });
    await walSync.close();
    db.close();
  });

  it('immediate writes waiting at the same time share one fsync (group commit)', async () => {
    const { db, walSync, rows } = open();
    await rows.insert({ id: 'a', n: 0 });
    const before = walSync.fsyncs;
    await Promise.all([rows.insert({ id: 'b', n: 1 }), rows.insert({ id: 'c', n: 2 }), rows.updateOne({ id: 'a' }, { $inc: { n: 1 } })]);
    // One fsync started at the first write; the other two wait for it and then share the next.
    expect(walSync.fsyncs - before).toBeLessThanOrEqual(2);
    expect(await rows.find({}, { sort: [['id', 1]] })).toEqual([{ id: 'a', n: 1 }, { id: 'b', n: 1 }, { id: 'c', n: 2 }]);
    await walSync.close();
    db.close();
  });

  it('updates, puts and deletes: immediate ones wait for the fsync, shared ones do not', async () => {
    const { db, walSync, rows } = open();
    await rows.insert({ id: 'a', n: 1 }, { durability: 'shared' });
    expect(await rows.updateOne({ id: 'a' }, { $set: { n: 2 } })).toEqual({ id: 'a', n: 2 });
    expect(walSync.fsyncs).toBe(1);
    expect(await rows.updateOne({ id: 'a' }, { $inc: { n: 1 } }, { durability: 'shared' })).toEqual({ id: 'a', n: 3 });
    expect(await rows.updateOne({ id: 'missing' }, { $set: { n: 0 } }, { durability: 'shared' })).toBeNull();
    expect(walSync.fsyncs).toBe(1);
    expect(await rows.updateMany({ id: 'a' }, { $inc: { n: 1 } })).toBe(1);
    expect(walSync.fsyncs).toBe(2);

    await rows.put({ id: 'b', n: 1 }, { durability: 'shared' });
    await rows.put({ id: 'b', n: 2 }, { durability: 'shared' });
    expect(walSync.fsyncs).toBe(2);
    await rows.put({ id: 'c', n: 1 });
    expect(walSync.fsyncs).toBe(3);
    expect(await rows.get('b')).toEqual({ id: 'b', n: 2 });

    expect(await rows.deleteMany({ id: { $in: ['b', 'x'] } }, { durability: 'shared' })).toBe(1);
    expect(walSync.fsyncs).toBe(3);
    expect(await rows.deleteMany({ id: 'c' })).toBe(1);
    expect(walSync.fsyncs).toBe(4);
    expect(await rows.find({})).toEqual([{ id: 'a', n: 4 }]);
    await walSync.close();
    db.close();
  });

  it('commits the search index without the FULL fsync: it is derived from the boards', async () => {
    const { db, walSync } = open();
    const search = new SqliteSearchIndex(db, walSync);
    await search.indexBoard('brd_1', 'Roadmap', [{ itemId: 'itm_1', type: 'sticky_note', text: 'launch plan' }]);
    expect(walSync.fsyncs).toBe(0);
    await walSync.request();
    expect(walSync.fsyncs).toBe(1);
    await search.updateBoard('brd_1', 'Roadmap', [{ itemId: 'itm_2', type: 'sticky_note', text: 'launch party' }], ['itm_1']);
    await walSync.request();
    expect(walSync.fsyncs).toBe(2);
    const found = await search.search('launch', { boardIds: ['brd_1'], boards: { limit: 5, offset: 0 }, items: { limit: 5, offset: 0 } });
    expect(found.items.map((hit) => hit.itemId)).toEqual(['itm_2']);
    await search.removeBoard('brd_1');
    await walSync.request();
    expect(walSync.fsyncs).toBe(3);
    await walSync.close();
    db.close();
  });

  it('a write that fails marks nothing to fsync and is not waited for', async () => {
    const { db, walSync, rows } = open();
    await rows.insert({ id: 'a', n: 1 });
    const before = walSync.fsyncs;
    await expect(rows.insert({ id: 'a', n: 2 })).rejects.toThrow();
    await expect(rows.insert({ id: 'a', n: 3 }, { durability: 'shared' })).rejects.toThrow();
    await walSync.request();
    expect(walSync.fsyncs).toBe(before);
    expect(await rows.get('a')).toEqual({ id: 'a', n: 1 });
    await walSync.close();
    db.close();
  });

  it('the store opens its records connection NORMAL when a WalSync backs it, FULL in memory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shared-insert-'));
    dirs.push(dir);
    const store = new SqliteDatabase({ dataDir: dir });
    expect(store.connection.pragma('synchronous', { simple: true })).toBe(1);
    await store.collection<{ id: string; n: number }>({ name: 'rows' }).insert({ id: 'a', n: 1 });
    await store.close();
    const reopened = new SqliteDatabase({ dataDir: dir });
    expect(await reopened.collection<{ id: string; n: number }>({ name: 'rows' }).get('a')).toEqual({ id: 'a', n: 1 });
    await reopened.close();
    const inMemory = new SqliteDatabase({ dataDir: ':memory:' });
    expect(inMemory.connection.pragma('synchronous', { simple: true })).toBe(2);
    await inMemory.close();
  });
});
