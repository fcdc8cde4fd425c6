import { compareByZ } from './boardSchema.js';

/** Changes moved into the sorted ids one by one; past this many, the ids are sorted afresh when next asked for. */
const maxChanges = 256;

/**
 * Item ids in z-order (`compareByZ`: the order key as a plain string, then the id), for paging.
 * Sorted the first time a page is asked for; after that each change an owner reports is moved
 * in by binary search when the next page is asked for. Past `maxChanges` changes between two
 * pages, the sorted ids are dropped and the next page sorts afresh.
 */
export class ZOrderList {
  readonly #ids: () => Iterable<string>;
  readonly #orderOf: (id: string) => string | undefined;
  #sorted: string[] | null = null;
  /** Ids changed since `#sorted` was brought up to date, with the order key they sit at there (undefined: not in it). */
  readonly #changed = new Map<string, string | undefined>();

  /** `ids`: every item id; `orderOf`: an item's order key now (undefined when there is no such item). */
  constructor(ids: () => Iterable<string>, orderOf: (id: string) => string | undefined) {
    this.#ids = ids;
    this.#orderOf = orderOf;
  }

  /** Records that `id`'s order key was `before` (undefined: the item did not exist) and is now something else. */
  changed(id: string, before: string | undefined): void {
    if (this.#sorted === null || this.#changed.has(id)) return;
    this.#changed.set(id, before);
    if (this.#changed.size > maxChanges) {
      this.#sorted = null;
      this.#changed.clear();
    }
  }

  /**
   * Up to `limit` ids after the item at `after` (its order key and id; from the bottom when
   * null), and whether more follow; O(log n + limit) once sorted.
   */
  page(after: { readonly z: string; readonly id: string } | null, limit: number): { ids: string[]; more: boolean } {
    const order = this.#upToDate();
    const current = (id: string): string => this.#orderOf(id) ?? '';
    let start = 0;
    if (after !== null) {
      start = positionOf(order, after, current);
      if (order[start] === after.id && current(after.id) === after.z) start += 1;
    }
    return { ids: order.slice(start, start + limit), more: start + limit < order.length };
  }

  /**
   * The sorted ids, brought up to date: each changed id taken out at the position it had (the
   * others keep theirs, so the array stays sorted by what it was sorted on), then put back where
   * its order key now goes.
   */
  #upToDate(): string[] {
    if (this.#sorted === null) {
      const keyed = [...this.#ids()].map((id) => ({ id, z: this.#orderOf(id) ?? '' }));
      this.#sorted = keyed.sort(compareByZ).map((item) => item.id);
      return this.#sorted;
    }
    const order = this.#sorted;
    const changed = [...this.#changed];
    // Ids not yet taken out sit at the key they had; the others at their own.
    const sortedOn = (id: string): string => (this.#changed.has(id) ? (this.#changed.get(id) ?? '') : (this.#orderOf(id) ?? ''));
    for (const [id, before] of changed) {
      if (before !== undefined) {
        const at = positionOf(order, { z: before, id }, sortedOn);
        order.splice(order[at] === id ? at : order.indexOf(id), 1);
      }
      this.#changed.delete(id);
    }
    const current = (id: string): string => this.#orderOf(id) ?? '';
    for (const [id] of changed) {
      const key = this.#orderOf(id);
      if (key !== undefined) order.splice(positionOf(order, { z: key, id }, current), 0, id);
    }
    return order;
  }
}

/** The first position in `order` (sorted by `compareByZ` on `orderOf`) whose item does not sort before `key`. */
function positionOf(order: readonly string[], key: { readonly z: string; readonly id: string }, orderOf: (id: string) => string): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const id = order[middle] as string;
    if (compareByZ({ z: orderOf(id), id }, key) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
