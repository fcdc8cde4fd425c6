import type { Logger } from 'pino';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId, sharedDurability } from '../../storage/index.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import { jobCollections } from '../../storage/schema/jobs.js';
import type { Principal } from '../auth/Principal.js';
import { ServiceError, errors } from '../errors.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';
import { CancelWatch } from './CancelWatch.js';
import { cancelledError, finishedError, isCancelled } from './jobCancel.js';
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

interface Queued {
  id: string;
  kind: string;
  work: JobWork;
}

/**
 * Stored background jobs. A job is recorded `queued`, runs when its workspace has a free slot
 * (`perWorkspace` at once), and ends `succeeded` with the operation's answer or `failed` with
 * its error code; a failed job's credits are given back. A job found `queued` or `running`
 * when the server starts was cut off by a stop or a crash: it is failed `interrupted` and its
 * credits refunded (its board write was one transaction, so it either landed whole before the
 * job was marked, or not at all). Only the person who started a job can see it.
 */
export class JobService {
  readonly #jobs: Collection<JobRecord>;
  readonly #o: JobServiceOptions;
  readonly #queues = new Map<string, { running: number; waiting: Queued[] }>();
  readonly #controllers = new Map<string, AbortController>();
  readonly #running = new Set<Promise<void>>();
  readonly #listeners: JobFinishedListener[] = [];
  readonly #ended = { succeeded: 0, failed: 0, canceled: 0 };
  readonly #interruptedReaders = new Map<string, InterruptedJobReader>();
  readonly #resumers = new Map<string, JobResumer>();
  /** Running jobs of this process whose starter cancelled them (their abort is a cancel, not a stop). */
  readonly #cancelling = new Set<string>();
  readonly #runs = new Map<string, Promise<void>>();
  readonly #watch: CancelWatch | undefined;
  #closed = false;

