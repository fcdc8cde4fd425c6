import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DocumentRegistry, ValidationIssue } from '../../crdt/index.js';
import { CrdtError, ItemValidationError, hasWriteReceipt, itemCount, maxBatchOperations, validateBatch, withWriteReceipt } from '../../crdt/index.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import type { AccessService } from '../access/AccessService.js';
import { requireUnlocked } from '../access/AccessService.js';
import type { AccountService } from '../accounts/AccountService.js';
import { planCapError } from '../accounts/planCap.js';
import { plans } from '../accounts/plans.js';
import type { Principal } from '../auth/Principal.js';
import type { BoardContentService } from '../content/BoardContentService.js';
import { ServiceError, ValidationError, errors } from '../errors.js';
import type { JobService, JobView } from './JobService.js';

/** Most items one import carries (the body of `POST /boards/{boardId}/imports`). */
export const maxImportItems = 5000;

/** Items applied per transaction: a batch's worth (SPEC, Limits), so each chunk is one batch of the batch path. */
export const importChunkItems = maxBatchOperations;

/** Largest body of an import, in bytes: 4 MiB, room for 5,000 items of about 800 bytes each. */
export const maxImportBodyBytes = 4 * 1024 * 1024;

/** The job kind of an import. */
export const importJobKind = 'items.import';

/** What an import job reports as its `result` while it runs and once it ends. */
export interface ImportProgress {
  /** Items in the import. */
  total: number;
  /** Items stored so far (whole chunks, each durable before it is counted). */
  applied: number;
  /** The ids of the items created so far, in the order of the import. */
  itemIds: string[];
}

/** An import job as `GET /boards/{boardId}/imports/{jobId}` shows it: its `result` is its progress. */
export type ImportJobView = JobView & { result: ImportProgress };

/** Dependencies of `ImportService`. */
export interface ImportServiceOptions {
  access: AccessService;
  accounts: AccountService;
  documents: DocumentRegistry;
  content: BoardContentService;
  jobs: JobService;
}

/** The write receipt of one chunk of an import: stamped in the chunk's transaction, read after a crash. */
function chunkReceipt(jobId: string, chunk: number): string {
  return `${jobId}.import.${chunk}`;
}

/** `operations[3].data.text` of chunk 2 -> `items[203].data.text`. */
function importField(field: string, offset: number): string {
  const match = /^operations\[(\d+)\](.*)$/.exec(field);
  if (match === null) return field === 'operations' ? 'items' : field;
  return `items[${offset + Number(match[1])}]${match[2] ?? ''}`;
}

/**
 * Bulk imports of items (`POST /boards/{boardId}/imports`). Every item is validated before
 * anything is written, against the board as it is, by the same checks a batch runs; the board's
 * item cap is checked for the whole import. The items are then applied by a job, 100 per
 * transaction through the batch path (each chunk one update, one broadcast, one activity row,
 * durable before it is counted), and the job reports `applied` of `total` and the created ids.
 * Each chunk stamps a write receipt, so a job a crash cut off is failed `interrupted` with the
 * number of items that landed, read from the board itself: a retry imports the rest
 * (`items.slice(applied)`) and nothing twice.
 */
export class ImportService {
  readonly #o: ImportServiceOptions;

