import type * as Y from 'yjs';

/** A hold on a loaded document (`ManagedDocument.lease`): it stays loaded until `release()` (idempotent). */
export interface DocumentLease {
  readonly boardId: string;
  readonly doc: Y.Doc;
  /** Applies a remote update after the size check; throws `document_too_large`. */
  applyUpdate(update: Uint8Array, origin: unknown): void;
  /**
   * Stores the updates applied so far at once when the store can append synchronously; true when
   * all of them are stored (safe from a crash of the process). False means: wait for `whenPersisted`.
   */
  storeNow(): boolean;
  /** Throws `document_too_large` when `incomingBytes` more would pass the size limit. */
  assertRoomFor(incomingBytes: number): void;
  /** Queues a client's update to be stored before it is applied; see `ManagedDocument.queueIncoming`. */
  queueIncoming(update: Uint8Array): void;
  /** Applies updates queued with `queueIncoming`, quietly, in one transaction; returns those that failed. See `ManagedDocument.applyQueued`. */
  applyQueued<T extends { update: Uint8Array; origin?: unknown }>(entries: readonly T[], batchOrigin?: unknown): { entry: T; error: unknown }[];
  /** Calls `listener` with every update to relay (see `ManagedDocument.onChange`); returns the function that removes it. */
  onChange(listener: (update: Uint8Array, origin: unknown) => void): () => void;
  /** Updates that, applied in order, give the document's state, mostly without encoding it; see `ManagedDocument.encodedState`. */
  encodedState(): readonly Uint8Array[];
  release(): void;
}
