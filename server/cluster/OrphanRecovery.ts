import type { Logger } from 'pino';
import { PeriodicRun } from './PeriodicRun.js';
import type { SingletonLease } from './SingletonLease.js';

/** The lease under which the work of stopped processes is recovered, at start-up and while the others run. */
export const orphanRecoveryLease = { name: 'orphan-recovery', ttlMs: 180_000 } as const;

/**
 * How often the process holding the lease looks for the work of stopped processes: what one left
 * is settled within this period of its liveness lease lapsing (two periods when it held the lease
 * itself). Longer than the renewal period of liveness leases (10 s), which the runs rely on.
 */
export const orphanRecoveryIntervalMs = 15_000;

/** What one recovery run settled. */
export interface OrphanRecoveryResult {
  /** Jobs of stopped processes failed as `interrupted` (credits refunded). */
  jobs: number;
  /** Event journal rows of stopped processes settled: REST writes' and live edits' (`LiveEdits.recover`). */
  liveEditRows: number;
}

/** What `OrphanRecovery` runs and under which lease. */
export interface OrphanRecoveryDeps {
  readonly lease: Pick<SingletonLease, 'hold' | 'release'>;
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
 * Runs every `intervalMs` on the one process holding the lease, from its second run in a row
 * holding it without a break; the recoveries themselves leave alone what a running process owns
 * (`ProcessLiveness`).
 */
export class OrphanRecovery {
  readonly #deps: OrphanRecoveryDeps;
  readonly #runs: PeriodicRun<OrphanRecoveryResult>;

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

  /** Recovers now, when this process has held the lease without a break since the last run (else nothing); one run at a time. */
  async runDue(): Promise<OrphanRecoveryResult> {
    return this.#runs.runDue();
  }

  async #run(): Promise<OrphanRecoveryResult> {
    // Only while the lease is held without a break since the last run: a lease just taken may
    // follow a Redis that restarted empty, when running processes have not yet taken their
    // liveness leases again (renewed every 10 s, less than the period between runs) and would
    // look stopped. This holds also for a process that held it before the restart.
    if ((await this.#deps.lease.hold()) !== 'renewed') return { jobs: 0, liveEditRows: 0 };
    const jobs = await this.#deps.recoverJobs();
    const liveEditRows = await this.#deps.recoverLiveEdits();
    if (jobs > 0 || liveEditRows > 0) this.#deps.logger.warn({ jobs, liveEditRows }, 'settled the work of a stopped process');
    return { jobs, liveEditRows };
  }
}
