import type { DocumentStore } from '../../storage/index.js';
import { StorageError } from '../../storage/index.js';
import type { DocumentObserver } from './DocumentObserver.js';
import { DocumentError } from './errors.js';
import { later } from './later.js';
import { LogCompaction } from './LogCompaction.js';
import type { Logger } from './Logger.js';
import type { RecordsWithUpdate, UpdatePersisterInit, UpdatePersisterOptions } from './updatePersisterOptions.js';

export type { BuildSnapshot, CompactGuard, EncodeSmall, RecordsWithUpdate, UpdatePersisterInit, UpdatePersisterOptions } from './updatePersisterOptions.js';

interface Waiter {
  target: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Records to append with the updates up to the `upTo`th queued (`storeWith`). */
interface QueuedRecords extends RecordsWithUpdate {
  upTo: number;
}

/** Shared by the persisters told of nothing. */
const noObserver: DocumentObserver = Object.freeze({});

/**
 * The ordered write-behind queue of one document: every update is appended to the
 * `DocumentStore` in batches, one store call at a time, retried with backoff until stored.
 * Its `LogCompaction` folds the log into the snapshot; it never holds a live update back:
 * appends go on meanwhile, only adding numbers past the one it covers. A small document
 * (`EncodeSmall`, well under a millisecond to encode) is encoded from memory on a later
 * event-loop turn, when it holds everything stored so far; a large one is rebuilt from what is
 * stored, off the event loop (`BuildSnapshot`), and covers the last number it read.
 */
export class UpdatePersister {
  readonly #docId: string;
  readonly #store: DocumentStore;
  readonly #logger: Logger;
  readonly #options: UpdatePersisterOptions;
  readonly #observer: DocumentObserver;
  readonly #onStored: ((updates: readonly Uint8Array[], lastSeq: number) => void) | undefined;
  readonly #compaction: LogCompaction;
  readonly #queue: Uint8Array[] = [];
  readonly #waiters: Waiter[] = [];
  /** Given to `storeWith`, oldest first, until appended with their update or left out. */
  readonly #records: QueuedRecords[] = [];
  /** How many of `#records` go with the append in flight (`drop` leaves them to it). */
  #recordsInFlight = 0;
  #enqueued = 0;
  #stored = 0;
  #timer: { cancel: () => void } | undefined;
  #running: Promise<void> | undefined;
  #failures = 0;
  #dropped = false;
  /** Ends the wait of the store calls (a retry's delay, a hold) at once. */
  #wakeRetry: (() => void) | undefined;
  /** Settles once every promise given to `holdUntil` has; no append starts before. */
  #hold: Promise<void> | undefined;

