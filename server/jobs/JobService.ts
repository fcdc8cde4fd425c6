import type { Logger } from 'pino';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId, sharedDurability } from '../../storage/index.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import { jobCollections } from '../../storage/schema/jobs.js';
import type { Principal } from '../auth/Principal.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import { ServiceError, errors } from '../errors.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';
import { JobCancellation } from './JobCancellation.js';
import { JobLedger } from './JobLedger.js';
import { JobRecovery } from './JobRecovery.js';
import { JobRunner } from './JobRunner.js';
import type { InterruptedJobReader, JobFinishedListener, JobResumer, JobView, JobWork } from './jobView.js';
import { jobView } from './jobView.js';

export type { InterruptedJobReader, JobFinishedListener, JobResumer, JobView, JobWork } from './jobView.js';
export { jobView } from './jobView.js';

/** Dependencies of `JobService`. */
export interface JobServiceOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Jobs one workspace runs at once; the rest wait queued in submission order. */
  perWorkspace: number;
  /** Gives back a failed job's credits. */
  refund: (reservation: NonNullable<JobRecord['reservation']>) => Promise<void>;
  /** With several processes: this process's id, stamped on its jobs, and whether another process runs (recovery leaves a live one's jobs alone). */
  owner?: ProcessOwner | undefined;
  /** Journals a finished job's `job.succeeded` / `job.failed` before its end is stored (see `JobLedger`); without it, a job's end emits no event. */
  records?: Pick<RecordEventJournal, 'record'> | undefined;
}

/** Jobs of this process by state (`JobService.stats()`). */
export interface JobStats {
  /** Waiting for a free slot of their workspace. */
  queued: number;
  running: number;
  /** Ended since the process started. */
  succeeded: number;
  failed: number;
  /** Cancelled by their starter (`POST /jobs/{jobId}/cancel`). */
  canceled: number;
}

/**
 * Stored background jobs. A job is recorded `queued`, runs when its workspace has a free slot
 * (`perWorkspace` at once), and ends `succeeded` with the operation's answer or `failed` with
 * its error code; a failed job's credits are given back. A job found `queued` or `running`
 * when the server starts was cut off by a stop or a crash: it is failed `interrupted` and its
 * credits refunded (its board write was one transaction, so it either landed whole before the
 * job was marked, or not at all). Only the person who started a job can see it. The parts, by
 * reason to change: `JobRunner` (queue and run), `JobRecovery` (jobs a stop cut off),
 * `JobCancellation` (a starter's cancel), `JobLedger` (a job's end, its event, its refund).
 */
export class JobService {
  readonly #jobs: Collection<JobRecord>;
  readonly #o: JobServiceOptions;
  readonly #ledger: JobLedger;
  readonly #recovery: JobRecovery;
  readonly #runner: JobRunner;
  readonly #cancellation: JobCancellation;
  #closed = false;

