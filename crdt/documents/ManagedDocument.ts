import { setImmediate as nextTurn } from 'node:timers/promises';
import * as Y from 'yjs';
import type { Clock, DocumentStore, StoredDocument } from '../../storage/index.js';
import { CrdtError } from '../errors.js';
import type { DocumentLease } from './DocumentLease.js';
import type { DocumentObserver } from './DocumentObserver.js';
import type { Logger } from './Logger.js';
import { UpdatePersister } from './UpdatePersister.js';
import type { BuildSnapshot, CompactGuard, UpdatePersisterOptions } from './UpdatePersister.js';
import type { SplitState } from './snapshotWorker.js';
import { splitLoadAboveBytes } from './splitUpdate.js';

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

/** Origin of the transaction that applies the stored state on load; never persisted again. */
export const loadOrigin: unique symbol = Symbol('boards.load');

/**
 * Origin of the transactions that apply what another process stored (`DocumentReplication`):
 * relayed to this process's clients, never stored again.
 */
export const remoteOrigin: unique symbol = Symbol('boards.remote');

/** A stored snapshot (in parts) and logged updates folded into one update off the event loop; null when that cannot be done there. */
export type EncodeStored = (stored: Pick<StoredDocument, 'snapshot' | 'updates'>) => Promise<Uint8Array | null>;

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

/** Applies the parts of a snapshot to `doc` in order, one per event-loop turn; throws what a part that does not apply throws. */
async function applyPartPerTurn(doc: Y.Doc, parts: readonly Uint8Array[]): Promise<void> {
  for (const [index, part] of parts.entries()) {
    if (index > 0) await nextTurn();
    Y.applyUpdate(doc, part, loadOrigin);
  }
}

/**
 * Applies `snapshot` to the empty `doc` in the parts `split` gives, one per event-loop turn.
 * False when it could not (no parts, a part failed, or the result misses the snapshot's state):
 * `doc` may then hold part of it and must be dropped.
 */
