/**
 * A map that forgets what goes unused: an entry neither set nor read for one to two
 * `periodMs` is dropped. For what a process remembers per board to spare itself a store read or
 * a write (a throttle's last time, an open window), which is worth keeping while the board is
 * busy and nothing once it has gone quiet: an idle server holds none of it, however many boards
 * were busy before.
 *
 * Two generations: reads and writes go to the young one (a read moves an old entry there), and
 * every `periodMs` the old one is dropped and the young one becomes old. The timer runs only
 * while the map holds something and does not keep the process alive.
 */
export class RecentMap<K, V> {
  readonly #periodMs: number;
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  /** Whether the timer that ages the generations is set. */
  #aging = false;

  constructor(periodMs: number) {
    this.#periodMs = periodMs;
  }

  get size(): number {
    return this.#young.size + this.#old.size;
  }

  /** The entry of `key`, kept young by the read. */
  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined || this.#young.has(key)) return young;
    if (!this.#old.has(key)) return undefined;
    const old = this.#old.get(key) as V;
    this.#old.delete(key);
    this.#young.set(key, old);
    return old;
  }

  set(key: K, value: V): this {
    this.#old.delete(key);
    this.#young.set(key, value);
    if (!this.#aging) this.#arm();
    return this;
  }

  delete(key: K): boolean {
    const young = this.#young.delete(key);
    return this.#old.delete(key) || young;
  }

  #arm(): void {
    this.#aging = true;
    setTimeout(() => this.#age(), this.#periodMs).unref();
  }

  #age(): void {
    this.#old = this.#young;
    this.#young = new Map();
    if (this.#old.size > 0) this.#arm();
    else this.#aging = false;
  }
}
