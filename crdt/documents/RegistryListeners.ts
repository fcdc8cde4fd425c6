import type * as Y from 'yjs';
import type { Logger } from './Logger.js';

/**
 * Who `DocumentRegistry` tells of its documents' lives: each load, each delete and each idle
 * sweep. A listener that throws is logged and the others are still told.
 */
export class RegistryListeners {
  readonly #logger: Logger;
  readonly #loaded = new Set<(boardId: string, doc: Y.Doc) => void>();
  readonly #deleted = new Set<(boardId: string) => void>();
  readonly #swept = new Set<(unloaded: number) => void>();

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Adds a load listener; returns an unsubscribe function. */
  onLoaded(listener: (boardId: string, doc: Y.Doc) => void): () => void {
    return subscribe(this.#loaded, listener);
  }

  /** Adds a delete listener; returns an unsubscribe function. */
  onDelete(listener: (boardId: string) => void): () => void {
    return subscribe(this.#deleted, listener);
  }

  /** Adds a sweep listener; returns an unsubscribe function. */
  onSwept(listener: (unloaded: number) => void): () => void {
    return subscribe(this.#swept, listener);
  }

  /** Tells the load listeners that `doc` of `boardId` loaded. */
  loaded(boardId: string, doc: Y.Doc): void {
    for (const listener of this.#loaded) this.#guard(() => listener(boardId, doc), 'A load listener failed', boardId);
  }

  /** Tells the delete listeners that `boardId` is deleted. */
  deleted(boardId: string): void {
    for (const listener of this.#deleted) this.#guard(() => listener(boardId), 'A delete listener failed', boardId);
  }

  /** Tells the sweep listeners how many documents a sweep unloaded. */
  swept(unloaded: number): void {
    for (const listener of this.#swept) this.#guard(() => listener(unloaded), 'A sweep listener failed');
  }

  #guard(call: () => void, message: string, boardId?: string): void {
    try {
      call();
    } catch (error) {
      this.#logger.error(boardId === undefined ? { err: error } : { err: error, boardId }, message);
    }
  }
}

function subscribe<L>(listeners: Set<L>, listener: L): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
