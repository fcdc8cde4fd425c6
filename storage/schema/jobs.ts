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
  /** When its starter asked to cancel it (`POST /jobs/{jobId}/cancel`): the process that runs it stops it at its next step, and it is never resumed. */
  cancelRequestedAt?: number;
}

/** Collections of the jobs aggregate. */
export const jobCollections = {
  jobs: { name: 'jobs', indexes: [{ fields: ['status'] }, { fields: ['userId', 'createdAt'] }] },
} as const satisfies Record<string, CollectionSpec>;

/**
 * What an import job applies, kept until the job ends so that a job a stop cut off resumes by
 * itself at the next start: its items as create operations, and the id each item is created with
 * (chosen when the import is accepted, so the ids of chunks that landed are known after a crash).
 */
export interface ImportInputRecord {
  /** The job's id. */
  id: string;
  boardId: string;
  /** The import's items, each with `op: 'create'`, in order. */
  operations: Record<string, unknown>[];
  /** The id of each item, in the same order. */
  itemIds: string[];
  /** Where each chunk ends (exclusive), in order. */
  ends: number[];
  /** The credential the import was started with, and its scopes: a resumed job acts with them. */
  credential: { kind: 'api_key' | 'access_token' | 'web_session'; id: string; clientId?: string };
  scopes: string[];
}

/** Collections of the inputs of import jobs (removed when the job ends). */
export const importInputCollections = {
  inputs: { name: 'import_inputs' },
} as const satisfies Record<string, CollectionSpec>;
