import type BetterSqlite3 from 'better-sqlite3';
import { StorageError, compactionFenced } from '../errors.js';
import { packSnapshot } from '../snapshotParts.js';
import { type CompactionState, type SqliteSnapshotParts, snapshotBytesPerTurn } from './SqliteSnapshotParts.js';
import { nextTurn } from './turns.js';
import type { WalSync } from './WalSync.js';

/** Options of `SqliteCompactions`. */
export interface SqliteCompactionsOptions {
  /** Told of each snapshot stored. */
  walSync: WalSync | undefined;
  /** Moves the appends waiting in the journal into `doc_log` (true when none waits after it): a compaction trims the log only once they are in it. */
  moveWaiting: () => boolean;
}

/**
 * The compactions of board documents in SQLite: each stores a snapshot in `doc_snapshots` (or
 * in `doc_snapshot_parts`, a few parts per event-loop turn), under the document's fence, and
 * trims the log it covers. The running ones are known by document: a delete cancels them and
 * `settled` waits for them.
 */
export class SqliteCompactions {
  readonly #parts: SqliteSnapshotParts;
  readonly #walSync: WalSync | undefined;
  readonly #moveWaiting: () => boolean;
  readonly #compactInline: (docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence: number | undefined) => number | null;
  readonly #swapIn: (docId: string, gen: number, sizes: readonly number[], upToSeq: number, fence: number | undefined) => { applied: boolean; oldGen: number | null };
  /** Compactions writing or freeing parts, by document. */
  readonly #running = new Map<string, (CompactionState & { done: Promise<void> })[]>();

  constructor(db: BetterSqlite3.Database, parts: SqliteSnapshotParts, options: SqliteCompactionsOptions) {
    this.#parts = parts;
    this.#walSync = options.walSync;
    this.#moveWaiting = options.moveWaiting;
    // The highest fence accepted is kept whichever snapshot stays.
    const putSnapshot = db.prepare(
      'INSERT INTO doc_snapshots (doc_id, seq, data, parts, gen, fence) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (doc_id) DO UPDATE SET seq = excluded.seq, data = excluded.data, parts = excluded.parts, gen = excluded.gen, fence = max(doc_snapshots.fence, excluded.fence) WHERE excluded.seq >= doc_snapshots.seq',
    );
    const fenceOf = db.prepare('SELECT fence FROM doc_snapshots WHERE doc_id = ?').pluck();
    /** Throws `compaction_fenced` when a higher fence than `fence` was accepted for the document. */
    const checkFence = (docId: string, fence: number | undefined): void => {
      if (fence === undefined) return;
      const accepted = (fenceOf.get(docId) as number | undefined) ?? 0;
      if (accepted > fence) throw compactionFenced(docId, fence, accepted);
    };
    const trim = db.prepare('DELETE FROM doc_log WHERE doc_id = ? AND seq <= ?');
    // Both return the generation whose parts no longer hold the snapshot (null when none), for `compact` to free.
    this.#compactInline = db.transaction((docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence: number | undefined) => {
      checkFence(docId, fence);
      const { data, sizes } = packSnapshot(snapshot);
      const oldGen = parts.genOf(docId) ?? null;
      const applied = putSnapshot.run(docId, upToSeq, data, sizes === null ? null : JSON.stringify(sizes), null, fence ?? 0).changes > 0;
      trim.run(docId, upToSeq);
      return applied ? oldGen : null;
    });
    this.#swapIn = db.transaction((docId: string, gen: number, sizes: readonly number[], upToSeq: number, fence: number | undefined) => {
      checkFence(docId, fence);
      const oldGen = parts.genOf(docId) ?? null;
      const applied = putSnapshot.run(docId, upToSeq, Buffer.alloc(0), JSON.stringify(sizes), gen, fence ?? 0).changes > 0;
      trim.run(docId, upToSeq);
      return { applied, oldGen };
    });
  }

  /**
   * Stores the snapshot and trims the log it covers. One up to `snapshotBytesPerTurn` is written
   * inline in one transaction. A larger one is written into `doc_snapshot_parts` under a new
   * generation, a few parts per event-loop turn, then made the document's snapshot in one small
   * transaction that also trims the log (a crash before it leaves the old snapshot and log, and
   * parts nothing points at, removed at the next open); the parts of the generation it replaced
   * are then freed a few per turn. Appends go on meanwhile (they follow `upToSeq`). A delete of
   * the document meanwhile wins: the compaction stops and stores nothing. A `fence` below the
   * highest accepted for the document (kept in its `doc_snapshots` row, written in the same
   * transaction as the snapshot) throws `compaction_fenced` with nothing stored.
   */
  async compact(docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence?: number): Promise<void> {
    if (!this.#moveWaiting()) throw new StorageError('storage_unavailable', 'Compaction waits for the journal to move into doc_log.');
    const bytes = snapshot.reduce((sum, part) => sum + part.byteLength, 0);
    if (bytes <= snapshotBytesPerTurn) {
      const freed = this.#compactInline(docId, snapshot, upToSeq, fence);
      this.#walSync?.written();
      if (freed !== null) await this.#track(docId, (state) => this.#parts.free(docId, freed, state));
      return;
    }
    if (snapshot.length === 0) throw new TypeError('A snapshot has at least one part.');
    await this.#track(docId, (state) => this.#compactInParts(docId, snapshot, upToSeq, fence, state));
  }

  /** Cancels the document's running compactions (it is being deleted, parts and all). */
  cancel(docId: string): void {
    for (const compaction of this.#running.get(docId) ?? []) compaction.cancelled = true;
  }

  /** Resolves once every compaction running now has ended, whether it stored its snapshot or failed. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#running.values()].flat().map((compaction) => compaction.done));
  }

  async #compactInParts(docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence: number | undefined, state: CompactionState): Promise<void> {
    const gen = this.#parts.nextGen();
    const sizes = snapshot.map((part) => part.byteLength);
    let swapped: { applied: boolean; oldGen: number | null };
    try {
      if (!(await this.#parts.write(docId, gen, snapshot, sizes, state))) return;
      await nextTurn();
      if (state.cancelled) return;
      if (!this.#moveWaiting()) throw new StorageError('storage_unavailable', 'Compaction waits for the journal to move into doc_log.');
      swapped = this.#swapIn(docId, gen, sizes, upToSeq, fence);
    } catch (error) {
      // What was written goes now if it can (otherwise at the next open, as unused).
      try {
        this.#parts.discard(docId, gen);
      } catch {
        // The same failure, most likely (a full disk); the next open removes them.
      }
      throw error;
    }
    const { applied, oldGen } = swapped;
    this.#walSync?.written();
    // A snapshot of a later point was stored meanwhile: this one is dropped instead.
    const freed = applied ? oldGen : gen;
    if (freed !== null) await this.#parts.free(docId, freed, state);
  }

  /** Runs a compaction's turns, known to `cancel` and to `settled`. */
  async #track(docId: string, run: (state: CompactionState) => Promise<void>): Promise<void> {
    const state = { cancelled: false, done: Promise.resolve() };
    const running = this.#running.get(docId) ?? [];
    this.#running.set(docId, [...running, state]);
    state.done = run(state);
    try {
      await state.done;
    } finally {
      const left = (this.#running.get(docId) ?? []).filter((other) => other !== state);
      if (left.length === 0) this.#running.delete(docId);
      else this.#running.set(docId, left);
    }
  }
}
