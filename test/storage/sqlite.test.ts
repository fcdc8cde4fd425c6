import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { describeStorageContract } from './contract.js';
import { crashCopy } from './crashCopy.js';

const root = mkdtempSync(path.join(tmpdir(), 'boards-sqlite-contract-'));
let opened = 0;
const nextDir = (): string => path.join(root, `db${++opened}`);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

// Checkpoints inside commits (no compiled worker from TypeScript sources).
describeStorageContract('sqlite file', async () => new SqliteDatabase({ dataDir: nextDir() }));

describeStorageContract('sqlite :memory:', async () => new SqliteDatabase({ dataDir: ':memory:' }));

// WAL checkpoints from the worker thread (the compiled script, built by the test setup).
const checkpointWorkerUrl = new URL('../../dist/storage/sqlite/checkpointWorker.js', import.meta.url);
describeStorageContract('sqlite file, checkpoints in a worker thread', async () => new SqliteDatabase({ dataDir: nextDir(), checkpointWorkerUrl, checkpointIntervalMs: 20 }));

describe('sqlite document log', () => {
  it.each([
    ['through the journal', true],
    ['straight into doc_log', false],
  ])('appendNow (%s) has stored the updates when it returns: the files as a crash leaves them then hold them', async (_, documentJournal) => {
    const dir = nextDir();
    const db = new SqliteDatabase({ dataDir: dir, checkpointWorkerUrl, documentJournal });
    const copy = crashCopy(dir);
    try {
      const seq = db.documents.appendNow('d1', [new Uint8Array([1, 2, 3]), new Uint8Array([4])]);
      const crashed = crashCopy(dir);
      const recovered = new SqliteDatabase({ dataDir: crashed.dir });
      const stored = await recovered.documents.load('d1');
      await recovered.close();
      crashed.remove();
      expect(stored.updates.map((u) => [...u])).toEqual([[1, 2, 3], [4]]);
      expect(stored.lastSeq).toBe(seq);
    } finally {
      copy.remove();
      await db.close();
    }
  });

  it('numbers a document after its snapshot when the log was trimmed away', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    const first = db.documents.appendNow('d', [new Uint8Array([1])]);
    await db.documents.compact('d', [new Uint8Array([9])], first);
    const next = db.documents.appendNow('d', [new Uint8Array([2])]);
    expect(next).toBeGreaterThan(first);
    expect((await db.documents.load('d')).updates).toEqual([new Uint8Array([2])]);
    await db.close();
  });

  it('refuses a duplicate sequence number rather than overwriting, leaving the log as it was', async () => {
    const dir = nextDir();
    const db = new SqliteDatabase({ dataDir: dir });
    db.documents.appendNow('d', [new Uint8Array([1])]);
    // Loading moves journaled appends into doc_log.
    await db.documents.load('d');
    const other = new BetterSqlite3(path.join(dir, 'boards.sqlite'));
    expect(() => other.prepare('INSERT INTO doc_log (doc_id, seq, data) VALUES (?, ?, ?)').run('d', 1, Buffer.from([7]))).toThrow(/UNIQUE/);
    other.close();
    expect((await db.documents.load('d')).updates).toEqual([new Uint8Array([1])]);
    await db.close();
  });

  it('refuses a snapshot whose stored part sizes do not add up to its bytes, naming it damaged', async () => {
    const dir = nextDir();
    const db = new SqliteDatabase({ dataDir: dir });
    try {
      await db.documents.compact('d', [new Uint8Array([1, 2]), new Uint8Array([3])], 0);
      for (const parts of ['[1,1]', '[3,0]', 'not json', '[]']) {
        db.connection.prepare('UPDATE doc_snapshots SET parts = ? WHERE doc_id = ?').run(parts, 'd');
        await expect(db.documents.load('d')).rejects.toMatchObject({ code: 'storage_damaged' });
      }
      db.connection.prepare('UPDATE doc_snapshots SET parts = ? WHERE doc_id = ?').run('[2,1]', 'd');
      expect((await db.documents.load('d')).snapshot).toEqual([new Uint8Array([1, 2]), new Uint8Array([3])]);
    } finally {
      await db.close();
    }
  });

  it('moves a log of the first layout (doc_updates, global sequence) into doc_log, keeping order and the snapshot', async () => {
    const dir = nextDir();
    mkdirSync(dir, { recursive: true });
    const legacy = new BetterSqlite3(path.join(dir, 'boards.sqlite'));
    legacy.exec(`
      CREATE TABLE doc_updates (seq INTEGER PRIMARY KEY AUTOINCREMENT, doc_id TEXT NOT NULL, data BLOB NOT NULL);
      CREATE INDEX ix_doc_updates_doc ON doc_updates (doc_id, seq);
      CREATE TABLE doc_snapshots (doc_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, data BLOB NOT NULL) WITHOUT ROWID;
    `);
    const insert = legacy.prepare('INSERT INTO doc_updates (doc_id, data) VALUES (?, ?)');
    for (const [doc, byte] of [['a', 1], ['b', 2], ['a', 3], ['a', 4], ['b', 5]] as const) insert.run(doc, Buffer.from([byte]));
    // a's first update (global seq 1) is covered by its snapshot.
    legacy.prepare('INSERT INTO doc_snapshots (doc_id, seq, data) VALUES (?, ?, ?)').run('a', 1, Buffer.from([0]));
    legacy.close();

    const db = new SqliteDatabase({ dataDir: dir });
    try {
      const a = await db.documents.load('a');
      expect(a.snapshot).toEqual([new Uint8Array([0])]);
      expect(a.updates).toEqual([new Uint8Array([3]), new Uint8Array([4])]);
      expect((await db.documents.load('b')).updates).toEqual([new Uint8Array([2]), new Uint8Array([5])]);
      expect(db.documents.appendNow('a', [new Uint8Array([6])])).toBeGreaterThan(a.lastSeq);
      expect((await db.documents.load('a')).updates.map((u) => u[0])).toEqual([3, 4, 6]);
      const tables = db.connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'doc_updates'").all();
      expect(tables).toEqual([]);
      // doc_snapshots of that layout gained the column of snapshots stored in parts.
      await db.documents.compact('a', [new Uint8Array([7]), new Uint8Array([8, 9])], 4);
      expect((await db.documents.load('a')).snapshot).toEqual([new Uint8Array([7]), new Uint8Array([8, 9])]);
    } finally {
      await db.close();
    }
  });
});