  constructor(options: ImportServiceOptions) {
    this.#o = options;
    options.jobs.onInterrupted(importJobKind, (job) => this.#interrupted(job));
  }

  /** Validates the whole import and starts its job; 404/403 as any write, 422 naming `items[k].<field>`, 402 over the item cap. */
  async start(principal: Principal, boardId: string, items: readonly Record<string, unknown>[]): Promise<ImportJobView> {
    const { board, role } = await this.#o.access.requireBoard(principal.user.id, boardId, 'edit');
    requireUnlocked(board, role);
    if (items.length === 0 || items.length > maxImportItems) {
      throw new ValidationError([{ field: 'items', message: `Expected 1 to ${maxImportItems} items, got ${items.length}.` }]);
    }
    const chunks: Record<string, unknown>[][] = [];
    for (let start = 0; start < items.length; start += importChunkItems) {
      chunks.push(items.slice(start, start + importChunkItems).map((item) => ({ ...item, op: 'create' })));
    }
    const doc = await this.#o.documents.open(boardId);
    const issues: ValidationIssue[] = [];
    chunks.forEach((operations, chunk) => {
      try {
        validateBatch(doc, operations);
      } catch (error) {
        if (!(error instanceof ItemValidationError)) throw error;
        const offset = chunk * importChunkItems;
        for (const issue of error.issues) issues.push({ field: importField(issue.field, offset), message: issue.message });
      }
    });
    if (issues.length > 0) throw new ValidationError(issues);
    const { plan } = await this.#o.accounts.getWorkspace(board.workspaceId);
    const limit = plans[plan].itemsPerBoard;
    const count = itemCount(doc);
    if (count + items.length > limit) {
      throw planCapError('itemsPerBoard', plan, `The board can hold ${limit} items on this plan; it has ${count} and the import adds ${items.length}.`, { used: count });
    }
    const progress: ImportProgress = { total: items.length, applied: 0, itemIds: [] };
    const job = await this.#o.jobs.submit(principal, { kind: importJobKind, boardId, reservation: null, result: progress }, (signal, jobId) => this.#run(principal, boardId, jobId, chunks, items.length, signal));
    return { ...job, result: progress };
  }

  /** An import job of the caller's on this board; 404 for any other job. */
  async get(principal: Principal, boardId: string, jobId: string): Promise<ImportJobView> {
    await this.#o.access.requireBoard(principal.user.id, boardId, 'read');
    const job = await this.#o.jobs.get(principal, jobId);
    if (job.kind !== importJobKind || job.boardId !== boardId) throw errors.notFound('Import');
    return { ...job, result: job.result as ImportProgress };
  }

  /**
   * Applies the chunks in order, one per turn of the event loop (a store that answers at once
   * would otherwise hold the loop for the whole import). The next chunk is written while the
   * fsync of the one before runs; a chunk is counted (and reported) only once its fsync is done.
   */
  async #run(principal: Principal, boardId: string, jobId: string, chunks: readonly Record<string, unknown>[][], total: number, signal: AbortSignal): Promise<ImportProgress> {
    const itemIds: string[] = [];
    let applied = 0;
    let reported: Promise<void> = Promise.resolve();
    for (const [chunk, operations] of chunks.entries()) {
      // A turn of the event loop per chunk: the chunk before goes out to live clients, and other requests are answered, before the next is written.
      await nextTurn();
      if (signal.aborted) {
        await reported;
        throw new ServiceError('service_unavailable', stoppedMessage(applied, total));
      }
      let written;
      try {
        written = await withWriteReceipt(chunkReceipt(jobId, chunk), () => this.#o.content.batchUnsynced(principal, boardId, operations));
      } catch (error) {
        await reported;
        throw chunkFailure(error, chunk * importChunkItems, applied, total);
      }
      const ids = written.result.results.map((r) => r.id);
      const previous = reported;
      reported = (async () => {
        await previous;
        await written.synced;
        applied += ids.length;
        itemIds.push(...ids);
        await this.#o.jobs.report(jobId, applied / total, { total, applied, itemIds } satisfies ImportProgress);
      })();
      // Awaited at the next chunk or the end; handled here too so a failure meanwhile is not unhandled.
      reported.catch(() => undefined);
    }
    await reported;
    return { total, applied, itemIds };
  }

  /** What an import a crash cut off had done: its chunks whose receipts are in the board (they land in order). */
  async #interrupted(job: JobRecord): Promise<{ result: ImportProgress; message: string }> {
    const known = (job.result ?? null) as ImportProgress | null;
    const total = known?.total ?? 0;
    const doc = await this.#o.documents.open(job.boardId);
    let applied = 0;
    for (let chunk = 0; chunk * importChunkItems < total && hasWriteReceipt(doc, chunkReceipt(job.id, chunk)); chunk += 1) {
      applied = Math.min(total, (chunk + 1) * importChunkItems);
    }
    const itemIds = (known?.itemIds ?? []).slice(0, applied);
    const message = stoppedMessage(applied, total);
    return { result: { total, applied, itemIds }, message };
  }
}

/** What an import cut off by a stop says: how far it got, and where a retry starts. */
function stoppedMessage(applied: number, total: number): string {
  return `The server stopped after ${applied} of ${total} items were imported; import the rest (from index ${applied}).`;
}

/** A chunk that failed when applied (the board changed since the import was checked): its error, fields named as in the import. */
function chunkFailure(error: unknown, offset: number, applied: number, total: number): unknown {
  if (error instanceof ItemValidationError) {
    return new ValidationError(error.issues.map((issue) => ({ field: importField(issue.field, offset), message: `${issue.message} (${applied} of ${total} items were imported)` })));
  }
  if (error instanceof CrdtError) return new ServiceError('conflict', `${error.message} (${applied} of ${total} items were imported)`, { cause: error });
  return error;
}
