import type { Logger } from 'pino';
import type { Clock, Collection } from '../../storage/index.js';
import { sharedDurability } from '../../storage/index.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import { ServiceError } from '../errors.js';
import { CancelWatch } from './CancelWatch.js';
import { cancelledError } from './jobCancel.js';
import type { JobLedger } from './JobLedger.js';
import type { JobWork } from './jobView.js';

/** A job waiting in this process for a free slot of its workspace. */
export interface QueuedJob {
  id: string;
  kind: string;
  work: JobWork;
}

/** What `JobRunner` needs. */
export interface JobRunnerOptions {
  clock: Clock;
  logger: Logger;
  /** Jobs one workspace runs at once; the rest wait queued in submission order. */
  perWorkspace: number;
  ledger: JobLedger;
  /** Whether jobs of `kind` resume after a stop (a clean stop then leaves them as they are). */
  resumes: (kind: string) => boolean;
  /** With several processes, a cancel may be asked on another one: read the cancel flags of the jobs running here. */
  watchCancels: boolean;
}

/**
 * Runs the jobs of this process: per workspace at most `perWorkspace` at once, the rest waiting in
 * submission order; marks a job running, runs its work, and ends it through the `JobLedger`
 * (`succeeded`, `failed` with its error code, `canceled` when its starter cancelled it).
 */
export class JobRunner {
  readonly #jobs: Collection<JobRecord>;
  readonly #o: JobRunnerOptions;
  readonly #queues = new Map<string, { running: number; waiting: QueuedJob[] }>();
  readonly #controllers = new Map<string, AbortController>();
  readonly #running = new Set<Promise<void>>();
  /** Running jobs of this process whose starter cancelled them (their abort is a cancel, not a stop). */
  readonly #cancelling = new Set<string>();
  readonly #runs = new Map<string, Promise<void>>();
  readonly #watch: CancelWatch | undefined;

  constructor(jobs: Collection<JobRecord>, options: JobRunnerOptions) {
    this.#jobs = jobs;
    this.#o = options;
    // Alone, a cancel reaches this process's jobs directly; with several, it may be asked on another one.
    this.#watch = options.watchCancels
      ? new CancelWatch(jobs, () => [...this.#controllers.keys()], (id) => this.abort(id), (error) => options.logger.warn({ err: error }, 'could not read the cancel flags of running jobs'))
      : undefined;
  }

  /** Queues a job of `workspaceId` and starts it when a slot is free. */
  enqueue(workspaceId: string, queued: QueuedJob): void {
    const queue = this.#queues.get(workspaceId) ?? { running: 0, waiting: [] };
    this.#queues.set(workspaceId, queue);
    queue.waiting.push(queued);
    this.#pump(workspaceId);
  }

  /** Aborts a job this process runs, as a cancel. */
  abort(jobId: string): void {
    const controller = this.#controllers.get(jobId);
    if (controller === undefined || controller.signal.aborted) return;
    this.#cancelling.add(jobId);
    controller.abort();
  }

  /** The run of a job of this process, until it ends. */
  runOf(jobId: string): Promise<void> | undefined {
    return this.#runs.get(jobId);
  }

  /** Takes a cancelled job out of this process's queue, if it waits there. */
  dropQueued(job: JobRecord): void {
    const queue = this.#queues.get(job.workspaceId);
    if (queue === undefined) return;
    const index = queue.waiting.findIndex((q) => q.id === job.id);
    if (index >= 0) queue.waiting.splice(index, 1);
    if (queue.running === 0 && queue.waiting.length === 0) this.#queues.delete(job.workspaceId);
  }

  /** Jobs waiting and running in this process. */
  counts(): { queued: number; running: number } {
    let queued = 0;
    for (const queue of this.#queues.values()) queued += queue.waiting.length;
    return { queued, running: this.#controllers.size };
  }

  /** Resolves once every job started so far has ended. */
  async idle(): Promise<void> {
    while (this.#running.size > 0 || [...this.#queues.values()].some((q) => q.waiting.length > 0)) {
      await Promise.all([...this.#running]);
    }
  }

  /** Stops: takes every waiting job out of the queues (returned), aborts the running ones and waits for them to end. */
  async stop(): Promise<QueuedJob[]> {
    await this.#watch?.stop();
    const waiting = [...this.#queues.values()].flatMap((q) => q.waiting.splice(0));
    for (const controller of this.#controllers.values()) controller.abort();
    await Promise.all([...this.#running]);
    return waiting;
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

  async #run({ id, kind, work }: QueuedJob): Promise<void> {
    const controller = new AbortController();
    this.#controllers.set(id, controller);
    const ledger = this.#o.ledger;
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
          await ledger.finish(id, { status: 'canceled', error: cancelledError(held !== null) });
          return;
        }
        // A clean stop: a job that resumes stays as it is, taken up at the next start.
        if (controller.signal.aborted && this.#o.resumes(kind)) return;
        const code = controller.signal.aborted ? 'interrupted' : error instanceof ServiceError ? error.code : 'internal_error';
        if (!(error instanceof ServiceError)) this.#o.logger.error({ err: error, jobId: id }, 'job failed');
        // A job that stops at the abort says itself what it had done (a `service_unavailable` error).
        const stopped = error instanceof ServiceError && error.code === 'service_unavailable' ? error.message : 'The server stopped while the job was running; its credits were refunded.';
        const message = code === 'interrupted' ? stopped : error instanceof ServiceError && code !== 'internal_error' ? error.message : 'Something went wrong on our side.';
        // The operation gave its own credits back when it failed.
        await ledger.finish(id, { status: 'failed', error: { code, message } });
        return;
      }
      await ledger.finish(id, { status: 'succeeded', progress: 1, result });
    } catch (error) {
      this.#o.logger.error({ err: error, jobId: id }, 'could not record the end of a job');
    } finally {
      this.#controllers.delete(id);
      this.#cancelling.delete(id);
    }
  }
}
