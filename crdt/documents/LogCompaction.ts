import { StorageError } from '../../storage/index.js';
import type { DocumentStore, StoredDocument } from '../../storage/index.js';
import type { DocumentObserver } from './DocumentObserver.js';
import type { Logger } from './Logger.js';
import type { BuildSnapshot, CompactGuard, EncodeSmall, UpdatePersisterInit, UpdatePersisterOptions } from './updatePersisterOptions.js';

/** What a `LogCompaction` is made of: its persister's init, less what only the queue uses. */
export type LogCompactionInit = Pick<
  UpdatePersisterInit,
  'docId' | 'store' | 'logger' | 'options' | 'loaded' | 'buildSnapshot' | 'encodeSmall' | 'onCompacted' | 'compactGuard'
>;

/** Shared by the compactions of a process alone (no guard). */
const unguarded: CompactGuard = (compaction) => compaction();

/**
 * When and how one document's update log is folded into its snapshot, for its `UpdatePersister`:
 * it keeps count of what is logged after the snapshot (told of each append), starts a compaction
 * once the log has outgrown the snapshot (`UpdatePersisterOptions.compactLogRatio`), one at a
 * time, and after a failed one waits for more appends before the next try.
 */
export class LogCompaction {
  readonly #docId: string;
  readonly #store: DocumentStore;
  readonly #logger: Logger;
  readonly #options: UpdatePersisterOptions;
  readonly #buildSnapshot: BuildSnapshot;
  readonly #encodeSmall: EncodeSmall;
  readonly #onCompacted: (storedBytes: number) => void;
  readonly #observer: DocumentObserver;
  readonly #compactGuard: CompactGuard;
  /** Updates stored by this process. */
  #stored = 0;
  /** Updates logged after the snapshot, and their bytes (as far as this process knows). */
  #logged: number;
  #loggedBytes: number;
  /** Bytes of the last snapshot stored. */
  #snapshotBytes: number;
  /** The last sequence number stored, and the bytes of every update stored so far. */
  #lastSeq: number;
  #storedBytes = 0;
  /** The compaction in progress; one at a time. */
  #compacting: Promise<void> | undefined;
  /** After a failed compaction, the next waits until `#stored` reaches this (a tenth of `compactAfterUpdates` more). */
  #compactNotBefore = 0;
  #dropped = false;

  /** Starts a compaction at once when the loaded log is already long, from what was read. */
  constructor(init: LogCompactionInit, observer: DocumentObserver) {
    const { loaded } = init;
    this.#docId = init.docId;
    this.#store = init.store;
    this.#logger = init.logger;
    this.#options = init.options;
    this.#buildSnapshot = init.buildSnapshot;
    this.#encodeSmall = init.encodeSmall;
    this.#onCompacted = init.onCompacted;
    this.#observer = observer;
    this.#compactGuard = init.compactGuard ?? unguarded;
    this.#logged = loaded.updates.length;
    this.#loggedBytes = loaded.updates.reduce((sum, update) => sum + update.byteLength, 0);
    this.#snapshotBytes = byteLengthOf(loaded.snapshot ?? []);
    this.#lastSeq = loaded.lastSeq;
    // A long log is compacted from what was just read, without reading it again.
    this.compactIfDue(loaded);
  }

  /** The compaction in progress, if any. */
  get running(): Promise<void> | undefined {
    return this.#compacting;
  }

  /**
   * Told `count` updates of `bytes` in all were stored, the last as `lastSeq`. Returns whether a
   * compaction is due: the caller then calls `compactIfDue`, once it has told the rest of the append.
   */
  appended(count: number, bytes: number, lastSeq: number): boolean {
    this.#stored += count;
    this.#logged += count;
    this.#lastSeq = lastSeq;
    this.#storedBytes += bytes;
    this.#loggedBytes += bytes;
    return this.#due();
  }

  /** Starts no further compaction, and has the one in progress store nothing more it can skip. */
  drop(): void {
    this.#dropped = true;
  }

