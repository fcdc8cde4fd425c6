import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { configureConnection } from '../../storage/sqlite/connection.js';
import { fsyncFile, WalCheckpointer } from '../../storage/sqlite/WalCheckpointer.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An fsync a test releases (or fails) when it wants; `calls` lists the files asked for. */
function heldSync(): { syncFile: (file: string) => Promise<void>; calls: string[]; release: (error?: Error) => void; waiting: () => number } {
  const calls: string[] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void; file: string }[] = [];
  return {
    calls,
    syncFile: (file) => {
      calls.push(file);
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject, file }));
    },
    release: (error) => {
      const next = pending.shift();
      if (!next) throw new Error('no fsync waiting');
      if (error) next.reject(error);
      else void fsyncFile(next.file).then(next.resolve, next.reject);
    },
    waiting: () => pending.length,
  };
}

/** Lets `count` fsyncs of `sync` through, each once it is asked for. */
async function releaseEach(sync: ReturnType<typeof heldSync>, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await expect.poll(() => sync.waiting()).toBe(1);
    sync.release();
  }
}

/** A WAL-mode file with autocheckpoints off, as the server's connections run, and a checkpointer on it (its timer far away: tests run rounds themselves). */
function walStore(syncFile?: (file: string) => Promise<void>): {
  db: BetterSqlite3.Database;
  file: string;
  checkpointer: WalCheckpointer;
  errors: Error[];
  write(rows: number): void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'boards-checkpointer-'));
  const file = path.join(dir, 'boards.sqlite');
  const db = new BetterSqlite3(file);
  configureConnection(db, 'normal');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (v BLOB)');
  const errors: Error[] = [];
  const checkpointer = new WalCheckpointer({ file, intervalMs: 600_000, onError: (error) => errors.push(error), ...(syncFile ? { syncFile } : {}) });
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(async () => {
    await checkpointer.close();
    if (db.open) db.close();
  });
  return {
    db,
    file,
    checkpointer,
    errors,
    write: (rows) =>
      db.transaction(() => {
        for (let i = 0; i < rows; i++) insert.run(Buffer.alloc(600, i % 251));
      })(),
  };
}

/** The last frame of the WAL and the last one copied into the database file. */
function walIndex(store: { checkpointer: WalCheckpointer }): { mxFrame: number; nBackfill: number } {
  const index = store.checkpointer.walIndex();
  if (!index) throw new Error('no WAL index');
  return index;
}

/**
 * A store with 100 rows in its WAL and a round that copied them all: its WAL fsync let through,
 * its database fsync now waiting. `end`: the WAL's last frame then.
 */
async function roundAtDatabaseSync(): Promise<{ sync: ReturnType<typeof heldSync>; store: ReturnType<typeof walStore>; end: number; round: Promise<void> }> {
  const sync = heldSync();
  const store = walStore(sync.syncFile);
  store.write(100);
  const end = walIndex(store).mxFrame;
  const round = store.checkpointer.checkpoint();
  await releaseEach(sync, 1);
  await expect.poll(() => sync.waiting()).toBe(1);
  expect(walIndex(store).nBackfill).toBe(end);
  return { sync, store, end, round };
}

