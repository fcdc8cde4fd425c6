import type { Logger } from 'pino';
import { PeriodicRun } from './PeriodicRun.js';
import type { SingletonLease } from './SingletonLease.js';

/** The lease under which the work of stopped processes is recovered, at start-up and while the others run. */
export const orphanRecoveryLease = { name: 'orphan-recovery', ttlMs: 180_000 } as const;

/** What one recovery run settled. */
export interface OrphanRecoveryResult {
  /** Jobs of stopped processes failed as `interrupted` (credits refunded). */
  jobs: number;
  /** Event journal rows of stopped processes settled: REST writes' and live edits' (`LiveEdits.recover`). */
  liveEditRows: number;
}

/** What `OrphanRecovery` runs and under which lease. */
export interface OrphanRecoveryDeps {
  readonly lease: SingletonLease;
  /** `JobService.recoverInterrupted`. */
  readonly recoverJobs: () => Promise<number>;
  /** `LiveEdits.recover`. */
  readonly recoverLiveEdits: () => Promise<number>;
  readonly logger: Logger;
}

/**
 * With several processes, settles what a process that died left behind without waiting for a
 * process to start: its queued and running jobs, and the event journal rows of its last REST
 * writes and live edits.
 * Runs every `intervalMs` on the one process holding the lease, from its second run holding it;
 * the recoveries themselves leave alone what a running process owns (`ProcessLiveness`).
 */
export class OrphanRecovery {
  readonly #deps: OrphanRecoveryDeps;
  readonly #runs: PeriodicRun<OrphanRecoveryResult>;
  /** Whether the last run held the lease. */
  #heldBefore = false;

  constructor(deps: OrphanRecoveryDeps, intervalMs: number) {
    this.#deps = deps;
    this.#runs = new PeriodicRun(() => this.#run(), intervalMs, (error) => deps.logger.error({ err: error }, 'recovering the work of stopped processes failed'));
  }

  /** Runs every `intervalMs`; the timer does not keep the process alive. */
  start(): void {
    this.#runs.start();
  }

  /** Stops the timer, waits for a run under way and gives the lease up. */
  async stop(): Promise<void> {
    await this.#runs.stop();
    await this.#deps.lease.release();
  }

  /** Recovers now, when this process held the lease at the last run too (else nothing); one run at a time. */
  async runDue(): Promise<OrphanRecoveryResult> {
    return this.#runs.runDue();
  }

  async #run(): Promise<OrphanRecoveryResult> {
    const held = await this.#deps.lease.held();
    const settled = this.#heldBefore;
    this.#heldBefore = held;
    // Only from the second run in a row holding the lease: a lease just taken may follow a Redis
    // that restarted empty, when running processes have not yet taken their liveness leases again
    // (renewed every 10 s) and would look stopped.
    if (!held || !settled) return { jobs: 0, liveEditRows: 0 };
    const jobs = await this.#deps.recoverJobs();
    const liveEditRows = await this.#deps.recoverLiveEdits();
    if (jobs > 0 || liveEditRows > 0) this.#deps.logger.warn({ jobs, liveEditRows }, 'settled the work of a stopped process');
    return { jobs, liveEditRows };
  }
}
