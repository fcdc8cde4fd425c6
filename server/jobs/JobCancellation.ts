import type { Clock, Collection } from '../../storage/index.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import type { Principal } from '../auth/Principal.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';
import { errors } from '../errors.js';
import { cancelledError, finishedError, isCancelled } from './jobCancel.js';
import type { JobLedger } from './JobLedger.js';
import type { JobRecovery } from './JobRecovery.js';
import type { JobRunner } from './JobRunner.js';
import type { JobView } from './jobView.js';
import { jobView } from './jobView.js';

/** What `JobCancellation` needs. */
export interface JobCancellationOptions {
  clock: Clock;
  ledger: JobLedger;
  runner: Pick<JobRunner, 'abort' | 'runOf' | 'dropQueued'>;
  recovery: Pick<JobRecovery, 'settleStale'>;
  /** With several processes: this process's id and whether another process runs. */
  owner?: ProcessOwner | undefined;
}

/**
 * Cancels jobs for their starter (`POST /jobs/{jobId}/cancel`), whichever process holds them: the
 * cancel is a flag in the job's record (the store is the truth), acted on at once when the job
 * waits queued or runs here, by the process running it when it reads the flag, or here when that
 * process is gone.
 */
export class JobCancellation {
  readonly #jobs: Collection<JobRecord>;
  readonly #o: JobCancellationOptions;

  constructor(jobs: Collection<JobRecord>, options: JobCancellationOptions) {
    this.#jobs = jobs;
    this.#o = options;
  }

  /** See `JobService.cancel`. */
  async cancel(principal: Principal, jobId: string): Promise<{ already: boolean; job: JobView }> {
    const job = await this.#jobs.get(jobId);
    if (job === null || job.userId !== principal.user.id) throw errors.notFound('Job');
    if (isCancelled(job)) return { already: true, job: jobView(job) };
    if (job.status !== 'queued' && job.status !== 'running') throw finishedError(job);
    const flagged = await this.#jobs.updateOne({ id: jobId, status: { $in: ['queued', 'running'] } }, { $set: { cancelRequestedAt: job.cancelRequestedAt ?? this.#o.clock.now() } });
    if (flagged === null) return this.#cancelled(jobId);
    // A queued job ends here, whichever process holds it in its queue: that one skips it (see `JobRunner`).
    const ended = await this.#o.ledger.finish(jobId, { status: 'canceled', error: cancelledError(job.reservation !== null) }, 'queued');
    if (ended !== null) {
      await this.#o.ledger.refund(ended);
      this.#o.runner.dropQueued(ended);
      return { already: false, job: jobView(ended) };
    }
    this.#o.runner.abort(jobId);
    await this.#o.runner.runOf(jobId);
    // Left running by a process that died: nobody will hear the flag, so it ends here.
    if (await this.#orphaned(flagged)) await this.#o.recovery.settleStale(flagged);
    return this.#cancelled(jobId, false);
  }

  /** Whether `job` is recorded as run by another process that is gone. */
  async #orphaned(job: JobRecord): Promise<boolean> {
    const owner = this.#o.owner;
    if (owner === undefined || job.processId === undefined || job.processId === owner.processId) return false;
    return !(await owner.isAlive(job.processId));
  }

  /** The job after a cancel: ended cancelled, still running (on another process), or 409 when it ended otherwise first. */
  async #cancelled(jobId: string, already = false): Promise<{ already: boolean; job: JobView }> {
    const job = await this.#jobs.get(jobId);
    if (job === null) throw errors.notFound('Job');
    if (job.status === 'queued' || job.status === 'running' || isCancelled(job)) return { already, job: jobView(job) };
    throw finishedError(job);
  }
}
