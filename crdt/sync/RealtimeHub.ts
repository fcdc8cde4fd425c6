import { systemClock } from '../../storage/index.js';
import type { Clock } from '../../storage/index.js';
import type { DocumentRegistry } from '../documents/DocumentRegistry.js';
import { silentLogger } from '../documents/Logger.js';
import type { Logger } from '../documents/Logger.js';
import { BoardRoom } from './BoardRoom.js';
import type { PresenceEntry } from './BoardRoom.js';
import { syncCloseCodes } from './closeCodes.js';
import { SyncConnection } from './SyncConnection.js';
import type { SyncConnectionInfo } from './SyncConnection.js';
import type { SyncSocket } from './SyncSocket.js';
import { TokenBucket } from './TokenBucket.js';

/** Options of `RealtimeHub`; every field has a default. */
export interface RealtimeHubOptions {
  /** Largest inbound message, in bytes; bigger ones close the socket 1009. Default 4 MiB (a large paste). */
  maxMessageBytes?: number;
  /** Connections per board; the next one is closed 4429 at attach. Default 1000. */
  maxConnectionsPerBoard?: number;
  /** Sustained inbound messages per second per connection; over it the socket is closed 4429. Default 200 (60 fps drags plus cursors). */
  messagesPerSecond?: number;
  /** Inbound burst per connection, in messages. Default 400. */
  messageBurst?: number;
  /** Outbound bytes a socket may have queued; past it the socket is closed 1013 and resyncs on reconnect, so a slow client never stalls a room. Default 8 MiB. */
  maxBufferedBytes?: number;
  /** Awareness client ids one connection may announce. Default 8 (a tab has one; a few sub-documents at most). */
  maxClientIdsPerConnection?: number;
  /** Time source for rate limits and `connectedAt`. Default the system clock. */
  clock?: Clock;
  /** Where protocol problems are logged. Default silent. */
  logger?: Logger;
}

/** Counters of `RealtimeHub.stats()`. */
export interface RealtimeHubStats {
  rooms: number;
  connections: number;
}

/**
 * The entry point of the realtime protocol: the server layer authorizes a WebSocket, adapts
 * it to `SyncSocket` and calls `attach`; then forwards every binary message to
 * `connection.receive` and the close event to `connection.closed()`.
 */
export class RealtimeHub {
  readonly #registry: DocumentRegistry;
  readonly #options: Required<Omit<RealtimeHubOptions, 'clock' | 'logger'>>;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #rooms = new Map<string, BoardRoom>();
  readonly #unsubscribe: () => void;
  #closed = false;

  constructor(registry: DocumentRegistry, options: RealtimeHubOptions = {}) {
    this.#registry = registry;
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? silentLogger;
    this.#options = {
      maxMessageBytes: options.maxMessageBytes ?? 4 * 1024 * 1024,
      maxConnectionsPerBoard: options.maxConnectionsPerBoard ?? 1000,
      messagesPerSecond: options.messagesPerSecond ?? 200,
      messageBurst: options.messageBurst ?? 400,
      maxBufferedBytes: options.maxBufferedBytes ?? 8 * 1024 * 1024,
      maxClientIdsPerConnection: options.maxClientIdsPerConnection ?? 8,
    };
    this.#unsubscribe = registry.onDelete((boardId) => {
      this.#rooms.get(boardId)?.closeAll(syncCloseCodes.notFound, 'board deleted');
    });
  }

  /**
   * Hands an authorized socket to the board's room and returns its connection. A board at
   * `maxConnectionsPerBoard`, or a closed hub, closes the socket at once (4429 / 1001) and
   * returns a connection that ignores input.
   */
  attach(socket: SyncSocket, info: SyncConnectionInfo): SyncConnection {
    const bucket = new TokenBucket(this.#options.messagesPerSecond, this.#options.messageBurst, this.#clock);
    const limits = { maxMessageBytes: this.#options.maxMessageBytes, maxBufferedBytes: this.#options.maxBufferedBytes };
    const existing = this.#rooms.get(info.boardId);
    const refusal = this.#closed
      ? { code: syncCloseCodes.goingAway, reason: 'server shutting down' }
      : existing !== undefined && existing.connections.size >= this.#options.maxConnectionsPerBoard
        ? { code: syncCloseCodes.tooManyRequests, reason: 'too many connections to this board' }
        : undefined;
    if (refusal !== undefined) {
      const refused = new SyncConnection(socket, info, undefined, bucket, limits, this.#logger, this.#clock.now());
      refused.close(refusal.code, refusal.reason);
      return refused;
    }
    const room = existing ?? this.#createRoom(info.boardId);
    const connection = new SyncConnection(socket, info, room, bucket, limits, this.#logger, this.#clock.now());
    room.add(connection);
    return connection;
  }

  /** Users connected to a board (server-side identities joined with live awareness); empty when none. */
  presence(boardId: string): PresenceEntry[] {
    return this.#rooms.get(boardId)?.presence() ?? [];
  }

  /** Resolves once the board's room has its document loaded (for callers that need sync to have started). */
  async whenReady(boardId: string): Promise<void> {
    await this.#rooms.get(boardId)?.ready;
  }

  /** Rooms and connections now open. */
  stats(): RealtimeHubStats {
    let connections = 0;
    for (const room of this.#rooms.values()) connections += room.connections.size;
    return { rooms: this.#rooms.size, connections };
  }

  /** Closes every connection with 1001 (clients reconnect to the next process) and refuses new ones. */
  close(): void {
    this.#closed = true;
    this.#unsubscribe();
    for (const room of [...this.#rooms.values()]) room.closeAll(syncCloseCodes.goingAway, 'server shutting down');
  }

  #createRoom(boardId: string): BoardRoom {
    const room = new BoardRoom(boardId, this.#registry, {
      maxClientIdsPerConnection: this.#options.maxClientIdsPerConnection,
      logger: this.#logger,
      onDisposed: (disposed) => {
        if (this.#rooms.get(boardId) === disposed) this.#rooms.delete(boardId);
      },
    });
    this.#rooms.set(boardId, room);
    return room;
  }
}
