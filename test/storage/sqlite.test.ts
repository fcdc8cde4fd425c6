import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { configureConnection } from '../../storage/sqlite/connection.js';
import { DocumentJournal } from '../../storage/sqlite/DocumentJournal.js';
import { SqliteCollection } from '../../storage/sqlite/SqliteCollection.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { SqliteDocumentStore } from '../../storage/sqlite/SqliteDocumentStore.js';
import { WalSync } from '../../storage/sqlite/WalSync.js';
import { describeStorageContract } from './contract.js';
import { crashCopy } from './crashCopy.js';

const root = mkdtempSync(path.join(tmpdir(), 'boards-sqlite-contract-'));
let opened = 0;
const nextDir = (): string => path.join(root, `db${++opened}`);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describeStorageContract('sqlite file', async () => new SqliteDatabase({ dataDir: nextDir() }));

describeStorageContract('sqlite :memory:', async () => new SqliteDatabase({ dataDir: ':memory:' }));

// WAL checkpoints every 20 ms, between the contract's writes.
describeStorageContract('sqlite file, frequent checkpoints', async () => new SqliteDatabase({ dataDir: nextDir(), checkpointIntervalMs: 20 }));
// SQLite's own checkpoints inside commits, as a command beside the server runs.
describeStorageContract('sqlite file, no background work', async () => new SqliteDatabase({ dataDir: nextDir(), background: false }));

/** Counts event-loop turns (immediates) until stopped. */
const turnCounter = (): { stop: () => number } => {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop: () => {
      running = false;
      return turns;
    },
  };
};

