import type { Lease, LeaseService } from '../../storage/index.js';

/**
 * A lease a piece of singleton background work (a sweep, the webhook outbox) holds across its runs,
 * so that of several processes one does it: `held()` before each run takes the lease when free
 * and renews it when this process has it. A process that stops or dies lets it go (`release`, or
 * its TTL), and another takes over at its next run. With the in-process lease service it is
 * always held.
 */
export class SingletonLease {
  readonly #leases: LeaseService;
  readonly #name: string;
  readonly #ttlMs: number;
  readonly #onError: (error: unknown) => void;
  #lease: Lease | null = null;

  /** `ttlMs` must be well above the period of the runs that call `held()`: the lease is renewed only by them. */
  constructor(leases: LeaseService, name: string, ttlMs: number, onError: (error: unknown) => void) {
    this.#leases = leases;
    this.#name = name;
    this.#ttlMs = ttlMs;
    this.#onError = onError;
  }

  /** Whether this process holds the lease now (taken or renewed for another TTL); false when another does or the lease service fails. */
  async held(): Promise<boolean> {
    return (await this.hold()) !== null;
  }

  /**
   * Takes or renews the lease, as `held()`, and says which: `renewed` when this process has held
   * it without a break since its last call, `taken` when it has just taken it (free, lapsed, left
   * by a stopped process, or lost with a Redis that restarted empty), null when it does not hold it.
   */
  async hold(): Promise<'renewed' | 'taken' | null> {
    try {
      if (this.#lease !== null && (await this.#leases.renew(this.#lease, this.#ttlMs))) return 'renewed';
      this.#lease = await this.#leases.acquire(this.#name, this.#ttlMs);
      return this.#lease === null ? null : 'taken';
    } catch (error) {
      // Unsure whether it is still ours: skipping one run is safe, running twice is not.
      this.#lease = null;
      this.#onError(error);
      return null;
    }
  }

  /** Gives the lease up (the process stops), so another process takes over at its next run. */
  async release(): Promise<void> {
    const lease = this.#lease;
    this.#lease = null;
    if (lease !== null) await this.#leases.release(lease).catch((error: unknown) => this.#onError(error));
  }
}
