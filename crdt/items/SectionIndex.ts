import type * as Y from 'yjs';
import { compareByZ, readStoredItem } from './boardSchema.js';
import type { StoredItem } from './boardSchema.js';

/** The board's section items, decoded whole; the top-first order is sorted once and kept until a section changes. */
export class SectionIndex {
  readonly #sections = new Map<string, StoredItem>();
  #topFirst: readonly StoredItem[] | null = null;

  /** Reads the section entry `id` anew. */
  set(id: string, entry: Y.Map<unknown>): void {
    this.#sections.set(id, readStoredItem(id, entry));
    this.#topFirst = null;
  }

  /** Forgets `id` when it was a section. */
  delete(id: string): void {
    if (this.#sections.delete(id)) this.#topFirst = null;
  }

  /** The sections, top-most (highest z) first. */
  topFirst(): readonly StoredItem[] {
    if (this.#topFirst === null) this.#topFirst = [...this.#sections.values()].sort(compareByZ).reverse();
    return this.#topFirst;
  }
}
