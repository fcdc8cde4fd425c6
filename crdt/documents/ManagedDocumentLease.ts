import type * as Y from 'yjs';
import type { DocumentLease } from './DocumentLease.js';
import type { ManagedDocument } from './ManagedDocument.js';

/**
 * A lease on a `ManagedDocument` (`ManagedDocument.lease`): its methods on the prototype, so a
 * lease held for as long as a board is loaded costs one small object, not a closure per method.
 */
export class ManagedDocumentLease implements DocumentLease {
  readonly boardId: string;
  readonly doc: Y.Doc;
  readonly #document: ManagedDocument;
  /** Ends the lease on the document; null once released. */
  #end: (() => void) | null;

  /** A lease on `document` that calls `end` on its first `release()`. */
  constructor(document: ManagedDocument, end: () => void) {
    this.boardId = document.id;
    this.doc = document.doc;
    this.#document = document;
    this.#end = end;
  }

  applyUpdate(update: Uint8Array, origin: unknown): void {
    this.#document.applyUpdate(update, origin);
  }

  storeNow(): boolean {
    return this.#document.persister.storeNow();
  }

  assertRoomFor(incomingBytes: number): void {
    this.#document.assertRoomFor(incomingBytes);
  }

  queueIncoming(update: Uint8Array): void {
    this.#document.queueIncoming(update);
  }

  applyQueued<T extends { update: Uint8Array; origin?: unknown }>(entries: readonly T[], batchOrigin?: unknown): { entry: T; error: unknown }[] {
    return this.#document.applyQueued(entries, batchOrigin);
  }

  onChange(listener: (update: Uint8Array, origin: unknown) => void): () => void {
    return this.#document.onChange(listener);
  }

  encodedState(): readonly Uint8Array[] {
    return this.#document.encodedState();
  }

  /** Ends the lease (idempotent). */
  release(): void {
    const end = this.#end;
    this.#end = null;
    end?.();
  }
}
