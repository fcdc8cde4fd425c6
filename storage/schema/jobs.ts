import type { CollectionSpec } from '../Collection.js';

/** Where a job is in its life. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

/** A long write run in the background (`Prefer: respond-async`): AI generate, modify, convert, skill apply. */
export interface JobRecord {
  id: string;
  /** The operation, e.g. `ai.generate`, `item.convert`. */
  kind: string;
  status: JobStatus;
  /** 0 to 1. */
  progress: number;
  /** What the operation answered, once succeeded. */
  result: unknown;
  /** Why it failed: an API error code and message (`interrupted` when the server stopped while it ran). */
  error: { code: string; message: string } | null;
  boardId: string;
  /** Only this person sees the job. */
  userId: string;
  workspaceId: string;
  /** Credits held for the job, given back when it fails. */
  reservation: { workspaceId: string; period: string; credits: number; messages: number } | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** The server process that runs it (with several processes); absent in rows of a process alone. */
  processId?: string;
}

/** Collections of the jobs aggregate. */
export const jobCollections = {
  jobs: { name: 'jobs', indexes: [{ fields: ['status'] }, { fields: ['userId', 'createdAt'] }] },
} as const satisfies Record<string, CollectionSpec>;
