import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { DocumentLease, DocumentRegistry } from '../documents/DocumentRegistry.js';
import type { Logger } from '../documents/Logger.js';
import type { Clock } from '../../storage/index.js';
import { syncCloseCodes } from './closeCodes.js';
import { LiveEditGuard } from './LiveEditGuard.js';
import type { AppliedLiveUpdate } from './LiveEditGuard.js';
import type { DecodedUpdate } from './transactionItems.js';
import { decodeAwarenessUpdate, encodeAwarenessEntries, encodeAwarenessMessage, encodeSyncStep2, encodeSyncUpdate } from './messages.js';
import type { SyncConnection } from './SyncConnection.js';

/** One user on a board, from the server-side identity of its connections joined with awareness. */
export interface PresenceEntry {
  userId: string;
  name?: string;
  /** Awareness client ids that this user's connections announced and that are live. */
  clientIds: number[];
  /** ISO 8601 time of the user's earliest open connection. */
  connectedAt: string;
}

/** A message of this turn's fan-out, and the connection it must skip (the one that sent it). */
interface Outgoing {
  message: Uint8Array;
  skip: unknown;
}

/** A client's live update taken this turn: the message it came in (when it can be relayed as is), the update, and what decoding it read. */
interface Incoming {
  message: Uint8Array | undefined;
  update: Uint8Array;
  origin: SyncConnection;
  decoded: DecodedUpdate;
}

interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

/**
 * The connections of one board and their shared state: the document lease, one `Awareness`,
 * and the per-turn fan-out. Document updates (from any origin, REST included, since they all
 * go through the same `Y.Doc`) and awareness changes made within one event-loop turn are
 * merged and encoded once, and the same bytes go to every connection, in one write per socket.
 * A doc-update message skips the connection that produced all of it and is relayed only once
 * the updates are stored (written to the log: safe from a crash of the server process, not yet
 * fsynced), so no client ever sees an edit that `kill -9` could take back; awareness is relayed
 * at once and goes to everyone, the sender too, because the stock client drops a connection
 * that receives nothing for 30 s.
 *
 * A client's live edit takes the short road: checked when it arrives, then at the end of the
 * turn stored, relayed as the bytes it came in (a lone update needs no re-encoding), and only
 * then applied to the board's document. Applying is the costly step; doing it after the relay
 * takes it off the latency of every other client, and storing first keeps the rule above.
 */
