import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { endianness } from 'node:os';
import BetterSqlite3 from 'better-sqlite3';
import { configureConnection } from './connection.js';
import { StorageError, asError } from '../errors.js';

/** Options of `WalCheckpointer`. */
export interface WalCheckpointerOptions {
  /** The SQLite file, in WAL mode, its other connections with `wal_autocheckpoint = 0`. */
  file: string;
  /** Period of the checkpoint, in ms; a period without new WAL frames costs one read of 136 bytes of the `-shm` file. */
  intervalMs: number;
  /** Told about a failed checkpoint or fsync (the next period retries). */
  onError: (error: Error) => void;
  /** Fsyncs a file off the event loop; default `fsyncFile` (tests pass one they hold or fail). */
  syncFile?: (file: string) => Promise<void>;
}

/** What a round saw in the WAL index before it checkpointed: the last frame of the WAL and the last one copied into the database file. */
export interface WalIndexState {
  mxFrame: number;
  nBackfill: number;
}

/**
 * Offsets in the `-shm` file (https://www.sqlite.org/walformat.html, "The WAL-Index Format"):
 * the header's `mxFrame` (the last valid frame), and `nBackfill` of the checkpoint information
 * that follows the header's two 48-byte copies (frames already copied into the database). Both
 * are 32-bit integers in the machine's byte order.
 */
const mxFrameOffset = 16;
const nBackfillOffset = 96;
const walIndexHeadBytes = 100;

/** Fsyncs `file` on libuv's thread pool (a read-only descriptor is enough on POSIX systems). */
export async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Checkpoints the WAL from the event loop without ever fsyncing on it, so the server's connections
 * can run with `wal_autocheckpoint = 0`: a commit there only appends to the WAL and never stops to
 * copy pages into the database file and fsync it. It needs no thread of its own (a worker thread
 * with its V8 isolate held about 10 MB for as long as writes went on).
 *
 * Each period, when the WAL holds frames not yet copied, a round:
 * 1. pins the WAL's current end M with a read transaction on a connection of its own (SQLite
 *    never copies frames past the snapshot of an open reader, nor restarts the WAL under one);
 * 2. fsyncs the WAL file on the thread pool: frames up to M were written before, so they are on
 *    disk before any of them reaches the database file;
 * 3. copies frames up to M into the database file (a PASSIVE checkpoint on a connection with
 *    `synchronous = OFF`: page writes into the OS cache, no fsync, never waits for a writer);
 * 4. fsyncs the database file on the thread pool, and only then ends the read transaction: the
 *    WAL, whose frames a writer may now overwrite from its start, is no longer needed.
 * That is the order a checkpoint with `synchronous = NORMAL` keeps (WAL on disk before copying,
 * database on disk before the WAL is reused), with the two fsyncs off the event loop. A failed
 * database fsync keeps the read transaction until a later fsync succeeds.
 *
 * Its connections close first (`close`, before the store's own): the store's last connection to
 * close checkpoints what is left, with its own fsyncs, and removes the WAL.
 */
export class WalCheckpointer {
  readonly #options: WalCheckpointerOptions;
  readonly #syncFile: (file: string) => Promise<void>;
  readonly #file: string;
  readonly #walFile: string;
  readonly #pin: BetterSqlite3.Database;
  readonly #pinRead: BetterSqlite3.Statement;
  readonly #copier: BetterSqlite3.Database;
  readonly #timer: NodeJS.Timeout;
  readonly #littleEndian = endianness() === 'LE';
  readonly #head = Buffer.alloc(walIndexHeadBytes);
  #shm: number | undefined;
  /** The round in progress. */
  #round: Promise<void> | undefined;
  /** The last round copied frames but the database file's fsync failed: the pin stays until one succeeds. */
  #databaseUnsynced = false;
  #closing: Promise<void> | undefined;
  /** Rounds that copied frames into the database file (for tests and stats). */
  checkpoints = 0;

  constructor(options: WalCheckpointerOptions) {
    this.#options = options;
    this.#syncFile = options.syncFile ?? fsyncFile;
    this.#file = options.file;
    this.#walFile = `${options.file}-wal`;
    this.#pin = new BetterSqlite3(options.file);
    configureConnection(this.#pin, 'normal');
    this.#pinRead = this.#pin.prepare('PRAGMA schema_version').pluck();
    this.#copier = new BetterSqlite3(options.file);
    configureConnection(this.#copier, 'normal');
    this.#copier.pragma('synchronous = OFF');
    this.#timer = setInterval(() => void this.checkpoint(), options.intervalMs);
    this.#timer.unref();
  }

  /** The WAL index as it is now: undefined when there is no `-shm` file (no WAL). */
  walIndex(): WalIndexState | undefined {
    if (this.#shm === undefined) {
      try {
        this.#shm = openSync(`${this.#file}-shm`, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }
    if (readSync(this.#shm, this.#head, 0, walIndexHeadBytes, 0) < walIndexHeadBytes) return undefined;
    const read = (offset: number): number => (this.#littleEndian ? this.#head.readUInt32LE(offset) : this.#head.readUInt32BE(offset));
    return { mxFrame: read(mxFrameOffset), nBackfill: read(nBackfillOffset) };
  }

  /** Runs a round now (or joins the one in progress); the timer runs one every `intervalMs`. Resolves when it ended; never rejects. */
  checkpoint(): Promise<void> {
    if (this.#closing && !this.#databaseUnsynced) return this.#round ?? Promise.resolve();
    this.#round ??= this.#run()
      .catch((error: unknown) => this.#options.onError(new StorageError('storage_unavailable', `WAL checkpoint failed: ${asError(error).message}`, { cause: error })))
      .finally(() => {
        this.#round = undefined;
      });
    return this.#round;
  }

  /** Waits for the round in progress and closes the two connections (before the store's own). Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      clearInterval(this.#timer);
      await this.#round;
      // A pin held for a failed fsync: one more try, so the WAL is never reused over unsynced pages.
      if (this.#databaseUnsynced) await this.checkpoint();
      if (this.#pin.inTransaction) this.#pin.exec('COMMIT');
      this.#pin.close();
      this.#copier.close();
      if (this.#shm !== undefined) closeSync(this.#shm);
      this.#shm = undefined;
    })();
    return this.#closing;
  }

  async #run(): Promise<void> {
    if (this.#databaseUnsynced) {
      await this.#syncFile(this.#file);
      this.#databaseUnsynced = false;
      this.#pin.exec('COMMIT');
      if (this.#closing) return;
    }
    // Steps 1 to 4 of the class comment. All in one turn up to the first await: nothing on the
    // event loop writes between the pin and the read of the WAL index.
    this.#pin.exec('BEGIN');
    let pinned = true;
    try {
      this.#pinRead.get();
      const index = this.walIndex();
      // Everything copied already: the reader reads the database file alone and pins nothing.
      if (index === undefined || index.mxFrame === index.nBackfill) return;
      await this.#syncFile(this.#walFile);
      this.#copier.pragma('wal_checkpoint(PASSIVE)');
      this.checkpoints += 1;
      try {
        await this.#syncFile(this.#file);
      } catch (error) {
        this.#databaseUnsynced = true;
        pinned = false;
        throw error;
      }
    } finally {
      if (pinned) this.#pin.exec('COMMIT');
    }
  }
}
