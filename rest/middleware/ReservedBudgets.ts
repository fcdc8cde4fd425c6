import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';

/** How long a reservation should last at the rate a key was spent at: the requests of this many ms. */
const reserveForMs = 100;
/** The largest share of a budget one reservation takes (1%). */
const largestShare = 0.01;
/** Keys held before the expired ones are swept. */
const sweepAbove = 10_000;

/** What this process reserved of one key's budget in the shared store, and how fast it spends. */
interface Reservation {
  /** Points reserved and not spent yet. */
  left: number;
  /** What the shared store had left once it granted the reservation. */
  remainingAfter: number;
  /** When the store's window ends (`Date.now()` ms): the reservation ends with it. */
  endsAt: number;
  /** Spends since `rateFrom` (when that count started), and in the 100 ms before: the key's recent rate. */
  spends: number;
  rateFrom: number;
  spendsBefore: number;
  /** A reservation on its way to the store: other spends of the key wait for it. */
  inFlight: Promise<void> | null;
}

/**
 * Spends requests of budgets counted in a shared store (Redis) without a round trip per request:
 * a process reserves a few points of a key's budget at once (one `consume` of that many) and
 * spends them locally, then reserves again. A reservation covers about 100 ms of the key's
 * requests at the rate this process saw them, and at most 1% of the budget, so a credential that
 * sends a request now and then still costs one exact call per request (and its `remainingPoints`
 * are the store's), while a busy one costs a call per reservation. The store always counts every
 * point spent or reserved, so no credential ever gets more than its budget across the processes;
 * what a process reserved and did not spend is lost to the others until the window ends, so with
 * N processes a busy credential may be refused up to N% of its budget early. A reservation the
 * store refuses is given back (`reward`) and the request spends one point exactly; near the end of a budget (as
 * last seen) reservations are of one point, so running out is decided by the store as without them.
 */
export class ReservedBudgets {
  readonly #limiter: RateLimiterAbstract;
  readonly #largest: number;
  readonly #keys = new Map<string, Reservation>();

  /** `limiter` counts in the shared store, `points` per window per key. */
  constructor(limiter: RateLimiterAbstract, points: number) {
    this.#limiter = limiter;
    this.#largest = Math.max(1, Math.floor(points * largestShare));
  }

  /** Spends one point of `key`'s budget: resolves with what is left, rejects with a `RateLimiterRes` when nothing is. */
  async consume(key: string): Promise<RateLimiterRes> {
    for (;;) {
      const now = Date.now();
      let held = this.#keys.get(key);
      if (held !== undefined && held.endsAt <= now && held.inFlight === null) {
        this.#keys.delete(key);
        held = undefined;
      }
      if (held === undefined) {
        if (this.#keys.size >= sweepAbove) this.#sweep(now);
        held = { left: 0, remainingAfter: 0, endsAt: 0, spends: 0, rateFrom: now, spendsBefore: 0, inFlight: null };
        this.#keys.set(key, held);
      }
      if (now - held.rateFrom >= reserveForMs) {
        held.spendsBefore = now - held.rateFrom < 2 * reserveForMs ? held.spends : 0;
        held.spends = 0;
        held.rateFrom = now;
      }
      if (held.inFlight !== null) {
        await held.inFlight;
        continue;
      }
      held.spends += 1;
      if (held.left > 0 && now < held.endsAt) {
        held.left -= 1;
        return new RateLimiterRes(held.remainingAfter + held.left, held.endsAt - now, 0, false);
      }
      return this.#reserve(key, held, now);
    }
  }

  /** Reserves points for this spend and those the key's rate says will follow; others wait for it. */
  async #reserve(key: string, held: Reservation, now: number): Promise<RateLimiterRes> {
    const wanted = Math.min(this.#largest, Math.max(1, held.spends, held.spendsBefore));
    // Near the end of the budget (as last seen), one point at a time: the store decides exactly.
    const points = held.endsAt > now && held.remainingAfter < wanted ? 1 : wanted;
    let done = (): void => undefined;
    held.inFlight = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      const res = await this.#spend(key, points);
      held.left = points - 1;
      held.remainingAfter = res.remainingPoints;
      held.endsAt = Date.now() + res.msBeforeNext;
      return new RateLimiterRes(res.remainingPoints + held.left, res.msBeforeNext, res.consumedPoints, res.isFirstInDuration);
    } catch (rejection) {
      held.left = 0;
      if (rejection instanceof RateLimiterRes) {
        held.remainingAfter = 0;
        held.endsAt = Date.now() + rejection.msBeforeNext;
      }
      throw rejection;
    } finally {
      held.inFlight = null;
      done();
    }
  }

  /** `points` of `key` in the store; a refused reservation of several is given back and one point spent instead. */
  async #spend(key: string, points: number): Promise<RateLimiterRes> {
    try {
      return await this.#limiter.consume(key, points);
    } catch (rejection) {
      if (points === 1 || !(rejection instanceof RateLimiterRes)) throw rejection;
      await this.#limiter.reward(key, points);
      return this.#limiter.consume(key, 1);
    }
  }

  #sweep(now: number): void {
    for (const [key, held] of this.#keys) if (held.endsAt <= now && held.inFlight === null) this.#keys.delete(key);
  }
}
