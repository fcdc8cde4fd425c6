import type { Clock } from '../../storage/index.js';

/** A token bucket: `burst` tokens, refilled at `perSecond`; each `take()` spends one. */
export class TokenBucket {
  readonly #perSecond: number;
  readonly #burst: number;
  readonly #clock: Clock;
  #tokens: number;
  #lastMs: number;

  constructor(perSecond: number, burst: number, clock: Clock) {
    this.#perSecond = perSecond;
    this.#burst = burst;
    this.#clock = clock;
    this.#tokens = burst;
    this.#lastMs = clock.now();
  }

  /** Spends one token; false when the bucket is empty. */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Tokens in the bucket now (refilled up to this moment), fractions included. */
  available(): number {
    this.#refill();
    return this.#tokens;
  }

  /** When the bucket will be full again if nothing more is taken, in ms since the epoch (not after now when it is full). */
  fullAtMs(): number {
    return this.#lastMs + ((this.#burst - this.#tokens) * 1000) / this.#perSecond;
  }

  #refill(): void {
    const now = this.#clock.now();
    if (now <= this.#lastMs) return;
    this.#tokens = Math.min(this.#burst, this.#tokens + ((now - this.#lastMs) * this.#perSecond) / 1000);
    this.#lastMs = now;
  }
}
