/**
 * A max-heap of (key, id) pairs that answers the highest key whose pair is still current.
 * Changing or removing an id's key never searches the heap: the old pair stays and is dropped
 * lazily when it reaches the top and `isCurrent` says it is stale. Keys compare as plain
 * strings (code-unit order), as z-order does.
 */
export class TopKeyHeap {
  #keys: string[] = [];
  #ids: string[] = [];

  /** Pairs held, stale ones included. */
  get length(): number {
    return this.#keys.length;
  }

  /** Adds a pair; O(log n). */
  push(key: string, id: string): void {
    this.#keys.push(key);
    this.#ids.push(id);
    this.#up(this.#keys.length - 1);
  }

  /** The highest key whose pair `isCurrent` accepts, dropping stale pairs on the way; null when none. */
  top(isCurrent: (key: string, id: string) => boolean): string | null {
    while (this.#keys.length > 0) {
      const key = this.#keys[0] as string;
      if (isCurrent(key, this.#ids[0] as string)) return key;
      this.#popTop();
    }
    return null;
  }

  /** Empties the heap (before a rebuild). */
  clear(): void {
    this.#keys = [];
    this.#ids = [];
  }

  #popTop(): void {
    const lastKey = this.#keys.pop() as string;
    const lastId = this.#ids.pop() as string;
    if (this.#keys.length === 0) return;
    this.#keys[0] = lastKey;
    this.#ids[0] = lastId;
    this.#down(0);
  }

  #up(start: number): void {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.#keys[parent] as string) >= (this.#keys[i] as string)) return;
      this.#swap(i, parent);
      i = parent;
    }
  }

  #down(start: number): void {
    const n = this.#keys.length;
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < n && (this.#keys[left] as string) > (this.#keys[largest] as string)) largest = left;
      if (right < n && (this.#keys[right] as string) > (this.#keys[largest] as string)) largest = right;
      if (largest === i) return;
      this.#swap(i, largest);
      i = largest;
    }
  }

  #swap(a: number, b: number): void {
    const key = this.#keys[a] as string;
    const id = this.#ids[a] as string;
    this.#keys[a] = this.#keys[b] as string;
    this.#ids[a] = this.#ids[b] as string;
    this.#keys[b] = key;
    this.#ids[b] = id;
  }
}