describe('sqlite document log', () => {
  it.each([
    ['through the journal', true],
    ['straight into doc_log', false],
  ])('appendNow (%s) has stored the updates when it returns: the files as a crash leaves them then hold them', async (_, documentJournal) => {
    const dir = nextDir();
    const db = new SqliteDatabase({ dataDir: dir, documentJournal });
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

  describe('a large snapshot, written in parts over several event-loop turns', () => {
    /** 24 parts of 50 KB (1.2 MB), each filled with its own byte. */
    const bigParts = (offset = 0): Uint8Array[] => Array.from({ length: 24 }, (_, i) => new Uint8Array(50_000).fill(offset + i + 1));
    const same = (a: readonly Uint8Array[] | null | undefined, b: readonly Uint8Array[]): boolean =>
      a?.length === b.length && a.every((part, i) => Buffer.from(part).equals(Buffer.from(b[i] as Uint8Array)));
    const partRows = (db: SqliteDatabase, doc: string): { gen: number; n: number }[] =>
      db.connection.prepare('SELECT gen, count(*) AS n FROM doc_snapshot_parts WHERE doc_id = ? GROUP BY gen').all(doc) as { gen: number; n: number }[];
    const snapshotGen = (db: SqliteDatabase): number => (db.connection.prepare("SELECT gen FROM doc_snapshots WHERE doc_id = 'd'").get() as { gen: number }).gen;
    /** Runs `test` on a store whose document `d` has `bigParts()` as its snapshot and one update logged after it (`later`, its number). */
    const withBigSnapshot = async (test: (db: SqliteDatabase, later: number) => Promise<void>): Promise<void> => {
      const db = new SqliteDatabase({ dataDir: nextDir() });
      try {
        const seq = db.documents.appendNow('d', [new Uint8Array([1])]);
        await db.documents.compact('d', bigParts(), seq);
        await test(db, db.documents.appendNow('d', [new Uint8Array([2])]));
      } finally {
        await db.close();
      }
    };
    it('lets the event loop turn between parts, stores them in doc_snapshot_parts, and frees the parts it replaces', async () => {
      const db = new SqliteDatabase({ dataDir: nextDir() });
      try {
        const seq = db.documents.appendNow('d', [new Uint8Array([1])]);
        const counter = turnCounter();
        await db.documents.compact('d', bigParts(), seq);
        // 1.2 MB at 256 KB a turn: at least five turns, and one more to make it the snapshot.
        expect(counter.stop()).toBeGreaterThanOrEqual(5);
        const row = db.connection.prepare("SELECT length(data) AS bytes, gen FROM doc_snapshots WHERE doc_id = 'd'").get() as { bytes: number; gen: number };
        expect(row.bytes).toBe(0);
        expect(partRows(db, 'd')).toEqual([{ gen: row.gen, n: 24 }]);
        const stored = await db.documents.load('d');
        expect(same(stored.snapshot, bigParts())).toBe(true);
        expect(stored.updates).toEqual([]);

        const next = db.documents.appendNow('d', [new Uint8Array([2])]);
        await db.documents.compact('d', bigParts(100), next);
        const gen = snapshotGen(db);
        expect(gen).toBeGreaterThan(row.gen);
        expect(partRows(db, 'd')).toEqual([{ gen, n: 24 }]);
        expect(same((await db.documents.load('d')).snapshot, bigParts(100))).toBe(true);

        // A small snapshot goes back inline, and the parts go.
        const last = db.documents.appendNow('d', [new Uint8Array([3])]);
        await db.documents.compact('d', [new Uint8Array([7, 7])], last);
        expect(partRows(db, 'd')).toEqual([]);
        expect((await db.documents.load('d')).snapshot).toEqual([new Uint8Array([7, 7])]);
      } finally {
        await db.close();
      }
    });

    it('keeps appends made while it writes, after the snapshot, in order', async () => {
      const db = new SqliteDatabase({ dataDir: nextDir() });
      try {
        const upTo = db.documents.appendNow('d', [new Uint8Array([1]), new Uint8Array([2])]);
        const compaction = db.documents.compact('d', bigParts(), upTo);
        const during: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          await new Promise((resolve) => setImmediate(resolve));
          during.push(db.documents.appendNow('d', [new Uint8Array([10 + i])]));
        }
        await compaction;
        const stored = await db.documents.load('d');
        expect(same(stored.snapshot, bigParts())).toBe(true);
        expect(stored.updates.map((u) => u[0])).toEqual([10, 11, 12]);
        expect(stored.lastSeq).toBe(during.at(-1));
        expect(await db.documents.pendingUpdates('d')).toBe(3);
      } finally {
        await db.close();
      }
    });

    it('stores nothing when the document is deleted while it writes', async () => {
      const db = new SqliteDatabase({ dataDir: nextDir() });
      try {
        const seq = db.documents.appendNow('d', [new Uint8Array([1])]);
        const compaction = db.documents.compact('d', bigParts(), seq);
        await new Promise((resolve) => setImmediate(resolve));
        await db.documents.delete('d');
        await compaction;
        const stored = await db.documents.load('d');
        expect(stored.snapshot).toBeNull();
        expect(stored.updates).toEqual([]);
        expect(partRows(db, 'd')).toEqual([]);
      } finally {
        await db.close();
      }
    });

    it('a crash before it is made the snapshot leaves the old snapshot and log; the next open removes the parts nothing points at', async () => {
      const dir = nextDir();
      const db = new SqliteDatabase({ dataDir: dir });
      const seq = db.documents.appendNow('d', [new Uint8Array([1])]);
      await db.documents.compact('d', bigParts(), seq);
      const later = db.documents.appendNow('d', [new Uint8Array([2])]);
      const compaction = db.documents.compact('d', bigParts(50), later);
      await new Promise((resolve) => setImmediate(resolve));
      // The files as kill -9 would leave them now: some of the new parts written, the old snapshot in place.
      const crashed = crashCopy(dir);
      await compaction;
      await db.close();
      const reopened = new SqliteDatabase({ dataDir: crashed.dir });
      try {
        const stored = await reopened.documents.load('d');
        expect(same(stored.snapshot, bigParts())).toBe(true);
        expect(stored.updates).toEqual([new Uint8Array([2])]);
        const gen = snapshotGen(reopened);
        expect(partRows(reopened, 'd')).toEqual([{ gen, n: 24 }]);
        // The next generation is above every one stored.
        await reopened.documents.compact('d', bigParts(7), later);
        expect(snapshotGen(reopened)).toBeGreaterThan(gen);
        expect(same((await reopened.documents.load('d')).snapshot, bigParts(7))).toBe(true);
      } finally {
        await reopened.close();
        crashed.remove();
      }
    });

    it('close waits for a compaction under way, which is then stored', async () => {
      const dir = nextDir();
      const db = new SqliteDatabase({ dataDir: dir });
      const seq = db.documents.appendNow('d', [new Uint8Array([1])]);
      const compaction = db.documents.compact('d', bigParts(), seq);
      await db.close();
      await compaction;
      const reopened = new SqliteDatabase({ dataDir: dir });
      try {
        expect(same((await reopened.documents.load('d')).snapshot, bigParts())).toBe(true);
      } finally {
        await reopened.close();
      }
    });

    it('is read a few parts per turn; a compaction that replaces it meanwhile frees its parts only after the read, and a delete meanwhile reads the document again', async () => {
      await withBigSnapshot(async (db, later) => {
        const counter = turnCounter();
        const reading = db.documents.load('d');
        // Replaced while the read is under way: inline, so the swap happens in this turn.
        await db.documents.compact('d', [new Uint8Array([5])], later);
        const read = await reading;
        expect(counter.stop()).toBeGreaterThanOrEqual(4);
        expect(same(read.snapshot, bigParts())).toBe(true);
        expect(read.updates).toEqual([new Uint8Array([2])]);
        expect(partRows(db, 'd')).toEqual([]);
        expect((await db.documents.load('d')).snapshot).toEqual([new Uint8Array([5])]);

        const again = db.documents.appendNow('d', [new Uint8Array([3])]);
        await db.documents.compact('d', bigParts(30), again);
        const whileDeleted = db.documents.load('d');
        await new Promise((resolve) => setImmediate(resolve));
        await db.documents.delete('d');
        const gone = await whileDeleted;
        expect(gone.snapshot).toBeNull();
        expect(gone.updates).toEqual([]);
      });
    });

    it('a write that fails midway rejects, removes the parts it wrote and leaves the old snapshot and log', async () => {
      await withBigSnapshot(async (db, later) => {
        db.connection.exec("CREATE TRIGGER full_disk BEFORE INSERT ON doc_snapshot_parts WHEN NEW.idx = 12 BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
        await expect(db.documents.compact('d', bigParts(40), later)).rejects.toThrow(/disk is full/);
        const gen = snapshotGen(db);
        expect(partRows(db, 'd')).toEqual([{ gen, n: 24 }]);
        const stored = await db.documents.load('d');
        expect(same(stored.snapshot, bigParts())).toBe(true);
        expect(stored.updates).toEqual([new Uint8Array([2])]);
        db.connection.exec('DROP TRIGGER full_disk');
        await db.documents.compact('d', bigParts(40), later);
        expect(same((await db.documents.load('d')).snapshot, bigParts(40))).toBe(true);
      });
    });

    it('refuses a snapshot whose parts are missing or not the sizes recorded, naming it damaged', async () => {
      await withBigSnapshot(async (db) => {
        const connection = db.connection;
        connection.prepare("UPDATE doc_snapshot_parts SET data = zeroblob(10) WHERE doc_id = 'd' AND idx = 3").run();
        await expect(db.documents.load('d')).rejects.toMatchObject({ code: 'storage_damaged' });
        connection.prepare("DELETE FROM doc_snapshot_parts WHERE doc_id = 'd' AND idx = 5").run();
        await expect(db.documents.load('d')).rejects.toMatchObject({ code: 'storage_damaged' });
        connection.prepare("INSERT INTO doc_snapshot_parts (doc_id, gen, idx, data) SELECT doc_id, gen, 5, zeroblob(50000) FROM doc_snapshots WHERE doc_id = 'd'").run();
        connection.prepare("UPDATE doc_snapshot_parts SET data = zeroblob(50000) WHERE doc_id = 'd' AND idx = 3").run();
        expect((await db.documents.load('d')).snapshot).toHaveLength(24);
        // One part more than recorded.
        connection.prepare("INSERT INTO doc_snapshot_parts (doc_id, gen, idx, data) SELECT doc_id, gen, 24, zeroblob(10) FROM doc_snapshots WHERE doc_id = 'd'").run();
        await expect(db.documents.load('d')).rejects.toMatchObject({ code: 'storage_damaged' });
        connection.prepare("DELETE FROM doc_snapshot_parts WHERE doc_id = 'd'").run();
        await expect(db.documents.load('d')).rejects.toMatchObject({ code: 'storage_damaged' });
      });
    });
  });

  describe('a long log, read a thousand rows per event-loop turn', () => {
    const update = (i: number): number[] => [i % 256, Math.floor(i / 256), 7];
    /** Runs `test` on a store whose document `d` has a snapshot and 2,500 updates logged after it (`last`, the number of the last). */
    const withLongLog = async (documentJournal: boolean, test: (db: SqliteDatabase, last: number) => Promise<void>): Promise<void> => {
      const db = new SqliteDatabase({ dataDir: nextDir(), documentJournal });
      try {
        const first = db.documents.appendNow('d', [new Uint8Array([1])]);
        await db.documents.compact('d', [new Uint8Array([9])], first);
        let last = first;
        for (let i = 0; i < 2500; i += 500) last = db.documents.appendNow('d', Array.from({ length: 500 }, (_, j) => new Uint8Array(update(i + j))));
        await db.documents.sync();
        await test(db, last);
      } finally {
        await db.close();
      }
    };

    it.each([
      ['through the journal', true],
      ['straight into doc_log', false],
    ])('reads every row in order over several turns, with the updates appended (%s) while it reads', async (_, documentJournal) => {
      await withLongLog(documentJournal, async (db, last) => {
        const counter = turnCounter();
        const reading = db.documents.load('d');
        await new Promise((resolve) => setImmediate(resolve));
        const appended = db.documents.appendNow('d', [new Uint8Array([200, 200, 200])]);
        const read = await reading;
        expect(counter.stop()).toBeGreaterThanOrEqual(2);
        expect(read.snapshot).toEqual([new Uint8Array([9])]);
        expect(read.updates).toEqual([...Array.from({ length: 2500 }, (_, i) => new Uint8Array(update(i))), new Uint8Array([200, 200, 200])]);
        expect(appended).toBe(last + 1);
        expect(read.lastSeq).toBe(appended);
      });
    });

    it('reads again when a compaction stored meanwhile covers rows past its first read', async () => {
      await withLongLog(false, async (db, last) => {
        const reading = db.documents.load('d');
        await new Promise((resolve) => setImmediate(resolve));
        // Inline: stored, and the log it covers trimmed, in this turn.
        await db.documents.compact('d', [new Uint8Array([5])], last - 10);
        const read = await reading;
        expect(read.snapshot).toEqual([new Uint8Array([5])]);
        expect(read.updates).toEqual(Array.from({ length: 10 }, (_, i) => new Uint8Array(update(2490 + i))));
        expect(read.lastSeq).toBe(last);
      });
    });

    it('reads the document again, deleted, when it is deleted meanwhile', async () => {
      await withLongLog(true, async (db) => {
        const reading = db.documents.load('d');
        await new Promise((resolve) => setImmediate(resolve));
        await db.documents.delete('d');
        const read = await reading;
        expect(read.snapshot).toBeNull();
        expect(read.updates).toEqual([]);
        expect(read.lastSeq).toBe(0);
      });
    });
  });

  it('sync moves the appends waiting in the journal into doc_log and fsyncs the WAL alone, which then covers rows written beside them', async () => {
    const dir = nextDir();
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'boards.sqlite');
    const connection = new BetterSqlite3(file);
    configureConnection(connection, 'normal');
    // Timers far off: only sync() fsyncs here.
    const walSync = new WalSync(file, 60_000);
    const journal = DocumentJournal.open({ dir: path.join(dir, 'journal'), fsync: true, syncDelayMs: 60_000, segmentBytes: 1 << 20, onError: () => undefined });
    if (journal === undefined) throw new Error('journal locked');
    const store = new SqliteDocumentStore(connection, { walSync, journal, moveDelayMs: 60_000 });
    const rows = new SqliteCollection<{ id: string }>(connection, { name: 'activity_rows' }, walSync);
    try {
      store.appendNow('d', [new Uint8Array([1]), new Uint8Array([2])]);
      await rows.insert({ id: 'row1' }, { durability: 'shared' });
      const logged = connection.prepare("SELECT count(*) FROM doc_log WHERE doc_id = 'd'").pluck();
      expect(logged.get()).toBe(0);
      await store.sync();
      expect(logged.get()).toBe(2);
      expect(walSync.fsyncs).toBe(1);
      expect(journal.fsyncs).toBe(0);
      // What the fsynced WAL holds opens without the journal: the updates and the row.
      const copy = crashCopy(dir);
      try {
        rmSync(path.join(copy.dir, 'journal'), { recursive: true, force: true });
        const reopened = new SqliteDatabase({ dataDir: copy.dir });
        expect((await reopened.documents.load('d')).updates).toEqual([new Uint8Array([1]), new Uint8Array([2])]);
        expect(await reopened.collection<{ id: string }>({ name: 'activity_rows' }).get('row1')).toEqual({ id: 'row1' });
        await reopened.close();
      } finally {
        copy.remove();
      }
      // Nothing waiting: the next sync fsyncs only what was written since.
      await store.sync();
      expect(walSync.fsyncs).toBe(1);
    } finally {
      await store.close();
      await walSync.close();
      connection.close();
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

  it('never checkpoint inside a commit when the checkpointer runs them: the database file does not grow between its rounds', async () => {
    const dir = nextDir();
    const db = new SqliteDatabase({ dataDir: dir, checkpointIntervalMs: 600_000 });
    try {
      expect(db.checkpointer).toBeDefined();
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

  it('the checkpointer copies committed frames into the database file on its own', async () => {
    const dir = nextDir();
    const db = new SqliteDatabase({ dataDir: dir, checkpointIntervalMs: 20 });
    try {
      const before = fileBytes(dir);
      for (let i = 0; i < 200; i++) db.documents.appendNow('d', [new Uint8Array(600).fill(1)]);
      await expect.poll(() => fileBytes(dir), { timeout: 5_000 }).toBeGreaterThan(before);
    } finally {
      await db.close();
    }
  });

  it(':memory: has no checkpointer', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    expect(db.checkpointer).toBeUndefined();
    await db.close();
  });
});
