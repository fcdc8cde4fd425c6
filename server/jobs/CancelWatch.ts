import type { Collection } from '../../storage/index.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import { PeriodicRun } from '../cluster/PeriodicRun.js';

/** How often a process with running jobs reads whether another process asked to cancel one of them. */
export const cancelWatchIntervalMs = 1000;

/**
 * With several processes, a cancel asked on one reaches the job on another through the job's
 * record (the store is the truth): while this process runs jobs, it reads their cancel flags
 * every second and calls `onCancel` for each flagged one. Reads nothing while no job runs here.
 */
export class CancelWatch {
  readonly #jobs: Collection<JobRecord>;
  readonly #running: () => string[];
  readonly #onCancel: (jobId: string) => void;
  readonly #run: PeriodicRun<void>;
  #started = false;

  constructor(jobs: Collection<JobRecord>, running: () => string[], onCancel: (jobId: string) => void, onError: (error: unknown) => void) {
    this.#jobs = jobs;
    this.#running = running;
    this.#onCancel = onCancel;
    this.#run = new PeriodicRun(() => this.#check(), cancelWatchIntervalMs, onError);
  }

  /** Called when a job starts running here: watches from then on (the timer does not keep the process alive). */
  watch(): void {
    if (this.#started) return;
    this.#started = true;
    this.#run.start();
  }

  /** Stops watching. */
  async stop(): Promise<void> {
    this.#started = false;
    await this.#run.stop();
  }

  async #check(): Promise<void> {
    const ids = this.#running();
    if (ids.length === 0) return;
    for (const job of await this.#jobs.find({ id: { $in: ids }, status: 'running' })) {
      if (job.cancelRequestedAt !== undefined) this.#onCancel(job.id);
    }
  }
}
