import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, readdirSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import BetterSqlite3 from 'better-sqlite3';
import { FileSync } from './FileSync.js';
import { StorageError } from '../errors.js';

/** What one journal record says: updates of a document numbered from `firstSeq`, or that the document was deleted. */
export type JournalRecord = { kind: 'updates'; docId: string; firstSeq: number; updates: readonly Uint8Array[] } | { kind: 'deleted'; docId: string };

/** Options of `DocumentJournal.open`. */
export interface DocumentJournalOptions {
  /** Folder of the journal's segments and lock; created when missing. */
  dir: string;
  /** Fsync appends (within `syncDelayMs`, and on `sync()`); false promises crash safety only. */
  fsync: boolean;
  /** Most ms between an append and its fsync when nobody calls `sync`. */
  syncDelayMs: number;
  /** A segment that reaches this many bytes is closed and the next append starts a new one. */
  segmentBytes: number;
  /** Hears of a failed fsync that no caller waited for (it is retried). */
  onError: (error: Error) => void;
  /** Told the duration of each fsync round, in seconds (metrics). */
  observeFsync?: (seconds: number) => void;
}

const recordKinds = { updates: 1, deleted: 2 } as const;
/** Bytes before a record's body: its length and the CRC-32 of the body. */
const headerBytes = 8;
const segmentPattern = /^(\d{12})\.log$/;

/**
 * The write-ahead journal of board documents: an append-only file in which each append is one
 * record, written with a single `write` before `append` returns. Written is safe from a crash of
 * the process (the bytes are in the kernel); `sync()` makes everything appended so far survive
 * power loss (one fsync shared by every caller, on libuv's pool), and an fsync follows every
 * append within `syncDelayMs` anyway. A write costs a few microseconds, a tenth of an SQLite
 * commit, which is why the hot path of live sync appends here and the owner moves records into
 * its database in batches, later.
 *
 * Records carry their length and a CRC-32, so recovery reads every whole record and stops at a
 * torn one (an append cut off by the crash, which was never acknowledged). The journal is split
 * into segments: the owner takes a `mark()` before moving records into its database, and once
 * that is durable there, `release(mark)` deletes the segments closed before it.
 *
 * One process owns a journal folder at a time: an exclusive SQLite lock on `lock.sqlite`, which
 * the operating system drops when the process ends, even by `kill -9`. `open` returns undefined
 * while another process holds it.
 */
export class DocumentJournal {
  /** Records found at open (in order); the owner stores them, then calls `release(mark())`. */
  readonly recovered: JournalRecord[];
  /** The id of the document appended last, and its UTF-8 bytes (a hot board appends many times in a row). */
  #lastDocId: string | undefined;
  #lastDocIdBytes: Buffer | undefined;
  readonly #dir: string;
  readonly #options: DocumentJournalOptions;
  readonly #lock: BetterSqlite3.Database;
  readonly #sync: FileSync | undefined;
  /** Segments closed and not yet released, oldest first. */
  readonly #closed: number[];
  #number: number;
  #fd: number;
  #bytes = 0;
  #isClosed = false;
  /** The folder, open to fsync a new segment's name (with fsync only). */
  readonly #dirFd: number | undefined;
  /**
   * Counts writes and segment creations: an fsync round that starts at count N makes everything
   * up to N durable. A closed segment stays open until a round that started after its last write
   * fsynced it, so rotating never waits for the disk on the event loop.
   */
  #events = 0;
  /** Closed segments' descriptors not yet fsynced after their last write. */
  #rotated: { fd: number; lastEvent: number }[] = [];
  /** The count at the last segment's creation, and up to which count the folder was fsynced. */
  #createdAt = 0;
  #dirSyncedUpTo = -1;
  /** The count at which the fsync round in flight started. */
  #roundStart = 0;

