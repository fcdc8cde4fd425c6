import type { DocumentStore, RecordWithUpdates, StoredDocument } from '../../storage/index.js';
import type { DocumentObserver } from './DocumentObserver.js';
import type { Logger } from './Logger.js';

/** Tuning of one document's write-behind queue (see `DocumentRegistryOptions` for defaults). */
export interface UpdatePersisterOptions {
  /**
   * Delay between the first queued update and the append of its batch, in ms; 0 appends on the
   * next event-loop turn. Updates queued while an append is in flight form the next batch
   * (group commit), so batching under load does not need a delay.
   */
  persistDelayMs: number;
  /** Most updates in one `append` call. */
  maxBatchUpdates: number;
  /** First retry delay after a failed store call, in ms; doubles per failure. */
  retryBaseMs: number;
  /** Cap of the retry delay, in ms. */
  retryMaxMs: number;
  /**
   * Compaction rule: the log is folded into the snapshot once the bytes logged after it reach
   * `compactLogRatio` × the snapshot's bytes (and at least `compactMinLogBytes`), or once
   * `compactAfterUpdates` updates are logged, whichever comes first. Rewriting a large snapshot
   * costs in proportion to its size, so it is rewritten when the log has grown in proportion.
   */
  compactLogRatio: number;
  /** Logged bytes below which the size rule never compacts (small boards would compact on every update). */
  compactMinLogBytes: number;
  /** Logged updates after the snapshot that trigger a compaction whatever their size (each costs a replay at load). */
  compactAfterUpdates: number;
}

/** What an `UpdatePersister` is made of. */
export interface UpdatePersisterInit {
  docId: string;
  store: DocumentStore;
  logger: Logger;
  options: UpdatePersisterOptions;
  /** What the store held when the document was loaded (a long log is compacted from it at once). */
  loaded: StoredDocument;
  /** Folds a stored document into a snapshot, off the event loop (large documents). */
  buildSnapshot: BuildSnapshot;
  /** The in-memory document encoded, when small enough to do it on the event loop. */
  encodeSmall: EncodeSmall;
  /** Told the stored bytes after each compaction (snapshot plus what was logged meanwhile). */
  onCompacted: (storedBytes: number) => void;
  /** Told each append's and each compaction's duration (metrics); default none. */
  observer?: DocumentObserver | undefined;
  /** Told the updates of each append once they are stored, with the number of the last (another process's copy follows them from there); default none. */
  onStored?: ((updates: readonly Uint8Array[], lastSeq: number) => void) | undefined;
  /**
   * Runs a compaction where one process at a time may (a lease on the board), handing it the
   * lease's fencing token for the store to check; resolves false, with nothing done, when another
   * holds it. Default: runs it at once, without a fence.
   */
  compactGuard?: CompactGuard | undefined;
}

/** Runs a compaction under a lease, with its fencing token (`UpdatePersisterInit.compactGuard`). */
export type CompactGuard = (compaction: (fence?: number) => Promise<boolean>) => Promise<boolean>;

/** Folds a stored document into one snapshot, in parts when large (`SnapshotBuilder.build`). */
export type BuildSnapshot = (stored: StoredDocument) => Promise<{ state: readonly Uint8Array[]; skipped: number }>;

/** The in-memory document encoded, when it is small enough to encode on the event loop; else undefined. */
export type EncodeSmall = () => Uint8Array | undefined;

/** Records appended in the same transaction as an update (`UpdatePersister.storeWith`, `TransactOptions.storeWith`). */
export interface RecordsWithUpdate {
  records: readonly RecordWithUpdates[];
  /** Told once: true when the records were stored with their update, false when they were left out (`UpdatePersister.storeWith` says when). */
  settled: (stored: boolean) => void;
}