  constructor(init: UpdatePersisterInit) {
    this.#docId = init.docId;
    this.#store = init.store;
    this.#logger = init.logger;
    this.#options = init.options;
    this.#observer = init.observer ?? noObserver;
    this.#onStored = init.onStored;
    // Last: a long loaded log starts its compaction at once.
    this.#compaction = new LogCompaction(init, this.#observer);
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
   * Starts no append until `settled` settles (resolved or rejected), nor before any earlier hold
   * has: what is queued, and everything queued after, then goes in order as usual.
   */
  holdUntil(settled: Promise<unknown>): void {
    const previous = this.#hold;
    const hold: Promise<void> = (previous === undefined ? settled : Promise.all([previous, settled])).then(noop, noop);
    this.#hold = hold;
    void hold.then(() => {
      if (this.#hold === hold) this.#hold = undefined;
    });
  }

  /**
   * Appends `records` with the update queued last, in the same transaction (a store whose
   * `appendsRecords` is true): with it and every update queued before it in one append, whatever
   * the batching. `records.settled` is told true once they are stored; false when they are left
   * out: no update is queued, the store takes no records, the document is dropped, or an append
   * with them failed otherwise than by the store being unavailable (then the updates are appended
   * again without them, so that records the store refuses never keep a board's updates out).
   */
  storeWith(records: RecordsWithUpdate): void {
    if (this.#dropped || this.#store.appendsRecords !== true || this.#queue.length === 0) records.settled(false);
    else this.#records.push({ ...records, upTo: this.#enqueued });
  }

  /**
   * Stores every queued update now, in one synchronous append, when the store offers
   * `appendNow` and no store call is in flight; returns true when everything queued so far is
   * stored (safe from a crash of the process). Returns false otherwise, and when the append
   * fails: the updates then stay queued for the background path, which retries them in order.
   * A store without `appendNow` gets its append call in this turn (a microtask later), unless one is in flight
   * (what is queued then goes in the next call, as soon as that one is done) or a hold
   * (`holdUntil`) has not settled (then once it has): the caller waits
   * for it (`whenPersisted`), and a later event-loop turn would only add to that wait.
   */
  storeNow(): boolean {
    if (this.#queue.length === 0) return !this.#dropped;
    const store = this.#store;
    if (this.#dropped || this.#running !== undefined) return false;
    if (store.appendNow === undefined || this.#hold !== undefined || this.#records.length > 0) {
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
    let bytes = 0;
    for (const update of this.#queue) bytes += update.byteLength;
    const compactionDue = this.#compaction.appended(count, bytes, seq);
    const stored = this.#queue.splice(0);
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#settle();
    this.#onStored?.(stored, seq);
    if (compactionDue) this.#compaction.compactIfDue();
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
    await this.#compaction.running;
    await this.#store.sync();
  }

  /**
   * Stops persisting (the document is being deleted): drops the queue, rejects waiters with
   * `document_deleted`, and resolves once no store call is in flight.
   */
  async drop(): Promise<void> {
    this.#dropped = true;
    this.#compaction.drop();
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#queue.length = 0;
    for (const queued of this.#records.splice(this.#recordsInFlight)) queued.settled(false);
    this.#wakeRetry?.();
    for (const waiter of this.#waiters.splice(0)) waiter.reject(deletedError(this.#docId));
    await this.#running;
    await this.#compaction.running;
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
    // The store is called a microtask later: a change applied in the same step as `storeNow` (a
    // live update, queued, then applied) can still hold it back (`holdUntil`).
    await Promise.resolve();
    while (!this.#dropped && this.#queue.length > 0) {
      const hold = this.#hold;
      if (hold !== undefined) {
        await this.#wakeable(hold);
        continue;
      }
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
        let timer: NodeJS.Timeout | undefined;
        await this.#wakeable(new Promise<void>((resolve) => (timer = setTimeout(resolve, delayMs))));
        clearTimeout(timer);
      }
    }
  }

  /** Resolves when `wait` does, or sooner when the document is dropped. */
  async #wakeable(wait: Promise<void>): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#wakeRetry = resolve;
      void wait.then(resolve);
    });
    this.#wakeRetry = undefined;
  }

  async #appendBatch(): Promise<void> {
    const batch = this.#queue.slice(0, this.#options.maxBatchUpdates);
    // The records of every update in the batch (all of them when it merges several), in one transaction with it.
    let withRecords = 0;
    while (withRecords < this.#records.length && this.#records[withRecords]!.upTo <= this.#stored + batch.length) withRecords += 1;
    const startedAt = performance.now();
    let seq: number;
    this.#recordsInFlight = withRecords;
    try {
      seq = withRecords === 0 ? await this.#store.append(this.#docId, batch) : await this.#store.append(this.#docId, batch, this.#records.slice(0, withRecords).flatMap((queued) => queued.records));
    } catch (error) {
      if (withRecords > 0 && (this.#dropped || !(error instanceof StorageError && error.code === 'storage_unavailable'))) this.#leaveOut(withRecords, error);
      throw error;
    } finally {
      this.#recordsInFlight = 0;
    }
    this.#observer.appended?.(batch.length, (performance.now() - startedAt) / 1000);
    for (const queued of this.#records.splice(0, withRecords)) queued.settled(true);
    if (this.#dropped) return;
    this.#queue.splice(0, batch.length);
    this.#stored += batch.length;
    let bytes = 0;
    for (const update of batch) bytes += update.byteLength;
    const compactionDue = this.#compaction.appended(batch.length, bytes, seq);
    this.#settle();
    this.#onStored?.(batch, seq);
    if (compactionDue) this.#compaction.compactIfDue();
  }

  /** Leaves the first `count` queued records out of the appends to come, after `error`. */
  #leaveOut(count: number, error: unknown): void {
    this.#logger.error({ err: error, docId: this.#docId, records: count }, 'Records stored with document updates were left out after a failed append');
    for (const queued of this.#records.splice(0, count)) queued.settled(false);
  }

  #settle(): void {
    while (this.#waiters.length > 0 && this.#waiters[0]!.target <= this.#stored) {
      this.#waiters.shift()!.resolve();
    }
  }
}

function noop(): void {}

function deletedError(docId: string): DocumentError {
  return new DocumentError('document_deleted', `Document ${docId} was deleted.`);
}
