import type BetterSqlite3 from 'better-sqlite3';
import type { DocumentStore, StoredDocument } from '../DocumentStore.js';
import { StorageError, asError } from '../errors.js';
import { packSnapshot, unpackSnapshot } from '../snapshotParts.js';
import type { DocumentJournal } from './DocumentJournal.js';
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
}

/** Documents whose last sequence number is remembered; past it the memory starts afresh (each then reads its number once more). */
const maxKnownLastSeqs = 100_000;

/** Appends waiting in the journal for the next move into `doc_log`, past which a move starts at once. */
const maxWaitingAppends = 512;

type Appended = { docId: string; firstSeq: number; updates: Uint8Array[] };

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
  readonly #move: (appends: readonly Appended[]) => void;
  readonly #load: (docId: string) => StoredDocument;
  readonly #compact: (docId: string, snapshot: readonly Uint8Array[], upToSeq: number) => void;
  readonly #pending: BetterSqlite3.Statement;
  readonly #delete: (docId: string) => void;
  readonly #walSync: WalSync | undefined;
  readonly #journal: DocumentJournal | undefined;
  readonly #moveDelayMs: number;
  readonly #onError: (error: Error) => void;
  /** Appends in the journal and not yet in `doc_log`, in order. */
  #waiting: Appended[] = [];
  /**
   * Last number given per document, as this process last read or wrote it (the only writer: the
   * data dir is locked). Appends waiting in the journal are not in `doc_log` yet, and reading the
   * stored number costs a seek into `doc_snapshots`, whose rows hold the whole snapshot inline
   * (SQLite reads all of a row's overflow pages to compare a key: tens of ms at 10k items), so
   * it is read once per document, not once per append.
   */
  readonly #lastSeq = new Map<string, number>();
  #moveTimer: NodeJS.Timeout | undefined;

  constructor(db: BetterSqlite3.Database, options: SqliteDocumentStoreOptions = {}) {
    this.#walSync = options.walSync;
    this.#journal = options.journal;
    this.#moveDelayMs = options.moveDelayMs ?? 250;
    this.#onError = options.onError ?? (() => undefined);
    db.exec(`
      CREATE TABLE IF NOT EXISTS doc_log (doc_id TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (doc_id, seq)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS doc_snapshots (doc_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, data BLOB NOT NULL, parts TEXT) WITHOUT ROWID;
    `);
    migrateGlobalLog(db);
    addSnapshotParts(db);
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
    this.#move = db.transaction((appends: readonly Appended[]) => {
      for (const { docId, firstSeq, updates } of appends) updates.forEach((update, i) => insert.run(docId, firstSeq + i, update));
    });
    const snapshot = db.prepare('SELECT seq, data, parts FROM doc_snapshots WHERE doc_id = ?');
    const log = db.prepare('SELECT seq, data FROM doc_log WHERE doc_id = ? AND seq > ? ORDER BY seq');
    this.#load = db.transaction((docId: string) => {
      const snap = snapshot.get(docId) as { seq: number; data: Buffer; parts: string | null } | undefined;
      const rows = log.all(docId, snap?.seq ?? 0) as { seq: number; data: Buffer }[];
      return {
        snapshot: snap ? unpackSnapshot(new Uint8Array(snap.data), snap.parts === null ? null : parseSizes(snap.parts)) : null,
        updates: rows.map((r) => new Uint8Array(r.data)),
        lastSeq: rows.at(-1)?.seq ?? snap?.seq ?? 0,
      };
    });
    const putSnapshot = db.prepare(
      'INSERT INTO doc_snapshots (doc_id, seq, data, parts) VALUES (?, ?, ?, ?) ON CONFLICT (doc_id) DO UPDATE SET seq = excluded.seq, data = excluded.data, parts = excluded.parts WHERE excluded.seq >= doc_snapshots.seq',
    );
    const trim = db.prepare('DELETE FROM doc_log WHERE doc_id = ? AND seq <= ?');
    this.#compact = db.transaction((docId: string, parts: readonly Uint8Array[], upToSeq: number) => {
      const { data, sizes } = packSnapshot(parts);
      putSnapshot.run(docId, upToSeq, data, sizes === null ? null : JSON.stringify(sizes));
      trim.run(docId, upToSeq);
    });
    this.#pending = db.prepare(
      'SELECT count(*) AS n FROM doc_log WHERE doc_id = ? AND seq > coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = ?), 0)',
    );
    const deleteLog = db.prepare('DELETE FROM doc_log WHERE doc_id = ?');
    const deleteSnapshot = db.prepare('DELETE FROM doc_snapshots WHERE doc_id = ?');
    this.#delete = db.transaction((docId: string) => {
      deleteLog.run(docId);
      deleteSnapshot.run(docId);
    });
    if (this.#journal !== undefined) this.#recover(db, this.#journal, { deleteLog, deleteSnapshot });
  }

  /**
   * Appends and returns the last sequence number; the updates survive a crash of the process on
   * return. Throws the journal's or the driver's error (`ENOSPC`, `SQLITE_BUSY`, …) with nothing
   * stored.
   */
  appendNow(docId: string, updates: readonly Uint8Array[]): number {
    if (updates.length === 0) return this.#lastSeqOf(docId);
    const journal = this.#journal;
    if (journal === undefined) {
      const seq = this.#appendNow(docId, updates);
      this.#walSync?.written();
      return seq;
    }
    const firstSeq = this.#lastSeqOf(docId) + 1;
    journal.append(docId, firstSeq, updates);
    const lastSeq = firstSeq + updates.length - 1;
    // Copies: an update is often a view of a socket's whole read buffer, which must not wait with it.
    this.#waiting.push({ docId, firstSeq, updates: updates.map((update) => new Uint8Array(update)) });
    this.#lastSeq.set(docId, lastSeq);
    this.#scheduleMove();
    return lastSeq;
  }

  async append(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    return this.appendNow(docId, updates);
  }

  async load(docId: string): Promise<StoredDocument> {
    this.#moveWaiting();
    const stored = this.#load(docId);
    // Left waiting only when the move failed: they follow everything stored.
    for (const append of this.#waiting) {
      if (append.docId !== docId) continue;
      stored.updates.push(...append.updates);
      stored.lastSeq = append.firstSeq + append.updates.length - 1;
    }
    return stored;
  }

  async compact(docId: string, snapshot: readonly Uint8Array[], upToSeq: number): Promise<void> {
    if (!this.#moveWaiting()) throw new StorageError('storage_unavailable', 'Compaction waits for the journal to move into doc_log.');
    this.#compact(docId, snapshot, upToSeq);
    this.#walSync?.written();
  }

  async pendingUpdates(docId: string): Promise<number> {
    this.#moveWaiting();
    let waiting = 0;
    for (const append of this.#waiting) if (append.docId === docId) waiting += append.updates.length;
    return (this.#pending.get(docId, docId) as { n: number }).n + waiting;
  }

  async delete(docId: string): Promise<void> {
    this.#moveWaiting();
    // Journal first: recovery after a crash between the two must not bring the log back.
    this.#journal?.appendDeleted(docId);
    this.#waiting = this.#waiting.filter((append) => append.docId !== docId);
    this.#lastSeq.delete(docId);
    this.#delete(docId);
    this.#walSync?.written();
  }

  /** Resolves once every write so far survives power loss (journal and WAL fsynced); at once when nothing fsyncs. */
  async sync(): Promise<void> {
    await Promise.all([this.#journal?.sync(), this.#walSync?.request()]);
  }

  /**
   * Moves what waits in the journal into `doc_log`, fsyncs it, and closes the journal: its
   * segments are deleted when everything moved, and kept for the next open otherwise.
   */
  async close(): Promise<void> {
    clearTimeout(this.#moveTimer);
    this.#moveTimer = undefined;
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
    if (this.#lastSeq.size >= maxKnownLastSeqs && this.#waiting.length === 0) this.#lastSeq.clear();
    this.#lastSeq.set(docId, seq);
    return seq;
  }

  #scheduleMove(): void {
    if (this.#waiting.length >= maxWaitingAppends) clearTimeout(this.#moveTimer);
    else if (this.#moveTimer !== undefined) return;
    this.#moveTimer = setTimeout(() => {
      this.#moveTimer = undefined;
      this.#moveWaiting();
    }, this.#waiting.length >= maxWaitingAppends ? 0 : this.#moveDelayMs);
    this.#moveTimer.unref();
  }

  /**
   * Moves the appends waiting in the journal into `doc_log` in one transaction; returns false
   * (logged, retried later) when it fails. The journal's segments before the move are released
   * once the move survives power loss.
   */
  #moveWaiting(): boolean {
    clearTimeout(this.#moveTimer);
    this.#moveTimer = undefined;
    const journal = this.#journal;
    if (journal === undefined || this.#waiting.length === 0) return true;
    const mark = journal.mark();
    try {
      this.#move(this.#waiting);
    } catch (error) {
      this.#onError(new StorageError('storage_unavailable', 'Moving journaled document updates into doc_log failed; retrying', { cause: error }));
      this.#scheduleMove();
      return false;
    }
    this.#waiting = [];
    const walSync = this.#walSync;
    walSync?.written();
    // Most moves leave no full segment behind; only one that does needs the WAL fsynced first.
    if (!journal.releasable(mark)) return true;
    if (walSync === undefined) journal.release(mark);
    else {
      walSync.request().then(
        () => journal.release(mark),
        (error: unknown) => this.#onError(asError(error)),
      );
    }
    return true;
  }

  /**
   * Stores what the journal recovered from an earlier run, in order, in one transaction that is
   * fsynced before the journal lets go of it: updates not already stored (nor covered by a
   * snapshot), and deletes.
   */
  #recover(db: BetterSqlite3.Database, journal: DocumentJournal, statements: { deleteLog: BetterSqlite3.Statement; deleteSnapshot: BetterSqlite3.Statement }): void {
    const records = journal.recovered;
    if (records.length > 0) {
      const insertMissing = db.prepare(
        'INSERT OR IGNORE INTO doc_log (doc_id, seq, data) SELECT @doc, @seq, @data WHERE @seq > coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = @doc), 0)',
      );
      const store = db.transaction(() => {
        for (const record of records) {
          if (record.kind === 'deleted') {
            statements.deleteLog.run(record.docId);
            statements.deleteSnapshot.run(record.docId);
          } else {
            record.updates.forEach((update, i) => insertMissing.run({ doc: record.docId, seq: record.firstSeq + i, data: update }));
          }
        }
      });
      const synchronous = db.pragma('synchronous', { simple: true });
      db.pragma('synchronous = FULL');
      try {
        store.immediate();
      } finally {
        db.pragma(`synchronous = ${Number(synchronous)}`);
      }
    }
    journal.release(journal.mark());
  }
}

/** The part sizes stored in `doc_snapshots.parts`; what is not JSON is left to `unpackSnapshot` to refuse. */
function parseSizes(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Adds `doc_snapshots.parts` (the part sizes of a snapshot stored in parts) to a store made before snapshots had parts. */
function addSnapshotParts(db: BetterSqlite3.Database): void {
  const columns = db.prepare('PRAGMA table_info(doc_snapshots)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'parts')) db.exec('ALTER TABLE doc_snapshots ADD COLUMN parts TEXT');
}

/**
 * Moves a log of the first layout (`doc_updates`: one global AUTOINCREMENT sequence and a
 * secondary index, three pages written per append) into `doc_log`, in one transaction. The
 * global numbers grow within each document, so they keep their order and stay above the
 * document's snapshot number.
 */
function migrateGlobalLog(db: BetterSqlite3.Database): void {
  const old = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'doc_updates'").get();
  if (old === undefined) return;
  db.transaction(() => {
    db.exec('INSERT INTO doc_log (doc_id, seq, data) SELECT doc_id, seq, data FROM doc_updates; DROP TABLE doc_updates;');
  }).immediate();
}
