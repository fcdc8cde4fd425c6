import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BackupError } from '../../storage/sqlite/BackupError.js';
import { writeBackupFile } from '../../storage/sqlite/backupFile.js';
import { backupStore } from '../../storage/sqlite/backupStore.js';
import { DataDirLock } from '../../storage/sqlite/DataDirLock.js';
import { restoreStore } from '../../storage/sqlite/restoreStore.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';

const root = mkdtempSync(path.join(tmpdir(), 'boards-backup-'));
let made = 0;
const fresh = (name: string): string => path.join(root, `${name}${++made}`);
const open: SqliteDatabase[] = [];
const locks: DataDirLock[] = [];

afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  for (const lock of locks.splice(0)) lock.release();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function store(dataDir: string): SqliteDatabase {
  const db = new SqliteDatabase({ dataDir });
  open.push(db);
  return db;
}

type BoardRow = { id: string; title: string };
const boardsOf = (db: SqliteDatabase) => db.collection<BoardRow>({ name: 'boards' });

const update = (n: number): Uint8Array => new Uint8Array([n % 256, Math.floor(n / 256) % 256, 7]);

/** A store holding a few boards' documents, records and a server secret; its data folder. */
async function seeded(): Promise<{ dir: string; db: SqliteDatabase }> {
  const dir = fresh('data');
  const db = store(dir);
  await boardsOf(db).insert({ id: 'b1', title: 'One' });
  await boardsOf(db).insert({ id: 'b2', title: 'Two' });
  db.documents.appendNow('b1', [update(1), update(2)]);
  db.documents.appendNow('b2', [update(3)]);
  writeFileSync(path.join(dir, 'session-secret'), 'a-server-secret-of-at-least-thirty-two-chars\n', { mode: 0o600 });
  return { dir, db };
}

async function backupOf(dir: string): Promise<string> {
  const file = path.join(fresh('out'), 'store.bak');
  mkdirSync(path.dirname(file));
  await backupStore({ dataDir: dir, to: file });
  return file;
}

describe('backupStore and restoreStore', () => {
  it('restore brings back the records, every document update exactly once, and the server secret', async () => {
    const { dir, db } = await seeded();
    // Moved into doc_log (and still in the journal's current segment), then more that wait in the journal only.
    await db.documents.sync();
    db.documents.appendNow('b1', [update(4)]);
    const file = path.join(fresh('out'), 'store.bak');
    mkdirSync(path.dirname(file));
    const summary = await backupStore({ dataDir: dir, to: file });
    expect(summary).toMatchObject({ file, boards: 2 });
    expect(summary.journalRecords).toBeGreaterThanOrEqual(1);

    const target = fresh('restored');
    const restored = await restoreStore({ from: file, dataDir: target });
    expect(restored).toMatchObject({ dataDir: target, boards: 2, journalRecords: summary.journalRecords });
    expect(readdirSync(target).sort()).toEqual(['boards.sqlite', 'server.lock', 'session-secret']);
    expect(readFileSync(path.join(target, 'session-secret'), 'utf8')).toBe('a-server-secret-of-at-least-thirty-two-chars\n');
    const copy = store(target);
    expect((await boardsOf(copy).find({})).map((b) => b.id).sort()).toEqual(['b1', 'b2']);
    const b1 = await copy.documents.load('b1');
    expect(b1.updates).toEqual([update(1), update(2), update(4)]);
    expect(b1.lastSeq).toBe(3);
    expect((await copy.documents.load('b2')).updates).toEqual([update(3)]);
  });

  it('keeps what waits in the journal only: a copy of the database file alone would miss it', async () => {
    const { dir, db } = await seeded();
    const file = path.join(fresh('out'), 'store.bak');
    mkdirSync(path.dirname(file));
    // All in one event-loop turn: the move into doc_log (a timer) cannot run before the backup's cut.
    db.documents.appendNow('b2', [update(10), update(11)]);
    const inDatabase = new BetterSqlite3(path.join(dir, 'boards.sqlite'), { readonly: true });
    const logged = inDatabase.prepare("SELECT count(*) FROM doc_log WHERE doc_id = 'b2'").pluck().get();
    inDatabase.close();
    const backup = backupStore({ dataDir: dir, to: file });
    expect(logged).toBe(0);
    expect((await backup).journalRecords).toBe(3);

    const target = fresh('restored');
    await restoreStore({ from: file, dataDir: target });
    expect((await store(target).documents.load('b2')).updates).toEqual([update(3), update(10), update(11)]);
  });

  it('a document deleted before the backup stays deleted, and a compacted one is not replayed over its snapshot', async () => {
    const { dir, db } = await seeded();
    await db.documents.delete('b2');
    await db.documents.compact('b1', [new Uint8Array([9, 9])], 2);
    db.documents.appendNow('b1', [update(5)]);
    const target = fresh('restored');
    await restoreStore({ from: await backupOf(dir), dataDir: target });
    const copy = store(target);
    expect(await copy.documents.load('b2')).toEqual({ snapshot: null, updates: [], lastSeq: 0 });
    const b1 = await copy.documents.load('b1');
    expect(b1.snapshot).toEqual([new Uint8Array([9, 9])]);
    expect(b1.updates).toEqual([update(5)]);
    expect(b1.lastSeq).toBe(3);
  });

  it('copies a consistent snapshot in many steps while another connection keeps writing, and reports its progress', async () => {
    const { dir, db } = await seeded();
    const boards = boardsOf(db);
    for (let i = 0; i < 300; i += 1) await boards.insert({ id: `pad${i}`, title: 'x'.repeat(2000) });
    let written = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await boards.insert({ id: `w${written}`, title: 'y'.repeat(500) });
        db.documents.appendNow('b1', [update(100 + written)]);
        written += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const steps: number[] = [];
    const file = path.join(fresh('out'), 'store.bak');
    mkdirSync(path.dirname(file));
    const before = written;
    try {
      // One page a step: without the read transaction the copy restarts on every write and never ends.
      await backupStore({ dataDir: dir, to: file, pagesPerStep: 1, onProgress: ({ step, done }) => (step === 'database' ? steps.push(done) : undefined) });
    } finally {
      writing = false;
      await writer;
    }
    expect(written).toBeGreaterThan(before);
    expect(steps.length).toBeGreaterThan(50);
    // Pages only ever go forward: the copy never started over.
    expect(steps).toEqual([...steps].sort((a, b) => a - b));

    const target = fresh('restored');
    await restoreStore({ from: file, dataDir: target });
    const copy = store(target);
    const ids = new Set((await boardsOf(copy).find({})).map((b) => b.id));
    for (let i = 0; i < before; i += 1) expect(ids.has(`w${i}`)).toBe(true);
    const b1 = await copy.documents.load('b1');
    // The document holds a prefix of what was appended, at least everything before the backup began.
    expect(b1.updates.length).toBeGreaterThanOrEqual(2 + before);
    expect(b1.updates).toEqual([update(1), update(2), ...Array.from({ length: b1.updates.length - 2 }, (_, i) => update(100 + i))]);
  });
});

