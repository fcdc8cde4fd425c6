import type { BatchedFind } from './BatchedFind.js';
import type { Collection, CollectionSpec, StoredRecord } from './Collection.js';
import type { DocumentStore } from './DocumentStore.js';
import type { SearchIndex } from './SearchIndex.js';

/** An open store: named record collections plus the board document log. */
export interface Database {
  /** `sqlite`, `mongodb` or `postgres`. */
  readonly kind: string;
  /**
   * True when a collection write is made before its call returns (sqlite: one connection,
   * synchronous statements), so writes reach the store in the order they were called. Absent or
   * false: a write is made when its promise resolves, and two writes issued in order may commit in
   * the other (pooled connections, a server's replies).
   */
  readonly writesBeforeReturn?: boolean;
  /**
   * The collection described by `spec`, created with its indexes on first use. The same
   * spec object may be passed any number of times.
   */
  collection<T extends StoredRecord>(spec: CollectionSpec): Collection<T>;
  /**
   * Runs independent finds as one round trip, each answering as `Collection.find` would, in the
   * order given. Optional: `findTogether` runs the finds side by side on a store without it.
   */
  findBatch?(finds: readonly BatchedFind<StoredRecord>[]): Promise<StoredRecord[][]>;
  /** Creates every collection and index declared so far (idempotent); mongodb does it at start-up. */
  ensureIndexes(): Promise<void>;
  readonly documents: DocumentStore;
  /** Full-text index of board titles and item texts. */
  readonly search: SearchIndex;
  /**
   * Runs `writes` (collection writes, each started synchronously by its call) as one commit where
   * the store can: on sqlite one transaction instead of one per write, so bookkeeping rows of many
   * boards made in one event-loop turn cost one WAL commit. A write that fails rejects its own
   * promise and leaves the others. Absent: the writes are made one by one as usual.
   */
  batch?<R>(writes: () => R): R;
  /**
   * Gives back what the store's own caches hold in this process (sqlite: each connection's page
   * cache, which otherwise stays at its high-water mark), for a server with nothing loaded; the
   * caches fill again on use. Absent: nothing to give back.
   */
  releaseMemory?(): void;
  /** Answers when the store can serve requests (for `/readyz`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
