import * as Y from 'yjs';
import type { Clock, DocumentStore, StoredDocument } from '../../storage/index.js';
import { CrdtError } from '../errors.js';
import type { DocumentLease } from './DocumentLease.js';
import type { DocumentObserver } from './DocumentObserver.js';
import { EncodedStateKeeper } from './EncodedStateKeeper.js';
import type { EncodeStored } from './EncodedStateKeeper.js';
import type { Logger } from './Logger.js';
import { ManagedDocumentLease } from './ManagedDocumentLease.js';
import { UpdatePersister } from './UpdatePersister.js';
import type { BuildSnapshot, CompactGuard, UpdatePersisterOptions } from './UpdatePersister.js';
import { loadOrigin, loadStoredDocument } from './documentLoad.js';
import type { DocumentLoadOptions } from './documentLoad.js';

export type { EncodeStored } from './EncodedStateKeeper.js';
export { loadOrigin } from './documentLoad.js';

/**
 * Stored size (snapshot plus log) up to which a compaction encodes the document on the event
 * loop; larger documents are rebuilt in the snapshot process. The stored size bounds the state's:
 * at least twice the default `compactMinLogBytes`, so that a board whose snapshot is under 64 KB compacts
 * here when its log reaches 64 KB. Below the log's threshold no compaction is due, so a bound of
 * 64 KB would send every small board to the snapshot process, which then stays up, a second Node
 * process (about 65 MB resident, 40 of them the pages of the node binary), while the board is
 * edited. Four times that: each overwrite of a property leaves a deleted item in the state (about
 * 18 bytes), so a board edited without pause grows past 128 KB within minutes (the realtime
 * bench's hot board at 400 moves a second did within 30 s and started the process), while encoding
 * 256 KB takes 2 to 3 ms of the event loop once per compaction.
 */
export const inThreadSnapshotBytes = 256 * 1024;

/**
 * Origin of the transactions that apply what another process stored (`DocumentReplication`):
 * relayed to this process's clients, never stored again.
 */
export const remoteOrigin: unique symbol = Symbol('boards.remote');

/** Options of a `ManagedDocument`. */
export type ManagedDocumentOptions = UpdatePersisterOptions & {
  maxDocumentBytes: number;
  /** Folds a snapshot stored in parts for `encodedState`; without it such a board is encoded when a client with nothing first joins. */
  encodeStored?: EncodeStored;
  /** Milliseconds of logged updates applied per event-loop turn at load (at least one update a turn). */
  loadMsPerTurn: number;
  clock: Clock;
  buildSnapshot: BuildSnapshot;
  /** Told each append's and compaction's duration (metrics). */
  observer?: DocumentObserver | undefined;
  /**
   * Set when other processes edit the board too (`DocumentReplication`): told the updates of each
   * append once stored, and compactions run under `compactGuard` and always from the store (this
   * copy may lack an update another process stored and has not yet published).
   */
  replicated?: { onStored: (updates: readonly Uint8Array[], lastSeq: number) => void; compactGuard: CompactGuard } | undefined;
};

/**
 * One loaded board: its `Y.Doc`, its write-behind queue, who holds it (leases) and when it
 * was last used, and an estimate of its stored size for `maxDocumentBytes`.
 */
export class ManagedDocument {
  readonly id: string;
  readonly doc: Y.Doc;
  readonly persister: UpdatePersister;
  readonly #maxDocumentBytes: number;
  /** Stored bytes (snapshot + logged updates + queued updates): an upper bound of the encoded state. */
  #sizeBytes: number;
  readonly #changeListeners = new Set<(update: Uint8Array, origin: unknown) => void>();
  /** The encoded copy of the state that answers clients' sync (`encodedState`). */
  readonly #encoded: EncodedStateKeeper;
  readonly #clock: Clock;
  #leases = 0;
  #lastUsedMs: number;
  /** Set while the idle sweep flushes it before unloading it (`idleToUnload` passes it over). */
  unloading = false;

