import { systemClock } from '../../storage/index.js';
import type { Clock, UpdateBus } from '../../storage/index.js';
import type { DocumentRegistry } from '../documents/DocumentRegistry.js';
import { silentLogger } from '../documents/Logger.js';
import type { Logger } from '../documents/Logger.js';
import { outdatedTimeout } from 'y-protocols/awareness';
import { BoardRoom } from './BoardRoom.js';
import type { RoomCounters } from './BoardRoom.js';
import { RoomAwareness } from './RoomAwareness.js';
import type { PresenceEntry } from './RoomAwareness.js';
import { syncCloseCodes } from './closeCodes.js';
import { EndOfTurn } from './EndOfTurn.js';
import { SyncConnection } from './SyncConnection.js';
import type { SyncActor, SyncConnectionInfo, SyncConnectionOwner } from './SyncConnection.js';
import type { SyncSocket } from './SyncSocket.js';
import { TokenBucket } from './TokenBucket.js';

/** Options of `RealtimeHub`; every field has a default. */
export interface RealtimeHubOptions {
  /** Largest inbound message, in bytes; bigger ones close the socket 1009. Default 4 MiB (a large paste). */
  maxMessageBytes?: number;
  /** Connections per board; the next one is closed 4429 at attach. Default 1000. */
  maxConnectionsPerBoard?: number;
  /**
   * Sustained inbound messages per second per connection; over it the socket is closed 4429.
   * Default 200 (60 fps drags plus cursors). The budget carries over a reconnect after a 4429: a
   * connection of the same user to the same board attached before the drained bucket would be
   * full again (`messageBurst / messagesPerSecond` seconds) continues it, so a reconnect loop
   * gets the sustained rate, not a fresh burst per reconnect; one attached while that bucket is
   * still under half full is closed 4429 at once, before it joins the board (joining costs the
   * server a full-state answer).
   */
  messagesPerSecond?: number;
  /** Inbound burst per connection, in messages. Default 100 (half a second at the default rate). */
  messageBurst?: number;
  /** (Board, user) pairs whose drained bucket is kept after a 4429 for the message rate; past it the oldest is dropped, 0 keeps none. Default 10,000 (a few MB at most; an entry lives until its bucket is full again, half a second with the defaults). */
  maxRememberedBuckets?: number;
  /** Outbound bytes a socket may have queued; past it the socket is closed 1013 and resyncs on reconnect, so a slow client never stalls a room. Default 8 MiB. */
  maxBufferedBytes?: number;
  /** Awareness client ids one connection may announce. Default 8 (a tab has one; a few sub-documents at most). */
  maxClientIdsPerConnection?: number;
  /**
   * Most ms a busy board's flush waits so that the updates arriving meanwhile go out with it, in
   * one message per socket (`FlushPacer`); 0 never waits. Default 0.
   */
  coalesceMs?: number;
  /** A board is busy (its flushes paced by `coalesceMs`) while its clients send it more messages than this per second, on average. Default 150. */
  coalesceAbovePerSecond?: number;
  /** Time source for rate limits and `connectedAt`. Default the system clock. */
  clock?: Clock;
  /** Where protocol problems are logged. Default silent. */
  logger?: Logger;
  /** The bus to other processes serving the same boards: clients' awareness is relayed over it. Default none (this process alone). */
  bus?: UpdateBus;
}

/** Counters of `RealtimeHub.stats()`. */
export interface RealtimeHubStats extends RoomCounters {
  /** Rooms (boards with a live connection) now open. */
  rooms: number;
  /** Live connections now open. */
  connections: number;
}

/**
 * The entry point of the realtime protocol: the server layer authorizes a WebSocket, adapts
 * it to `SyncSocket` and calls `attach`; then forwards every binary message to
 * `connection.receive` and the close event to `connection.closed()`.
 */
