import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureConnection } from '../../storage/sqlite/connection.js';
import { WalCheckpointer } from '../../storage/sqlite/WalCheckpointer.js';

// The compiled worker script, built by the test setup.
const workerUrl = new URL('../../dist/storage/sqlite/checkpointWorker.js', import.meta.url);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A WAL-mode file with autocheckpoints off, as the server's connections run, and a checkpointer on it. */
function walStore(idleStopMs: number): { db: BetterSqlite3.Database; file: string; checkpointer: WalCheckpointer; errors: Error[]; write(rows: number): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'boards-checkpointer-'));
  const file = path.join(dir, 'boards.sqlite');
  const db = new BetterSqlite3(file);
  configureConnection(db, 'normal');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (v BLOB)');
  const errors: Error[] = [];
  const checkpointer = new WalCheckpointer({ file, intervalMs: 20, idleStopMs, workerUrl, onError: (error) => errors.push(error) });
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(async () => {
    await checkpointer.close();
    db.close();
  });
  return { db, file, checkpointer, errors, write: (rows) => db.transaction(() => { for (let i = 0; i < rows; i++) insert.run(Buffer.alloc(600, i % 251)); })() };
}

describe('the WAL checkpoint thread runs only while there is something to checkpoint', () => {
  it('no thread before the first write; a write starts it and its frames reach the database file', async () => {
    const store = walStore(60_000);
    // The table written before the checkpointer started is no reason to start a thread.
    let looks = 0;
    await vi.waitFor(() => expect(++looks).toBeGreaterThanOrEqual(10), { interval: 20, timeout: 5_000 });
    expect(store.checkpointer.running).toBe(false);
    const before = statSync(store.file).size;
    store.write(200);
    await expect.poll(() => store.checkpointer.running, { timeout: 5_000 }).toBe(true);
    await expect.poll(() => statSync(store.file).size, { timeout: 5_000 }).toBeGreaterThan(before);
    expect(store.errors).toEqual([]);
  });

  it('ends after the idle time without writes, with a last checkpoint, and a new write starts it again', async () => {
    const store = walStore(200);
    store.write(50);
    await expect.poll(() => store.checkpointer.running, { timeout: 5_000 }).toBe(true);
    store.write(150);
    await expect.poll(() => store.checkpointer.running, { timeout: 10_000 }).toBe(false);
    // All 200 rows reached the database file before the thread ended.
    const copied = statSync(store.file).size;
    expect(copied).toBeGreaterThanOrEqual(200 * 600);
    store.write(300);
    await expect.poll(() => store.checkpointer.running, { timeout: 5_000 }).toBe(true);
    await expect.poll(() => statSync(store.file).size, { timeout: 5_000 }).toBeGreaterThan(copied);
    expect(store.errors).toEqual([]);
  });

  it('close runs a last checkpoint and leaves no thread, also when none ran', async () => {
    const idle = walStore(60_000);
    await idle.checkpointer.close();
    expect(idle.checkpointer.running).toBe(false);
    const busy = walStore(60_000);
    busy.write(100);
    await expect.poll(() => busy.checkpointer.running, { timeout: 5_000 }).toBe(true);
    await busy.checkpointer.close();
    expect(busy.checkpointer.running).toBe(false);
    expect(busy.errors).toEqual([]);
  });

  it('copies a WAL of tens of megabytes within the thread\'s heap limits, without an error or a restart', async () => {
    const store = walStore(60_000);
    store.write(10);
    await expect.poll(() => store.checkpointer.running, { timeout: 5_000 }).toBe(true);
    // About 30 MB of WAL in one transaction: SQLite copies it in native memory, the isolate's capped heap stays as it was.
    store.write(50_000);
    await expect.poll(() => statSync(store.file).size, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(50_000 * 600);
    expect(store.checkpointer.running).toBe(true);
    expect(store.errors).toEqual([]);
  });
});
