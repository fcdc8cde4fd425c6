import type { Lease, LeaseService } from '../../storage/index.js';

/** Who owns stored work that a crash can leave behind (jobs, journal rows): this process's id, and whether another process still runs. */
export interface ProcessOwner {
  readonly processId: string;
  isAlive(processId: string): Promise<boolean>;
}

/** How long a process counts as alive after its last renewal, in ms (renewed every third of it). */
const livenessTtlMs = 30_000;

/**
 * Tells whether the process that owns a stored job or journal row is still running: each process
 * holds a lease on `process:<its id>` while it runs (renewed in the background; released at stop,
 * lapsed within 30 s when it dies). Recovery at start-up leaves alone what a live process owns,
 * and the Redis lease service hands the leases of a process whose liveness lapsed to the next
 * process that asks, without waiting for their own TTLs.
 */
export class ProcessLiveness implements ProcessOwner {
  readonly processId: string;
  readonly #leases: LeaseService;
  readonly #onError: (error: unknown) => void;
  #lease: Lease | null = null;
  #timer: NodeJS.Timeout | undefined;
  #stopListening: (() => void) | undefined;

  constructor(leases: LeaseService, processId: string, onError: (error: unknown) => void) {
    this.#leases = leases;
    this.processId = processId;
    this.#onError = onError;
  }

  /**
   * Takes this process's lease and keeps renewing it until `stop`; also at once whenever
   * `reconnected` fires (Redis came back, maybe empty: until this lease is back, the process takes
   * no other lease, and the others may take over its leases).
   */
  async start(reconnected?: (listener: () => void) => () => void): Promise<void> {
    this.#lease = await this.#leases.acquire(`process:${this.processId}`, livenessTtlMs);
    this.#timer = setInterval(() => void this.#renew(), Math.floor(livenessTtlMs / 3));
    this.#timer.unref();
    this.#stopListening = reconnected?.(() => void this.#renew());
  }

  /** Whether the process `processId` runs now (this one does); false for an unknown id. */
  async isAlive(processId: string): Promise<boolean> {
    if (processId === this.processId) return true;
    return this.#leases.isHeld(`process:${processId}`);
  }

  /** Stops renewing and releases the lease: what this process leaves behind is recovered by the next to start. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stopListening?.();
    const lease = this.#lease;
    this.#lease = null;
    if (lease !== null) await this.#leases.release(lease).catch((error: unknown) => this.#onError(error));
  }

  async #renew(): Promise<void> {
    try {
      if (this.#lease !== null && (await this.#leases.renew(this.#lease, livenessTtlMs))) return;
      // Lost (Redis restarted empty, or a pause past the TTL): take it again.
      this.#lease = await this.#leases.acquire(`process:${this.processId}`, livenessTtlMs);
    } catch (error) {
      this.#onError(error);
    }
  }
}