  constructor(options: JobServiceOptions) {
    this.#o = options;
    this.#jobs = options.db.collection<JobRecord>(jobCollections.jobs);
    const { clock, logger, owner } = options;
    this.#ledger = new JobLedger(this.#jobs, { clock, logger, refund: options.refund, records: options.records });
    this.#recovery = new JobRecovery(this.#jobs, {
      logger,
      ledger: this.#ledger,
      owner,
      enqueue: (job, work) => this.#runner.enqueue(job.workspaceId, { id: job.id, kind: job.kind, work }),
      closed: () => this.#closed,
    });
    this.#runner = new JobRunner(this.#jobs, { clock, logger, perWorkspace: options.perWorkspace, ledger: this.#ledger, resumes: (kind) => this.#recovery.resumes(kind), watchCancels: owner !== undefined });
    this.#cancellation = new JobCancellation(this.#jobs, { clock, ledger: this.#ledger, runner: this.#runner, recovery: this.#recovery, owner });
  }

  /** Subscribes to finished jobs (succeeded, failed or cancelled). */
  onFinished(listener: JobFinishedListener): void {
    this.#ledger.onFinished(listener);
  }

  /** Lets the jobs of `kind` a stop cut off say what they had done when they are failed `interrupted` (see `recoverInterrupted`). */
  onInterrupted(kind: string, reader: InterruptedJobReader): void {
    this.#recovery.onInterrupted(kind, reader);
  }

  /**
   * Lets the jobs of `kind` a stop cut off resume by themselves (see `recoverInterrupted`); a job of
   * such a kind that a clean stop aborts, or that waits queued then, is left for the next start.
   */
  onResume(kind: string, resumer: JobResumer): void {
    this.#recovery.onResume(kind, resumer);
  }

  /**
   * Takes up every job a previous process left queued or running: a job whose kind has an
   * `onResume` resumer that can resume it is queued again in this process, with what it had done
   * so far; every other one is failed `interrupted` and its credits refunded. Returns how many
   * were failed. A job whose kind has an `onInterrupted` reader gets the result and message it
   * reads. With several processes, the jobs of a process still running are left to it.
   */
  recoverInterrupted(): Promise<number> {
    return this.#recovery.recoverInterrupted();
  }

  /**
   * Records a job and queues `work`; answers with the job as stored (usually `queued`), once its
   * record survives power loss. The work starts as soon as the record is committed: its first
   * writes come after the record in the store and share its fsync instead of waiting for it.
   */
  async submit(principal: Principal, input: { kind: string; boardId: string; reservation: JobRecord['reservation']; result?: unknown; id?: string }, work: JobWork): Promise<JobView> {
    if (this.#closed) throw new ServiceError('service_unavailable', 'The server is stopping; retry shortly.');
    const job: JobRecord = {
      id: input.id ?? newId('job'),
      kind: input.kind,
      status: 'queued',
      progress: 0,
      // What the job has done so far, for a job that reports as it goes (see `report`).
      result: input.result ?? null,
      error: null,
      boardId: input.boardId,
      userId: principal.user.id,
      workspaceId: principal.workspace.id,
      reservation: input.reservation,
      createdAt: this.#o.clock.now(),
      startedAt: null,
      finishedAt: null,
      ...(this.#o.owner === undefined ? {} : { processId: this.#o.owner.processId }),
    };
    await this.#jobs.insert(job, sharedDurability);
    this.#runner.enqueue(job.workspaceId, { id: job.id, kind: job.kind, work });
    try {
      await this.#o.db.documents.sync();
    } catch (error) {
      // The caller is refused, so the work must not go on: a queued job never runs, a running one stops as a cancel.
      this.#runner.dropQueued(job);
      this.#runner.abort(job.id);
      throw error;
    }
    return jobView(job);
  }

  /**
   * Records how far a running job is: `progress` 0 to 1, and what it has done so far as its
   * `result`. Without a disk flush of its own: a report lost to a power failure is read again
   * from what the job wrote (an import's receipts) when it is taken up after the restart.
   */
  async report(jobId: string, progress: number, result: unknown): Promise<void> {
    const job = await this.#jobs.updateOne({ id: jobId, status: 'running' }, { $set: { progress, result } }, sharedDurability);
    // A cancel asked on another process is heard here at the latest, at the job's next step.
    if (job?.cancelRequestedAt !== undefined) this.#runner.abort(jobId);
  }

  /**
   * Cancels a job of the caller's (404 for anyone else's): a queued one ends at once and never
   * runs; a running one is flagged in its record and its signal aborted (here, or by the process
   * that runs it when it reads the flag), and it ends `failed` with code `cancelled`, its result
   * saying what it had done. Answers whether this call ended it and the job as it is then (ended,
   * when it ran here or waited queued). A job that already ended otherwise is 409 `job_finished`.
   */
  cancel(principal: Principal, jobId: string): Promise<{ already: boolean; job: JobView }> {
    return this.#cancellation.cancel(principal, jobId);
  }

  /** A job of the caller's; 404 for anyone else's or an unknown id. */
  async get(principal: Principal, jobId: string): Promise<JobView> {
    const job = await this.#jobs.get(jobId);
    if (job === null || job.userId !== principal.user.id) throw errors.notFound('Job');
    return jobView(job);
  }

  /** Jobs queued and running now, and those ended since the process started (metrics; one process owns the store's jobs). */
  stats(): JobStats {
    return { ...this.#runner.counts(), ...this.#ledger.ended };
  }

  /** Resolves once every job started so far has ended (tests, shutdown). */
  idle(): Promise<void> {
    return this.#runner.idle();
  }

  /**
   * Stops taking jobs, aborts running ones (they fail and refund) and fails queued ones
   * `interrupted`; those of a kind that resumes are left as they are, for the next start.
   */
  async close(): Promise<void> {
    this.#closed = true;
    const waiting = (await this.#runner.stop()).filter((queued) => !this.#recovery.resumes(queued.kind));
    for (const queued of waiting) {
      const failed = await this.#ledger.finish(queued.id, { status: 'failed', error: { code: 'interrupted', message: 'The server stopped before the job ran; its credits were refunded.' } });
      if (failed?.reservation) await this.#ledger.refund(failed);
    }
  }
}