export class RealtimeHub {
  readonly #registry: DocumentRegistry;
  readonly #options: Required<Omit<RealtimeHubOptions, 'clock' | 'logger' | 'bus'>>;
  readonly #bus: UpdateBus | undefined;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #rooms = new Map<string, BoardRoom>();
  /** By `drainedKey`, oldest close first. */
  readonly #drained = new Map<string, TokenBucket>();
  /** Shared by every connection: its limits, and `#rememberDrained` for one closed for its rate. */
  readonly #connectionOwner: SyncConnectionOwner;
  readonly #unsubscribe: () => void;
  readonly #editListeners = new Set<(boardId: string, userId: string) => void>();
  /** Totals since the hub started, added to by its rooms. */
  readonly #counters: RoomCounters = { updatesIn: 0, updatesOut: 0 };
  /** The rooms' end-of-turn flushes, in one immediate per turn. */
  readonly #endOfTurn: EndOfTurn;
  /** The one timer that drops outdated awareness states in every room, while any room is open. */
  #sweepTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(registry: DocumentRegistry, options: RealtimeHubOptions = {}) {
    this.#registry = registry;
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? silentLogger;
    this.#bus = options.bus;
    this.#endOfTurn = new EndOfTurn(this.#logger);
    this.#options = {
      maxMessageBytes: options.maxMessageBytes ?? 4 * 1024 * 1024,
      maxConnectionsPerBoard: options.maxConnectionsPerBoard ?? 1000,
      messagesPerSecond: options.messagesPerSecond ?? 200,
      messageBurst: options.messageBurst ?? 100,
      maxRememberedBuckets: options.maxRememberedBuckets ?? 10_000,
      maxBufferedBytes: options.maxBufferedBytes ?? 8 * 1024 * 1024,
      maxClientIdsPerConnection: options.maxClientIdsPerConnection ?? 8,
      coalesceMs: options.coalesceMs ?? 0,
      coalesceAbovePerSecond: options.coalesceAbovePerSecond ?? 150,
    };
    this.#connectionOwner = {
      limits: { maxMessageBytes: this.#options.maxMessageBytes, maxBufferedBytes: this.#options.maxBufferedBytes },
      rateLimited: (connection, bucket) => this.#rememberDrained(drainedKey(connection), bucket),
    };
    this.#unsubscribe = registry.onDelete((boardId) => {
      this.#rooms.get(boardId)?.closeAll(syncCloseCodes.notFound, 'board deleted');
    });
  }

  /**
   * Hands an authorized socket to the board's room and returns its connection. A board at
   * `maxConnectionsPerBoard`, or a closed hub, closes the socket at once (4429 / 1001) and
   * returns a connection that ignores input. The connection's message budget is a fresh bucket,
   * or the drained one of this user's connection to this board lately closed for its rate; while
   * that one is under half full, the socket is closed 4429 at once too.
   */
  attach(socket: SyncSocket, info: SyncConnectionInfo): SyncConnection {
    const key = drainedKey(info);
    const bucket = this.#bucketFor(key);
    const existing = this.#rooms.get(info.boardId);
    const refusal = this.#closed
      ? { code: syncCloseCodes.goingAway, reason: 'server shutting down' }
      : existing !== undefined && existing.connections.size >= this.#options.maxConnectionsPerBoard
        ? { code: syncCloseCodes.tooManyRequests, reason: 'too many connections to this board' }
        : this.#drained.has(key) && bucket.available() < this.#options.messageBurst / 2
          ? { code: syncCloseCodes.tooManyRequests, reason: 'reconnecting too soon after too many messages' }
          : undefined;
    if (refusal !== undefined) {
      const refused = new SyncConnection(socket, info, undefined, bucket, this.#connectionOwner, this.#logger, this.#clock.now());
      refused.close(refusal.code, refusal.reason);
      return refused;
    }
    const room = existing ?? this.#createRoom(info.boardId);
    const connection = new SyncConnection(socket, info, room, bucket, this.#connectionOwner, this.#logger, this.#clock.now());
    room.add(connection);
    return connection;
  }

  /**
   * Calls `listener` when a writable connection's update changed a board's document (live edits
   * and sync step 2s that brought something new; a join handshake that brings nothing does not
   * count). Returns the function that removes it.
   */
  onEdit(listener: (boardId: string, userId: string) => void): () => void {
    this.#editListeners.add(listener);
    return () => this.#editListeners.delete(listener);
  }

  /** Users connected to a board (server-side identities joined with live awareness); empty when none. */
  presence(boardId: string): PresenceEntry[] {
    return this.#rooms.get(boardId)?.presence() ?? [];
  }

  /**
   * `presence`, wherever the board's clients are connected. A process with a room for the board
   * knows everyone (awareness goes over the bus); one without asks the others over the bus and
   * gathers their clients' states for `waitMs` (the rooms answer an `awareness-query` at once).
   */
  async presenceAcrossProcesses(boardId: string, waitMs = 200): Promise<PresenceEntry[]> {
    const bus = this.#bus;
    if (bus === undefined || this.#rooms.has(boardId)) return this.presence(boardId);
    const gathered = new RoomAwareness({ maxClientIdsPerConnection: this.#options.maxClientIdsPerConnection, connectionOf: () => undefined, onChange: () => {} });
    const subscription = bus.subscribe(boardId, (message) => {
      if (message.kind === 'awareness') gathered.applyRemote(message.payload);
    });
    try {
      await subscription.ready;
      await bus.publish(boardId, 'awareness-query', new Uint8Array(0));
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      // A room opened here meanwhile knows as much, and its own clients too.
      return this.#rooms.has(boardId) ? this.presence(boardId) : gathered.presence([]);
    } finally {
      subscription.unsubscribe();
      gathered.destroy();
    }
  }

  /** Resolves once the board's room has its document loaded (for callers that need sync to have started). */
  async whenReady(boardId: string): Promise<void> {
    await this.#rooms.get(boardId)?.ready;
  }

  /** The open connections of every board, or of one board (for the server layer's rechecks of rights). */
  connections(boardId?: string): SyncConnection[] {
    if (boardId !== undefined) return [...(this.#rooms.get(boardId)?.connections ?? [])];
    const all: SyncConnection[] = [];
    for (const room of this.#rooms.values()) all.push(...room.connections);
    return all;
  }

  /** Rooms and connections now open, and the document updates taken and sent since the hub started. */
  stats(): RealtimeHubStats {
    let connections = 0;
    for (const room of this.#rooms.values()) connections += room.connections.size;
    return { rooms: this.#rooms.size, connections, ...this.#counters };
  }

  /** Closes every connection with 1001 (clients reconnect to the next process) and refuses new ones. */
  close(): void {
    this.#closed = true;
    this.#unsubscribe();
    this.#drained.clear();
    for (const room of [...this.#rooms.values()]) room.closeAll(syncCloseCodes.goingAway, 'server shutting down');
    this.#stopSweeping();
  }

  /** The remembered drained bucket for `key` while it is not full again (shared by every connection attached meanwhile), else a fresh one. */
  #bucketFor(key: string): TokenBucket {
    const drained = this.#drained.get(key);
    if (drained !== undefined) {
      // Read now, not when it was remembered: connections attached meanwhile may have drawn on it.
      if (this.#clock.now() < drained.fullAtMs()) return drained;
      this.#drained.delete(key);
    }
    return new TokenBucket(this.#options.messagesPerSecond, this.#options.messageBurst, this.#clock);
  }

  /** Keeps a bucket drained by a 4429 for the same user's next connections to the board, dropping expired and, past the cap, oldest entries. */
  #rememberDrained(key: string, bucket: TokenBucket): void {
    if (this.#options.maxRememberedBuckets === 0) return;
    const now = this.#clock.now();
    this.#drained.delete(key);
    // Every entry is made when its bucket runs dry and lives about burst / rate from then, so in
    // insertion order the expired ones come first.
    for (const [oldKey, entry] of this.#drained) {
      if (entry.fullAtMs() > now && this.#drained.size < this.#options.maxRememberedBuckets) break;
      this.#drained.delete(oldKey);
    }
    this.#drained.set(key, bucket);
  }

  #createRoom(boardId: string): BoardRoom {
    const room = new BoardRoom(boardId, this.#registry, {
      maxClientIdsPerConnection: this.#options.maxClientIdsPerConnection,
      logger: this.#logger,
      clock: this.#clock,
      counters: this.#counters,
      endOfTurn: this.#endOfTurn,
      coalesce: { windowMs: this.#options.coalesceMs, busyAbovePerSecond: this.#options.coalesceAbovePerSecond },
      bus: this.#bus,
      onEdit: (connection) => {
        for (const listener of this.#editListeners) {
          try {
            listener(boardId, connection.actor.userId);
          } catch (error) {
            this.#logger.error({ err: error, boardId }, 'An edit listener failed');
          }
        }
      },
      onDisposed: (disposed) => {
        if (this.#rooms.get(boardId) === disposed) this.#rooms.delete(boardId);
        if (this.#rooms.size === 0) this.#stopSweeping();
      },
    });
    this.#rooms.set(boardId, room);
    this.#startSweeping();
    return room;
  }

  /**
   * One timer for every room, as often as y-protocols' `Awareness` checks its own (a tenth of
   * the 30 s timeout): a state its client did not renew in time is dropped and the others are
   * told, as a stock y-websocket server does.
   */
  #startSweeping(): void {
    if (this.#sweepTimer !== undefined) return;
    this.#sweepTimer = setInterval(() => {
      const now = Date.now();
      for (const room of this.#rooms.values()) room.sweepAwareness(now);
    }, outdatedTimeout / 10);
    this.#sweepTimer.unref();
  }

  #stopSweeping(): void {
    clearInterval(this.#sweepTimer);
    this.#sweepTimer = undefined;
  }
}

/** The key of a (board, user or `rateKey`) pair in the drained-bucket map; JSON keeps it unambiguous whatever the ids contain. */
function drainedKey(info: { readonly boardId: string; readonly actor: SyncActor; readonly rateKey?: string | undefined }): string {
  return JSON.stringify([info.boardId, info.rateKey ?? info.actor.userId]);
}