async function applyInParts(doc: Y.Doc, snapshot: Uint8Array, split: (update: Uint8Array) => Promise<SplitState>, logger: Logger, id: string): Promise<boolean> {
  let parts: SplitState;
  try {
    parts = await split(snapshot);
  } catch (error) {
    logger.warn({ err: error, docId: id }, 'Could not split a large snapshot; loading it whole');
    return false;
  }
  if (parts === null) return false;
  try {
    await applyPartPerTurn(doc, parts.parts);
  } catch (error) {
    logger.error({ err: error, docId: id }, 'A part of a split snapshot did not apply; loading it whole');
    return false;
  }
  const { store } = doc;
  const reached = Y.decodeStateVector(Y.encodeStateVector(doc));
  const whole = reached.size === parts.clocks.length && parts.clocks.every(([client, clock]) => reached.get(client) === clock);
  if (store.pendingStructs !== null || store.pendingDs !== null || !whole) {
    logger.error({ docId: id }, 'A split snapshot did not give its whole state; loading it whole');
    return false;
  }
  return true;
}

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
  /** The document's state as updates, kept from load and followed since (see `encodedState`); none until first needed otherwise. */
  #state: EncodedState | undefined;
  /** The fold due after a load (`#keepLoadedState`), until it starts or a client joins. */
  #loadFoldTimer: NodeJS.Timeout | undefined;
  /** The fold under way (`#fold`), resolved once it is done. */
  #folded: Promise<void> | undefined;
  /** When an update last followed `#state` (`performance.now()`), and the wait for a pause to fold it in (`#refoldWhenQuiet`). */
  #lastFollowedAt = 0;
  #refoldTimer: NodeJS.Timeout | undefined;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #encodeStored: EncodeStored | undefined;
  #leases = 0;
  #lastUsedMs: number;
  unloading = false;

  /**
   * Loads a stored document: its snapshot, then its logged updates, in one transaction per
   * `options.loadMsPerTurn` of them and event-loop turn (one that does not apply is logged and
   * skipped; the next compaction drops it). A large board's snapshot loads a part per event-loop
   * turn (a few milliseconds at a time instead of one apply of a few hundred at 10k items):
   * - stored in parts (compaction splits a large one), as stored;
   * - stored whole and over `splitLoadAboveBytes`, in the parts `options.split` gives; when a
   *   part fails, or the parts do not reach the snapshot's state vector, the snapshot is applied
   *   whole on a fresh document instead.
   */
  static async load(
    id: string,
    stored: StoredDocument,
    store: DocumentStore,
    logger: Logger,
    options: ManagedDocumentOptions & { split?: (update: Uint8Array) => Promise<SplitState> },
  ): Promise<ManagedDocument> {
    let doc = new Y.Doc({ gc: true });
    const parts = stored.snapshot ?? [];
    /** Parts of the snapshot applied before the log's first slice (which applies the rest). */
    let partsApplied = 0;
    const [whole] = parts;
    if (parts.length > 1) {
      // Stored in parts by compaction: one per turn. A part that does not apply fails the load,
      // as a whole snapshot does: skipping it would lose the board at the next compaction.
      await applyPartPerTurn(doc, parts);
      if (doc.store.pendingStructs !== null || doc.store.pendingDs !== null) {
        // Kept, not lost: Yjs encodes pending structs with the state, and they apply once what they need arrives.
        logger.error({ docId: id, parts: parts.length }, 'A snapshot stored in parts left structs pending');
      }
      partsApplied = parts.length;
    } else if (whole !== undefined && options.split !== undefined && whole.byteLength > splitLoadAboveBytes) {
      if (await applyInParts(doc, whole, options.split, logger, id)) partsApplied = 1;
      else {
        doc.destroy();
        doc = new Y.Doc({ gc: true });
      }
    }
    let sizeBytes = 0;
    let index = 0;
    let first = true;
    /** The logged updates as applied, for `encodedState`; none when one did not apply. */
    let logged: Uint8Array[] | undefined = [];
    // The log, in one transaction per `options.loadMsPerTurn` and event-loop turn (a large board's log is up to half its snapshot).
    do {
      if (!first) await nextTurn();
      const sliceStart = performance.now();
      doc.transact(() => {
        if (first) {
          for (const [index, part] of parts.entries()) {
            if (index >= partsApplied) Y.applyUpdate(doc, part, loadOrigin);
            sizeBytes += part.byteLength;
          }
        }
        // At least one update per turn, checked after it: a slow one still moves the load on.
        while (index < stored.updates.length) {
          const update = stored.updates[index] as Uint8Array;
          try {
            Y.applyUpdate(doc, update, loadOrigin);
            sizeBytes += update.byteLength;
            logged?.push(update);
          } catch (error) {
            // One undecodable entry must not make the whole board unloadable; the next compaction drops it.
            logger.error({ err: error, docId: id, index, bytes: update.byteLength }, 'Skipped a stored update that does not apply');
            // It may have applied in part: the state is encoded from the document when first asked for.
            logged = undefined;
          }
          index += 1;
          if (performance.now() - sliceStart >= options.loadMsPerTurn) break;
        }
      }, loadOrigin);
      first = false;
    } while (index < stored.updates.length);
    const managed = new ManagedDocument(id, doc, sizeBytes, stored, store, logger, options);
    if (logged !== undefined) managed.#keepLoadedState(parts, logged);
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
    this.#logger = logger;
    this.#encodeStored = options.encodeStored;
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

  /** Whether the idle sweep may unload it: no lease, not being unloaded, unused for `idleUnloadMs`. */
  isIdle(idleUnloadMs: number): boolean {
    return !this.unloading && this.#leases === 0 && this.#clock.now() - this.#lastUsedMs >= idleUnloadMs;
  }

  /** Takes a lease: the document stays loaded until `release()` (idempotent), which also records the use. */
  lease(): DocumentLease {
    this.#leases += 1;
    this.touch();
    let released = false;
    return {
      boardId: this.id,
      doc: this.doc,
      applyUpdate: (update, origin) => this.applyUpdate(update, origin),
      storeNow: () => this.persister.storeNow(),
      assertRoomFor: (incomingBytes) => this.assertRoomFor(incomingBytes),
      queueIncoming: (update) => this.queueIncoming(update),
      applyQueued: (entries, batchOrigin) => this.applyQueued(entries, batchOrigin),
      onChange: (listener) => this.onChange(listener),
      encodedState: () => this.encodedState(),
      release: () => {
        if (released) return;
        released = true;
        this.#leases -= 1;
        this.touch();
      },
    };
  }

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
    if (this.#state !== undefined) {
      const refused = new Set<T>(failed.map(({ entry }) => entry));
      // A copy: a client's update is often a view of its socket's whole read buffer, which must not be kept with it.
      for (const entry of entries) if (!refused.has(entry)) this.#follow(new Uint8Array(entry.update));
    }
    return failed;
  }

  /**
   * Updates that, applied in order to an empty document, give this one's state: first the whole
   * state as of some moment, then each update applied since (within `withinBounds`). The whole
   * state is the stored snapshot at load (with the updates logged after it as the first that
   * follow), a large board's snapshot stored in parts folded into one by the snapshot process
   * (until then, its parts and log as loaded, when there are no more than `maxFollowedUpdates`), a
   * large board's base and updates since folded there again (after a join at the board's next
   * pause, or at once when they outgrow their bounds), or else the document encoded now, on the
   * event loop (tens of milliseconds at 10k items). So a client joining a board loaded from storage, or edited since the last
   * encode, is sent its state without the event loop encoding the whole board, and the first
   * update (a client's sync step 2) holds most of it. The array is new whenever it changes (a
   * socket may still be writing the one it was given).
   */
  encodedState(): readonly Uint8Array[] {
    let state = this.#state;
    if (state === undefined || (state.base === null && (state.loaded === null || state.loaded.length > maxFollowedUpdates))) {
      state = newEncodedState(Y.encodeStateAsUpdate(this.doc));
      this.#state = state;
    }
    // A client joins before the fold due after the load: it is sent the state as loaded, and so
    // will the next ones; it is folded once the updates since outgrow their bounds, or for a copy.
    if (state.base === null) clearTimeout(this.#loadFoldTimer);
    state.view ??= [...baseOf(state), ...state.since];
    // For the clients that join next.
    if (this.#refoldDue(state)) this.#refoldWhenQuiet();
    return state.view;
  }

  /**
   * The state as loaded, for `encodedState`: the stored snapshot and the updates logged after it
   * to follow it, when they stay within its bounds (`withinBounds`). A large board stored
   * otherwise (its snapshot in parts, or a log that outgrew its snapshot, as a board stored
   * between two compactions) is folded into one in the snapshot process `foldAfterLoadMs` after
   * the load (`foldLoadedStateLater`; sooner, it would compete with the load for the core), unless a client joins before
   * (a socket that opened the board joins right after its load): it is sent the parts and the log
   * as loaded, not an encode of the board made on the event loop, and so are the clients after
   * it, until the updates since outgrow their bounds (`#follow`) or a copy is taken
   * (`settledEncodedState`), which fold them.
   */
  #keepLoadedState(parts: readonly Uint8Array[], logged: readonly Uint8Array[]): void {
    const [whole] = parts;
    if (parts.length === 1 && whole !== undefined) {
      const state = newEncodedState(whole);
      for (const update of logged) {
        state.since.push(update);
        state.sinceBytes += update.byteLength;
      }
      if (withinBounds(state)) {
        this.#state = state;
        return;
      }
    }
    const loaded = [...parts, ...logged];
    const bytes = loaded.reduce((sum, update) => sum + update.byteLength, 0);
    if (this.#encodeStored === undefined || bytes < refoldAboveBytes) return;
    const state: EncodedState = { base: null, loaded, baseBytes: bytes, since: [], sinceBytes: 0, view: null, folding: null };
    this.#state = state;
  }

  /**
   * Starts the wait of `foldAfterLoadMs` after which a large board's state as loaded is folded
   * (`#keepLoadedState`), unless a client joined or a copy was taken meanwhile. The registry
   * calls it once the load is done, the board index built included, so the wait never runs out
   * while the load itself is still going on.
   */
  foldLoadedStateLater(): void {
    const state = this.#state;
    if (state === undefined || state.base !== null || state.folding !== null || state.view !== null) return;
    clearTimeout(this.#loadFoldTimer);
    this.#loadFoldTimer = setTimeout(() => void this.#foldLoaded(state), foldAfterLoadMs).unref();
  }

  /** Folds `state`, kept as loaded (its base null), now, or joins the fold under way; resolved once it is done. */
  #foldLoaded(state: EncodedState): Promise<void> {
    clearTimeout(this.#loadFoldTimer);
    if (this.#state !== state || state.base !== null) return Promise.resolve();
    if (state.folding !== null) return this.#folded ?? Promise.resolve();
    return this.#fold(state, [...baseOf(state)], [...state.since], state.since.length);
  }

  /**
   * `encodedState`, after the fold of a large board's state as loaded (its snapshot's parts and
   * log), when it is still kept that way (the fold started now, or the one under way awaited): a
   * copy taken right after the load then stores one folded update, not the board encoded on the
   * event loop (148 ms at 10k items, measured) nor parts as its log.
   */
  async settledEncodedState(): Promise<readonly Uint8Array[]> {
    const state = this.#state;
    if (state !== undefined && state.base === null) await this.#foldLoaded(state);
    return this.encodedState();
  }

  /**
   * Folds `parts` and `updates` into one update in the snapshot process, to become the base of
   * `state`; the first `taken` of the updates `state` follows are among `updates`, the others
   * follow the new base. Nothing changes when `state` was let go meanwhile. Resolves once done,
   * whatever came of it.
   */
  #fold(state: EncodedState, parts: Uint8Array[], updates: Uint8Array[], taken: number): Promise<void> {
    const encodeStored = this.#encodeStored;
    if (encodeStored === undefined) return Promise.resolve();
    state.folding = { taken, takenBytes: state.since.slice(0, taken).reduce((sum, update) => sum + update.byteLength, 0) };
    this.#folded = encodeStored({ snapshot: parts, updates }).then(
      (encoded) => {
        if (this.#state !== state) return;
        if (encoded === null) {
          this.#state = undefined;
          return;
        }
        const since = state.since.slice(taken);
        const next: EncodedState = { ...newEncodedState(encoded), since, sinceBytes: since.reduce((sum, update) => sum + update.byteLength, 0) };
        this.#state = withinBounds(next) ? next : undefined;
      },
      (error: unknown) => {
        // Let go meanwhile (unloaded, or replaced): nobody waits for it.
        if (this.#state !== state) return;
        this.#state = undefined;
        this.#logger.warn({ err: error, docId: this.id }, 'Could not fold the state for joining clients; encoding it when one joins');
      },
    );
    return this.#folded;
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
    this.#state = undefined;
    clearTimeout(this.#loadFoldTimer);
    clearTimeout(this.#refoldTimer);
    this.doc.off('update', this.#onUpdate);
    this.doc.destroy();
  }

  readonly #onUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === loadOrigin) return;
    this.#sizeBytes += update.byteLength;
    // Another process stored it already.
    if (origin !== remoteOrigin) this.persister.enqueue(update);
    this.#follow(update);
    for (const listener of this.#changeListeners) listener(update, origin);
  };

  /**
   * Adds an update applied to the document to `encodedState`. Once the updates since outgrow the
   * base (see `withinBounds`), a large board's base and updates since are folded into a new base
   * in the snapshot process at once, so that the next join or copy does not encode the board on
   * the event loop (a fold costs it a few milliseconds, once per thousand updates at most); a
   * small board's state, or one that outgrows its bounds again while it is folded, is let go
   * (encoded when next asked for).
   */
  #follow(update: Uint8Array): void {
    const state = this.#state;
    if (state === undefined) return;
    state.since.push(update);
    state.sinceBytes += update.byteLength;
    state.view = null;
    this.#lastFollowedAt = performance.now();
    if (withinBounds(state)) return;
    if (this.#refoldDue(state)) void this.#fold(state, [...baseOf(state)], [...state.since], state.since.length);
    else this.#state = undefined;
  }

  /**
   * Whether a large board's base and the updates since are to be folded into a new base, off the
   * event loop: a client applies the updates since after its sync step 2, and a stock client is
   * "synced" before it has them. One fold at a time, and only for a board with a snapshot process
   * and a base of `refoldAboveBytes` or more; asked when a client joins, and when the updates
   * since outgrow their bounds (`#follow`), not at every edit: a fold still costs the event loop
   * several milliseconds, which a board edited and joined by nobody would pay for nothing.
   */
  #refoldDue(state: EncodedState): boolean {
    return state.folding === null && state.since.length > 0 && state.baseBytes >= refoldAboveBytes && this.#encodeStored !== undefined;
  }

  /**
   * Folds the updates since into a new base once the board has had none for `refoldQuietMs`:
   * sending the state to the snapshot process and back takes the event loop several
   * milliseconds, better spent when the board's clients are not waiting on it. A board edited
   * without a pause is folded at its next pause, or, past the bounds of `encodedState`, encoded
   * at the next join.
   */
  #refoldWhenQuiet(): void {
    if (this.#refoldTimer !== undefined) return;
    const check = (): void => {
      this.#refoldTimer = undefined;
      const state = this.#state;
      if (state === undefined || !this.#refoldDue(state)) return;
      const quietMs = performance.now() - this.#lastFollowedAt;
      if (quietMs < refoldQuietMs) {
        this.#refoldTimer = setTimeout(check, refoldQuietMs - quietMs).unref();
        return;
      }
      void this.#fold(state, [...baseOf(state)], [...state.since], state.since.length);
    };
    this.#refoldTimer = setTimeout(check, refoldQuietMs).unref();
  }
}

/** How long after a load the snapshot parts it applied are folded for joining clients (see `#keepLoadedState`). */
const foldAfterLoadMs = 500;

/** How long a board goes without an update before the updates since its base are folded in (see `#refoldWhenQuiet`). */
const refoldQuietMs = 250;

/** Base size from which the updates that follow it are folded into a new base in the snapshot process (below it, encoding at a join costs a few ms). */
const refoldAboveBytes = 256 * 1024;

/** A document's state as updates (see `ManagedDocument.encodedState`). */
interface EncodedState {
  /** The whole state as of some moment; null while the state is kept as loaded (`loaded`). */
  base: Uint8Array | null;
  /**
   * While `base` is null: the state as loaded (the snapshot's parts and the updates logged after
   * them), which applied in order give it, handed out until a fold replaces them; else null.
   */
  readonly loaded: readonly Uint8Array[] | null;
  /** Bytes of the base (while folded: of what it is folded from). */
  readonly baseBytes: number;
  /** The updates applied since, in order. */
  readonly since: Uint8Array[];
  sinceBytes: number;
  /** The base and the updates since as last handed out; null once an update followed. */
  view: readonly Uint8Array[] | null;
  /** While the snapshot process folds a new base: how many of the updates since it includes, and their bytes; else null. */
  folding: { readonly taken: number; readonly takenBytes: number } | null;
}

/** Updates followed after the base before the document is encoded again (a joining client applies them one by one). */
const maxFollowedUpdates = 1000;

/** The updates that give `state`'s base: the base, or the state as loaded while it waits to be folded. */
function baseOf(state: EncodedState): readonly Uint8Array[] {
  return state.base === null ? (state.loaded ?? []) : [state.base];
}

function newEncodedState(base: Uint8Array): EncodedState {
  return { base, loaded: null, baseBytes: base.byteLength, since: [], sinceBytes: 0, view: null, folding: null };
}

/**
 * Whether the updates that follow `state`'s base (or, while it is folded, those the fold does not
 * include) stay within half its bytes and `maxFollowedUpdates`: past that, a client would apply
 * more after its sync step 2 than in it.
 */
function withinBounds(state: EncodedState): boolean {
  const taken = state.folding ?? { taken: 0, takenBytes: 0 };
  return state.sinceBytes - taken.takenBytes <= state.baseBytes / 2 && state.since.length - taken.taken <= maxFollowedUpdates;
}
