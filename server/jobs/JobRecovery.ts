import type { Logger } from 'pino';
import type { Collection } from '../../storage/index.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';
import { cancelledError } from './jobCancel.js';
import type { JobLedger } from './JobLedger.js';
import type { InterruptedJobReader, JobResumer, JobWork } from './jobView.js';

/** What `JobRecovery` needs. */
export interface JobRecoveryOptions {
  logger: Logger;
  ledger: JobLedger;
  /** With several processes: this process's id and whether another process runs. */
  owner?: ProcessOwner | undefined;
  /** Queues a resumed job in this process. */
  enqueue: (job: JobRecord, work: JobWork) => void;
  /** Whether the service stopped taking jobs (nothing resumes then). */
  closed: () => boolean;
}

/**
 * Takes up the jobs a stop or a crash cut off: resumes those whose kind can (`onResume`), and
 * fails the others `interrupted` (or `cancelled` when their starter asked so), with what they had
 * done (`onInterrupted`) and their credits refunded.
 */
export class JobRecovery {
  readonly #jobs: Collection<JobRecord>;
  readonly #o: JobRecoveryOptions;
  readonly #interruptedReaders = new Map<string, InterruptedJobReader>();
  readonly #resumers = new Map<string, JobResumer>();

  constructor(jobs: Collection<JobRecord>, options: JobRecoveryOptions) {
    this.#jobs = jobs;
    this.#o = options;
  }

  /** Lets the jobs of `kind` a stop cut off say what they had done when they are failed `interrupted`. */
  onInterrupted(kind: string, reader: InterruptedJobReader): void {
    this.#interruptedReaders.set(kind, reader);
  }

  /** Lets the jobs of `kind` a stop cut off resume by themselves. */
  onResume(kind: string, resumer: JobResumer): void {
    this.#resumers.set(kind, resumer);
  }

  /** Whether jobs of `kind` resume after a stop (a clean stop leaves them as they are). */
  resumes(kind: string): boolean {
    return this.#resumers.has(kind);
  }

  /** See `JobService.recoverInterrupted`. */
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
      await this.settleStale(job);
    }
    return failedCount;
  }

  /** Fails a job no process runs any more: `cancelled` when its starter asked so, else `interrupted`; with what it had done, its credits refunded. */
  async settleStale(job: JobRecord): Promise<void> {
    const settled = await this.#readInterrupted(job);
    const ended = job.cancelRequestedAt === undefined ? settled : { ...settled, error: cancelledError(job.reservation !== null) };
    const failed = await this.#o.ledger.finish(job.id, { status: job.cancelRequestedAt === undefined ? 'failed' : 'canceled', ...ended });
    if (failed?.reservation) await this.#o.ledger.refund(failed);
  }

  /** Queues `job` again when its kind resumes and its resumer can; whether it did. */
  async #resume(job: JobRecord): Promise<boolean> {
    const resumer = this.#resumers.get(job.kind);
    if (resumer === undefined || this.#o.closed()) return false;
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
    this.#o.enqueue(job, resumed.work);
    return true;
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
}