export class BoardRoom {
  readonly boardId: string;
  readonly connections = new Set<SyncConnection>();
  /** Resolves once the document is loaded (rejects when it cannot be). */
  readonly ready: Promise<void>;
  readonly #maxClientIdsPerConnection: number;
  readonly #logger: Logger;
  readonly #onDisposed: (room: BoardRoom) => void;
  readonly #onEdit: (connection: SyncConnection) => void;
  readonly #clock: Clock;
  #guard: LiveEditGuard | undefined;
  readonly #owners = new Map<number, SyncConnection>();
  #fullState: Uint8Array | undefined;
  /** Relays of document updates, in order, each after its updates are stored. */
  #relayed: Promise<void> = Promise.resolve();
  /** Relays queued on `#relayed` and not yet sent; a relay goes out at once only when none wait. */
  #waitingRelays = 0;
  readonly #registry: DocumentRegistry;
  #lease: DocumentLease | undefined;
  /** Room-scoped, on its own tiny doc: an `Awareness` on the board doc would leave a destroy listener there per room. */
  readonly #awarenessDoc = new Y.Doc();
  readonly #awareness = new Awareness(this.#awarenessDoc);
  /** Live updates of clients taken this turn, not yet stored (`receiveUpdate`). */
  #incoming: Incoming[] = [];
  /** Updates made to the document this turn (REST writes, sync step 2s), to relay. */
  #pendingUpdates: { update: Uint8Array; origin: unknown }[] = [];
  #stopListening: (() => void) | undefined;
  #pendingAwareness = new Set<number>();
  #flushTimer: NodeJS.Immediate | undefined;
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
    },
  ) {
    this.boardId = boardId;
    this.#registry = registry;
    this.#maxClientIdsPerConnection = options.maxClientIdsPerConnection;
    this.#logger = options.logger;
    this.#onDisposed = options.onDisposed;
    this.#onEdit = options.onEdit;
    this.#clock = options.clock;
    this.#awareness.setLocalState(null);
    this.#awareness.on('update', this.#onAwareness);
    this.ready = this.#start(registry);
    this.ready.catch(() => {});
  }

  /** The board's document; only valid once `ready` resolved. */
  get doc(): Y.Doc {
    if (this.#lease === undefined) throw new Error(`Board ${this.boardId} is not loaded.`);
    return this.#lease.doc;
  }

  /**
   * Sync step 2 for a client that has nothing (empty state vector): the whole document,
   * encoded once and shared by every joining client until the document changes, so a crowd
   * joining a large board costs one encode rather than one each.
   */
  fullStateStep2(): Uint8Array {
    this.#fullState ??= encodeSyncStep2(Y.encodeStateAsUpdate(this.doc));
    return this.#fullState;
  }

  /** Adds a connection; it starts syncing at once when the document is loaded. */
  add(connection: SyncConnection): void {
    this.connections.add(connection);
    if (this.#lease !== undefined) connection.start(this.#lease.doc, this.#encodeStates());
  }

  /** Removes a connection and its awareness states; the last one out disposes the room. */
  remove(connection: SyncConnection): void {
    if (!this.connections.delete(connection)) return;
    if (connection.awarenessClientIds.size > 0) {
      removeAwarenessStates(this.#awareness, [...connection.awarenessClientIds], connection);
    }
    if (this.connections.size === 0) this.dispose();
  }

  /** Applies a client's document update (a sync step 2), then checks what it did (`#settle`); throws `document_too_large`. */
  applyUpdate(update: Uint8Array, origin: SyncConnection): void {
    const lease = this.#lease;
    if (lease === undefined) return;
    try {
      lease.applyUpdate(update, origin);
    } finally {
      this.#settle([]);
    }
  }

  /**
   * Takes a client's live update (a y-websocket update `message`, or undefined to encode one):
   * checked now, then at the end of this turn stored, relayed as it came, and applied (`#flush`).
   * Throws `document_too_large`, or the decoder's error for a malformed update, with nothing taken.
   */
  receiveUpdate(message: Uint8Array | undefined, update: Uint8Array, origin: SyncConnection): void {
    const lease = this.#lease;
    if (lease === undefined) return;
    lease.assertRoomFor(update.byteLength);
    // Decoding proves the bytes are an update before they are stored or reach other clients;
    // what it read tells, later, which items this client touched.
    const decoded = Y.decodeUpdate(update);
    this.#incoming.push({ message, update, origin, decoded });
    this.#scheduleFlush();
  }

  /**
   * Applies a client's awareness update. Entries for client ids that another connection owns,
   * or past `maxClientIdsPerConnection` new ids, are dropped, so presence cannot be spoofed.
   * Returns how many entries were the connection's own (0 for a pure echo of others' states).
   */
  applyAwareness(update: Uint8Array, origin: SyncConnection): number {
    const awareness = this.#awareness;
    const entries = decodeAwarenessUpdate(update);
    let owned = origin.awarenessClientIds.size;
    const allowed = entries.filter((entry) => {
      const owner = this.#owners.get(entry.clientId);
      if (owner === origin) return true;
      if (owner !== undefined || owned >= this.#maxClientIdsPerConnection) return false;
      owned += 1;
      return true;
    });
    if (allowed.length === 0) return 0;
    applyAwarenessUpdate(awareness, allowed.length === entries.length ? update : encodeAwarenessEntries(allowed), origin);
    return allowed.length;
  }

  /** One awareness message with every live state (answer to a query-awareness message). */
  encodeAllAwareness(): Uint8Array {
    const awareness = this.#awareness;
    return encodeAwarenessMessage(encodeAwarenessUpdate(awareness, [...awareness.getStates().keys()]));
  }

  /** Users on the board with their live awareness client ids. */
  presence(): PresenceEntry[] {
    const states = this.#awareness.getStates();
    const byUser = new Map<string, { name?: string; clientIds: number[]; connectedAtMs: number }>();
    for (const connection of this.connections) {
      const live = [...connection.awarenessClientIds].filter((id) => states.has(id));
      const entry = byUser.get(connection.actor.userId);
      if (entry === undefined) {
        byUser.set(connection.actor.userId, {
          ...(connection.actor.name === undefined ? {} : { name: connection.actor.name }),
          clientIds: live,
          connectedAtMs: connection.connectedAtMs,
        });
      } else {
        entry.clientIds.push(...live);
        entry.connectedAtMs = Math.min(entry.connectedAtMs, connection.connectedAtMs);
      }
    }
    return [...byUser].map(([userId, { name, clientIds, connectedAtMs }]) => ({
      userId,
      ...(name === undefined ? {} : { name }),
      clientIds: clientIds.sort((a, b) => a - b),
      connectedAt: new Date(connectedAtMs).toISOString(),
    }));
  }

  /** Closes every connection with `code` (which disposes the room). */
  closeAll(code: number, reason: string): void {
    for (const connection of [...this.connections]) connection.close(code, reason);
    this.dispose();
  }

  /** Stops fan-out, drops awareness and releases the document lease. Idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#flushTimer !== undefined) clearImmediate(this.#flushTimer);
    this.#flushTimer = undefined;
    this.#stopListening?.();
    this.#guard?.dispose();
    this.#awareness.off('update', this.#onAwareness);
    this.#awareness.destroy();
    this.#awarenessDoc.destroy();
    this.#lease?.release();
    this.#onDisposed(this);
  }

  async #start(registry: DocumentRegistry): Promise<void> {
    let lease: DocumentLease;
    try {
      lease = await registry.acquire(this.boardId);
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
    this.#stopListening = lease.onChange(this.#onUpdate);
    this.#guard = new LiveEditGuard(lease.doc, {
      boardId: this.boardId,
      clock: this.#clock,
      logger: this.#logger,
      isLive: (origin) => origin === this || this.connections.has(origin as SyncConnection),
      authorOf: (origin) => (this.connections.has(origin as SyncConnection) ? (origin as SyncConnection).actor.userId : undefined),
    });
    const states = this.#encodeStates();
    for (const connection of [...this.connections]) connection.start(lease.doc, states);
  }

  #encodeStates(): Uint8Array | undefined {
    const awareness = this.#awareness;
    if (awareness.getStates().size === 0) return undefined;
    return encodeAwarenessMessage(encodeAwarenessUpdate(awareness, [...awareness.getStates().keys()]));
  }

  readonly #onUpdate = (update: Uint8Array, origin: unknown): void => {
    this.#fullState = undefined;
    this.#pendingUpdates.push({ update, origin });
    this.#scheduleFlush();
  };

  readonly #onAwareness = (change: AwarenessChange, origin: unknown): void => {
    const connection = this.connections.has(origin as SyncConnection) ? (origin as SyncConnection) : undefined;
    for (const id of [...change.added, ...change.updated]) {
      if (connection !== undefined && !this.#owners.has(id)) {
        this.#owners.set(id, connection);
        connection.awarenessClientIds.add(id);
      }
      this.#pendingAwareness.add(id);
    }
    for (const id of change.removed) {
      const owner = this.#owners.get(id);
      owner?.awarenessClientIds.delete(id);
      this.#owners.delete(id);
      this.#pendingAwareness.add(id);
    }
    this.#scheduleFlush();
  };

  #scheduleFlush(): void {
    if (this.#flushTimer !== undefined || this.#disposed) return;
    this.#flushTimer = setImmediate(() => this.#flush());
  }

  /** Sends `outgoing` to every started connection, each in one write, leaving out what a connection sent itself. */
  #relay(outgoing: readonly Outgoing[]): void {
    if (outgoing.length === 0) return;
    const all = outgoing.map((o) => o.message);
    const senders = new Set<unknown>();
    for (const o of outgoing) if (o.skip !== undefined) senders.add(o.skip);
    for (const connection of this.connections) {
      if (!connection.isStarted) continue;
      if (!senders.has(connection)) {
        connection.sendMany(all);
        continue;
      }
      const others = outgoing.filter((o) => o.skip !== connection).map((o) => o.message);
      if (others.length > 0) connection.sendMany(others);
    }
  }

  #flush(): void {
    this.#flushTimer = undefined;
    const lease = this.#lease;
    const incoming = this.#incoming;
    const made = this.#pendingUpdates;
    const awarenessIds = this.#pendingAwareness;
    this.#incoming = [];
    this.#pendingUpdates = [];
    this.#pendingAwareness = new Set();
    if (lease === undefined) return;
    for (const { update } of incoming) lease.queueIncoming(update);
    const documentMessages = documentMessagesOf(made, incoming);
    const awareness: Outgoing[] =
      awarenessIds.size > 0 ? [{ message: encodeAwarenessMessage(encodeAwarenessUpdate(this.#awareness, [...awarenessIds])), skip: undefined }] : [];
    // Document messages are relayed only once stored: whatever another client has seen survives
    // a crash (kill -9). A store that appends synchronously stores them now and they go out in
    // this turn, with the turn's awareness, in one write per socket; otherwise (or behind an
    // earlier relay still waiting) they wait their turn, and awareness goes at once. The target
    // is taken now, so later updates never hold this batch back.
    if (documentMessages.length === 0) this.#relay(awareness);
    else if (this.#waitingRelays === 0 && lease.storeNow()) this.#relay([...documentMessages, ...awareness]);
    else {
      this.#relay(awareness);
      const stored = this.#registry.whenPersisted(this.boardId);
      this.#waitingRelays += 1;
      this.#relayed = this.#relayed
        .then(() => stored)
        .then(
          () => this.#relay(documentMessages),
          (error: unknown) => this.#logger.warn({ err: error, boardId: this.boardId }, 'Updates not relayed: they could not be stored'),
        )
        .finally(() => {
          this.#waitingRelays -= 1;
        });
    }
    // Applied last, in this same step: no snapshot can be taken between storing and applying.
    // Quietly: they were stored and relayed as they came (`applyQueued`).
    if (incoming.length === 0) return;
    this.#fullState = undefined;
    const failed = lease.applyQueued(incoming, this);
    this.#settle(incoming);
    for (const { entry, error } of failed) {
      this.#logger.warn({ err: error, boardId: this.boardId, userId: entry.origin.actor.userId }, 'Closing a sync connection after an update that does not apply');
      entry.origin.close(syncCloseCodes.invalidPayload, 'invalid update');
    }
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

/**
 * The document message of a turn: updates made to the document (`made`, encoded) and clients'
 * live updates (`incoming`, as they came). A lone live update goes out as it came; several are
 * merged into one message (about 10 µs an update here), because a client applies each message in
 * a transaction of its own, whose cost grows with the number of clients that ever edited the
 * board: one message per turn spares every client on the board. It skips the connection that
 * produced all of it.
 */
function documentMessagesOf(made: readonly { update: Uint8Array; origin: unknown }[], incoming: readonly Incoming[]): Outgoing[] {
  const all = [...made, ...incoming];
  const [first] = all;
  if (first === undefined) return [];
  const [lone] = made.length === 0 && incoming.length === 1 ? incoming : [];
  if (lone?.message !== undefined) return [{ message: lone.message, skip: lone.origin }];
  const origins = new Set<unknown>(all.map((u) => u.origin));
  const [onlyOrigin] = origins.size === 1 ? origins : [undefined];
  const update = all.length === 1 ? first.update : Y.mergeUpdates(all.map((u) => u.update));
  return [{ message: encodeSyncUpdate(update), skip: onlyOrigin }];
}
