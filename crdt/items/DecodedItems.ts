import type * as Y from 'yjs';
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

  /** Forgets item `id` (a transaction touched it). */
  drop(id: string): void {
    this.#items.delete(id);
  }
}
