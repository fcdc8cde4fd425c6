/**
 * WebSocket close codes the sync protocol uses. 1xxx are RFC 6455 section 7.4; 4xxx are
 * 4000 + the HTTP status (DESIGN.md "Realtime"). The stock y-websocket client (3.x) does not
 * reconnect after 4400-4499 and reconnects with backoff after anything else.
 */
export const syncCloseCodes = {
  /** The server is shutting down; clients reconnect. */
  goingAway: 1001,
  /** A message the protocol does not know. */
  unsupportedData: 1003,
  /** A message that does not decode (bad varints, corrupt Yjs update). */
  invalidPayload: 1007,
  /** A message larger than `maxMessageBytes`. */
  messageTooBig: 1009,
  /** The document could not be loaded. */
  internalError: 1011,
  /** The client reads too slowly (`bufferedAmount` over `maxBufferedBytes`); it reconnects and resyncs. */
  tryAgainLater: 1013,
  /**
   * No valid token (missing, unknown, expired or revoked). Also sent to an open connection whose
   * credential is revoked (an API key, an OAuth connection or its app) or expires while it is open.
   */
  unauthorized: 4401,
  /** The token lacks the `boards:read` scope (at connect, or when rechecked after a change). */
  forbidden: 4403,
  /**
   * No such board (or not one the person can read), a malformed board id, or the board was
   * deleted. Also sent to an open connection whose person can no longer read the board (removed,
   * the board moved, trashed or deleted, its public link disabled, rotated or expired).
   */
  notFound: 4404,
  /** The update would make the document larger than `maxDocumentBytes`. */
  documentTooLarge: 4413,
  /**
   * A live edit left an item that the item catalogue refuses (the same rules as REST writes); the
   * server repaired the board with a compensating update that every client receives.
   */
  invalidEdit: 4422,
  /** Over the message rate, or the board already has `maxConnectionsPerBoard` connections. */
  tooManyRequests: 4429,
} as const;
/** A close code of the sync protocol. */
export type SyncCloseCode = (typeof syncCloseCodes)[keyof typeof syncCloseCodes];
