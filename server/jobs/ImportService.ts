import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DocumentRegistry, NewItem, ValidationIssue } from '../../crdt/index.js';
import { CrdtError, ItemValidationError, checkCreateItem, itemCount, validateBatch, withWriteReceipt, writeReceiptIds, writeReceiptTtlMs } from '../../crdt/index.js';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId, sharedDurability } from '../../storage/index.js';
import type { ImportInputRecord, JobRecord } from '../../storage/schema/jobs.js';
import { importInputCollections } from '../../storage/schema/jobs.js';
import type { AccessService } from '../access/AccessService.js';
import { requireUnlocked } from '../access/AccessService.js';
import type { AccountService } from '../accounts/AccountService.js';
import { planCapError } from '../accounts/planCap.js';
import { plans } from '../accounts/plans.js';
import type { Principal } from '../auth/Principal.js';
import type { BoardContentService } from '../content/BoardContentService.js';
import { ServiceError, ValidationError, errors } from '../errors.js';
import type { JobService, JobView, JobWork } from './JobService.js';
import { jobPrincipal } from './jobPrincipal.js';

/** Most items one import carries (the body of `POST /boards/{boardId}/imports`). */
export const maxImportItems = 5000;

/**
 * Most items one transaction of an import applies. The cap of a batch (SPEC, Limits) is for
 * integrators' calls; an import is validated whole and applied by the server, so a chunk is as
 * large as one transaction reasonably holds the event loop: one update, one fsync, one broadcast.
 */
export const importChunkItems = 1000;

/** Most bytes of items (as JSON) one transaction of an import applies: 256 KiB, so large items make smaller chunks. */
export const importChunkBytes = 256 * 1024;

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
  db: Database;
  clock: Clock;
  access: AccessService;
  accounts: AccountService;
  documents: DocumentRegistry;
  content: BoardContentService;
  jobs: JobService;
}

/** The prefix of the write receipts of an import's chunks. */
function receiptPrefix(jobId: string): string {
  return `${jobId}.import.to.`;
}

/** The write receipt of the chunk of an import that ends before item `end`: stamped in the chunk's transaction, read after a crash. */
function chunkReceipt(jobId: string, end: number): string {
  return `${receiptPrefix(jobId)}${end}`;
}

/**
 * Where each chunk of `items` ends (exclusive), in order: at most `importChunkItems` items and
 * `importChunkBytes` bytes of JSON each (an item larger than that is a chunk of its own).
 */
export function importChunkEnds(items: readonly unknown[]): number[] {
  const ends: number[] = [];
  let count = 0;
  let bytes = 0;
  items.forEach((item, index) => {
    const size = JSON.stringify(item).length;
    if (count > 0 && (count >= importChunkItems || bytes + size > importChunkBytes)) {
      ends.push(index);
      count = 0;
      bytes = 0;
    }
    count += 1;
    bytes += size;
  });
  if (items.length > 0) ends.push(items.length);
  return ends;
}

/** `operations[203].data.text` -> `items[203].data.text` (with `offset`, the index of the chunk's first item). */
function importField(field: string, offset: number): string {
  const match = /^operations\[(\d+)\](.*)$/.exec(field);
  if (match === null) return field === 'operations' ? 'items' : field;
  return `items[${offset + Number(match[1])}]${match[2] ?? ''}`;
}

/**
 * Bulk imports of items (`POST /boards/{boardId}/imports`). Every item is validated before
 * anything is written, in one pass against the board as it is, by the checks a batch runs; the
 * board's item cap is checked for the whole import. The items are then applied by a job in
 * chunks of up to 1,000 items and 256 KiB through the batch path (each chunk one transaction:
 * one update, one fsync, one broadcast, one activity row, durable before it is counted), and the
 * job reports `applied` of `total` and the created ids. Each chunk stamps a write receipt naming
 * where it ends, and the items, with the id each is created with, are stored with the job until
 * it ends, so a job a stop or a crash cut off resumes by itself at the next start after its last
 * chunk that landed, read from the board itself: nothing twice, nothing refused that it already
 * applied. One that cannot resume is failed `interrupted` with the number of items that landed.
 */
export class ImportService {
  readonly #o: ImportServiceOptions;
  readonly #inputs: Collection<ImportInputRecord>;

