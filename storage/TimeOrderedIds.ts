import { randomHex } from './ids.js';

/**
 * Ids that sort in creation order within a process: `<prefix><time base36><sequence base36><random>`.
 * The time never goes backwards (a clock step back reuses the last time with a higher
 * sequence), so sorting by id is sorting by creation, which keyset pagination relies on.
 */
export class TimeOrderedIds {
  readonly #prefix: string;
  #lastMs = 0;
  #seq = 0;

  constructor(prefix: string) {
    this.#prefix = prefix;
  }

  /** The next id for a record created at `nowMs`. */
  next(nowMs: number): string {
    if (nowMs > this.#lastMs) {
      this.#lastMs = nowMs;
      this.#seq = 0;
    } else {
      this.#seq += 1;
    }
    const time = this.#lastMs.toString(36).padStart(9, '0');
    const seq = this.#seq.toString(36).padStart(5, '0');
    return `${this.#prefix}${time}${seq}${randomHex(5)}`;
  }
}
