import * as Y from 'yjs';
import type { StoredDocument } from '../../storage/index.js';
import type { Logger } from './Logger.js';

/** A stored snapshot (in parts) and logged updates folded into one update off the event loop; null when that cannot be done there. */
export type EncodeStored = (stored: Pick<StoredDocument, 'snapshot' | 'updates'>) => Promise<Uint8Array | null>;

/** Options of an `EncodedStateKeeper`. */
export interface EncodedStateKeeperOptions {
  /** The board's id, for the log. */
  docId: string;
  /** The live document, encoded on the event loop when no kept state can answer. */
  doc: Y.Doc;
  logger: Logger;
  /** Folds in the snapshot process; without it a large board's state is encoded on the event loop. */
  encodeStored?: EncodeStored | undefined;
}

/**
 * The encoded copy of a loaded board's state that answers clients' sync (`encodedState`): the
 * state as loaded, kept and followed by each update applied since, and folded into a new base in
 * the snapshot process when the updates since outgrow their bounds, so that a join does not
 * encode a large board on the event loop.
 */
export class EncodedStateKeeper {
  readonly #docId: string;
  readonly #doc: Y.Doc;
  readonly #logger: Logger;
  readonly #encodeStored: EncodeStored | undefined;
  /** The document's state as updates, kept from load and followed since (see `encodedState`); none until first needed otherwise. */
  #state: EncodedState | undefined;
  /** The fold due after a load (`keepLoaded`), until it starts or a client joins. */
  #loadFoldTimer: NodeJS.Timeout | undefined;
  /** The fold under way (`#fold`), resolved once it is done. */
  #folded: Promise<void> | undefined;
  /** When an update last followed `#state` (`performance.now()`), and the wait for a pause to fold it in (`#refoldWhenQuiet`). */
  #lastFollowedAt = 0;
  #refoldTimer: NodeJS.Timeout | undefined;

  constructor(options: EncodedStateKeeperOptions) {
    this.#docId = options.docId;
    this.#doc = options.doc;
    this.#logger = options.logger;
    this.#encodeStored = options.encodeStored;
  }

  /** Whether a state is kept: the updates applied to the document are then to be passed to `follow`. */
  get following(): boolean {
    return this.#state !== undefined;
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
      state = newEncodedState(Y.encodeStateAsUpdate(this.#doc));
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
   * Keeps the state as loaded, for `encodedState`: the stored snapshot and the updates logged after it
   * to follow it, when they stay within its bounds (`withinBounds`). A large board stored
   * otherwise (its snapshot in parts, or a log that outgrew its snapshot, as a board stored
   * between two compactions) is folded into one in the snapshot process `foldAfterLoadMs` after
   * the load (`foldLoadedLater`; sooner, it would compete with the load for the core), unless a client joins before
   * (a socket that opened the board joins right after its load): it is sent the parts and the log
   * as loaded, not an encode of the board made on the event loop, and so are the clients after
   * it, until the updates since outgrow their bounds (`follow`) or a copy is taken
   * (`settledEncodedState`), which fold them.
   */
  keepLoaded(parts: readonly Uint8Array[], logged: readonly Uint8Array[]): void {
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
   * (`keepLoaded`), unless a client joined or a copy was taken meanwhile. Called once the load
   * is done, the board index built included, so the wait never runs out while the load itself
   * is still going on.
   */
  foldLoadedLater(): void {
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
        this.#logger.warn({ err: error, docId: this.#docId }, 'Could not fold the state for joining clients; encoding it when one joins');
      },
    );
    return this.#folded;
  }

  /**
   * Adds an update applied to the document to `encodedState`. Once the updates since outgrow the
   * base (see `withinBounds`), a large board's base and updates since are folded into a new base
   * in the snapshot process at once, so that the next join or copy does not encode the board on
   * the event loop (a fold costs it a few milliseconds, once per thousand updates at most); a
   * small board's state, or one that outgrows its bounds again while it is folded, is let go
   * (encoded when next asked for).
   */
  follow(update: Uint8Array): void {
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
   * since outgrow their bounds (`follow`), not at every edit: a fold still costs the event loop
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

  /** Lets the kept state go and stops the waits for a fold (the document is unloaded); a fold under way is then ignored. */
  destroy(): void {
    this.#state = undefined;
    clearTimeout(this.#loadFoldTimer);
    clearTimeout(this.#refoldTimer);
  }
}

/** How long after a load the snapshot parts it applied are folded for joining clients (see `keepLoaded`). */
const foldAfterLoadMs = 500;

/** How long a board goes without an update before the updates since its base are folded in (see `#refoldWhenQuiet`). */
const refoldQuietMs = 250;

/** Base size from which the updates that follow it are folded into a new base in the snapshot process (below it, encoding at a join costs a few ms). */
const refoldAboveBytes = 256 * 1024;

/** A document's state as updates (see `EncodedStateKeeper.encodedState`). */
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
