import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentJournal, encodeRecord, readSegment } from '../../storage/sqlite/DocumentJournal.js';
import type { DocumentJournalOptions, JournalRecord } from '../../storage/sqlite/DocumentJournal.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { crashCopy } from './crashCopy.js';

const dirs: string[] = [];
const journals: DocumentJournal[] = [];
afterEach(async () => {
  for (const journal of journals.splice(0)) await journal.close({ discard: false });
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'boards-journal-'));
  dirs.push(dir);
  return dir;
}

function open(dir: string, options: Partial<DocumentJournalOptions> = {}): DocumentJournal {
  const journal = DocumentJournal.open({ dir, fsync: true, syncDelayMs: 60_000, segmentBytes: 1 << 20, onError: () => undefined, ...options });
  if (journal === undefined) throw new Error('journal locked');
  journals.push(journal);
  return journal;
}

const segments = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.log')).sort();
const u = (...bytes: number[]): Uint8Array => new Uint8Array(bytes);

describe('journal records', () => {
  const samples: JournalRecord[] = [
    { kind: 'updates', docId: 'board-1', firstSeq: 1, updates: [u(1, 2, 3)] },
    { kind: 'updates', docId: 'tableau-été-✓', firstSeq: 2 ** 40, updates: [u(), u(255), new Uint8Array(70_000).fill(7)] },
    { kind: 'updates', docId: 'empty', firstSeq: 5, updates: [] },
    { kind: 'deleted', docId: 'board-1' },
  ];

  it('read back exactly as written, in order', () => {
    const bytes = Buffer.concat(samples.map((record) => encodeRecord(record)));
    expect(readSegment(bytes)).toEqual({ records: samples, damagedAt: undefined });
  });

  it('stop at a record cut off at any byte (a torn append), keeping every whole record before it', () => {
    const whole = Buffer.concat(samples.slice(0, 2).map((record) => encodeRecord(record)));
    const firstBytes = encodeRecord(samples[0]!).byteLength;
    for (const cut of [firstBytes + 1, firstBytes + 7, firstBytes + 8, firstBytes + 20, whole.byteLength - 1]) {
      expect(readSegment(whole.subarray(0, cut))).toEqual({ records: [samples[0]], damagedAt: firstBytes });
    }
  });

  it('stop at a record whose bytes changed (its CRC no longer matches)', () => {
    const bytes = Buffer.concat(samples.map((record) => encodeRecord(record)));
    const second = encodeRecord(samples[0]!).byteLength;
    bytes[second + 12] = bytes[second + 12]! ^ 0xff;
    expect(readSegment(bytes)).toEqual({ records: [samples[0]], damagedAt: second });
  });

  it('refuse a document id over 65535 bytes', () => {
    expect(() => encodeRecord({ kind: 'deleted', docId: 'x'.repeat(70_000) })).toThrow(TypeError);
  });
});

