import type { Logger } from 'pino';
import type { Clock, Collection } from '../../storage/index.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import { ServiceError } from '../errors.js';
import type { PlannedEvent } from '../events/eventTypes.js';
import type { JobFinishedListener } from './jobView.js';
import { jobView } from './jobView.js';

/** What `JobLedger` needs. */
export interface JobLedgerOptions {
  clock: Clock;
  logger: Logger;
  /** Gives back a failed job's credits. */
  refund: (reservation: NonNullable<JobRecord['reservation']>) => Promise<void>;
  /** Journals a finished job's `job.succeeded` / `job.failed` before its end is stored; without it the end records no event. */
  records?: Pick<RecordEventJournal, 'record'> | undefined;
}

/** The change that ends a job. */
export type JobEnd = Partial<Pick<JobRecord, 'status' | 'progress' | 'result' | 'error'>>;

/** The job was ended by someone else first (another process, a cancel): the end is not stored and nothing is recorded. */
class EndedElsewhere extends ServiceError {
  constructor() {
    super('job_finished', 'The job ended otherwise first.');
  }
}

/**
 * Ends stored jobs: stores a job's end once (from queued or running only), with its
 * `job.succeeded` or `job.failed` event journaled before (`RecordEventJournal`: a process killed
 * between the store and the event has it recorded at the next start, once), counts the ends,
 * tells the `onFinished` listeners, and gives credits back.
 */
export class JobLedger {
  readonly #jobs: Collection<JobRecord>;
  readonly #o: JobLedgerOptions;
  readonly #listeners: JobFinishedListener[] = [];
  /** Ended since the process started. */
  readonly ended = { succeeded: 0, failed: 0, canceled: 0 };

  constructor(jobs: Collection<JobRecord>, options: JobLedgerOptions) {
    this.#jobs = jobs;
    this.#o = options;
  }

  /** Subscribes to finished jobs (succeeded, failed or cancelled). */
  onFinished(listener: JobFinishedListener): void {
    this.#listeners.push(listener);
  }

  /** Ends job `id` with `change` if it is still queued or running (only queued with `from`); the job as ended, or null when it was not. */
  async finish(id: string, change: JobEnd, from?: 'queued'): Promise<JobRecord | null> {
    const finishedAt = this.#o.clock.now();
    const store = (): Promise<JobRecord | null> => this.#jobs.updateOne({ id, status: from ?? { $in: ['queued', 'running'] } }, { $set: { ...change, finishedAt } });
    const done = this.#o.records === undefined ? await store() : await this.#journaled(id, change, finishedAt, from, store);
    if (done) {
      if (done.status === 'succeeded' || done.status === 'failed' || done.status === 'canceled') this.ended[done.status] += 1;
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

  /** Gives back the credits a job held; logged when it cannot. */
  async refund(job: JobRecord): Promise<void> {
    if (!job.reservation) return;
    try {
      await this.#o.refund(job.reservation);
    } catch (error) {
      this.#o.logger.error({ err: error, jobId: job.id }, 'could not refund the credits of an interrupted job');
    }
  }

  /** Stores the end with its event journaled first; null when the job had ended otherwise (nothing recorded then). */
  async #journaled(id: string, change: JobEnd, finishedAt: number, from: 'queued' | undefined, store: () => Promise<JobRecord | null>): Promise<JobRecord | null> {
    const records = this.#o.records;
    const before = await this.#jobs.get(id);
    if (records === undefined || before === null || !(from === undefined ? before.status === 'queued' || before.status === 'running' : before.status === from)) return null;
    const after: JobRecord = { ...before, ...change, finishedAt };
    try {
      return await records.record({ boardId: after.boardId, stored: [{ collection: 'jobs', filter: { id, status: after.status, finishedAt } }], events: [finishedEvent(after)] }, async () => {
        const done = await store();
        if (done === null) throw new EndedElsewhere();
        return done;
      });
    } catch (error) {
      if (error instanceof EndedElsewhere) return null;
      throw error;
    }
  }
}

/** The event of a finished job: `job.succeeded`, else `job.failed` (a cancelled job too), with the job in its REST shape. */
export function finishedEvent(job: JobRecord): PlannedEvent {
  const payload = { workspaceId: job.workspaceId, actor: { userId: job.userId }, at: job.finishedAt ?? job.createdAt, boardId: job.boardId, jobId: job.id, job: { ...jobView(job) } };
  return job.status === 'succeeded' ? { type: 'job.succeeded', payload } : { type: 'job.failed', payload };
}
