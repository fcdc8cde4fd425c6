import { positiveInt, wholeNumber, type Parsed } from './readers.js';

/** The variables of live connections: WebSocket sync, board documents and the web app's event streams. */
export const liveVariables = {
  BOARDS_SYNC_MAX_MESSAGE_BYTES: positiveInt('a positive whole number of bytes').default(4 * 1024 * 1024),
  BOARDS_SYNC_MAX_CONNECTIONS_PER_BOARD: positiveInt('a positive whole number of connections').default(1000),
  BOARDS_SYNC_MESSAGES_PER_SECOND: positiveInt('a positive whole number of messages').default(200),
  BOARDS_SYNC_COALESCE_MS: wholeNumber(0, 50, 'must be a whole number of milliseconds from 0 to 50').default(0),
  BOARDS_MAX_DOCUMENT_BYTES: positiveInt('a positive whole number of bytes').default(16 * 1024 * 1024),
  BOARDS_WEB_EVENT_STREAMS_PER_USER: positiveInt('a positive whole number of streams').default(10),
  BOARDS_WEB_EVENT_HEARTBEAT_MS: positiveInt('a positive whole number of milliseconds').default(25_000),
};

/** Live connections (part of `Config`). */
export interface LiveConfig {
  /** Limits of live sync and board documents that protect the server from one client. */
  readonly sync: {
    /** Largest WebSocket message; a larger one closes the socket with 1009. Default 4 MiB. */
    readonly maxMessageBytes: number;
    /** Live connections one board accepts; the next is closed with 4429. Default 1000. */
    readonly maxConnectionsPerBoard: number;
    /** Sustained messages per second per connection (bursts of half a second's worth); over it closes with 4429. Default 200. */
    readonly messagesPerSecond: number;
    /** Most ms a busy board's relay waits to take along the updates that follow (one write per socket for several); 0 (default) never waits. 0 to 50. */
    readonly coalesceMs: number;
    /** Largest encoded board document; writes past it answer 413 (REST) or close 4413 (live). Default 16 MiB. */
    readonly maxDocumentBytes: number;
  };
  /** The web app's event streams, `GET /web/events` (docs/web-events.md). */
  readonly webEvents: {
    /** `BOARDS_WEB_EVENT_STREAMS_PER_USER`: streams one person may hold open on one process; the next answers 429. Default 10 (a few tabs, each a board and a dialog). */
    readonly streamsPerUser: number;
    /** `BOARDS_WEB_EVENT_HEARTBEAT_MS`: a comment line this often keeps proxies from closing a quiet stream (nginx waits 60 s by default). Default 25 s. */
    readonly heartbeatMs: number;
  };
}

/** The live-connection settings of parsed variables. */
export function liveConfig(e: Parsed<typeof liveVariables>): LiveConfig {
  return {
    sync: Object.freeze({
      maxMessageBytes: e.BOARDS_SYNC_MAX_MESSAGE_BYTES,
      maxConnectionsPerBoard: e.BOARDS_SYNC_MAX_CONNECTIONS_PER_BOARD,
      messagesPerSecond: e.BOARDS_SYNC_MESSAGES_PER_SECOND,
      coalesceMs: e.BOARDS_SYNC_COALESCE_MS,
      maxDocumentBytes: e.BOARDS_MAX_DOCUMENT_BYTES,
    }),
    webEvents: Object.freeze({ streamsPerUser: e.BOARDS_WEB_EVENT_STREAMS_PER_USER, heartbeatMs: e.BOARDS_WEB_EVENT_HEARTBEAT_MS }),
  };
}