  /**
   * Loads a stored document (`loadStoredDocument`: its snapshot, then its logged updates, a few
   * milliseconds per event-loop turn, a large snapshot in the parts `split` gives) and keeps the
   * state as loaded for `encodedState`. The document keeps `options`, which the boards of one
   * registry can share.
   */
  static async load(
    id: string,
    stored: StoredDocument,
    store: DocumentStore,
    logger: Logger,
    options: ManagedDocumentOptions,
    split?: DocumentLoadOptions['split'],
  ): Promise<ManagedDocument> {
    const { doc, sizeBytes, parts, logged } = await loadStoredDocument(id, stored, logger, { loadMsPerTurn: options.loadMsPerTurn, ...(split === undefined ? {} : { split }) });
    const managed = new ManagedDocument(id, doc, sizeBytes, stored, store, logger, options);
    if (logged !== undefined) managed.#encoded.keepLoaded(parts, logged);
    return managed;
  }

  private constructor(
    id: string,
    doc: Y.Doc,
    sizeBytes: number,
    stored: StoredDocument,
    store: DocumentStore,
    logger: Logger,
    options: ManagedDocumentOptions,
  ) {
    this.id = id;
    this.doc = doc;
    this.#maxDocumentBytes = options.maxDocumentBytes;
    this.#clock = options.clock;
    this.#encoded = new EncodedStateKeeper({ docId: id, doc, logger, encodeStored: options.encodeStored });
    this.#lastUsedMs = options.clock.now();
    this.#sizeBytes = sizeBytes;
    this.persister = new UpdatePersister({
      docId: id,
      store,
      logger,
      options,
      loaded: stored,
      buildSnapshot: options.buildSnapshot,
      encodeSmall: () => (this.#sizeBytes <= inThreadSnapshotBytes && options.replicated === undefined ? Y.encodeStateAsUpdate(this.doc) : undefined),
      onStored: options.replicated?.onStored,
      compactGuard: options.replicated?.compactGuard,
      onCompacted: (storedBytes) => {
        this.#sizeBytes = storedBytes + this.persister.pendingBytes;
      },
      observer: options.observer,
    });
    this.doc.on('update', this.#onUpdate);
  }

  /** Open leases: while any is held the document is never unloaded. */
  get leases(): number {
    return this.#leases;
  }

  /** When the document was last used (a lease taken or released, a read), in ms of the clock. */
  get lastUsedMs(): number {
    return this.#lastUsedMs;
  }

  /** Records a use now (a read that holds no lease), which puts off the idle unload. */
  touch(): void {
    this.#lastUsedMs = this.#clock.now();
  }

  /** Takes a lease: the document stays loaded until `release()` (idempotent), which also records the use. */
  lease(): DocumentLease {
    this.#leases += 1;
    this.touch();
    return new ManagedDocumentLease(this, this.#endLease);
  }

  /** Ends one lease (`ManagedDocumentLease.release` calls it once); shared by the document's leases. */
  readonly #endLease = (): void => {
    this.#leases -= 1;
    this.touch();
  };

  /** Estimated stored size in bytes. */
  get sizeBytes(): number {
    return this.#sizeBytes;
  }

  /**
   * Throws `document_too_large` when `incomingBytes` more would pass `maxDocumentBytes`. The
   * running estimate only grows between compactions, so near the limit the exact encoded size
   * is measured before refusing.
   */
  assertRoomFor(incomingBytes: number): void {
    if (this.#sizeBytes + incomingBytes <= this.#maxDocumentBytes) return;
    this.#sizeBytes = Y.encodeStateAsUpdate(this.doc).byteLength;
    if (this.#sizeBytes + incomingBytes <= this.#maxDocumentBytes) return;
    throw new CrdtError(
      'document_too_large',
      `Document ${this.id} would exceed ${this.#maxDocumentBytes} bytes (now ~${this.#sizeBytes}).`,
    );
  }

  /** Applies a remote update (e.g. from a socket) after the size check; throws `document_too_large`. */
  applyUpdate(update: Uint8Array, origin: unknown): void {
    this.assertRoomFor(update.byteLength);
    Y.applyUpdate(this.doc, update, origin);
  }

  /**
   * Queues a client's update to be stored before it is applied (the room stores it, relays it as
   * it came, then calls `applyQueued`): no snapshot is taken in between, because both happen in
   * one synchronous step of the caller. The size check is the caller's (`assertRoomFor`).
   */
  queueIncoming(update: Uint8Array): void {
    this.#sizeBytes += update.byteLength;
    this.persister.enqueue(update);
  }

  /**
   * Applies updates queued with `queueIncoming`, in order and quietly: they are neither queued
   * again nor passed to `onChange` listeners (they were stored and relayed as they came), and Yjs
   * does not encode them once more for them. All go in one transaction: Yjs works out the whole
   * state vector of the document twice per transaction, which on a board that many clients have
   * edited costs far more than integrating a small update. When the document holds pending
   * structs (an earlier update whose dependencies had not arrived), an update may complete them,
   * and what they add was never stored nor relayed: then each is applied like any other update.
   * The one transaction has `batchOrigin`. Returns the entries that did not apply, with what
   * `Y.applyUpdate` threw; the rest applied.
   */
  applyQueued<T extends { update: Uint8Array; origin?: unknown }>(entries: readonly T[], batchOrigin: unknown = null): { entry: T; error: unknown }[] {
    const failed: { entry: T; error: unknown }[] = [];
    const applyEach = (): void => {
      for (const entry of entries) {
        try {
          Y.applyUpdate(this.doc, entry.update, entry.origin);
        } catch (error) {
          failed.push({ entry, error });
        }
      }
    };
    const { store } = this.doc;
    if (store.pendingStructs !== null || store.pendingDs !== null) {
      applyEach();
      return failed;
    }
    // Without an 'update' listener Yjs skips encoding the transaction's update.
    this.doc.off('update', this.#onUpdate);
    try {
      this.doc.transact(applyEach, batchOrigin);
    } finally {
      this.doc.on('update', this.#onUpdate);
    }
    // Only while someone may join from the kept state: this runs for every live update.
    if (this.#encoded.following) {
      const refused = new Set<T>(failed.map(({ entry }) => entry));
      // A copy: a client's update is often a view of its socket's whole read buffer, which must not be kept with it.
      for (const entry of entries) if (!refused.has(entry)) this.#encoded.follow(new Uint8Array(entry.update));
    }
    return failed;
  }

  /**
   * Updates that, applied in order to an empty document, give this one's state: the whole state
   * as of some moment, then each update applied since (`EncodedStateKeeper.encodedState`), so that
   * a client joining a board is sent its state without the event loop encoding the whole board.
   * The array is new whenever it changes (a socket may still be writing the one it was given).
   */
  encodedState(): readonly Uint8Array[] {
    return this.#encoded.encodedState();
  }

  /**
   * Starts the wait after which a large board's state as loaded is folded in the snapshot process
   * (`EncodedStateKeeper.foldLoadedLater`). The registry calls it once the load is done, the board
   * index built included, so the wait never runs out while the load itself is still going on.
   */
  foldLoadedStateLater(): void {
    this.#encoded.foldLoadedLater();
  }

  /**
   * `encodedState`, after the fold of a large board's state as loaded, when it is still kept that
   * way: a copy taken right after the load then stores one folded update, not the board encoded
   * on the event loop (`EncodedStateKeeper.settledEncodedState`).
   */
  settledEncodedState(): Promise<readonly Uint8Array[]> {
    return this.#encoded.settledEncodedState();
  }

  /**
   * Calls `listener` with every update made to the document, after it is queued for storing:
   * all but the stored state applied at load and quiet `applyQueued` calls. Returns the
   * function that removes it.
   */
  onChange(listener: (update: Uint8Array, origin: unknown) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Stops observing and frees the document; the caller flushes first. */
  destroy(): void {
    this.#encoded.destroy();
    this.doc.off('update', this.#onUpdate);
    this.doc.destroy();
  }

  readonly #onUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === loadOrigin) return;
    this.#sizeBytes += update.byteLength;
    // Another process stored it already.
    if (origin !== remoteOrigin) this.persister.enqueue(update);
    this.#encoded.follow(update);
    for (const listener of this.#changeListeners) listener(update, origin);
  };
}