describe('backupStore refuses, leaving nothing behind', () => {
  it('a target that exists, a missing folder, and a folder without a store', async () => {
    const { dir } = await seeded();
    const out = fresh('out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'taken.bak'), 'keep me');
    await expect(backupStore({ dataDir: dir, to: path.join(out, 'taken.bak') })).rejects.toMatchObject({ code: 'backup_refused' });
    expect(readFileSync(path.join(out, 'taken.bak'), 'utf8')).toBe('keep me');
    await expect(backupStore({ dataDir: dir, to: path.join(out, 'missing', 'x.bak') })).rejects.toMatchObject({ code: 'backup_refused' });
    await expect(backupStore({ dataDir: fresh('empty'), to: path.join(out, 'x.bak') })).rejects.toMatchObject({ code: 'backup_refused' });
    expect(readdirSync(out)).toEqual(['taken.bak']);
  });

  it('an aborted backup leaves no file and no temporary folder', async () => {
    const { dir } = await seeded();
    const out = fresh('out');
    mkdirSync(out);
    const stop = new AbortController();
    stop.abort();
    await expect(backupStore({ dataDir: dir, to: path.join(out, 'x.bak'), signal: stop.signal })).rejects.toBeInstanceOf(BackupError);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('restoreStore refuses, leaving nothing behind', () => {
  async function goodBackup(): Promise<Buffer> {
    const { dir } = await seeded();
    return readFileSync(await backupOf(dir));
  }

  async function expectInvalid(bytes: Buffer | string): Promise<void> {
    const file = path.join(fresh('bad'), 'x.bak');
    mkdirSync(path.dirname(file));
    writeFileSync(file, bytes);
    const target = fresh('restored');
    await expect(restoreStore({ from: file, dataDir: target })).rejects.toMatchObject({ code: 'backup_invalid' });
    expect(() => readdirSync(target)).toThrow(/ENOENT/);
  }

  it('a file cut short anywhere: in the magic, the header, the database, the journal or the checksum', async () => {
    const good = await goodBackup();
    for (const length of [0, 4, 12, 20, 200, Math.floor(good.byteLength / 2), good.byteLength - 33, good.byteLength - 1]) {
      await expectInvalid(good.subarray(0, length));
    }
  });

  it('a file with one byte changed, or bytes past its end', async () => {
    const good = await goodBackup();
    for (const at of [30, Math.floor(good.byteLength / 2), good.byteLength - 40, good.byteLength - 1]) {
      const bad = Buffer.from(good);
      bad[at] = (bad[at] ?? 0) ^ 0x40;
      await expectInvalid(bad);
    }
    await expectInvalid(Buffer.concat([good, Buffer.from('x')]));
  });

  it('a foreign file, a bare SQLite database, a newer format, a missing file and a folder', async () => {
    await expectInvalid('not a backup at all\n');
    const { dir } = await seeded();
    await expectInvalid(readFileSync(path.join(dir, 'boards.sqlite')));
    const newer = await goodBackup();
    newer.writeUInt32LE(2, 8);
    await expectInvalid(newer);
    const target = fresh('restored');
    await expect(restoreStore({ from: path.join(root, 'no-such.bak'), dataDir: target })).rejects.toMatchObject({ code: 'backup_invalid' });
    await expect(restoreStore({ from: root, dataDir: target })).rejects.toMatchObject({ code: 'backup_invalid' });
    expect(() => readdirSync(target)).toThrow(/ENOENT/);
  });

  it('a folder that is not empty, is a file, or that a server holds', async () => {
    const { dir } = await seeded();
    const file = await backupOf(dir);
    const notEmpty = fresh('target');
    mkdirSync(notEmpty);
    writeFileSync(path.join(notEmpty, 'notes.txt'), 'mine');
    await expect(restoreStore({ from: file, dataDir: notEmpty })).rejects.toMatchObject({ code: 'backup_refused' });
    expect(readdirSync(notEmpty)).toEqual(['notes.txt']);

    const interrupted = fresh('target');
    mkdirSync(path.join(interrupted, '.restoring'), { recursive: true });
    await expect(restoreStore({ from: file, dataDir: interrupted })).rejects.toThrow(/interrupted restore/);
    expect(readdirSync(interrupted)).toEqual(['.restoring']);

    const aFile = path.join(notEmpty, 'notes.txt');
    await expect(restoreStore({ from: file, dataDir: aFile })).rejects.toMatchObject({ code: 'backup_refused' });

    const served = fresh('served');
    const lock = DataDirLock.acquire(served);
    if (!(lock instanceof DataDirLock)) throw new Error('lock held');
    locks.push(lock);
    const before = readdirSync(served).sort();
    await expect(restoreStore({ from: file, dataDir: served })).rejects.toThrow(/in use by a running Boards server \(process \d+\)/);
    expect(readdirSync(served).sort()).toEqual(before);
  });

  it('an empty folder that exists is used, and left empty when the backup turns out damaged', async () => {
    const good = await goodBackup();
    const empty = fresh('target');
    mkdirSync(empty);
    const bad = Buffer.from(good);
    bad[100] = (bad[100] ?? 0) ^ 1;
    const file = path.join(fresh('bad'), 'x.bak');
    mkdirSync(path.dirname(file));
    writeFileSync(file, bad);
    await expect(restoreStore({ from: file, dataDir: empty })).rejects.toMatchObject({ code: 'backup_invalid' });
    expect(readdirSync(empty)).toEqual([]);
    writeFileSync(file, good);
    await restoreStore({ from: file, dataDir: empty });
    expect(readdirSync(empty)).toContain('boards.sqlite');
  });

  it('a file whose checksum holds but whose database SQLite cannot read, found once the folder is locked: the folder is left as it was', async () => {
    const junk = path.join(fresh('junk'), 'boards.sqlite');
    mkdirSync(path.dirname(junk));
    writeFileSync(junk, Buffer.alloc(8192, 0x5a));
    const file = path.join(path.dirname(junk), 'x.bak');
    const header = { createdAt: new Date(0).toISOString(), boards: 1, secretBytes: 0, databaseBytes: 8192, journalBytes: 0, journalRecords: 0 };
    await writeBackupFile(file, { header, secret: Buffer.alloc(0), databaseFile: junk, journal: Buffer.alloc(0) });
    const missing = fresh('target');
    await expect(restoreStore({ from: file, dataDir: missing })).rejects.toMatchObject({ code: 'backup_invalid' });
    expect(() => readdirSync(missing)).toThrow(/ENOENT/);
    const empty = fresh('target');
    mkdirSync(empty);
    await expect(restoreStore({ from: file, dataDir: empty })).rejects.toThrow(/cannot be read|is damaged/);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('an aborted restore leaves the folder as it was', async () => {
    const { dir } = await seeded();
    const file = await backupOf(dir);
    const stop = new AbortController();
    const empty = fresh('target');
    mkdirSync(empty);
    // Aborted once the file is checked, while the store is being built.
    const restoring = restoreStore({ from: file, dataDir: empty, signal: stop.signal, onProgress: () => stop.abort() });
    await expect(restoring).rejects.toThrow(/interrupted/);
    expect(readdirSync(empty)).toEqual([]);
  });
});