  /** Starts a compaction when one is due (`appended`) and none is running; from `stored` when given. */
  compactIfDue(stored?: StoredDocument): void {
    if (!this.#due()) return;
    this.#compacting = this.#compactGuard((fence) => this.#compact(stored, fence)).catch((error: unknown) => {
      this.#logger.warn({ err: error, docId: this.#docId }, 'Could not take the lease to compact a document; will retry later');
      return false;
    }).then((compacted) => {
      this.#compacting = undefined;
      // What was logged while this one ran may already make the next one due.
      if (compacted) this.compactIfDue();
    });
  }

  /**
   * Whether to start a compaction now: none is running, the wait after a failed one is over, and
   * the log has outgrown the snapshot (see `UpdatePersisterOptions.compactLogRatio`).
   */
  #due(): boolean {
    if (this.#dropped || this.#compacting !== undefined || this.#stored < this.#compactNotBefore || this.#logged === 0) return false;
    const { compactAfterUpdates, compactLogRatio, compactMinLogBytes } = this.#options;
    return this.#logged >= compactAfterUpdates || this.#loggedBytes >= Math.max(compactMinLogBytes, compactLogRatio * this.#snapshotBytes);
  }

  /**
   * Reads the stored document (unless given), folds it into a snapshot and stores it as the state
   * up to the last number read; what was appended meanwhile stays logged after it. A failure is
   * logged and retried once a tenth of `compactAfterUpdates` more are stored (not on every append:
   * each try reads the whole log). Resolves whether a snapshot was stored. `fence` goes to the
   * store, which refuses it when a later lease holder compacted meanwhile (`compaction_fenced`:
   * that snapshot stays, and nothing here counts as failed).
   */
  async #compact(given?: StoredDocument, fence?: number): Promise<boolean> {
    try {
      // A later turn: a caller may store updates before it applies them (`ManagedDocument.queueIncoming`).
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#dropped) return false;
      const startedAt = performance.now();
      const bytesBefore = this.#storedBytes;
      const upToSeq = this.#lastSeq;
      const small = this.#encodeSmall();
      if (small !== undefined) {
        // It holds at least everything stored up to `upToSeq`; holding more is harmless, as
        // replaying an update changes nothing.
        await this.#store.compact(this.#docId, [small], upToSeq, fence);
        this.#logged = Math.max(0, this.#lastSeq - upToSeq);
        this.#snapshotBytes = small.byteLength;
        this.#loggedBytes = this.#storedBytes - bytesBefore;
        this.#onCompacted(small.byteLength + (this.#storedBytes - bytesBefore));
        this.#observer.compacted?.((performance.now() - startedAt) / 1000, small.byteLength);
        return true;
      }
      const stored = given ?? (await this.#store.load(this.#docId));
      if (this.#dropped) return false;
      const { state, skipped } = await this.#buildSnapshot(stored);
      if (this.#dropped) return false;
      await this.#store.compact(this.#docId, state, stored.lastSeq, fence);
      if (skipped > 0) this.#logger.warn({ docId: this.#docId, skipped }, 'Compaction dropped stored updates that do not apply');
      this.#logged = Math.max(0, this.#lastSeq - stored.lastSeq);
      const stateBytes = byteLengthOf(state);
      this.#snapshotBytes = stateBytes;
      this.#loggedBytes = this.#storedBytes - bytesBefore;
      // An upper bound of the stored size: the snapshot, plus whatever was stored since the read.
      this.#onCompacted(stateBytes + (this.#storedBytes - bytesBefore));
      this.#observer.compacted?.((performance.now() - startedAt) / 1000, stateBytes);
      return true;
    } catch (error) {
      if (error instanceof StorageError && error.code === 'compaction_fenced') {
        this.#logger.warn({ err: error, docId: this.#docId }, 'A later holder of the compaction lease compacted this document; this compaction was refused');
        return false;
      }
      this.#observer.compactionFailed?.();
      this.#compactNotBefore = this.#stored + Math.ceil(this.#options.compactAfterUpdates / 10);
      this.#logger.warn({ err: error, docId: this.#docId }, 'Compacting document failed; will retry later');
      return false;
    }
  }
}

/** The bytes of `parts` together. */
function byteLengthOf(parts: readonly Uint8Array[]): number {
  let bytes = 0;
  for (const part of parts) bytes += part.byteLength;
  return bytes;
}
