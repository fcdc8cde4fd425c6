import type { AiOperation } from './credits.js';
import { aiPrices } from './credits.js';

/** Credits spent and given back since the process started (`CreditTally.stats()`). */
export interface CreditStats {
  /** Credits reserved, by operation (a reservation is spent at once). */
  spent: Readonly<Record<AiOperation, number>>;
  /** Credits given back by operations that failed. */
  refunded: number;
}

/** Running totals of AI credits, for metrics: two additions per AI operation, nothing stored. */
export class CreditTally {
  readonly #spent = Object.fromEntries(Object.keys(aiPrices).map((operation) => [operation, 0])) as Record<AiOperation, number>;
  #refunded = 0;

  /** `credits` were reserved for `operation`. */
  spent(operation: AiOperation, credits: number): void {
    this.#spent[operation] += credits;
  }

  /** `credits` were given back. */
  refunded(credits: number): void {
    this.#refunded += credits;
  }

  /** The totals so far. */
  stats(): CreditStats {
    return { spent: { ...this.#spent }, refunded: this.#refunded };
  }
}