describe('DocumentJournal', () => {
  it('is owned by one opener at a time; the lock goes with close', async () => {
    const dir = freshDir();
    const first = open(dir);
    expect(DocumentJournal.open({ dir, fsync: false, syncDelayMs: 50, segmentBytes: 1 << 20, onError: () => undefined })).toBeUndefined();
    await first.close({ discard: false });
    expect(open(dir)).toBeInstanceOf(DocumentJournal);
  });

  it('recovers every record of every segment in order after a crash, and drops a torn tail', () => {
    const dir = freshDir();
    const journal = open(dir, { segmentBytes: 64 });
    for (let i = 0; i < 10; i += 1) journal.append(`d${i % 2}`, i + 1, [new Uint8Array(40).fill(i)]);
    journal.appendDeleted('d0');
    expect(segments(dir).length).toBeGreaterThan(3);
    const crashed = crashCopy(dir);
    dirs.push(crashed.dir);
    // An append cut off by the crash.
    const last = path.join(crashed.dir, segments(crashed.dir).at(-1)!);
    writeFileSync(last, Buffer.concat([readFileSync(last), encodeRecord({ kind: 'deleted', docId: 'd1' }).subarray(0, 9)]));
    const reopened = open(crashed.dir);
    expect(reopened.recovered.map((r) => (r.kind === 'updates' ? `${r.docId}@${r.firstSeq}` : `deleted ${r.docId}`))).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `d${i % 2}@${i + 1}`),
      'deleted d0',
    ]);
  });

  it('deletes the segments before a mark on release, never the current one', () => {
    const dir = freshDir();
    const journal = open(dir, { segmentBytes: 64 });
    for (let i = 0; i < 6; i += 1) journal.append('d', i + 1, [new Uint8Array(60)]);
    const before = segments(dir);
    const mark = journal.mark();
    journal.append('d', 7, [u(1)]);
    journal.release(mark);
    expect(segments(dir)[0]).toBe(before.at(-1));
    expect(segments(dir).every((name) => name >= before.at(-1)!)).toBe(true);
  });

  it('fsyncs appends on request, once for all callers of a turn, and refuses appends once closed', async () => {
    const dir = freshDir();
    const journal = open(dir);
    journal.append('d', 1, [u(1)]);
    journal.append('d', 2, [u(2)]);
    await Promise.all([journal.sync(), journal.sync()]);
    expect(journal.fsyncs).toBe(1);
    await journal.sync();
    expect(journal.fsyncs).toBe(1);
    await journal.close({ discard: false });
    expect(() => journal.append('d', 3, [u(3)])).toThrow(/closed/);
  });

  it.runIf(process.platform === 'linux')('rotates without waiting for the disk: a closed segment stays open until an fsync that began after its last write', async () => {
    const dir = freshDir();
    // The journal's segments this process holds open (Linux: /proc/self/fd).
    const openSegments = (): number =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          const target = readlinkSync(`/proc/self/fd/${fd}`);
          return target.startsWith(dir) && target.endsWith('.log');
        } catch {
          return false;
        }
      }).length;
    const journal = open(dir, { segmentBytes: 64 });
    for (let i = 0; i < 3; i += 1) journal.append('d', i + 1, [new Uint8Array(60)]);
    expect(segments(dir)).toHaveLength(4);
    expect(openSegments()).toBe(4);
    await journal.sync();
    expect(openSegments()).toBe(1);

    // An fsync starts; the current segment is then written to and closed before it ends: that
    // fsync cannot cover the write, so the segment waits for the next one.
    journal.append('d', 4, [u(1)]);
    const first = journal.sync();
    journal.append('d', 5, [new Uint8Array(60)]);
    const pending = journal.sync();
    await first;
    expect(openSegments()).toBe(2);
    await pending;
    expect(openSegments()).toBe(1);
    expect(journal.fsyncs).toBe(3);

    // Without fsync a closed segment is closed at once.
    const unsynced = open(freshDir(), { segmentBytes: 64, fsync: false });
    const held = openSegments();
    for (let i = 0; i < 3; i += 1) unsynced.append('d', i + 1, [new Uint8Array(60)]);
    expect(openSegments()).toBe(held);
  });

  it('leaves no segments after a close that discards', async () => {
    const dir = freshDir();
    const journal = open(dir, { segmentBytes: 64 });
    for (let i = 0; i < 4; i += 1) journal.append('d', i + 1, [new Uint8Array(60)]);
    await journal.close({ discard: true });
    expect(segments(dir)).toEqual([]);
  });
});

describe('the sqlite store over its journal', () => {
  it('stores recovered appends once, skipping those a snapshot covers and documents deleted later, then lets go of the segments', async () => {
    const dir = freshDir();
    const db = new SqliteDatabase({ dataDir: dir });
    db.documents.appendNow('kept', [u(1), u(2)]);
    db.documents.appendNow('gone', [u(9)]);
    await db.documents.load('kept');
    await db.documents.compact('kept', [u(100)], 1);
    db.documents.appendNow('kept', [u(3)]);
    await db.documents.delete('gone');
    db.documents.appendNow('late', [u(5)]);
    // The files as kill -9 would leave them now: some appends moved into doc_log, some only in the journal.
    const crashed = crashCopy(dir);
    dirs.push(crashed.dir);
    await db.close();

    const recovered = new SqliteDatabase({ dataDir: crashed.dir });
    try {
      const kept = await recovered.documents.load('kept');
      expect(kept.snapshot).toEqual([u(100)]);
      expect(kept.updates).toEqual([u(2), u(3)]);
      expect((await recovered.documents.load('gone')).updates).toEqual([]);
      expect((await recovered.documents.load('late')).updates).toEqual([u(5)]);
      expect(segments(path.join(crashed.dir, 'journal'))).toHaveLength(1);
      expect(recovered.documents.appendNow('late', [u(6)])).toBe(2);
    } finally {
      await recovered.close();
    }
    expect(segments(path.join(crashed.dir, 'journal'))).toEqual([]);
  });

  it('moves appends into doc_log within the move delay and keeps numbering per document', async () => {
    const dir = freshDir();
    const db = new SqliteDatabase({ dataDir: dir });
    try {
      expect(db.documents.appendNow('a', [u(1)])).toBe(1);
      expect(db.documents.appendNow('b', [u(1)])).toBe(1);
      expect(db.documents.appendNow('a', [u(2), u(3)])).toBe(3);
      const rows = (): number => (db.connection.prepare('SELECT count(*) AS n FROM doc_log').get() as { n: number }).n;
      expect(rows()).toBe(0);
      await expect.poll(rows, { timeout: 2_000 }).toBe(4);
      expect(db.documents.appendNow('a', [u(4)])).toBe(4);
    } finally {
      await db.close();
    }
  });

  it('a second store on a folder whose journal is held appends straight into doc_log', async () => {
    const dir = freshDir();
    const owner = new SqliteDatabase({ dataDir: dir });
    const second = new SqliteDatabase({ dataDir: dir });
    try {
      second.documents.appendNow('d', [u(1)]);
      expect((owner.connection.prepare("SELECT count(*) AS n FROM doc_log WHERE doc_id = 'd'").get() as { n: number }).n).toBe(1);
    } finally {
      await second.close();
      await owner.close();
    }
  });
});
