import type * as Y from 'yjs';
import type { DocumentRegistry } from '../documents/DocumentRegistry.js';
import type { DocumentLease } from '../documents/DocumentLease.js';
import type { Logger } from '../documents/Logger.js';
import { CrdtError } from '../errors.js';
import type { BusSubscription, Clock, UpdateBus } from '../../storage/index.js';
import { syncCloseCodes } from './closeCodes.js';
import { fanOut } from './fanOut.js';
import type { EndOfTurn } from './EndOfTurn.js';
import { FlushPacer } from './FlushPacer.js';
import { LiveEditGuard } from './LiveEditGuard.js';
import type { AppliedLiveUpdate } from './LiveEditGuard.js';
import { LiveUpdates } from './LiveUpdates.js';
import { RoomAwareness } from './RoomAwareness.js';
import type { PresenceEntry } from './RoomAwareness.js';
import type { SyncConnection } from './SyncConnection.js';

/** Running totals the rooms of a hub add to (`RealtimeHub.stats`): a number incremented per message, nothing more. */
export interface RoomCounters {
  /** Document updates (sync step 2 and update messages) taken from writable connections. */
  updatesIn: number;
  /** Document update messages handed to sockets, one per message and connection. */
  updatesOut: number;
}

/**
 * The connections of one board and what they share: the document lease, the awareness
 * (`RoomAwareness`), the live updates (`LiveUpdates`: store, then relay, then apply) and the
 * check of what live edits did (`LiveEditGuard`). Clients' live updates and awareness changes
 * read within one event-loop turn (on a busy board, within a few ms: `FlushPacer`) are merged
 * and encoded once, at the end of the turn, and the same bytes go to every connection, in one
 * write per socket (`fanOut`). An update made to the document here (a REST write, a sync step
 * 2: they all go through the same `Y.Doc`) goes out once the code that made it is done (a
 * microtask), with whatever the turn had gathered so far, instead of waiting behind the rest of
 * its request. Awareness is relayed at once and goes to everyone,
 * the sender too, because the stock client drops a connection that receives nothing for 30 s.
 */
export class BoardRoom {
  readonly boardId: string;
  readonly connections = new Set<SyncConnection>();
  /** Resolves once the document is loaded (rejects when it cannot be). */
  readonly ready: Promise<void>;
  readonly #logger: Logger;
  readonly #onDisposed: (room: BoardRoom) => void;
  readonly #onEdit: (connection: SyncConnection) => void;
  readonly #counters: RoomCounters;
  readonly #clock: Clock;
  readonly #registry: DocumentRegistry;
  readonly #awareness: RoomAwareness;
  #lease: DocumentLease | undefined;
  #live: LiveUpdates | undefined;
  #guard: LiveEditGuard | undefined;
  readonly #bus: UpdateBus | undefined;
  readonly #subscription: BusSubscription | undefined;
  readonly #endOfTurn: EndOfTurn;
  readonly #flushTask = (): void => this.#flush();
  readonly #pacer: FlushPacer;
  /** Stops sending other processes' updates to this room's clients before they are applied (`DocumentReplication.relayFirst`). */
  #stopRelayFirst: (() => void) | undefined;
  /** A `#flushSoon` microtask is queued. */
  #flushQueued = false;
  #disposed = false;

