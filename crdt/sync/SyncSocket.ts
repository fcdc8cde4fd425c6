/**
 * The transport a `SyncConnection` writes to: the server layer adapts its WebSocket to this
 * (binary frames only). `close` must be idempotent and must not call back synchronously.
 */
export interface SyncSocket {
  /** Sends one binary message. */
  send(data: Uint8Array): void;
  /**
   * Sends several binary messages, in order, each its own WebSocket message, in one write when
   * the transport can. A room passes the same array to many sockets: it must not change once sent.
   */
  sendMany(messages: readonly Uint8Array[]): void;
  /** Closes the transport with a WebSocket close code (RFC 6455 section 7.4) and a short reason. */
  close(code: number, reason: string): void;
  /** Bytes queued and not yet written to the network; drives backpressure. */
  readonly bufferedAmount: number;
}
