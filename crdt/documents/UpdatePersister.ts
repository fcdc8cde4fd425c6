import type { DocumentStore } from '../../storage/index.js';
import { DocumentError } from './errors.js';
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
  /** Logged updates after the snapshot that trigger a compaction. */
  compactAfterUpdates: number;
}

interface Waiter {
  target: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The ordered write-behind queue of one document: every update is appended to the
 * `DocumentStore` in batches, one store call at a time, retried with backoff until stored.
 * Compaction snapshots the in-memory document at the moment a batch takes the whole queue,
 * when the document holds exactly the stored state plus that batch, so the snapshot covers
 * exactly the sequence number the append returns.
 */
export class UpdatePersister {
  readonly #docId: string;
  readonly #store: DocumentStore;
  readonly #logger: Logger;
  readonly #options: UpdatePersisterOptions;
  readonly #encodeState: () => Uint8Array;
  readonly #onCompacted: (snapshotBytes: number) => void;
  readonly #queue: Uint8Array[] = [];
  readonly #waiters: Waiter[] = [];
  #enqueued = 0;
  #stored = 0;
  #logged: number;
  /**
   * A compaction to store before anything else, as the state up to `seq`: the snapshot taken at
   * load, or none after a synchronous append (it is encoded when the compaction runs: the document
   * then holds at least everything stored up to `seq`, and a snapshot holding more is still right,
   * because replaying an update twice changes nothing).
   */
  #pendingCompaction: { snapshot: Uint8Array | undefined; seq: number } | undefined;
  #timer: { cancel: () => void } | undefined;
  #running: Promise<void> | undefined;
  #failures = 0;
  #dropped = false;
  #wakeRetry: (() => void) | undefined;

  constructor(
    docId: string,
    store: DocumentStore,
    logger: Logger,
    options: UpdatePersisterOptions,
    loaded: { loggedUpdates: number; lastSeq: number },
    encodeState: () => Uint8Array,
    onCompacted: (snapshotBytes: number) => void,
  ) {
    this.#docId = docId;
    this.#store = store;
    this.#logger = logger;
    this.#options = options;
    this.#encodeState = encodeState;
    this.#onCompacted = onCompacted;
    this.#logged = loaded.loggedUpdates;
    if (loaded.loggedUpdates >= options.compactAfterUpdates) {
      this.#pendingCompaction = { snapshot: encodeState(), seq: loaded.lastSeq };
      this.#schedule(0);
    }
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
   */
  storeNow(): boolean {
    if (this.#queue.length === 0) return !this.#dropped;
    const store = this.#store;
    if (this.#dropped || store.appendNow === undefined || this.#running !== undefined || this.#pendingCompaction !== undefined) return false;
    const count = this.#queue.length;
    let seq: number;
    try {
      seq = store.appendNow(this.#docId, this.#queue);
    } catch (error) {
      this.#logger.error({ err: error, docId: this.#docId, queuedUpdates: count }, 'Storing document updates failed; retrying');
      this.#schedule(this.#options.retryBaseMs);
      return false;
    }
    this.#queue.length = 0;
    this.#stored += count;
    this.#logged += count;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#settle();
    // Encoded later: a caller may apply updates it queued before storing them (`ManagedDocument.queueIncoming`).
    if (this.#logged >= this.#options.compactAfterUpdates) {
      this.#pendingCompaction = { snapshot: undefined, seq };
      this.#schedule(0);
    }
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
   * is in flight, and until everything stored is durable.
   */
  async flush(): Promise<void> {
    const done = this.whenPersisted();
    this.#schedule(0);
    await done;
    await this.#running;
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
    this.#pendingCompaction = undefined;
    this.#wakeRetry?.();
    for (const waiter of this.#waiters.splice(0)) waiter.reject(deletedError(this.#docId));
    await this.#running;
  }

  #schedule(delayMs: number): void {
    if (this.#dropped || this.#running !== undefined) return;
    if (this.#timer !== undefined) {
      if (delayMs > 0) return;
      this.#timer.cancel();
    }
    this.#timer = later(delayMs, () => {
      this.#timer = undefined;
      this.#running = this.#run().finally(() => {
        this.#running = undefined;
        if (this.#queue.length > 0) this.#schedule(this.#options.persistDelayMs);
      });
    });
  }

  async #run(): Promise<void> {
    while (!this.#dropped && (this.#pendingCompaction !== undefined || this.#queue.length > 0)) {
      try {
        if (this.#pendingCompaction !== undefined) {
          const { seq } = this.#pendingCompaction;
          const snapshot = this.#pendingCompaction.snapshot ?? this.#encodeState();
          await this.#store.compact(this.#docId, snapshot, seq);
          this.#pendingCompaction = undefined;
          this.#logged = 0;
          this.#onCompacted(snapshot.byteLength);
          continue;
        }
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
    const takesAll = batch.length === this.#queue.length;
    const snapshot =
      takesAll && this.#logged + batch.length >= this.#options.compactAfterUpdates ? this.#encodeState() : undefined;
    const seq = await this.#store.append(this.#docId, batch);
    if (this.#dropped) return;
    this.#queue.splice(0, batch.length);
    this.#stored += batch.length;
    this.#logged += batch.length;
    this.#settle();
    if (snapshot === undefined) return;
    try {
      await this.#store.compact(this.#docId, snapshot, seq);
      this.#logged = 0;
      this.#onCompacted(snapshot.byteLength);
    } catch (error) {
      this.#logger.warn({ err: error, docId: this.#docId }, 'Compacting document failed; will retry after the next batch');
    }
  }

  #settle(): void {
    while (this.#waiters.length > 0 && this.#waiters[0]!.target <= this.#stored) {
      this.#waiters.shift()!.resolve();
    }
  }
}

/** Runs `task` after `delayMs`, or on the next event-loop turn for 0 (`setTimeout(0)` waits 1 ms). */
function later(delayMs: number, task: () => void): { cancel: () => void } {
  if (delayMs <= 0) {
    const immediate = setImmediate(task);
    return { cancel: () => clearImmediate(immediate) };
  }
  const timeout = setTimeout(task, delayMs);
  return { cancel: () => clearTimeout(timeout) };
}

function deletedError(docId: string): DocumentError {
  return new DocumentError('document_deleted', `Document ${docId} was deleted.`);
}
