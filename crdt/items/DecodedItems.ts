import * as Y from 'yjs';
import { readStoredItem } from './boardSchema.js';
import type { StoredItem } from './boardSchema.js';

/** `value` with every object and array in it frozen. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A decoded item frozen, its data to the bottom: one shared between readers stays as decoded. */
function frozenItem(item: StoredItem): StoredItem {
  const { data } = item;
  for (const key in data) deepFreeze(data[key]);
  Object.freeze(data);
  return Object.freeze(item);
}

/** Item entries decoded (`readStoredItem`) and frozen, each kept until its owner drops it. */
export class DecodedItems {
  readonly #items = new Map<string, StoredItem>();

  /** The item `id` as last decoded, or undefined when it was not or has been dropped since. */
  get(id: string): StoredItem | undefined {
    return this.#items.get(id);
  }

  /** Whether item `id` is decoded and kept. */
  has(id: string): boolean {
    return this.#items.has(id);
  }

  /** Decodes `entry`, the item entry `id`, and keeps it. */
  decode(id: string, entry: Y.Map<unknown>): StoredItem {
    const item = frozenItem(readStoredItem(id, entry));
    this.#items.set(id, item);
    return item;
  }

  /** The items `ids` of `items` (each an item entry), as kept or decoded now. */
  all(ids: Iterable<string>, items: Y.Map<unknown>): StoredItem[] {
    const out: StoredItem[] = [];
    for (const id of ids) out.push(this.#items.get(id) ?? this.decode(id, items.get(id) as Y.Map<unknown>));
    return out;
  }

  /**
   * Decodes those of `ids` not kept yet, `msPerTurn` of them per event-loop turn (awaiting
   * `nextTurn` in between); an id that `isEntry` no longer knows after a turn is skipped.
   */
  async decodeInSlices(ids: readonly string[], isEntry: (id: string) => boolean, items: Y.Map<unknown>, msPerTurn: number, nextTurn: () => Promise<unknown>): Promise<void> {
    let sliceStart = performance.now();
    for (const id of ids) {
      if (performance.now() - sliceStart > msPerTurn) {
        await nextTurn();
        sliceStart = performance.now();
      }
      // Touched in a turn since: its entry may be gone, or read again by the next `all`.
      if (this.#items.has(id) || !isEntry(id)) continue;
      const entry = items.get(id);
      if (entry instanceof Y.Map) this.decode(id, entry);
    }
  }

  /** Forgets item `id` (a transaction touched it). */
  drop(id: string): void {
    this.#items.delete(id);
  }
}
