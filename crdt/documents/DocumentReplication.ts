import * as Y from 'yjs';
import { withLease } from '../../storage/index.js';
import type { BoardMessage, BusSubscription, DocumentStore, LeaseService, UpdateBus } from '../../storage/index.js';
import type { Logger } from './Logger.js';
import { remoteOrigin } from './ManagedDocument.js';
import { SeenSeqs } from './SeenSeqs.js';

/** How long one process may hold a board's compaction lease without renewing it, in ms (renewed every third while it runs). */
const compactionLeaseMs = 60_000;

/** Bytes before the update in an update message: the first and last sequence numbers of the append it carries (float64 each). */
const seqHeaderBytes = 16;

/** An update message's payload: the numbers of the stored updates it carries, then their merged update. */
function encodeStored(firstSeq: number, lastSeq: number, update: Uint8Array): Uint8Array {
  const payload = new Uint8Array(seqHeaderBytes + update.byteLength);
  const view = new DataView(payload.buffer);
  view.setFloat64(0, firstSeq);
  view.setFloat64(8, lastSeq);
  payload.set(update, seqHeaderBytes);
  return payload;
}

/** The numbers and update of an update message; undefined when it is not one. */
function decodeStored(payload: Uint8Array): { firstSeq: number; lastSeq: number; update: Uint8Array } | undefined {
  if (payload.byteLength <= seqHeaderBytes) return undefined;
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const firstSeq = view.getFloat64(0);
  const lastSeq = view.getFloat64(8);
  if (!Number.isSafeInteger(firstSeq) || !Number.isSafeInteger(lastSeq) || firstSeq < 1 || lastSeq < firstSeq) return undefined;
  return { firstSeq, lastSeq, update: payload.subarray(seqHeaderBytes) };
}

/**
 * Sends another process's stored update to this process's clients of a board, then calls
 * `apply`, which applies it to the board's copy here (`DocumentReplication.relayFirst`).
 */
export type RemoteRelay = (update: Uint8Array, apply: () => void) => void;

/** What `DocumentReplication` needs besides the store: the bus between processes and their leases. */
export interface ReplicationPorts {
  readonly bus: UpdateBus;
  readonly leases: LeaseService;
}

/** One board followed on the bus while it is loaded here (`DocumentReplication.follow`). */
export interface BoardFollower {
  /** Starts applying to `doc` (loaded up to `lastSeq`) what other processes store, beginning with what arrived while it loaded. */
  attach(doc: Y.Doc, lastSeq: number): void;
  /** The numbers of the board's stored updates this copy holds; undefined before `attach`. */
  readonly seen: SeenSeqs | undefined;
  /**
   * Reads what the store holds after the numbers this copy holds (the whole board when a
   * compaction folded some of it into the snapshot) and applies it (after the bus lost messages).
   */
  catchUp(): Promise<void>;
  /** Stops following. Idempotent. */
  stop(): void;
}

/**
 * Keeps the copies of a board that several processes hold in step. The store is the truth: an
 * update is published on the bus only once this process stored it (`publish`), and a process
 * applies other processes' updates to its copy with `remoteOrigin`, which is relayed to its own
 * clients but neither stored again, nor checked as a live edit, nor turned into events (the
 * process that took the edit did each once). A board is followed from before its store load
 * (`follow` resolves once the bus delivers), so no update falls between the load and the first
 * message; when the bus was down (messages lost), every followed board catches up from the store.
 * Compactions run under a lease per board, one process at a time.
 */
export class DocumentReplication {
  readonly #store: DocumentStore;
  readonly #ports: ReplicationPorts;
  readonly #logger: Logger;
  readonly #followers = new Set<BoardFollower>();
  /** The follower of each board this process has loaded (or is loading). */
  readonly #byBoard = new Map<string, BoardFollower>();
  readonly #stopReconnected: () => void;
  /** The other processes heard on the bus (publishers of messages about the boards followed here). */
  readonly #peers = new Set<string>();
  readonly #onDeleted: (boardId: string) => void;
  /** Boards whose copy lacked stored updates at the last `checkStored`: the last number stored then. */
  readonly #gaps = new Map<string, number>();
  /** Per board, who sends other processes' updates to this process's clients before they are applied here (`relayFirst`). */
  readonly #relays = new Map<string, RemoteRelay>();

