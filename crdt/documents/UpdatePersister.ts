import { StorageError } from '../../storage/index.js';
import type { DocumentStore, StoredDocument } from '../../storage/index.js';
import type { DocumentObserver } from './DocumentObserver.js';
import { DocumentError } from './errors.js';
import { later } from './later.js';
import type { Logger } from './Logger.js';

/** Tuning of one document's write-behind queue (see `DocumentRegistryOptions` for defaults). */
export interface UpdatePersisterOptions {
  /**
   * Delay between the first queued update and the append of its batch, in ms; 0 appends on the
   * next event-loop turn. Updates queued while an append is in flight form the next batch
   * (group commit), so batching under load does not need a delay.
   */
  persistDelayMs: number;
  /** Most updates in one `append` call. */
  maxBatchUpdates: number;
  /** First retry delay after a failed store call, in ms; doubles per failure. */
  retryBaseMs: number;
  /** Cap of the retry delay, in ms. */
  retryMaxMs: number;
  /**
   * Compaction rule: the log is folded into the snapshot once the bytes logged after it reach
   * `compactLogRatio` × the snapshot's bytes (and at least `compactMinLogBytes`), or once
   * `compactAfterUpdates` updates are logged, whichever comes first. Rewriting a large snapshot
   * costs in proportion to its size, so it is rewritten when the log has grown in proportion.
   */
  compactLogRatio: number;
  /** Logged bytes below which the size rule never compacts (small boards would compact on every update). */
  compactMinLogBytes: number;
  /** Logged updates after the snapshot that trigger a compaction whatever their size (each costs a replay at load). */
  compactAfterUpdates: number;
}

/** What an `UpdatePersister` is made of. */
export interface UpdatePersisterInit {
  docId: string;
  store: DocumentStore;
  logger: Logger;
  options: UpdatePersisterOptions;
  /** What the store held when the document was loaded (a long log is compacted from it at once). */
  loaded: StoredDocument;
  /** Folds a stored document into a snapshot, off the event loop (large documents). */
  buildSnapshot: BuildSnapshot;
  /** The in-memory document encoded, when small enough to do it on the event loop. */
  encodeSmall: EncodeSmall;
  /** Told the stored bytes after each compaction (snapshot plus what was logged meanwhile). */
  onCompacted: (storedBytes: number) => void;
  /** Told each append's and each compaction's duration (metrics); default none. */
  observer?: DocumentObserver | undefined;
  /** Told the updates of each append once they are stored, with the number of the last (another process's copy follows them from there); default none. */
  onStored?: ((updates: readonly Uint8Array[], lastSeq: number) => void) | undefined;
  /**
   * Runs a compaction where one process at a time may (a lease on the board), handing it the
   * lease's fencing token for the store to check; resolves false, with nothing done, when another
   * holds it. Default: runs it at once, without a fence.
   */
  compactGuard?: CompactGuard | undefined;
}

