import type BetterSqlite3 from 'better-sqlite3';
import { StorageError, asError } from '../errors.js';
import type { DocumentJournal } from './DocumentJournal.js';
import type { WalSync } from './WalSync.js';

/** Appends waiting in the journal for the next move into `doc_log`, past which a move starts at once. */
const maxWaitingAppends = 512;

/** One append written to the journal: its updates, numbered from `firstSeq`. */
type Appended = { docId: string; firstSeq: number; updates: Uint8Array[] };

/** Options of `JournaledAppends`. */
export interface JournaledAppendsOptions {
  /** Told of each move, and asked to fsync before the journal lets go of a segment. */
  walSync: WalSync | undefined;
  /** Most ms between an append and the move of its batch into `doc_log`. */
  moveDelayMs: number;
  /** Hears of a failed move (retried) or a failed fsync before a release. */
  onError: (error: Error) => void;
}

/**
 * The appends written to a `DocumentJournal` (one write each) and not yet in `doc_log`, in
 * order, and their moves into `doc_log` in batches: within `moveDelayMs` of an append, at once
 * past `maxWaitingAppends`, and whenever the store calls `move` (before a read, compaction or
 * delete).
 */
export class JournaledAppends {
  readonly #journal: DocumentJournal;
  readonly #move: (appends: readonly Appended[]) => void;
  readonly #walSync: WalSync | undefined;
  readonly #moveDelayMs: number;
  readonly #onError: (error: Error) => void;
  #waiting: Appended[] = [];
  #moveTimer: NodeJS.Timeout | undefined;

  /** `insert` is the store's `INSERT INTO doc_log (doc_id, seq, data)`. */
  constructor(db: BetterSqlite3.Database, journal: DocumentJournal, insert: BetterSqlite3.Statement, options: JournaledAppendsOptions) {
    this.#journal = journal;
    this.#walSync = options.walSync;
    this.#moveDelayMs = options.moveDelayMs;
    this.#onError = options.onError;
    this.#move = db.transaction((appends: readonly Appended[]) => {
      for (const { docId, firstSeq, updates } of appends) updates.forEach((update, i) => insert.run(docId, firstSeq + i, update));
    });
  }

  /** True when no append waits for a move. */
  get empty(): boolean {
    return this.#waiting.length === 0;
  }

  /** Writes the updates to the journal (throwing its error with nothing written) and waits them for the next move. */
  append(docId: string, firstSeq: number, updates: readonly Uint8Array[]): void {
    this.#journal.append(docId, firstSeq, updates);
    // Copies: an update is often a view of a socket's whole read buffer, which must not wait with it.
    this.#waiting.push({ docId, firstSeq, updates: updates.map((update) => new Uint8Array(update)) });
    this.#scheduleMove();
  }

  /** Journals the document's delete (so that recovery does not bring its log back) and drops its waiting appends. */
  delete(docId: string): void {
    this.#journal.appendDeleted(docId);
    this.#waiting = this.#waiting.filter((append) => append.docId !== docId);
  }

  /** Updates of the document waiting for a move. */
  count(docId: string): number {
    let waiting = 0;
    for (const append of this.#waiting) if (append.docId === docId) waiting += append.updates.length;
    return waiting;
  }

  /** Gives `take` each waiting update of the document numbered after `afterSeq`, in order. */
  forEachAfter(docId: string, afterSeq: number, take: (seq: number, update: Uint8Array) => void): void {
    let lastSeq = afterSeq;
    for (const append of this.#waiting) {
      if (append.docId !== docId) continue;
      for (const [i, update] of append.updates.entries()) {
        const seq = append.firstSeq + i;
        if (seq <= lastSeq) continue;
        take(seq, update);
        lastSeq = seq;
      }
    }
  }

  /**
   * Moves the appends waiting in the journal into `doc_log` in one transaction; returns false
   * (logged, retried later) when it fails. The journal's segments before the move are released
   * once the move survives power loss.
   */
  move(): boolean {
    clearTimeout(this.#moveTimer);
    this.#moveTimer = undefined;
    if (this.#waiting.length === 0) return true;
    const journal = this.#journal;
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

  #scheduleMove(): void {
    if (this.#waiting.length >= maxWaitingAppends) clearTimeout(this.#moveTimer);
    else if (this.#moveTimer !== undefined) return;
    this.#moveTimer = setTimeout(() => {
      this.#moveTimer = undefined;
      this.move();
    }, this.#waiting.length >= maxWaitingAppends ? 0 : this.#moveDelayMs);
    this.#moveTimer.unref();
  }
}

/**
 * Stores what the journal recovered from an earlier run, in order, in one transaction that is
 * fsynced before the journal lets go of it: updates not already stored (nor covered by a
 * snapshot), and deletes (`removeDocument` runs a document's deletes, within that transaction).
 */
export function storeRecovered(db: BetterSqlite3.Database, journal: DocumentJournal, removeDocument: (docId: string) => void): void {
  const records = journal.recovered;
  if (records.length > 0) {
    const insertMissing = db.prepare(
      'INSERT OR IGNORE INTO doc_log (doc_id, seq, data) SELECT @doc, @seq, @data WHERE @seq > coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = @doc), 0)',
    );
    const store = db.transaction(() => {
      for (const record of records) {
        if (record.kind === 'deleted') removeDocument(record.docId);
        else record.updates.forEach((update, i) => insertMissing.run({ doc: record.docId, seq: record.firstSeq + i, data: update }));
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
