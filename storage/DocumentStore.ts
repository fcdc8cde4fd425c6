import type { StoredRecord } from './Collection.js';

/**
 * The persistence port of board documents: an append-only log of Yjs updates per document,
 * plus one compacted snapshot. Loading = snapshot + every logged update after it, in order.
 */

/** What is stored for one document. */
export interface StoredDocument {
  /**
   * The compacted state, as the updates to apply in order: one (`Y.encodeStateAsUpdate`), or the
   * parts a large snapshot is stored in so that a load applies it a part per event-loop turn
   * without decoding it first; null before the first compaction.
   */
  snapshot: readonly Uint8Array[] | null;
  /** Updates logged after the snapshot, oldest first. */
  updates: Uint8Array[];
  /**
   * Sequence number up to which every update is included (in the snapshot or the updates); 0
   * when empty. Where appends of several processes may become visible out of number order
   * (MongoDB), updates numbered after it may be included too, and a compaction up to it never
   * hides one still being written.
   */
  lastSeq: number;
}

/** One update of a document's log with the sequence number the store gave it. */
export interface LoggedUpdate {
  seq: number;
  update: Uint8Array;
}

/** The updates of a document's log after a sequence number (`DocumentStore.readLogAfter`). */
export interface LogTail {
  /** The logged updates numbered after the number asked for, in number order. */
  updates: LoggedUpdate[];
  /**
   * Sequence number up to which every update after the number asked for is in `updates` (the
   * number asked for when none is). Where appends may become visible out of number order
   * (MongoDB), updates numbered after it may be in `updates` too, as with `StoredDocument.lastSeq`.
   */
  lastSeq: number;
}

/** A record of a collection, written by an append in the same transaction as its updates (`DocumentStore.append`). */
export interface RecordWithUpdates {
  /** The collection's name (`CollectionSpec.name`), opened on the database this store belongs to. */
  collection: string;
  record: StoredRecord;
}

/**
 * The update log and snapshots of board documents. Writes resolve once stored so that a crash
 * of this process (`kill -9`) cannot lose them; `sync` makes everything written so far survive
 * power loss as well. Stores whose writes already survive power loss resolve `sync` at once.
 */
export interface DocumentStore {
  /**
   * Appends updates to a document's log, in the order given, in one write; resolves only once
   * they are stored (see above). Returns the last sequence number. Where `appendsRecords` is
   * true, `records` are inserted in the same transaction: the updates and the records are both
   * stored or neither is. No other store is given any.
   */
  append(docId: string, updates: readonly Uint8Array[], records?: readonly RecordWithUpdates[]): Promise<number>;
  /** True when `append` takes records to insert with the updates (PostgreSQL: one statement, one commit). */
  readonly appendsRecords?: boolean;
  /**
   * Like `append`, synchronously: the updates are stored (safe from a crash of the process) when
   * it returns. Only stores whose writes are local and fast offer it (the embedded sqlite
   * store); live relays then go out in the same event-loop turn as the write. Throws when the
   * write fails, with nothing stored.
   */
  appendNow?(docId: string, updates: readonly Uint8Array[]): number;
  /** Everything stored for a document (an empty result for an unknown id). */
  load(docId: string): Promise<StoredDocument>;
  /**
   * The updates logged after `afterSeq`, read from the log alone (no snapshot is read): what a
   * copy that holds every update up to `afterSeq` lacks. Null when the log no longer holds all
   * of them because a compaction folded some into the snapshot (its number is above
   * `afterSeq`); `load` then gives the whole document. For a document deleted after `afterSeq`:
   * null where numbers outlive a delete (PostgreSQL, MongoDB), no updates otherwise.
   */
  readLogAfter(docId: string, afterSeq: number): Promise<LogTail | null>;
  /**
   * Stores `snapshot` (one or more updates, applied in order; see `StoredDocument.snapshot`) as
   * the state up to and including `upToSeq` and removes the log entries it covers, atomically: a
   * crash leaves either the old or the new state, never a gap.
   *
   * `fence` is the fencing token of the lease the compaction runs under (`Lease.token`, strictly
   * increasing per lease name). The store keeps the highest fence it accepted per document, with
   * the snapshot and in the same write, and refuses a compaction with a lower one: it throws
   * `StorageError` `compaction_fenced` and changes nothing, so a holder whose lease ran out while
   * it was paused cannot replace what a later holder stored. Without `fence` nothing is checked
   * (one process alone, or a new board's first state) and the highest fence is kept.
   */
  compact(docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence?: number): Promise<void>;
  /**
   * The sequence number of the last update stored for each of `docIds` (0 for an unknown id), in
   * one cheap read (no log or snapshot is read): several processes holding a board compare it
   * with the last they have seen, to find an update another process stored and never published.
   */
  lastSeqs(docIds: readonly string[]): Promise<Map<string, number>>;
  /** Number of logged updates after the snapshot (drives compaction). */
  pendingUpdates(docId: string): Promise<number>;
  /** Removes the document's snapshot and log. */
  delete(docId: string): Promise<void>;
  /** Resolves once every write that resolved before this call would also survive power loss (fsync). */
  sync(): Promise<void>;
}