interface Waiter {
  target: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Runs a compaction under a lease, with its fencing token (`UpdatePersisterInit.compactGuard`). */
export type CompactGuard = (compaction: (fence?: number) => Promise<boolean>) => Promise<boolean>;

/** Folds a stored document into one snapshot, in parts when large (`SnapshotBuilder.build`). */
export type BuildSnapshot = (stored: StoredDocument) => Promise<{ state: readonly Uint8Array[]; skipped: number }>;

/** The in-memory document encoded, when it is small enough to encode on the event loop; else undefined. */
export type EncodeSmall = () => Uint8Array | undefined;

/** Shared by the persisters told of nothing, and by those of a process alone (no guard). */
const noObserver: DocumentObserver = Object.freeze({});
const unguarded: CompactGuard = (compaction) => compaction();

/**
 * The ordered write-behind queue of one document: every update is appended to the
 * `DocumentStore` in batches, one store call at a time, retried with backoff until stored.
 * Compaction never holds a live update back: appends go on meanwhile, only adding numbers past
 * the one it covers. A small document (`EncodeSmall`, well under a millisecond to encode) is
 * encoded from memory on a later event-loop turn, when it holds everything stored so far; a
 * large one is rebuilt from what is stored, off the event loop (`BuildSnapshot`), and covers the
 * last number it read.
 */
export class UpdatePersister {
  readonly #docId: string;
  readonly #store: DocumentStore;
  readonly #logger: Logger;
  readonly #options: UpdatePersisterOptions;
  readonly #buildSnapshot: BuildSnapshot;
  readonly #encodeSmall: EncodeSmall;
  readonly #onCompacted: (storedBytes: number) => void;
  readonly #observer: DocumentObserver;
  readonly #onStored: ((updates: readonly Uint8Array[], lastSeq: number) => void) | undefined;
  readonly #compactGuard: CompactGuard;
  readonly #queue: Uint8Array[] = [];
  readonly #waiters: Waiter[] = [];
  #enqueued = 0;
  #stored = 0;
  /** Updates logged after the snapshot, and their bytes (as far as this process knows). */
  #logged: number;
  #loggedBytes: number;
  /** Bytes of the last snapshot stored. */
  #snapshotBytes: number;
  /** The last sequence number stored, and the bytes of every update stored so far. */
  #lastSeq: number;
  #storedBytes = 0;
  /** The compaction in progress; one at a time. */
  #compacting: Promise<void> | undefined;
  /** After a failed compaction, the next waits until `#stored` reaches this (a tenth of `compactAfterUpdates` more). */
  #compactNotBefore = 0;
  #timer: { cancel: () => void } | undefined;
  #running: Promise<void> | undefined;
  #failures = 0;
  #dropped = false;
  #wakeRetry: (() => void) | undefined;

  constructor(init: UpdatePersisterInit) {
    const { loaded } = init;
    this.#docId = init.docId;
    this.#store = init.store;
    this.#logger = init.logger;
    this.#options = init.options;
    this.#buildSnapshot = init.buildSnapshot;
    this.#encodeSmall = init.encodeSmall;
    this.#onCompacted = init.onCompacted;
    this.#observer = init.observer ?? noObserver;
    this.#onStored = init.onStored;
    this.#compactGuard = init.compactGuard ?? unguarded;
    this.#logged = loaded.updates.length;
    this.#loggedBytes = loaded.updates.reduce((sum, update) => sum + update.byteLength, 0);
    this.#snapshotBytes = byteLengthOf(loaded.snapshot ?? []);
    this.#lastSeq = loaded.lastSeq;
    // A long log is compacted from what was just read, without reading it again.
    this.#compactIfDue(loaded);
  }

  /** Updates queued and not yet stored. */
  get pending(): number {
    return this.#queue.length;
  }