  constructor(
    boardId: string,
    registry: DocumentRegistry,
    options: {
      maxClientIdsPerConnection: number;
      logger: Logger;
      clock: Clock;
      onDisposed: (room: BoardRoom) => void;
      /** Called when a connection's update changed the document (not for a handshake that brought nothing). */
      onEdit: (connection: SyncConnection) => void;
      /** Totals shared by the hub's rooms. */
      counters: RoomCounters;
      /** Where the room's end-of-turn flush is scheduled: one immediate for every room of the hub. */
      endOfTurn: EndOfTurn;
      /** The bus to other processes with clients on the same board: awareness goes both ways over it. Default none. */
      bus?: UpdateBus | undefined;
      /** How a busy board's flushes are paced (`FlushPacer`). Default never held. */
      coalesce?: { windowMs: number; busyAbovePerSecond: number } | undefined;
    },
  ) {
    this.boardId = boardId;
    this.#registry = registry;
    this.#logger = options.logger;
    this.#onDisposed = options.onDisposed;
    this.#onEdit = options.onEdit;
    this.#counters = options.counters;
    this.#clock = options.clock;
    this.#endOfTurn = options.endOfTurn;
    this.#pacer = new FlushPacer({
      windowMs: options.coalesce?.windowMs ?? 0,
      busyAbovePerSecond: options.coalesce?.busyAbovePerSecond ?? Number.POSITIVE_INFINITY,
      schedule: () => this.#endOfTurn.schedule(this, this.#flushTask),
    });
    this.#awareness = new RoomAwareness({
      maxClientIdsPerConnection: options.maxClientIdsPerConnection,
      connectionOf: (origin) => (this.connections.has(origin as SyncConnection) ? (origin as SyncConnection) : undefined),
      onChange: () => this.#scheduleFlush(),
      shared: options.bus !== undefined,
    });
    this.#bus = options.bus;
    this.#subscription = options.bus?.subscribe(boardId, (message) => {
      if (this.#disposed) return;
      if (message.kind === 'awareness') this.#awareness.applyRemote(message.payload);
      else if (message.kind === 'awareness-query') {
        const states = this.#awareness.encodeLocalStates();
        if (states !== undefined) void options.bus?.publish(boardId, 'awareness', states);
      }
    });
    // Once subscribed: the others answer with their clients' states, so people joining here see them at once, not at their next renewal.
    const bus = options.bus;
    void this.#subscription?.ready.then(() => {
      if (!this.#disposed) void bus?.publish(boardId, 'awareness-query', new Uint8Array(0));
    });
    this.ready = this.#start();
    this.ready.catch(() => {});
  }

  /** The board's document; throws `document_not_loaded` before `ready` resolved. */
  get doc(): Y.Doc {
    if (this.#lease === undefined) throw new CrdtError('document_not_loaded', `Board ${this.boardId} is not loaded.`);
    return this.#lease.doc;
  }

  /** The messages that give a client with nothing the whole document (see `LiveUpdates.fullStateMessages`); throws `document_not_loaded` before `ready`. */
  fullStateMessages(): readonly Uint8Array[] {
    if (this.#live === undefined) throw new CrdtError('document_not_loaded', `Board ${this.boardId} is not loaded.`);
    return this.#live.fullStateMessages();
  }

  /** Adds a connection; it starts syncing at once when the document is loaded. */
  add(connection: SyncConnection): void {
    this.connections.add(connection);
    if (this.#lease !== undefined) connection.start(this.#lease.doc, this.#awareness.encodeForJoin());
  }

  /** Removes a connection and its awareness states; the last one out disposes the room. */
  remove(connection: SyncConnection): void {
    if (!this.connections.delete(connection)) return;
    this.#awareness.remove(connection);
    if (this.connections.size === 0) this.dispose();
  }

  /** Applies a client's document update (a sync step 2), then checks what it did (`#settle`); throws `document_too_large`. */
  applyUpdate(update: Uint8Array, origin: SyncConnection): void {
    const lease = this.#lease;
    if (lease === undefined) return;
    this.#counters.updatesIn += 1;
    try {
      lease.applyUpdate(update, origin);
    } finally {
      this.#settle([]);
    }
  }

  /** Takes a client's live update: stored, relayed, then applied at the end of the turn (`LiveUpdates.receive`). */
  receiveUpdate(message: Uint8Array | undefined, update: Uint8Array, origin: SyncConnection): void {
    this.#counters.updatesIn += 1;
    this.#live?.receive(message, update, origin);
  }

  /** Applies a client's awareness update, dropping entries it may not set; returns how many were its own (`RoomAwareness.apply`). */
  applyAwareness(update: Uint8Array, origin: SyncConnection): number {
    return this.#awareness.apply(update, origin);
  }

  /** One awareness message with every live state (answer to a query-awareness message). */
  encodeAllAwareness(): Uint8Array {
    return this.#awareness.encodeAll();
  }

  /** Users on the board with their live awareness client ids. */
  presence(): PresenceEntry[] {
    return this.#awareness.presence(this.connections);
  }

  /** Closes every connection with `code` (which disposes the room). */
  closeAll(code: number, reason: string): void {
    // Deleted, failed or shutting down: a held flush is dropped, as a turn's is (clients send their edits again when they resync).
    this.#pacer.cancel();
    for (const connection of [...this.connections]) connection.close(code, reason);
    this.dispose();
  }

  /** Stops fan-out, drops awareness and releases the document lease. Idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    // A flush held on a busy board holds updates its clients sent before they left: stored and applied now (`closeAll` drops it first).
    if (this.#pacer.holding) this.#flush();
    this.#disposed = true;
    this.#endOfTurn.cancel(this);
    this.#pacer.cancel();
    // The states of the clients that left, so other processes drop them now rather than after their timeout.
    this.#publishAwareness();
    this.#subscription?.unsubscribe();
    this.#stopRelayFirst?.();
    this.#live?.dispose();
    this.#guard?.dispose();
    this.#awareness.destroy();
    this.#lease?.release();
    this.#onDisposed(this);
  }

  async #start(): Promise<void> {
    let lease: DocumentLease;
    try {
      lease = await this.#registry.acquire(this.boardId);
    } catch (error) {
      this.#logger.error({ err: error, boardId: this.boardId }, 'Loading a board for sync failed');
      this.closeAll(syncCloseCodes.internalError, 'board could not be loaded');
      throw error;
    }
    if (this.#disposed) {
      lease.release();
      return;
    }
    this.#lease = lease;
    this.#live = new LiveUpdates(lease, {
      boardId: this.boardId,
      logger: this.#logger,
      whenStored: () => this.#registry.whenPersisted(this.boardId),
      relay: (outgoing) => {
        this.#counters.updatesOut += fanOut(this.connections, outgoing);
      },
      scheduleFlush: () => this.#scheduleFlush(),
      flushSoon: () => this.#flushSoon(),
      applyOrigin: this,
      onApplied: (batch) => this.#settle(batch),
    });
    const live = this.#live;
    this.#stopRelayFirst = this.#registry.replication?.relayFirst(this.boardId, (update, apply) => live.relayRemote(update, apply));
    this.#guard = new LiveEditGuard(lease.doc, {
      boardId: this.boardId,
      clock: this.#clock,
      logger: this.#logger,
      isLive: (origin) => origin === this || this.connections.has(origin as SyncConnection),
      authorOf: (origin) => (this.connections.has(origin as SyncConnection) ? (origin as SyncConnection).actor.userId : undefined),
    });
    const states = this.#awareness.encodeForJoin();
    for (const connection of [...this.connections]) connection.start(lease.doc, states);
  }

  /** Drops the awareness states their clients did not renew in time (the hub's one timer calls it for every room). */
  sweepAwareness(nowMs: number): void {
    if (!this.#disposed) this.#awareness.sweep(nowMs);
  }

  /** The end-of-turn flush, or on a busy board one held for a few ms to take along what follows (`FlushPacer`). */
  #scheduleFlush(): void {
    if (!this.#disposed) this.#pacer.request();
  }

  /** `#flush` once the code running now is done, taking along whatever the turn's flush would have. */
  #flushSoon(): void {
    if (this.#flushQueued || this.#disposed) return;
    this.#flushQueued = true;
    queueMicrotask(() => {
      this.#flushQueued = false;
      if (this.#disposed) return;
      this.#endOfTurn.cancel(this);
      this.#flush();
    });
  }

  /** The end of a turn: the turn's awareness changes, and the live updates (`LiveUpdates.flush`), relayed together when they can be. */
  #flush(): void {
    this.#pacer.flushed();
    const awareness = this.#awareness.takeChanges();
    this.#publishAwareness();
    if (this.#live === undefined) return;
    this.#live.flush(awareness === undefined ? [] : [{ message: awareness, skip: undefined, update: false }]);
  }

  /** Tells other processes what this process's clients changed in their awareness. */
  #publishAwareness(): void {
    if (this.#bus === undefined) return;
    const update = this.#awareness.takeLocalChanges();
    if (update !== undefined) void this.#bus.publish(this.boardId, 'awareness', update);
  }

  /**
   * After live updates were applied: repairs and stamps what they did to the board's items
   * (`LiveEditGuard`), closes 4422 the connections whose edits broke the catalogue's rules, and
   * reports the others whose updates changed the document.
   */
  #settle(batch: readonly AppliedLiveUpdate[]): void {
    const guard = this.#guard;
    if (guard === undefined) return;
    const { editors, offenders } = guard.settle(batch);
    for (const offender of offenders) {
      const connection = offender as SyncConnection;
      this.#logger.info({ boardId: this.boardId, userId: connection.actor.userId }, 'Closing a sync connection whose edit broke the item rules');
      connection.close(syncCloseCodes.invalidEdit, 'invalid edit: the item was repaired');
    }
    for (const editor of editors) {
      if (!offenders.has(editor)) this.#onEdit(editor as SyncConnection);
    }
  }
}
