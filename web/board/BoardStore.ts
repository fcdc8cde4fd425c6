import type * as Y from 'yjs';
import { compareByZ, findItemEntry, itemsMap, readStoredItem } from '../../crdt/items/boardSchema.js';
import type { StoredItem } from '../../crdt/items/boardSchema.js';

/**
 * The board's items decoded from the Yjs document, kept up to date incrementally: a change
 * re-reads only the items it touched, and unchanged items keep their object identity so
 * the canvas re-renders only what changed.
 */
export class BoardStore {
  readonly #doc: Y.Doc;
  readonly #items = new Map<string, StoredItem>();
  readonly #listeners = new Set<() => void>();
  #sorted: StoredItem[] | null = null;
  /** Bumped on every change; components key their memos on it. */
  version = 0;

  constructor(doc: Y.Doc) {
    this.#doc = doc;
    const map = itemsMap(doc);
    this.#refresh(map.keys());
    map.observeDeep((events) => {
      const ids = new Set<string>();
      for (const event of events) {
        if (event.target === map) for (const key of event.changes.keys.keys()) ids.add(key);
        else if (typeof event.path[0] === 'string') ids.add(event.path[0]);
      }
      this.#refresh(ids);
    });
  }

  #refresh(ids: Iterable<string>): void {
    for (const id of ids) {
      const entry = findItemEntry(this.#doc, id);
      if (entry === undefined) this.#items.delete(id);
      else this.#items.set(id, readStoredItem(id, entry));
    }
    this.#sorted = null;
    this.version += 1;
    for (const listener of this.#listeners) listener();
  }

  /** Every item, bottom of the z-order first. */
  items(): readonly StoredItem[] {
    this.#sorted ??= [...this.#items.values()].sort(compareByZ);
    return this.#sorted;
  }

  /** One item, or undefined. */
  get(id: string): StoredItem | undefined {
    return this.#items.get(id);
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
