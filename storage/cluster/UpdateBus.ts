/**
 * What a board message carries: a Yjs document update, an awareness update, a question for every
 * process's current awareness states (a room just opened; no payload), news that the board
 * was deleted (no payload), or news that the people of a board or space changed (`sharing`: JSON,
 * on the one channel the service's sharing news share, not a board's).
 */
export type BoardMessageKind = 'update' | 'awareness' | 'awareness-query' | 'deleted' | 'sharing';

/** A subscription to one board's messages. */
export interface BusSubscription {
  /** Resolves once the bus delivers this board's messages (read the store after it, so nothing falls in between); never rejects. */
  readonly ready: Promise<void>;
  unsubscribe(): void;
}

/** A message about one board from another process. */
export interface BoardMessage {
  readonly boardId: string;
  readonly kind: BoardMessageKind;
  /** The update's bytes, as Yjs / y-protocols encode them. */
  readonly payload: Uint8Array;
  /** Id of the process that published it (never this process's own: echoes are dropped). */
  readonly publisher: string;
}

/**
 * Carries board updates and awareness between the server processes that share a store. Lossy by
 * contract: a message may be lost (the bus restarts, a connection drops), so a subscriber catches
 * up from the store when told the bus came back (`onReconnected`); the store stays the truth.
 * Each message names its publisher, and a process never hears its own.
 */
export interface UpdateBus {
  /** This process's id on the bus (random per start). */
  readonly processId: string;
  /** Sends `payload` to every other process subscribed to `boardId`; resolves once handed to the bus (never throws: a failure is logged). */
  publish(boardId: string, kind: BoardMessageKind, payload: Uint8Array): Promise<void>;
  /** Calls `listener` with other processes' messages about `boardId` until `unsubscribe`. */
  subscribe(boardId: string, listener: (message: BoardMessage) => void): BusSubscription;
  /** Calls `listener` each time the bus is reachable again after an outage (messages may have been lost meanwhile); returns the function that stops it. */
  onReconnected(listener: () => void): () => void;
  /** Stops every subscription. */
  close(): Promise<void>;
}
