import * as Y from 'yjs';
import type { DocumentStore } from '../../storage/index.js';

/**
 * How the organisation layer creates and removes board documents. The default writes to the
 * document store directly; the composition root may pass one backed by the document registry
 * so loaded documents are unloaded and their connections closed on delete.
 */
export interface BoardDocuments {
  /**
   * Stores the initial Yjs state of a new board (`state`: updates that, applied in order, give
   * it; else an empty document); resolves once it is durable.
   */
  create(boardId: string, state?: readonly Uint8Array[]): Promise<void>;
  /** Removes a board's document for good. */
  delete(boardId: string): Promise<void>;
}

/** Board documents written straight to the document store. */
export function storeBoardDocuments(store: DocumentStore): BoardDocuments {
  return {
    create: async (boardId, state) => {
      await store.compact(boardId, state ?? [Y.encodeStateAsUpdate(new Y.Doc())], 0);
      await store.sync();
    },
    delete: async (boardId) => {
      await store.delete(boardId);
      await store.sync();
    },
  };
}