  constructor(options: ImportServiceOptions) {
    this.#o = options;
    this.#inputs = options.db.collection<ImportInputRecord>(importInputCollections.inputs);
    options.jobs.onInterrupted(importJobKind, (job) => this.#interrupted(job));
    options.jobs.onResume(importJobKind, (job) => this.#resume(job));
    options.jobs.onFinished(async (job) => {
      if (job.kind === importJobKind) await this.#inputs.deleteMany({ id: job.id });
    });
  }

  /** Validates the whole import and starts its job; 404/403 as any write, 422 naming `items[k].<field>`, 402 over the item cap. */
  async start(principal: Principal, boardId: string, items: readonly Record<string, unknown>[]): Promise<ImportJobView> {
    const { board, role } = await this.#o.access.requireBoard(principal.user.id, boardId, 'edit');
    requireUnlocked(board, role);
    if (items.length === 0 || items.length > maxImportItems) {
      throw new ValidationError([{ field: 'items', message: `Expected 1 to ${maxImportItems} items, got ${items.length}.` }]);
    }
    // `op` and `ref` are a batch operation's, not an item's: refused as any unknown field of the body is.
    const misnamed = items.flatMap((item, k) => (Object.hasOwn(item, 'op') || Object.hasOwn(item, 'ref') ? checkCreateItemIssues(item, `items[${k}]`) : []));
    if (misnamed.length > 0) throw new ValidationError(misnamed);
    const operations = items.map((item) => ({ ...item, op: 'create' }));
    const itemIds = operations.map(() => newId('itm'));
    const doc = await this.#o.documents.open(boardId);
    let checked: (NewItem | undefined)[];
    try {
      checked = validateBatch(doc, operations, maxImportItems, itemIds).operations.map((operation) => (operation.op === 'create' ? operation.item : undefined));
    } catch (error) {
      if (!(error instanceof ItemValidationError)) throw error;
      throw new ValidationError(error.issues.map((issue): ValidationIssue => ({ field: importField(issue.field, 0), message: issue.message })));
    }
    const { plan } = await this.#o.accounts.getWorkspace(board.workspaceId);
    const limit = plans[plan].itemsPerBoard;
    const count = itemCount(doc);
    if (count + items.length > limit) {
      throw planCapError('itemsPerBoard', plan, `The board can hold ${limit} items on this plan; it has ${count} and the import adds ${items.length}.`, { used: count });
    }
    const { kind, id, clientId } = principal.credential;
    const input: ImportInputRecord = {
      id: newId('job'),
      boardId,
      operations,
      itemIds,
      ends: importChunkEnds(items),
      credential: { kind, id, ...(clientId === undefined ? {} : { clientId }) },
      scopes: [...principal.scopes],
    };
    // Stored before the job is, so that a job found unfinished after a crash has what it resumes from; the
    // job is answered once its record is on the disk (`JobService.submit`), and so this one too (see `InsertOptions`).
    await this.#inputs.insert(input, sharedDurability);
    const progress: ImportProgress = { total: items.length, applied: 0, itemIds: [] };
    let job: JobView;
    try {
      job = await this.#o.jobs.submit(principal, { id: input.id, kind: importJobKind, boardId, reservation: null, result: progress }, this.#work(principal, input, 0, checked));
    } catch (error) {
      // No job was recorded (the server is stopping): its items are not kept.
      await this.#inputs.deleteMany({ id: input.id }).catch(() => undefined);
      throw error;
    }
    return { ...job, result: progress };
  }

  /** An import job of the caller's on this board; 404 for any other job. */
  async get(principal: Principal, boardId: string, jobId: string): Promise<ImportJobView> {
    await this.#o.access.requireBoard(principal.user.id, boardId, 'read');
    return this.#importOf(principal, boardId, jobId);
  }

  /**
   * Cancels an import job of the caller's on this board (see `JobService.cancel`); 404 for any other
   * job. A change to a board in trash, so refused there with 409 `trashed`, as every change is
   * (`POST /jobs/{jobId}/cancel` still cancels it, and its chunks are refused on such a board anyway).
   */
  async cancel(principal: Principal, boardId: string, jobId: string): Promise<{ already: boolean; job: ImportJobView }> {
    await this.#o.access.requireBoard(principal.user.id, boardId, 'read', { write: true });
    await this.#importOf(principal, boardId, jobId);
    const { already, job } = await this.#o.jobs.cancel(principal, jobId);
    return { already, job: { ...job, result: job.result as ImportProgress } };
  }

  /** The caller's import job `jobId` on this board; 404 for any other job. */
  async #importOf(principal: Principal, boardId: string, jobId: string): Promise<ImportJobView> {
    const job = await this.#o.jobs.get(principal, jobId);
    if (job.kind !== importJobKind || job.boardId !== boardId) throw errors.notFound('Import');
    return { ...job, result: job.result as ImportProgress };
  }

  /**
   * The work of an import job from item `from` on (the end of a chunk: 0, or where a stop cut it
   * off). `checked`: the items as `start` checked them, when the job runs in the process that
   * accepted it; each chunk then checks only what depends on the board (references, locks, room),
   * not each item's body again. A resumed job has them checked again.
   */
  #work(principal: Principal, input: ImportInputRecord, from: number, checked?: readonly (NewItem | undefined)[]): JobWork {
    return (signal) => this.#run(principal, input, from, signal, checked);
  }