  /** `onDeleted` is called when another process deleted a board this process follows. */
  constructor(store: DocumentStore, ports: ReplicationPorts, logger: Logger, onDeleted: (boardId: string) => void) {
    this.#onDeleted = onDeleted;
    this.#store = store;
    this.#ports = ports;
    this.#logger = logger;
    this.#stopReconnected = ports.bus.onReconnected(() => void this.catchUpAll());
  }

  /** The other processes this one has heard from on the bus (they may hold boards it holds). */
  peers(): string[] {
    return [...this.#peers];
  }

  /** The number up to which this process's copy of the board holds every stored update; undefined when it does not hold the board. */
  heldUpTo(boardId: string): number | undefined {
    return this.#byBoard.get(boardId)?.seen?.upTo;
  }

  /** Forgets a process that stopped (heard again, it is a peer again). */
  forgetPeer(processId: string): void {
    this.#peers.delete(processId);
  }

  /**
   * Reads every board this process follows from the store and applies what its copy lacks: after
   * the bus lost messages, or when a peer died (it may have stored updates it never published).
   * Resolves with how many boards were read; a board that fails is logged, the others go on.
   */
  async catchUpAll(): Promise<number> {
    const followers = [...this.#followers];
    await Promise.all(
      followers.map((follower) => follower.catchUp().catch((error: unknown) => this.#logger.error({ err: error }, 'Catching a board up from the store failed'))),
    );
    return followers.length;
  }

  /**
   * Hands each update another process stored for `boardId` and published to `relay` before it is
   * applied to this process's copy: it is stored already, so it may go to this process's clients
   * at once, without waiting behind the copy's apply (its observers, Yjs encoding the change
   * again) nor behind this process's own edits still being stored. `relay` calls `apply` once it
   * has sent the update on. Updates read back from the store (a catch-up) take the copy's own path.
   * Returns the function that stops it.
   */
  relayFirst(boardId: string, relay: RemoteRelay): () => void {
    this.#relays.set(boardId, relay);
    return () => {
      if (this.#relays.get(boardId) === relay) this.#relays.delete(boardId);
    };
  }

  /** Publishes updates this process just stored for `boardId`, numbered up to `lastSeq` (merged into one message). */
  publish(boardId: string, updates: readonly Uint8Array[], lastSeq: number): void {
    if (updates.length === 0) return;
    const [only] = updates;
    const update = updates.length === 1 && only !== undefined ? only : Y.mergeUpdates([...updates]);
    const firstSeq = lastSeq - updates.length + 1;
    this.#byBoard.get(boardId)?.seen?.add(firstSeq, lastSeq);
    void this.#ports.bus.publish(boardId, 'update', encodeStored(firstSeq, lastSeq, update));
  }

  /**
   * Compares the last number stored for each board followed here with the numbers its copy holds
   * (one read of the store for all of them, `DocumentStore.lastSeqs`), and catches up from the
   * store each board whose gap was there at the previous check already: an update another process
   * stored and never published (it died in between, or the bus lost it). An update whose message
   * is still on its way is not a gap for long, so one check's gap alone reads nothing. Resolves
   * with how many boards were caught up.
   */
  async checkStored(): Promise<number> {
    const followers = [...this.#byBoard.entries()].filter(([, follower]) => follower.seen !== undefined);
    if (followers.length === 0) return 0;
    const stored = await this.#store.lastSeqs(followers.map(([boardId]) => boardId));
    const due: BoardFollower[] = [];
    for (const [boardId, follower] of followers) {
      const upTo = follower.seen?.upTo ?? 0;
      const last = stored.get(boardId) ?? 0;
      const suspected = this.#gaps.get(boardId);
      if (last <= upTo) this.#gaps.delete(boardId);
      else if (suspected !== undefined && suspected > upTo) due.push(follower);
      else this.#gaps.set(boardId, last);
    }
    await Promise.all(due.map((follower) => follower.catchUp().catch((error: unknown) => this.#logger.error({ err: error }, 'Catching a board up from the store failed'))));
    if (due.length > 0) this.#logger.warn({ boards: due.length }, 'Caught up boards that lacked updates stored by another process and never heard');
    return due.length;
  }

  /** Tells the other processes that this one deleted `boardId` (from the store too). */
  publishDeleted(boardId: string): void {
    void this.#ports.bus.publish(boardId, 'deleted', new Uint8Array(0));
  }

  /**
   * Runs `compaction` under the board's compaction lease, with the lease's fencing token for the
   * store to check (a holder paused past the TTL is refused once a later one compacted); false
   * when another process holds it.
   */
  async compactUnderLease(boardId: string, compaction: (fence: number) => Promise<boolean>): Promise<boolean> {
    const outcome = await withLease(this.#ports.leases, `compact:${boardId}`, compactionLeaseMs, (lease) => compaction(lease.token));
    return outcome.ran ? outcome.value : false;
  }

  /** Subscribes to the board's updates; resolves once the bus delivers them (load the board after that). */
  async follow(boardId: string): Promise<BoardFollower> {
    let doc: Y.Doc | undefined;
    let seen: SeenSeqs | undefined;
    let stopped = false;
    const early: Uint8Array[] = [];
    /** Whether the update applied. */
    const apply = (target: Y.Doc, update: Uint8Array): boolean => {
      try {
        Y.applyUpdate(target, update, remoteOrigin);
        return true;
      } catch (error) {
        this.#logger.warn({ err: error, boardId }, 'An update from another process does not apply; the next catch-up reads it from the store');
        return false;
      }
    };
    const applyMessage = (target: Y.Doc, payload: Uint8Array): void => {
      const stored = decodeStored(payload);
      if (stored === undefined) {
        this.#logger.warn({ boardId }, 'An update message from another process is not one this process reads; the next catch-up reads it from the store');
        return;
      }
      // Counted as held only once applied: one that does not apply stays a gap, caught up from the store.
      const applyHere = (): void => {
        if (apply(target, stored.update)) seen?.add(stored.firstSeq, stored.lastSeq);
      };
      const relay = this.#relays.get(boardId);
      if (relay === undefined) applyHere();
      else relay(stored.update, applyHere);
    };
    const subscription: BusSubscription = this.#ports.bus.subscribe(boardId, (message: BoardMessage) => {
      if (stopped) return;
      this.#peers.add(message.publisher);
      if (message.kind === 'deleted') {
        this.#onDeleted(boardId);
        return;
      }
      if (message.kind !== 'update') return;
      if (doc === undefined) early.push(new Uint8Array(message.payload));
      else applyMessage(doc, message.payload);
    });
    const follower: BoardFollower = {
      get seen() {
        return seen;
      },
      attach: (loaded, lastSeq) => {
        doc = loaded;
        seen = new SeenSeqs(lastSeq);
        for (const payload of early.splice(0)) applyMessage(loaded, payload);
      },
      catchUp: async () => {
        if (doc === undefined || seen === undefined || stopped) return;
        const target = doc;
        const held = seen;
        // Only what is stored after the numbers this copy holds; the whole board once a compaction folded some of it into the snapshot.
        const tail = await this.#store.readLogAfter(boardId, held.upTo);
        if (tail === null) {
          const stored = await this.#store.load(boardId);
          if (stopped || target !== doc) return;
          target.transact(() => {
            for (const update of [...(stored.snapshot ?? []), ...stored.updates]) apply(target, update);
          }, remoteOrigin);
          held.holdAllUpTo(stored.lastSeq);
          return;
        }
        if (stopped || target !== doc) return;
        // Counted as held only once applied, as a message is: one that does not apply stays a gap.
        let whole = true;
        target.transact(() => {
          for (const { seq, update } of tail.updates) {
            if (apply(target, update)) held.add(seq, seq);
            else whole = false;
          }
        }, remoteOrigin);
        if (whole) held.holdAllUpTo(tail.lastSeq);
      },
      stop: () => {
        if (stopped) return;
        stopped = true;
        subscription.unsubscribe();
        this.#followers.delete(follower);
        if (this.#byBoard.get(boardId) === follower) {
          this.#byBoard.delete(boardId);
          this.#gaps.delete(boardId);
        }
      },
    };
    this.#followers.add(follower);
    this.#byBoard.set(boardId, follower);
    await subscription.ready;
    return follower;
  }

  /** Stops following `boardId` (unloaded or deleted here). */
  unfollow(boardId: string): void {
    this.#byBoard.get(boardId)?.stop();
  }

  /** Stops following every board. */
  close(): void {
    this.#stopReconnected();
    for (const follower of [...this.#followers]) follower.stop();
  }
}
