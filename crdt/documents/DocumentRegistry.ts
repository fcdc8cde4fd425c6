import { setImmediate as nextTurn } from 'node:timers/promises';
import * as Y from 'yjs';
import { systemClock } from '../../storage/index.js';
import type { Clock, DocumentStore } from '../../storage/index.js';
import { boardIndex, buildBoardIndex } from '../items/BoardIndex.js';
import { DocumentError } from './errors.js';
import { silentLogger } from './Logger.js';
import type { Logger } from './Logger.js';
import type { DocumentLease } from './DocumentLease.js';
import type { DocumentObserver } from './DocumentObserver.js';
import { ManagedDocument } from './ManagedDocument.js';
import type { ManagedDocumentOptions } from './ManagedDocument.js';
import { DocumentReplication } from './DocumentReplication.js';
import type { BoardFollower } from './DocumentReplication.js';
import { SnapshotBuilder, compiledSnapshotWorkerUrl } from './SnapshotBuilder.js';
import { splitLoadAboveBytes } from './splitUpdate.js';
import { stampWriteReceipt } from './writeReceipts.js';
import { documentOptions, registryLimits } from './documentRegistryOptions.js';
import type { DocumentRegistryOptions, DocumentRegistryStats, RegistryLimits, TransactOptions } from './documentRegistryOptions.js';
import type { RecordsWithUpdate } from './updatePersisterOptions.js';
import { RegistryListeners } from './RegistryListeners.js';
import { idleToUnload } from './idleUnloads.js';
import { withPersistTimeout } from './persistTimeout.js';
import { PartStorage } from './PartStorage.js';

export type { DocumentRegistryOptions, DocumentRegistryStats, TransactOptions } from './documentRegistryOptions.js';

/**
 * One in-memory `Y.Doc` per board per process: single-flight loads, ordered write-behind
 * persistence, durable `transact`, compaction, idle unload and delete.
 */