  /**
   * Applies the chunks from item `from` on, in order, one per turn of the event loop (a store
   * that answers at once would otherwise hold the loop for the whole import). The next chunk is
   * written while the fsync of the one before runs; a chunk is counted (and reported) only once
   * its fsync is done.
   */
  async #run(principal: Principal, input: ImportInputRecord, from: number, signal: AbortSignal, checked?: readonly (NewItem | undefined)[]): Promise<ImportProgress> {
    const { id: jobId, boardId, operations } = input;
    const total = operations.length;
    let applied = from;
    let reported: Promise<void> = Promise.resolve();
    let start = from;
    for (const end of input.ends.filter((e) => e > from)) {
      // A turn of the event loop per chunk: the chunk before goes out to live clients, and other requests are answered, before the next is written.
      await nextTurn();
      if (signal.aborted) {
        await reported;
        throw new ServiceError('service_unavailable', stoppedMessage(applied, total));
      }
      let written;
      try {
        const chunk = operations.slice(start, end);
        written = await withWriteReceipt(chunkReceipt(jobId, end), () =>
          this.#o.content.batchUnsynced(principal, boardId, chunk, {
            maxOperations: importChunkItems,
            createIds: input.itemIds.slice(start, end),
            ...(checked === undefined ? {} : { checkedBodies: checked.slice(start, end) }),
          }),
        );
      } catch (error) {
        await reported;
        throw chunkFailure(error, start, applied, total);
      }
      start = end;
      const previous = reported;
      reported = (async () => {
        await previous;
        await written.synced;
        applied = end;
        await this.#o.jobs.report(jobId, applied / total, { total, applied, itemIds: input.itemIds.slice(0, applied) } satisfies ImportProgress);
      })();
      // Awaited at the next chunk or the end; handled here too so a failure meanwhile is not unhandled.
      reported.catch(() => undefined);
    }
    await reported;
    return { total, applied, itemIds: input.itemIds.slice(0) };
  }

  /** How many items of an import a stop cut off landed: the end of its last chunk whose receipt is in the board (chunks land in order). */
  async #landed(job: JobRecord, total: number): Promise<number> {
    const doc = await this.#o.documents.open(job.boardId);
    const prefix = receiptPrefix(job.id);
    let applied = 0;
    for (const id of writeReceiptIds(doc, prefix)) applied = Math.max(applied, Math.min(total, Number(id.slice(prefix.length)) || 0));
    return applied;
  }

  /** What an import a stop cut off and that cannot resume had done. */
  async #interrupted(job: JobRecord): Promise<{ result: ImportProgress; message: string }> {
    const known = (job.result ?? null) as ImportProgress | null;
    const total = known?.total ?? 0;
    const applied = await this.#landed(job, total);
    const itemIds = (known?.itemIds ?? []).slice(0, applied);
    const message = stoppedMessage(applied, total);
    return { result: { total, applied, itemIds }, message };
  }

  /**
   * An import a stop cut off, taken up after its last chunk that landed, as the person who started
   * it (whose rights each chunk checks again). It cannot resume without its stored items, once its
   * receipts may have expired, or when that person is gone; it is then failed `interrupted`.
   */
  async #resume(job: JobRecord): Promise<{ work: JobWork; result: ImportProgress; progress: number } | null> {
    const input = await this.#inputs.get(job.id);
    if (input === null || this.#o.clock.now() - job.createdAt >= writeReceiptTtlMs) return null;
    const principal = await jobPrincipal(this.#o.accounts, job, input);
    if (principal === null) return null;
    const total = input.operations.length;
    const applied = await this.#landed(job, total);
    return { work: this.#work(principal, input, applied), result: { total, applied, itemIds: input.itemIds.slice(0, applied) }, progress: applied / total };
  }
}

/** The issues of `item` checked as a create body, fields named under `prefix`. */
function checkCreateItemIssues(item: unknown, prefix: string): ValidationIssue[] {
  const checked = checkCreateItem(item, prefix);
  return checked.ok ? [] : checked.issues;
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