  /** Bytes of the updates queued and not yet stored. */
  get pendingBytes(): number {
    let bytes = 0;
    for (const update of this.#queue) bytes += update.byteLength;
    return bytes;
  }

  /** Queues an update; it is appended within `persistDelayMs`. */
  enqueue(update: Uint8Array): void {
    if (this.#dropped) return;
    this.#queue.push(update);
    this.#enqueued += 1;
    this.#schedule(this.#options.persistDelayMs);
  }

  /**
   * Stores every queued update now, in one synchronous append, when the store offers
   * `appendNow` and no store call is in flight; returns true when everything queued so far is
   * stored (safe from a crash of the process). Returns false otherwise, and when the append
   * fails: the updates then stay queued for the background path, which retries them in order.
   * A store without `appendNow` gets its append call now, in this turn, unless one is in flight
   * (what is queued then goes in the next call, as soon as that one is done): the caller waits
   * for it (`whenPersisted`), and a later event-loop turn would only add to that wait.
   */
  storeNow(): boolean {
    if (this.#queue.length === 0) return !this.#dropped;
    const store = this.#store;
    if (this.#dropped || this.#running !== undefined) return false;
    if (store.appendNow === undefined) {
      this.#timer?.cancel();
      this.#start();
      return false;
    }
    const count = this.#queue.length;
    const startedAt = performance.now();
    let seq: number;
    try {
      seq = store.appendNow(this.#docId, this.#queue);
    } catch (error) {
      this.#logger.error({ err: error, docId: this.#docId, queuedUpdates: count }, 'Storing document updates failed; retrying');
      this.#schedule(this.#options.retryBaseMs);
      return false;
    }
    this.#observer.appended?.(count, (performance.now() - startedAt) / 1000);
    this.#stored += count;
    this.#logged += count;
    this.#lastSeq = seq;
    for (const update of this.#queue) {
      this.#storedBytes += update.byteLength;
      this.#loggedBytes += update.byteLength;
    }
    const stored = this.#queue.splice(0);
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#settle();
    this.#onStored?.(stored, seq);
    this.#compactIfDue();
    return true;
  }

  /**
   * Resolves once every update queued so far is stored (safe from a crash of the process);
   * rejects if the document is deleted.
   */
  whenPersisted(): Promise<void> {
    if (this.#dropped) return Promise.reject(deletedError(this.#docId));
    const target = this.#enqueued;
    if (this.#stored >= target) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#waiters.push({ target, resolve, reject });
    });
  }

  /** Like `whenPersisted`, and then until those updates would survive power loss too (`DocumentStore.sync`). */
  async whenDurable(): Promise<void> {
    await this.whenPersisted();
    await this.#store.sync();
  }

  /**
   * Appends what is queued now, without waiting for `persistDelayMs`, waits until no store call
   * (nor compaction) is in flight, and until everything stored is durable.
   */
  async flush(): Promise<void> {
    const done = this.whenPersisted();
    this.#schedule(0);
    await done;
    await this.#running;
    await this.#compacting;
    await this.#store.sync();
  }

  /**
   * Stops persisting (the document is being deleted): drops the queue, rejects waiters with
   * `document_deleted`, and resolves once no store call is in flight.
   */
  async drop(): Promise<void> {
    this.#dropped = true;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#queue.length = 0;
    this.#wakeRetry?.();
    for (const waiter of this.#waiters.splice(0)) waiter.reject(deletedError(this.#docId));
    await this.#running;
    await this.#compacting;
  }

  #schedule(delayMs: number): void {
    if (this.#dropped || this.#running !== undefined) return;
    if (this.#timer !== undefined) {
      if (delayMs > 0) return;
      this.#timer.cancel();
    }
    this.#timer = later(delayMs, () => this.#start());
  }

  /** Starts the store calls that take the queue, one at a time, until it is empty. */
  #start(): void {
    this.#timer = undefined;
    this.#running = this.#run().finally(() => {
      this.#running = undefined;
      if (this.#queue.length > 0) this.#schedule(this.#options.persistDelayMs);
    });
  }

  async #run(): Promise<void> {
    while (!this.#dropped && this.#queue.length > 0) {
      try {
        await this.#appendBatch();
        this.#failures = 0;
      } catch (error) {
        this.#failures += 1;
        const delayMs = Math.min(this.#options.retryMaxMs, this.#options.retryBaseMs * 2 ** (this.#failures - 1));
        this.#logger.error(
          { err: error, docId: this.#docId, queuedUpdates: this.#queue.length, failures: this.#failures, retryInMs: delayMs },
          'Storing document updates failed; retrying',
        );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delayMs);
          this.#wakeRetry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wakeRetry = undefined;
      }
    }
  }

  async #appendBatch(): Promise<void> {
    const batch = this.#queue.slice(0, this.#options.maxBatchUpdates);
    const startedAt = performance.now();
    const seq = await this.#store.append(this.#docId, batch);
    this.#observer.appended?.(batch.length, (performance.now() - startedAt) / 1000);
    if (this.#dropped) return;
    this.#queue.splice(0, batch.length);
    this.#stored += batch.length;
    this.#logged += batch.length;
    this.#lastSeq = seq;
    for (const update of batch) {
      this.#storedBytes += update.byteLength;
      this.#loggedBytes += update.byteLength;
    }
    this.#settle();
    this.#onStored?.(batch, seq);
    this.#compactIfDue();
  }

  /** Whether the log has outgrown the snapshot (see `UpdatePersisterOptions.compactLogRatio`). */
  #compactionDue(): boolean {
    const { compactAfterUpdates, compactLogRatio, compactMinLogBytes } = this.#options;
    if (this.#logged === 0) return false;
    if (this.#logged >= compactAfterUpdates) return true;
    return this.#loggedBytes >= Math.max(compactMinLogBytes, compactLogRatio * this.#snapshotBytes);
  }

  /** Starts a compaction when the log has outgrown the snapshot and none is running; from `stored` when given. */
  #compactIfDue(stored?: StoredDocument): void {
    if (this.#dropped || this.#compacting !== undefined || !this.#compactionDue() || this.#stored < this.#compactNotBefore) return;
    this.#compacting = this.#compactGuard((fence) => this.#compact(stored, fence)).catch((error: unknown) => {
      this.#logger.warn({ err: error, docId: this.#docId }, 'Could not take the lease to compact a document; will retry later');
      return false;
    }).then((compacted) => {
      this.#compacting = undefined;
      // What was logged while this one ran may already make the next one due.
      if (compacted) this.#compactIfDue();
    });
  }

  /**
   * Reads the stored document (unless given), folds it into a snapshot and stores it as the state
   * up to the last number read; what was appended meanwhile stays logged after it. A failure is
   * logged and retried once a tenth of `compactAfterUpdates` more are stored (not on every append:
   * each try reads the whole log). Resolves whether a snapshot was stored. `fence` goes to the
   * store, which refuses it when a later lease holder compacted meanwhile (`compaction_fenced`:
   * that snapshot stays, and nothing here counts as failed).
   */
  async #compact(given?: StoredDocument, fence?: number): Promise<boolean> {
    try {
      // A later turn: a caller may store updates before it applies them (`ManagedDocument.queueIncoming`).
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#dropped) return false;
      const startedAt = performance.now();
      const bytesBefore = this.#storedBytes;
      const upToSeq = this.#lastSeq;
      const small = this.#encodeSmall();
      if (small !== undefined) {
        // It holds at least everything stored up to `upToSeq`; holding more is harmless, as
        // replaying an update changes nothing.
        await this.#store.compact(this.#docId, [small], upToSeq, fence);
        this.#logged = Math.max(0, this.#lastSeq - upToSeq);
        this.#snapshotBytes = small.byteLength;
        this.#loggedBytes = this.#storedBytes - bytesBefore;
        this.#onCompacted(small.byteLength + (this.#storedBytes - bytesBefore));
        this.#observer.compacted?.((performance.now() - startedAt) / 1000, small.byteLength);
        return true;
      }
      const stored = given ?? (await this.#store.load(this.#docId));
      if (this.#dropped) return false;
      const { state, skipped } = await this.#buildSnapshot(stored);
      if (this.#dropped) return false;
      await this.#store.compact(this.#docId, state, stored.lastSeq, fence);
      if (skipped > 0) this.#logger.warn({ docId: this.#docId, skipped }, 'Compaction dropped stored updates that do not apply');
      this.#logged = Math.max(0, this.#lastSeq - stored.lastSeq);
      const stateBytes = byteLengthOf(state);
      this.#snapshotBytes = stateBytes;
      this.#loggedBytes = this.#storedBytes - bytesBefore;
      // An upper bound of the stored size: the snapshot, plus whatever was stored since the read.
      this.#onCompacted(stateBytes + (this.#storedBytes - bytesBefore));
      this.#observer.compacted?.((performance.now() - startedAt) / 1000, stateBytes);
      return true;
    } catch (error) {
      if (error instanceof StorageError && error.code === 'compaction_fenced') {
        this.#logger.warn({ err: error, docId: this.#docId }, 'A later holder of the compaction lease compacted this document; this compaction was refused');
        return false;
      }
      this.#observer.compactionFailed?.();
      this.#compactNotBefore = this.#stored + Math.ceil(this.#options.compactAfterUpdates / 10);
      this.#logger.warn({ err: error, docId: this.#docId }, 'Compacting document failed; will retry later');
      return false;
    }
  }

  #settle(): void {
    while (this.#waiters.length > 0 && this.#waiters[0]!.target <= this.#stored) {
      this.#waiters.shift()!.resolve();
    }
  }
}

/** The bytes of `parts` together. */
function byteLengthOf(parts: readonly Uint8Array[]): number {
  let bytes = 0;
  for (const part of parts) bytes += part.byteLength;
  return bytes;
}

function deletedError(docId: string): DocumentError {
  return new DocumentError('document_deleted', `Document ${docId} was deleted.`);
}