describe('WAL checkpoints from the event loop, fsynced off it', () => {
  it('copies committed frames into the database file, and a round with nothing new copies nothing', async () => {
    const store = walStore();
    await store.checkpointer.checkpoint();
    const first = store.checkpointer.checkpoints;
    const before = statSync(store.file).size;
    store.write(200);
    await store.checkpointer.checkpoint();
    expect(store.checkpointer.checkpoints).toBe(first + 1);
    expect(statSync(store.file).size).toBeGreaterThanOrEqual(before + 200 * 600);
    const { mxFrame, nBackfill } = walIndex(store);
    expect(nBackfill).toBe(mxFrame);
    await store.checkpointer.checkpoint();
    expect(store.checkpointer.checkpoints).toBe(first + 1);
    expect(store.errors).toEqual([]);
  });

  it('the timer runs rounds on its own', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'boards-checkpointer-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'boards.sqlite');
    const db = new BetterSqlite3(file);
    configureConnection(db, 'normal');
    db.pragma('wal_autocheckpoint = 0');
    const checkpointer = new WalCheckpointer({ file, intervalMs: 20, onError: () => undefined });
    cleanups.push(async () => {
      await checkpointer.close();
      db.close();
    });
    db.exec('CREATE TABLE t (v BLOB)');
    db.prepare('INSERT INTO t (v) VALUES (?)').run(Buffer.alloc(5000));
    await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(5000);
  });

  it('copies only frames written before its WAL fsync started: a commit made while it runs waits for the next round', async () => {
    const sync = heldSync();
    const store = walStore(sync.syncFile);
    store.write(100);
    const pinned = walIndex(store).mxFrame;
    const round = store.checkpointer.checkpoint();
    await expect.poll(() => sync.waiting()).toBe(1);
    expect(sync.calls).toEqual([`${store.file}-wal`]);
    // Written after the WAL fsync started: not yet on disk, so not to be copied by this round.
    store.write(100);
    expect(walIndex(store).mxFrame).toBeGreaterThan(pinned);
    sync.release();
    await expect.poll(() => sync.waiting()).toBe(1);
    expect(sync.calls).toEqual([`${store.file}-wal`, store.file]);
    expect(walIndex(store).nBackfill).toBe(pinned);
    sync.release();
    await round;
    // The next round takes the rest.
    const next = store.checkpointer.checkpoint();
    await releaseEach(sync, 2);
    await next;
    const { mxFrame, nBackfill } = walIndex(store);
    expect(nBackfill).toBe(mxFrame);
    expect(store.errors).toEqual([]);
  });

  it('no writer reuses the WAL before the database file is fsynced; once it is, the next write starts the WAL over', async () => {
    // Everything is copied; the database file's fsync is in flight.
    const { sync, store, end, round } = await roundAtDatabaseSync();
    store.write(1);
    // Appended after the copied frames, which stay as they were.
    expect(walIndex(store).mxFrame).toBeGreaterThan(end);
    sync.release();
    await round;
    // Copied and fsynced with nothing written since: a writer starts the WAL over from its first frame.
    const again = store.checkpointer.checkpoint();
    await releaseEach(sync, 2);
    await again;
    store.write(1);
    expect(walIndex(store).mxFrame).toBeLessThan(end);
    expect(store.errors).toEqual([]);
  });

  it('a failed database fsync is reported and keeps the WAL from being reused until a later fsync succeeds', async () => {
    const { sync, store, end, round } = await roundAtDatabaseSync();
    sync.release(new Error('EIO: i/o error, fsync'));
    await round;
    expect(store.errors.map((error) => (error as Error & { code?: string }).code)).toEqual(['storage_unavailable']);
    expect(store.errors[0]?.message).toContain('EIO');
    // All frames are copied, but the pages may not be on disk: a writer appends instead of starting over.
    store.write(1);
    expect(walIndex(store).mxFrame).toBeGreaterThan(end);
    // The next round fsyncs the database file first, then checkpoints as usual.
    const retry = store.checkpointer.checkpoint();
    await expect.poll(() => sync.waiting()).toBe(1);
    expect(sync.calls.at(-1)).toBe(store.file);
    await releaseEach(sync, 3);
    await retry;
    const { mxFrame, nBackfill } = walIndex(store);
    expect(nBackfill).toBe(mxFrame);
    expect(store.errors).toHaveLength(1);
  });

  it('close leaves the store\'s own connection last: its close copies the rest and removes the WAL', async () => {
    const store = walStore();
    store.write(100);
    await store.checkpointer.checkpoint();
    store.write(50);
    await store.checkpointer.close();
    expect(existsSync(`${store.file}-wal`)).toBe(true);
    store.db.close();
    expect(existsSync(`${store.file}-wal`)).toBe(false);
    const reopened = new BetterSqlite3(store.file, { readonly: true });
    expect(reopened.prepare('SELECT count(*) FROM t').pluck().get()).toBe(150);
    reopened.close();
    expect(store.errors).toEqual([]);
  });
});