  private constructor(options: DocumentJournalOptions, lock: BetterSqlite3.Database, existing: number[], recovered: JournalRecord[]) {
    this.#dir = options.dir;
    this.#options = options;
    this.#lock = lock;
    this.recovered = recovered;
    this.#closed = existing;
    this.#number = (existing.at(-1) ?? 0) + 1;
    this.#dirFd = options.fsync ? openSync(options.dir, 'r') : undefined;
    this.#fd = this.#openSegment(this.#number);
    this.#sync = options.fsync
      ? new FileSync({ fds: () => this.#toSync(), synced: (fds) => this.#synced(fds), close: () => undefined }, options.syncDelayMs, options.onError, options.observeFsync)
      : undefined;
  }

  /**
   * Takes the folder's lock and reads what earlier runs left (`recovered`); undefined when another
   * process holds the lock. Throws when the folder cannot be created or read.
   */
  static open(options: DocumentJournalOptions): DocumentJournal | undefined {
    mkdirSync(options.dir, { recursive: true });
    const lock = new BetterSqlite3(path.join(options.dir, 'lock.sqlite'), { timeout: 0 });
    try {
      lock.pragma('locking_mode = EXCLUSIVE');
      lock.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      lock.close();
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
      throw error;
    }
    const existing = segmentNumbers(options.dir);
    const recovered: JournalRecord[] = [];
    for (const number of existing) {
      const { records, damagedAt } = readSegment(readFileSync(path.join(options.dir, segmentName(number))));
      recovered.push(...records);
      if (damagedAt !== undefined && number !== existing.at(-1)) {
        options.onError(new StorageError('storage_damaged', `Journal segment ${segmentName(number)} is damaged at byte ${damagedAt}; the records before it were recovered.`));
      }
    }
    return new DocumentJournal(options, lock, existing, recovered);
  }

  /**
   * Appends `updates` of `docId`, numbered from `firstSeq`, as one record, synchronously: on
   * return they survive a crash of the process. Throws (ENOSPC, EIO) with nothing appended.
   */
  append(docId: string, firstSeq: number, updates: readonly Uint8Array[]): void {
    if (docId !== this.#lastDocId) {
      this.#lastDocId = docId;
      this.#lastDocIdBytes = Buffer.from(docId, 'utf8');
    }
    this.#write(encodeRecord({ kind: 'updates', docId, firstSeq, updates }, this.#lastDocIdBytes));
  }

  /** Records that `docId` was deleted, so that recovery drops its earlier records. */
  appendDeleted(docId: string): void {
    this.#write(encodeRecord({ kind: 'deleted', docId }));
  }

  /**
   * A mark for `release`, taken before the owner stores the records appended so far: they are in
   * the current segment or older ones. The current one stays until it fills up; recovery may
   * read its records again, and the owner ignores what it already holds.
   */
  mark(): number {
    return this.#number;
  }

  /** True when `release(mark)` would delete a segment. */
  releasable(mark: number): boolean {
    return this.#closed.length > 0 && this.#closed[0]! < mark;
  }

  /** Deletes the segments older than `mark` (their records are stored elsewhere, durably). */
  release(mark: number): void {
    while (this.#closed.length > 0 && this.#closed[0]! < mark) {
      const number = this.#closed.shift()!;
      try {
        unlinkSync(path.join(this.#dir, segmentName(number)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }

  /** Fsyncs of the journal so far (for tests and stats). */
  get fsyncs(): number {
    return this.#sync?.fsyncs ?? 0;
  }

  /** Resolves once everything appended so far survives power loss (at once without fsync). */
  async sync(): Promise<void> {
    await this.#sync?.request();
  }

  /**
   * Fsyncs what is pending, closes the segment and releases the lock. With `discard` (the owner
   * stored every record durably) every segment is deleted; otherwise they stay for the next open.
   */
  async close(options: { discard: boolean }): Promise<void> {
    if (this.#isClosed) return;
    try {
      await this.#sync?.close();
    } finally {
      this.#isClosed = true;
      closeSync(this.#fd);
      for (const segment of this.#rotated.splice(0)) closeSync(segment.fd);
      if (this.#dirFd !== undefined) closeSync(this.#dirFd);
      if (options.discard) {
        this.#closed.push(this.#number);
        this.release(Number.POSITIVE_INFINITY);
      }
      this.#lock.close();
    }
  }

  #write(record: Buffer): void {
    if (this.#isClosed) throw new StorageError('storage_closed', 'The document journal is closed.');
    const start = this.#bytes;
    try {
      let written = 0;
      while (written < record.byteLength) written += writeSync(this.#fd, record, written);
    } catch (error) {
      // A partial record would hide every later one from recovery: cut it off, or move on.
      try {
        ftruncateSync(this.#fd, start);
      } catch {
        this.#events += 1;
        this.#rotate();
      }
      throw error;
    }
    this.#bytes += record.byteLength;
    this.#events += 1;
    this.#sync?.written();
    if (this.#bytes >= this.#options.segmentBytes) this.#rotate();
  }

  /** Closes the current segment for writing and opens the next; the closed one is fsynced by the next round (see `#events`). */
  #rotate(): void {
    if (this.#options.fsync) this.#rotated.push({ fd: this.#fd, lastEvent: this.#events });
    else closeSync(this.#fd);
    this.#closed.push(this.#number);
    this.#number += 1;
    this.#fd = this.#openSegment(this.#number);
  }

  #openSegment(number: number): number {
    const fd = openSync(path.join(this.#dir, segmentName(number)), 'wx');
    this.#bytes = 0;
    this.#events += 1;
    this.#createdAt = this.#events;
    return fd;
  }

  /** What an fsync round starting now must fsync: closed segments written since, the folder when a segment is new (its name must survive power loss too), the current segment. */
  #toSync(): number[] {
    if (this.#isClosed) return [];
    this.#roundStart = this.#events;
    const fds = this.#rotated.map((segment) => segment.fd);
    if (this.#dirFd !== undefined && this.#dirSyncedUpTo < this.#createdAt) fds.push(this.#dirFd);
    fds.push(this.#fd);
    return fds;
  }

  /** A round from `#toSync` completed: closes the segments it made durable. */
  #synced(fds: readonly number[]): void {
    const start = this.#roundStart;
    if (this.#dirFd !== undefined && fds.includes(this.#dirFd)) this.#dirSyncedUpTo = Math.max(this.#dirSyncedUpTo, start);
    const done = this.#rotated.filter((segment) => segment.lastEvent <= start && fds.includes(segment.fd));
    if (done.length === 0) return;
    this.#rotated = this.#rotated.filter((segment) => !done.includes(segment));
    for (const segment of done) closeSync(segment.fd);
  }
}

/** The file name of segment `number` in a journal folder. */
export function segmentName(number: number): string {
  return `${String(number).padStart(12, '0')}.log`;
}

/** The numbers of the segments in a journal folder, oldest first. */
export function segmentNumbers(dir: string): number[] {
  return readdirSync(dir)
    .map((name) => segmentPattern.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** `[u32 body length][u32 crc32(body)][body]`; body: `u8 kind, u16 id length, id, then for updates: f64 firstSeq, u32 count, (u32 length, bytes)*`. `docIdBytes`: the id's UTF-8 bytes, when the caller has them already. */
export function encodeRecord(record: JournalRecord, docIdBytes?: Buffer): Buffer {
  const id = docIdBytes ?? Buffer.from(record.docId, 'utf8');
  if (id.byteLength > 0xffff) throw new TypeError('A document id must be at most 65535 bytes.');
  const updates = record.kind === 'updates' ? record.updates : [];
  let bodyBytes = 3 + id.byteLength + (record.kind === 'updates' ? 12 : 0);
  for (const update of updates) bodyBytes += 4 + update.byteLength;
  const buffer = Buffer.allocUnsafe(headerBytes + bodyBytes);
  let at = headerBytes;
  at = buffer.writeUInt8(recordKinds[record.kind], at);
  at = buffer.writeUInt16LE(id.byteLength, at);
  at += id.copy(buffer, at);
  if (record.kind === 'updates') {
    at = buffer.writeDoubleLE(record.firstSeq, at);
    at = buffer.writeUInt32LE(updates.length, at);
    for (const update of updates) {
      at = buffer.writeUInt32LE(update.byteLength, at);
      buffer.set(update, at);
      at += update.byteLength;
    }
  }
  buffer.writeUInt32LE(bodyBytes, 0);
  buffer.writeUInt32LE(crc32(buffer.subarray(headerBytes)), 4);
  return buffer;
}

/** Every whole record of a segment, in order, and where reading stopped early (a torn or damaged record), if it did. */
export function readSegment(bytes: Buffer): { records: JournalRecord[]; damagedAt: number | undefined } {
  const records: JournalRecord[] = [];
  let at = 0;
  while (at < bytes.byteLength) {
    const record = at + headerBytes <= bytes.byteLength ? decodeRecord(bytes, at) : undefined;
    if (record === undefined) return { records, damagedAt: at };
    records.push(record.record);
    at = record.next;
  }
  return { records, damagedAt: undefined };
}

function decodeRecord(bytes: Buffer, at: number): { record: JournalRecord; next: number } | undefined {
  const bodyBytes = bytes.readUInt32LE(at);
  const end = at + headerBytes + bodyBytes;
  if (bodyBytes < 3 || end > bytes.byteLength) return undefined;
  const body = bytes.subarray(at + headerBytes, end);
  if (crc32(body) !== bytes.readUInt32LE(at + 4)) return undefined;
  try {
    const kind = body.readUInt8(0);
    const idBytes = body.readUInt16LE(1);
    const docId = body.toString('utf8', 3, 3 + idBytes);
    let p = 3 + idBytes;
    if (kind === recordKinds.deleted && p === body.byteLength) return { record: { kind: 'deleted', docId }, next: end };
    if (kind !== recordKinds.updates) return undefined;
    const firstSeq = body.readDoubleLE(p);
    const count = body.readUInt32LE(p + 8);
    p += 12;
    const updates: Uint8Array[] = [];
    for (let i = 0; i < count; i += 1) {
      const length = body.readUInt32LE(p);
      p += 4;
      if (p + length > body.byteLength) return undefined;
      updates.push(new Uint8Array(body.subarray(p, p + length)));
      p += length;
    }
    if (p !== body.byteLength || !Number.isSafeInteger(firstSeq)) return undefined;
    return { record: { kind: 'updates', docId, firstSeq, updates }, next: end };
  } catch {
    return undefined;
  }
}
