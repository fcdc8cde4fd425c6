import type BetterSqlite3 from 'better-sqlite3';
import type { DocumentStore, LogTail, StoredDocument } from '../DocumentStore.js';
import { asError } from '../errors.js';
import type { DocumentJournal } from './DocumentJournal.js';
import { openDocumentTables } from './documentTables.js';
import { JournaledAppends, storeRecovered } from './JournaledAppends.js';
import { SqliteCompactions } from './SqliteCompactions.js';
import { SqliteDocumentReads } from './SqliteDocumentReads.js';
import { SqliteSnapshotParts } from './SqliteSnapshotParts.js';
import type { WalSync } from './WalSync.js';

/** Options of `SqliteDocumentStore`. */
export interface SqliteDocumentStoreOptions {
  /**
   * Fsyncs the WAL for `sync()` when the connection commits with `synchronous=NORMAL`; without
   * it, `sync()` resolves at once (the connection is FULL, or promises crash safety only).
   */
  walSync?: WalSync;
  /** Appends go to this journal (one write each) and move into `doc_log` in batches; what it recovered is stored at once. */
  journal?: DocumentJournal;
  /** With a journal: most ms between an append and the move of its batch into `doc_log`. Default 250. */
  moveDelayMs?: number;
  /** Hears of a failed move into `doc_log` or fsync nobody waited for; both are retried. */
  onError?: (error: Error) => void;
  /**
   * True (default) when this process owns the documents: opening removes snapshot parts that no
   * snapshot uses (left by a compaction a crash cut off). False for a second process beside the
   * owner (`boards admin`), where such parts may be those of a compaction the owner is writing.
   */
  owner?: boolean;
}

/** Documents whose last sequence number is remembered; past it the memory starts afresh (each then reads its number once more). */
const maxKnownLastSeqs = 100_000;

/**
 * Board documents in SQLite: `doc_log` is the append-only log, keyed by document and a
 * per-document sequence number (one B-tree, so an append writes one page), `doc_snapshots` the
 * compacted state. `appendNow` is synchronous: the update is safe from `kill -9` the moment it
 * returns. With a `DocumentJournal` it is written there (a few microseconds) and moved into
 * `doc_log` in batches within `moveDelayMs`, and before any read, compaction or delete; without
 * one, each append is its own transaction (in the WAL on return).
 */
export class SqliteDocumentStore implements DocumentStore {
  readonly #appendNow: (docId: string, updates: readonly Uint8Array[]) => number;
  readonly #storedLastSeq: BetterSqlite3.Statement;
  /** Snapshots stored in parts, and the loads reading them. */
  readonly #parts: SqliteSnapshotParts;
  /** Loads and reads of the log. */
  readonly #reads: SqliteDocumentReads;
  readonly #pending: BetterSqlite3.Statement;
  readonly #delete: (docId: string) => void;
  readonly #walSync: WalSync | undefined;
  readonly #journal: DocumentJournal | undefined;
  /** With a journal: its appends not yet in `doc_log`. */
  readonly #journaled: JournaledAppends | undefined;
  readonly #onError: (error: Error) => void;
  /**
   * Last number given per document, as this process last read or wrote it (the only writer: the
   * data dir is locked). Appends waiting in the journal are not in `doc_log` yet, and reading the
   * stored number costs a seek into `doc_snapshots`, whose rows hold the whole snapshot inline
   * (SQLite reads all of a row's overflow pages to compare a key: tens of ms at 10k items), so
   * it is read once per document, not once per append.
   */
  readonly #lastSeq = new Map<string, number>();
  /** The compactions running: a delete cancels its document's; `close` waits for them all. */
  readonly #compactions: SqliteCompactions;