describe('sqlite WAL checkpoints', () => {
  const fileBytes = (dir: string): number => statSync(path.join(dir, 'boards.sqlite')).size;

  it('never checkpoint inside a commit when the worker runs them: the database file does not grow between its turns', async () => {
    const dir = nextDir();
    const db = new SqliteDatabase({ dataDir: dir, checkpointWorkerUrl, checkpointIntervalMs: 600_000 });
    try {
      expect(db.checkpointsInWorker).toBe(true);
      expect(db.connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      const before = fileBytes(dir);
      // Past SQLite's default autocheckpoint of 1000 WAL pages.
      for (let i = 0; i < 1500; i++) db.documents.appendNow(`d${i % 3}`, [new Uint8Array(600).fill(i % 251)]);
      expect(fileBytes(dir)).toBe(before);
    } finally {
      await db.close();
    }
    // Closing checkpointed everything: a fresh store reads it all.
    const reopened = new SqliteDatabase({ dataDir: dir });
    expect((await reopened.documents.load('d0')).updates).toHaveLength(500);
    await reopened.close();
  });

  it('the worker copies committed frames into the database file on its own', async () => {
    const dir = nextDir();
    const db = new SqliteDatabase({ dataDir: dir, checkpointWorkerUrl, checkpointIntervalMs: 20 });
    try {
      const before = fileBytes(dir);
      for (let i = 0; i < 200; i++) db.documents.appendNow('d', [new Uint8Array(600).fill(1)]);
      await expect.poll(() => fileBytes(dir), { timeout: 5_000 }).toBeGreaterThan(before);
    } finally {
      await db.close();
    }
  });

  it(':memory: has no worker', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:', checkpointWorkerUrl });
    expect(db.checkpointsInWorker).toBe(false);
    await db.close();
  });
});