export class DocumentRegistry {
  readonly #store: DocumentStore;
  readonly #options: RegistryLimits;
  /** What every document of this registry is loaded with (`documentOptions`). */
  readonly #documentOptions: ManagedDocumentOptions;
  readonly #replication: DocumentReplication | undefined;
  readonly #observer: DocumentObserver | undefined;
  readonly #snapshots: SnapshotBuilder;
  /** Splits large snapshots for loads a few milliseconds per event-loop turn. */
  readonly #loadSplitter: SnapshotBuilder;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #docs = new Map<string, ManagedDocument>();
  readonly #loading = new Map<string, Promise<ManagedDocument>>();
  readonly #listeners: RegistryListeners;
  /** New boards whose snapshot is being stored again in parts (`create`); `delete` and `close` cancel and wait. */
  readonly #inParts: PartStorage;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(store: DocumentStore, options: DocumentRegistryOptions = {}) {
    this.#store = store;
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? silentLogger;
    this.#listeners = new RegistryListeners(this.#logger);
    this.#observer = options.observer;
    this.#replication =
      options.replication === undefined
        ? undefined
        : new DocumentReplication(store, options.replication, this.#logger, (boardId) => {
            this.#unloadDeleted(boardId).catch((error: unknown) => this.#logger.error({ err: error, boardId }, 'Unloading a board another process deleted failed'));
          });
    const workerUrl = options.snapshotWorkerUrl === null ? undefined : (options.snapshotWorkerUrl ?? compiledSnapshotWorkerUrl);
    this.#snapshots = new SnapshotBuilder(workerUrl);
    // A process of its own: a load must not wait behind a compaction of another large board.
    this.#loadSplitter = new SnapshotBuilder(workerUrl);
    this.#inParts = new PartStorage(store, this.#loadSplitter, this.#logger);
    this.#options = registryLimits(options);
    this.#documentOptions = documentOptions(this.#options, this.#clock, this.#observer, this.#snapshots, this.#loadSplitter);
    if (options.sweepAtOnce ?? true) this.startSweeping();
  }

  /** How this registry keeps its boards in step with other processes; undefined for a process alone. */
  get replication(): DocumentReplication | undefined {
    return this.#replication;
  }

  /** Starts the idle sweep timer (every `sweepIntervalMs`, unless 0); it does not keep the process alive. Idempotent. */
  startSweeping(): void {
    if (this.#timer !== undefined || this.#closed || this.#options.sweepIntervalMs <= 0) return;
    this.#timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.#logger.error({ err: error }, 'Idle document sweep failed'));
    }, this.#options.sweepIntervalMs);
    this.#timer.unref();
  }

  /** The board's document, loaded once (concurrent calls share one store load). Prefer `acquire` to hold it. */
  async open(boardId: string): Promise<Y.Doc> {
    const managed = await this.#get(boardId);
    managed.touch();
    return managed.doc;
  }

  /** Loads the board's document and keeps it loaded until the lease is released. */
  async acquire(boardId: string): Promise<DocumentLease> {
    return (await this.#get(boardId)).lease();
  }

  /**
   * Runs `fn` in one `doc.transact` with `origin` and resolves with its result only once the
   * resulting update is durably stored (the durability contract). Throws `document_too_large`
   * before running when the document is full (one transaction may overshoot by its own size),
   * and `persist_timeout` after `persistTimeoutMs` when the store keeps failing (the update
   * stays queued and is still stored later).
   *
   * `wait: 'stored'` resolves as soon as the update is stored (safe from a crash of the
   * process) without waiting for the store's `sync`: for a caller that writes more rows of the
   * same request (activity, outbox) and then awaits one `DocumentStore.sync` for all of them,
   * so a request costs one fsync, not one per row. Such a caller must sync before it answers.
   *
   * Inside `withWriteReceipt`, the receipt is stamped in the same transaction (see writeReceipts.ts).
   */
  async transact<T>(boardId: string, fn: (doc: Y.Doc) => T, origin: unknown = null, options: TransactOptions = {}): Promise<T> {
    const managed = await this.#get(boardId);
    const lease = managed.lease();
    try {
      managed.assertRoomFor(0);
      let result: T | undefined;
      managed.doc.transact(() => {
        result = fn(managed.doc);
        stampWriteReceipt(managed.doc, this.#clock.now());
      }, origin);
      const hold = options.appendAfter?.();
      if (hold !== undefined) managed.persister.holdUntil(hold);
      const records = options.storeWith?.();
      if (records !== undefined) managed.persister.storeWith(records);
      // Appended in this turn when the store can (no wait for the write-behind timer); else queued.
      managed.persister.storeNow();
      const stored = options.wait === 'stored' ? managed.persister.whenPersisted() : managed.persister.whenDurable();
      await withPersistTimeout(stored, boardId, this.#options.persistTimeoutMs);
      return result as T;
    } finally {
      lease.release();
    }
  }

  /**
   * Resolves once every update applied to the board so far is stored, safe from a crash of the
   * process (at once when not loaded). Live relays wait for this; `transact` also waits for the
   * store's `sync`.
   */
  async whenPersisted(boardId: string): Promise<void> {
    const managed = this.#docs.get(boardId) ?? (await this.#loading.get(boardId));
    if (managed === undefined) return;
    await managed.persister.whenPersisted();
  }

  /** Holds the board's appends, queued or to come, until `settled` settles, as `TransactOptions.appendAfter` does for a change made otherwise (a live edit's journal row); nothing when it is not loaded. */
  holdAppends(boardId: string, settled: Promise<unknown>): void {
    this.#docs.get(boardId)?.persister.holdUntil(settled);
  }

  /** Appends `records` with the board's update queued last, in one transaction (`UpdatePersister.storeWith`); told false at once when the board is not loaded. */
  storeWith(boardId: string, records: RecordsWithUpdate): void {
    const managed = this.#docs.get(boardId);
    if (managed === undefined) records.settled(false);
    else managed.persister.storeWith(records);
  }

  /** Unloads idle documents (no leases, unused for `idleUnloadMs`, or sooner under pressure: `idleToUnload`), flushing them first; resolves with how many. */
  async sweep(): Promise<number> {
    const idle = idleToUnload(this.#docs.values(), this.#clock.now(), this.#options);
    const unloaded = (await Promise.all(idle.map((m) => this.#unload(m)))).filter(Boolean).length;
    this.#listeners.swept(unloaded);
    return unloaded;
  }

  /** Calls `listener` after each idle sweep with how many documents it unloaded (`stats()` tells what is left); returns an unsubscribe function. */
  onSwept(listener: (unloaded: number) => void): () => void {
    return this.#listeners.onSwept(listener);
  }

  /**
   * Calls `listener` with each document as it loads, after its stored state is applied and before
   * anyone can read or change it (so an observer it adds sees every later change); returns an
   * unsubscribe function.
   */
  onLoaded(listener: (boardId: string, doc: Y.Doc) => void): () => void {
    return this.#listeners.onLoaded(listener);
  }

  /** Calls `listener` when a board is deleted, before its document is destroyed; returns an unsubscribe function. */
  onDelete(listener: (boardId: string) => void): () => void {
    return this.#listeners.onDelete(listener);
  }

  /**
   * Stores the first state of a new board (a duplicate's copy, or an empty document); resolves
   * once it is durable. `state` is updates that, applied in order, give it (see `copyOf`): the
   * first is stored as the snapshot and the others as its log, as the original board keeps them,
   * so nothing is folded or encoded before the copy exists (its first compaction folds them). A
   * large snapshot is stored whole at once, then split by the load splitter in the background
   * and stored again in parts, so that its first load applies it a part per turn without
   * splitting it first (a load that comes before shares the split). A compaction stored by then
   * is kept (the store keeps the snapshot of the later point).
   */
  async create(boardId: string, state: readonly Uint8Array[] = []): Promise<void> {
    if (this.#closed) throw new DocumentError('registry_closed', 'The document registry is closed.');
    const [snapshot = Y.encodeStateAsUpdate(new Y.Doc()), ...log] = state;
    // A copy's state was taken in the turn that read the whole board: a large one is written from the next.
    if (snapshot.byteLength > splitLoadAboveBytes) await nextTurn();
    await this.#store.compact(boardId, [snapshot], 0);
    if (log.length > 0) await this.#store.append(boardId, log);
    await this.#store.sync();
    if (snapshot.byteLength > splitLoadAboveBytes && this.#loadSplitter.inWorker) this.#inParts.start(boardId, snapshot);
  }

  /**
   * The board's state, for a copy (`create`), with what `read` reads from its document in the
   * same turn. The state is what the document keeps for clients that join (`ManagedDocument.encodedState`):
   * usually the stored snapshot or a base folded off the event loop and the updates since, so a
   * copy of a large loaded board is not an encode of it on the event loop (right after a load, its
   * state as loaded is folded and awaited). The board's items are
   * decoded a slice per turn first (`BoardIndex.decodeInSlices`), so a `read` of every item in
   * that turn decodes only those changed meanwhile.
   */
  async copyOf<T>(boardId: string, read: (doc: Y.Doc) => T): Promise<{ state: readonly Uint8Array[]; read: T }> {
    const managed = await this.#get(boardId);
    // Held so that the idle sweep leaves it loaded while it is decoded.
    const lease = managed.lease();
    try {
      // A large board just loaded: its state as loaded folded off the event loop first, not encoded now.
      await managed.settledEncodedState();
      await boardIndex(managed.doc).decodeInSlices(this.#options.loadMsPerTurn, nextTurn);
      if (this.#docs.get(boardId) !== managed) throw new DocumentError('document_deleted', `Board ${boardId} was deleted while it was copied.`);
      return { state: managed.encodedState(), read: read(managed.doc) };
    } finally {
      lease.release();
    }
  }

  /** Unloads the board (dropping unsaved updates; holders are told through `onDelete`) and deletes it from the store. */
  async delete(boardId: string): Promise<void> {
    await this.#unloadDeleted(boardId);
    await this.#store.delete(boardId);
    await this.#store.sync();
    // Other processes that hold the board drop it too (closing their clients), rather than store what their clients send next.
    this.#replication?.publishDeleted(boardId);
  }

  /** Tells holders (`onDelete`) and unloads the board, dropping what it has not stored. */
  async #unloadDeleted(boardId: string): Promise<void> {
    await this.#inParts.stop(boardId);
    const managed = this.#docs.get(boardId) ?? (await this.#loading.get(boardId)?.catch(() => undefined));
    this.#listeners.deleted(boardId);
    this.#unfollow(boardId);
    if (managed !== undefined) {
      if (this.#docs.get(boardId) === managed) this.#docs.delete(boardId);
      await managed.persister.drop();
      managed.destroy();
    }
  }

  /** Counters for metrics and tests. */
  stats(): DocumentRegistryStats {
    let pendingUpdates = 0;
    let leases = 0;
    for (const managed of this.#docs.values()) {
      pendingUpdates += managed.persister.pending;
      leases += managed.leases;
    }
    return { loadedDocuments: this.#docs.size, loadingDocuments: this.#loading.size, pendingUpdates, leases };
  }

  /** Stops the sweep timer, stores everything queued and unloads every document; later calls throw `registry_closed`. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#inParts.stop();
    await Promise.allSettled([...this.#loading.values()]);
    const all = [...this.#docs.values()];
    await Promise.all(all.map((m) => m.persister.flush()));
    for (const managed of all) {
      this.#docs.delete(managed.id);
      managed.destroy();
    }
    this.#replication?.close();
    await Promise.all([this.#snapshots.close(), this.#loadSplitter.close()]);
  }

  #get(boardId: string): Promise<ManagedDocument> {
    if (this.#closed) return Promise.reject(new DocumentError('registry_closed', 'The document registry is closed.'));
    const loaded = this.#docs.get(boardId);
    if (loaded !== undefined) return Promise.resolve(loaded);
    const loading = this.#loading.get(boardId);
    if (loading !== undefined) return loading;
    const promise = this.#load(boardId).finally(() => this.#loading.delete(boardId));
    this.#loading.set(boardId, promise);
    return promise;
  }

  async #load(boardId: string): Promise<ManagedDocument> {
    // Followed before the store is read: an update another process stores meanwhile is in the read or on the bus.
    const replication = this.#replication;
    const follower = replication === undefined ? undefined : await replication.follow(boardId);
    try {
      return await this.#loadStored(boardId, follower, replication);
    } catch (error) {
      this.#unfollow(boardId);
      throw error;
    }
  }

  async #loadStored(boardId: string, follower: BoardFollower | undefined, replication: DocumentReplication | undefined): Promise<ManagedDocument> {
    const stored = await this.#store.load(boardId);
    // One options object for every board of a process alone: a document keeps it while loaded.
    const options: ManagedDocumentOptions =
      replication === undefined
        ? this.#documentOptions
        : {
            ...this.#documentOptions,
            replicated: { onStored: (updates, lastSeq) => replication.publish(boardId, updates, lastSeq), compactGuard: (compaction) => replication.compactUnderLease(boardId, compaction) },
          };
    const managed = await ManagedDocument.load(boardId, stored, this.#store, this.#logger, options, (update) => this.#inParts.splitForLoad(boardId, update));
    // Built once here, a slice per turn like the load, then kept current by every transaction, so no write reads the whole board.
    await buildBoardIndex(managed.doc, this.#options.loadMsPerTurn, nextTurn);
    managed.foldLoadedStateLater();
    this.#listeners.loaded(boardId, managed.doc);
    follower?.attach(managed.doc, stored.lastSeq);
    this.#docs.set(boardId, managed);
    return managed;
  }

  /** Stops following the board on the bus (it is unloaded or deleted). */
  #unfollow(boardId: string): void {
    this.#replication?.unfollow(boardId);
  }

  async #unload(managed: ManagedDocument): Promise<boolean> {
    const usedAtMs = managed.lastUsedMs;
    managed.unloading = true;
    try {
      await managed.persister.flush();
    } finally {
      managed.unloading = false;
    }
    const stillIdle = managed.leases === 0 && managed.lastUsedMs === usedAtMs && managed.persister.pending === 0;
    if (!stillIdle || this.#docs.get(managed.id) !== managed) return false;
    this.#docs.delete(managed.id);
    this.#unfollow(managed.id);
    managed.destroy();
    return true;
  }
}