  constructor(db: BetterSqlite3.Database, options: SqliteDocumentStoreOptions = {}) {
    this.#walSync = options.walSync;
    this.#journal = options.journal;
    this.#onError = options.onError ?? (() => undefined);
    openDocumentTables(db, options.owner ?? true);
    const parts = new SqliteSnapshotParts(db);
    this.#parts = parts;
    // The next number follows both the log and the snapshot: a compacted document has no log rows left.
    this.#storedLastSeq = db.prepare(
      'SELECT max(coalesce((SELECT max(seq) FROM doc_log WHERE doc_id = ?), 0), coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = ?), 0)) AS seq',
    );
    const insert = db.prepare('INSERT INTO doc_log (doc_id, seq, data) VALUES (?, ?, ?)');
    this.#appendNow = db.transaction((docId: string, updates: readonly Uint8Array[]) => {
      let seq = this.#lastSeqOf(docId);
      for (const update of updates) insert.run(docId, ++seq, update);
      this.#lastSeq.set(docId, seq);
      return seq;
    });
    const journal = options.journal;
    this.#journaled = journal === undefined ? undefined : new JournaledAppends(db, journal, insert, { walSync: options.walSync, moveDelayMs: options.moveDelayMs ?? 250, onError: this.#onError });
    const moveWaiting = (): boolean => this.#moveWaiting();
    this.#reads = new SqliteDocumentReads(db, parts, this.#journaled, moveWaiting);
    this.#compactions = new SqliteCompactions(db, parts, { walSync: options.walSync, moveWaiting });
    this.#pending = db.prepare(
      'SELECT count(*) AS n FROM doc_log WHERE doc_id = ? AND seq > coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = ?), 0)',
    );
    const deleteLog = db.prepare('DELETE FROM doc_log WHERE doc_id = ?');
    const deleteSnapshot = db.prepare('DELETE FROM doc_snapshots WHERE doc_id = ?');
    const removeDocument = (docId: string): void => {
      deleteLog.run(docId);
      deleteSnapshot.run(docId);
      parts.removeDocument(docId);
    };
    this.#delete = db.transaction(removeDocument);
    if (journal !== undefined) storeRecovered(db, journal, removeDocument);
  }

  /**
   * Appends and returns the last sequence number; the updates survive a crash of the process on
   * return. Throws the journal's or the driver's error (`ENOSPC`, `SQLITE_BUSY`, …) with nothing
   * stored.
   */
  appendNow(docId: string, updates: readonly Uint8Array[]): number {
    if (updates.length === 0) return this.#lastSeqOf(docId);
    const journaled = this.#journaled;
    if (journaled === undefined) {
      const seq = this.#appendNow(docId, updates);
      this.#walSync?.written();
      return seq;
    }
    const firstSeq = this.#lastSeqOf(docId) + 1;
    journaled.append(docId, firstSeq, updates);
    const lastSeq = firstSeq + updates.length - 1;
    this.#lastSeq.set(docId, lastSeq);
    return lastSeq;
  }

  async append(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    return this.appendNow(docId, updates);
  }

  /** See `SqliteDocumentReads.load`. */
  load(docId: string): Promise<StoredDocument> {
    return this.#reads.load(docId);
  }

  /** See `SqliteDocumentReads.readLogAfter`. */
  readLogAfter(docId: string, afterSeq: number): Promise<LogTail | null> {
    return this.#reads.readLogAfter(docId, afterSeq);
  }

  /** Stores the snapshot and trims the log it covers (see `SqliteCompactions.compact`). */
  compact(docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence?: number): Promise<void> {
    return this.#compactions.compact(docId, snapshot, upToSeq, fence);
  }

  /** From the numbers this process gave or read (the data dir has one owner); one read of the store per document not known yet. */
  async lastSeqs(docIds: readonly string[]): Promise<Map<string, number>> {
    return new Map(docIds.map((docId) => [docId, this.#lastSeqOf(docId)]));
  }

  async pendingUpdates(docId: string): Promise<number> {
    this.#moveWaiting();
    return (this.#pending.get(docId, docId) as { n: number }).n + (this.#journaled?.count(docId) ?? 0);
  }

  async delete(docId: string): Promise<void> {
    this.#moveWaiting();
    // Journal first: recovery after a crash between the two must not bring the log back.
    this.#journaled?.delete(docId);
    this.#compactions.cancel(docId);
    this.#parts.markDeleted(docId);
    this.#lastSeq.delete(docId);
    this.#delete(docId);
    this.#walSync?.written();
  }

  /**
   * Resolves once every write so far survives power loss; at once when nothing fsyncs. With a
   * journal beside a WAL to fsync, the appends waiting in the journal move into `doc_log` first
   * (one small transaction), so one fsync of the WAL covers them and every row written beside
   * them: a request's update and its activity row cost one fsync, not two in parallel (which
   * took about twice as long as one, measured on the bench's disk). The journal is then fsynced
   * on its own timer, not waited for. When the move fails, both are fsynced as before.
   */
  async sync(): Promise<void> {
    const walSync = this.#walSync;
    if (this.#journal !== undefined && walSync !== undefined && this.#moveWaiting()) return walSync.request();
    await Promise.all([this.#journal?.sync(), walSync?.request()]);
  }

  /**
   * Moves what waits in the journal into `doc_log`, fsyncs it, and closes the journal: its
   * segments are deleted when everything moved, and kept for the next open otherwise.
   */
  async close(): Promise<void> {
    await this.#compactions.settled();
    const journal = this.#journal;
    if (journal === undefined) return;
    let moved = this.#moveWaiting();
    if (moved) {
      try {
        await this.#walSync?.request();
      } catch (error) {
        moved = false;
        this.#onError(asError(error));
      }
    }
    await journal.close({ discard: moved });
  }

  #lastSeqOf(docId: string): number {
    const known = this.#lastSeq.get(docId);
    if (known !== undefined) return known;
    const { seq } = this.#storedLastSeq.get(docId, docId) as { seq: number };
    // Numbers of appends still waiting in the journal are known nowhere else: forgotten only once none waits.
    if (this.#lastSeq.size >= maxKnownLastSeqs && (this.#journaled?.empty ?? true)) this.#lastSeq.clear();
    this.#lastSeq.set(docId, seq);
    return seq;
  }

  /** Moves the appends waiting in the journal into `doc_log`; false (logged, retried later) when that fails. */
  #moveWaiting(): boolean {
    return this.#journaled?.move() ?? true;
  }
}