  constructor(options: JobServiceOptions) {
    this.#o = options;
    this.#jobs = options.db.collection<JobRecord>(jobCollections.jobs);
    // Alone, a cancel reaches this process's jobs directly; with several, it may be asked on another one.
    this.#watch =
      options.owner === undefined
        ? undefined
        : new CancelWatch(this.#jobs, () => [...this.#controllers.keys()], (id) => this.#abort(id), (error) => options.logger.warn({ err: error }, 'could not read the cancel flags of running jobs'));
  }

  /** Subscribes to finished jobs (succeeded or failed). */
  onFinished(listener: JobFinishedListener): void {
    this.#listeners.push(listener);
  }

  /** Lets the jobs of `kind` a stop cut off say what they had done when they are failed `interrupted` (see `recoverInterrupted`). */
  onInterrupted(kind: string, reader: InterruptedJobReader): void {
    this.#interruptedReaders.set(kind, reader);
  }

  /**
   * Lets the jobs of `kind` a stop cut off resume by themselves (see `recoverInterrupted`); a job of
   * such a kind that a clean stop aborts, or that waits queued then, is left for the next start.
   */
  onResume(kind: string, resumer: JobResumer): void {
    this.#resumers.set(kind, resumer);
  }

  /**
   * Takes up every job a previous process left queued or running: a job whose kind has an
   * `onResume` resumer that can resume it is queued again in this process, with what it had done
   * so far; every other one is failed `interrupted` and its credits refunded. Returns how many
   * were failed. A job whose kind has an `onInterrupted` reader gets the result and message it
   * reads. With several processes, the jobs of a process still running are left to it.
   */
  async recoverInterrupted(): Promise<number> {
    const unfinished = await this.#jobs.find({ status: { $in: ['queued', 'running'] } });
    const owner = this.#o.owner;
    const stale: JobRecord[] = [];
    for (const job of unfinished) if (owner === undefined || job.processId === undefined || !(await owner.isAlive(job.processId))) stale.push(job);
    let failedCount = 0;
    for (const job of stale) {
      // A job cancelled while no process ran it is never resumed: it ends cancelled, with what it had done.
      if (job.cancelRequestedAt === undefined && (await this.#resume(job))) continue;
      failedCount += 1;
      await this.#settleStale(job);
    }
    return failedCount;
  }

  /** Fails a job no process runs any more: `cancelled` when its starter asked so, else `interrupted`; with what it had done, its credits refunded. */
  async #settleStale(job: JobRecord): Promise<void> {
    const settled = await this.#readInterrupted(job);
    const ended = job.cancelRequestedAt === undefined ? settled : { ...settled, error: cancelledError(job.reservation !== null) };
    const failed = await this.#finish(job.id, { status: job.cancelRequestedAt === undefined ? 'failed' : 'canceled', ...ended });
    if (failed?.reservation) await this.#refund(failed);
  }

  /** Queues `job` again when its kind resumes and its resumer can; whether it did. */
  async #resume(job: JobRecord): Promise<boolean> {
    const resumer = this.#resumers.get(job.kind);
    if (resumer === undefined || this.#closed) return false;
    let resumed;
    try {
      resumed = await resumer(job);
    } catch (error) {
      this.#o.logger.error({ err: error, jobId: job.id }, 'could not resume a job');
      return false;
    }
    if (resumed === null) return false;
    const owner = this.#o.owner === undefined ? {} : { processId: this.#o.owner.processId };
    const taken = await this.#jobs.updateOne({ id: job.id, status: job.status }, { $set: { status: 'queued', progress: resumed.progress, result: resumed.result, ...owner } });
    // Another process took it up or settled it meanwhile.
    if (taken === null) return true;
    this.#o.logger.info({ jobId: job.id, kind: job.kind }, 'resumed a job cut off by the last stop');
    this.#enqueue(job.workspaceId, { id: job.id, kind: job.kind, work: resumed.work });
    return true;
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
    this.#enqueue(job.workspaceId, { id: job.id, kind: job.kind, work });
    await this.#o.db.documents.sync();
    return jobView(job);
  }

  #enqueue(workspaceId: string, queued: Queued): void {
    const queue = this.#queues.get(workspaceId) ?? { running: 0, waiting: [] };
    this.#queues.set(workspaceId, queue);
    queue.waiting.push(queued);
    this.#pump(workspaceId);
  }

  /**
   * Records how far a running job is: `progress` 0 to 1, and what it has done so far as its
   * `result`. Without a disk flush of its own: a report lost to a power failure is read again
   * from what the job wrote (an import's receipts) when it is taken up after the restart.
   */
  async report(jobId: string, progress: number, result: unknown): Promise<void> {
    const job = await this.#jobs.updateOne({ id: jobId, status: 'running' }, { $set: { progress, result } }, sharedDurability);
    // A cancel asked on another process is heard here at the latest, at the job's next step.
    if (job?.cancelRequestedAt !== undefined) this.#abort(jobId);
  }

  /**
   * Cancels a job of the caller's (404 for anyone else's): a queued one ends at once and never
   * runs; a running one is flagged in its record and its signal aborted (here, or by the process
   * that runs it when it reads the flag), and it ends `failed` with code `cancelled`, its result
   * saying what it had done. Answers whether this call ended it and the job as it is then (ended,
   * when it ran here or waited queued). A job that already ended otherwise is 409 `job_finished`.
   */
  async cancel(principal: Principal, jobId: string): Promise<{ already: boolean; job: JobView }> {
    const job = await this.#jobs.get(jobId);
    if (job === null || job.userId !== principal.user.id) throw errors.notFound('Job');
    if (isCancelled(job)) return { already: true, job: jobView(job) };
    if (job.status !== 'queued' && job.status !== 'running') throw finishedError(job);
    const flagged = await this.#jobs.updateOne({ id: jobId, status: { $in: ['queued', 'running'] } }, { $set: { cancelRequestedAt: job.cancelRequestedAt ?? this.#o.clock.now() } });
    if (flagged === null) return this.#cancelled(jobId);
    // A queued job ends here, whichever process holds it in its queue: that one skips it (see `#run`).
    const ended = await this.#finish(jobId, { status: 'canceled', error: cancelledError(job.reservation !== null) }, 'queued');
    if (ended !== null) {
      await this.#refund(ended);
      this.#dropQueued(ended);
      return { already: false, job: jobView(ended) };
    }
    this.#abort(jobId);
    await this.#runs.get(jobId);
    // Left running by a process that died: nobody will hear the flag, so it ends here.
    if (await this.#orphaned(flagged)) await this.#settleStale(flagged);
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

  /** Aborts a job this process runs, as a cancel. */
  #abort(jobId: string): void {
    const controller = this.#controllers.get(jobId);
    if (controller === undefined || controller.signal.aborted) return;
    this.#cancelling.add(jobId);
    controller.abort();
  }

  /** Takes a cancelled job out of this process's queue, if it waits there. */
  #dropQueued(job: JobRecord): void {
    const queue = this.#queues.get(job.workspaceId);
    if (queue === undefined) return;
    const index = queue.waiting.findIndex((q) => q.id === job.id);
    if (index >= 0) queue.waiting.splice(index, 1);
    if (queue.running === 0 && queue.waiting.length === 0) this.#queues.delete(job.workspaceId);
  }

  /** A job of the caller's; 404 for anyone else's or an unknown id. */
  async get(principal: Principal, jobId: string): Promise<JobView> {
    const job = await this.#jobs.get(jobId);
    if (job === null || job.userId !== principal.user.id) throw errors.notFound('Job');
    return jobView(job);
  }

  /** Jobs queued and running now, and those ended since the process started (metrics; one process owns the store's jobs). */
  stats(): JobStats {
    let queued = 0;
    for (const queue of this.#queues.values()) queued += queue.waiting.length;
    return { queued, running: this.#controllers.size, ...this.#ended };
  }

  /** Resolves once every job started so far has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running.size > 0 || [...this.#queues.values()].some((q) => q.waiting.length > 0)) {
      await Promise.all([...this.#running]);
    }
  }

  /**
   * Stops taking jobs, aborts running ones (they fail and refund) and fails queued ones
   * `interrupted`; those of a kind that resumes are left as they are, for the next start.
   */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#watch?.stop();
    const waiting = [...this.#queues.values()].flatMap((q) => q.waiting.splice(0)).filter((queued) => !this.#resumers.has(queued.kind));
    for (const controller of this.#controllers.values()) controller.abort();
    await Promise.all([...this.#running]);
    for (const queued of waiting) {
      const failed = await this.#finish(queued.id, { status: 'failed', error: { code: 'interrupted', message: 'The server stopped before the job ran; its credits were refunded.' } });
      if (failed?.reservation) await this.#refund(failed);
    }
  }

  #pump(workspaceId: string): void {
    const queue = this.#queues.get(workspaceId);
    if (!queue) return;
    while (queue.running < this.#o.perWorkspace && queue.waiting.length > 0) {
      const next = queue.waiting.shift();
      if (!next) break;
      queue.running += 1;
      const run = this.#run(next).finally(() => {
        this.#running.delete(run);
        this.#runs.delete(next.id);
        queue.running -= 1;
        if (queue.running === 0 && queue.waiting.length === 0) this.#queues.delete(workspaceId);
        else this.#pump(workspaceId);
      });
      this.#running.add(run);
      this.#runs.set(next.id, run);
    }
  }

  async #run({ id, kind, work }: Queued): Promise<void> {
    const controller = new AbortController();
    this.#controllers.set(id, controller);
    try {
      // Without a disk flush before the work starts: a job a power failure finds `queued` instead of `running` is recovered alike.
      const started = await this.#jobs.updateOne({ id, status: 'queued' }, { $set: { status: 'running', startedAt: this.#o.clock.now() } }, sharedDurability);
      // Cancelled (or settled by another process) while it waited: it never runs.
      if (started === null) return;
      this.#watch?.watch();
      let result: unknown;
      try {
        result = await work(controller.signal, id);
      } catch (error) {
        if (this.#cancelling.has(id)) {
          // What it had done is its result as last reported; AI work gave its credits back when it stopped.
          const held = (await this.#jobs.get(id))?.reservation ?? null;
          await this.#finish(id, { status: 'canceled', error: cancelledError(held !== null) });
          return;
        }
        // A clean stop: a job that resumes stays as it is, taken up at the next start.
        if (controller.signal.aborted && this.#resumers.has(kind)) return;
        const code = controller.signal.aborted ? 'interrupted' : error instanceof ServiceError ? error.code : 'internal_error';
        if (!(error instanceof ServiceError)) this.#o.logger.error({ err: error, jobId: id }, 'job failed');
        // A job that stops at the abort says itself what it had done (a `service_unavailable` error).
        const stopped = error instanceof ServiceError && error.code === 'service_unavailable' ? error.message : 'The server stopped while the job was running; its credits were refunded.';
        const message = code === 'interrupted' ? stopped : error instanceof ServiceError && code !== 'internal_error' ? error.message : 'Something went wrong on our side.';
        // The operation gave its own credits back when it failed.
        await this.#finish(id, { status: 'failed', error: { code, message } });
        return;
      }
      await this.#finish(id, { status: 'succeeded', progress: 1, result });
    } catch (error) {
      this.#o.logger.error({ err: error, jobId: id }, 'could not record the end of a job');
    } finally {
      this.#controllers.delete(id);
      this.#cancelling.delete(id);
    }
  }

  async #finish(id: string, change: Partial<Pick<JobRecord, 'status' | 'progress' | 'result' | 'error'>>, from?: 'queued'): Promise<JobRecord | null> {
    const done = await this.#jobs.updateOne({ id, status: from ?? { $in: ['queued', 'running'] } }, { $set: { ...change, finishedAt: this.#o.clock.now() } });
    if (done) {
      if (done.status === 'succeeded' || done.status === 'failed' || done.status === 'canceled') this.#ended[done.status] += 1;
      for (const listener of this.#listeners) {
        try {
          await listener(done);
        } catch (error) {
          this.#o.logger.error({ err: error, jobId: id }, 'job listener failed');
        }
      }
    }
    return done;
  }

  async #readInterrupted(job: JobRecord): Promise<Pick<JobRecord, 'error'> & Partial<Pick<JobRecord, 'result'>>> {
    const reader = this.#interruptedReaders.get(job.kind);
    if (reader !== undefined) {
      try {
        const { result, message } = await reader(job);
        return { result, error: { code: 'interrupted', message } };
      } catch (error) {
        this.#o.logger.error({ err: error, jobId: job.id }, 'could not read what an interrupted job had done');
      }
    }
    const credits = job.reservation ? ' Its credits were refunded.' : '';
    return { error: { code: 'interrupted', message: `The server stopped while the job was running.${credits} Run it again.` } };
  }

  async #refund(job: JobRecord): Promise<void> {
    if (!job.reservation) return;
    try {
      await this.#o.refund(job.reservation);
    } catch (error) {
      this.#o.logger.error({ err: error, jobId: job.id }, 'could not refund the credits of an interrupted job');
    }
  }
}
