import type { JobRecord } from '../../storage/schema/jobs.js';

/** A job as `GET /jobs/{jobId}` shows it. */
export interface JobView {
  id: string;
  kind: string;
  status: JobRecord['status'];
  progress: number;
  result: unknown;
  error: { code: string; message: string } | null;
  boardId: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** A cancel was asked and the job has not ended yet. */
  cancelRequested: boolean;
}

/** What a job does once it runs; the signal aborts it when the server stops or its starter cancels it. */
export type JobWork = (signal: AbortSignal, jobId: string) => Promise<unknown>;

/** Called when a job ends (the domain event bus subscribes); awaited before the end is final for `idle`. */
export type JobFinishedListener = (job: JobRecord) => void | Promise<void>;

/**
 * Settles a job of one kind that a previous process left queued or running, before it is failed
 * `interrupted`: what it had done (its `result`) and the message saying so.
 */
export type InterruptedJobReader = (job: JobRecord) => Promise<{ result: unknown; message: string }>;

/**
 * Takes up again a job of one kind that a previous process left queued or running: the work that
 * finishes it and what it has done so far (its `result` and `progress`), or null when it cannot
 * resume (it is then failed `interrupted`).
 */
export type JobResumer = (job: JobRecord) => Promise<{ work: JobWork; result: unknown; progress: number } | null>;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The view of a stored job. */
export function jobView(job: JobRecord): JobView {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    result: job.result ?? null,
    error: job.error,
    boardId: job.boardId,
    createdAt: new Date(job.createdAt).toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    cancelRequested: job.cancelRequestedAt !== undefined && (job.status === 'queued' || job.status === 'running'),
  };
}
