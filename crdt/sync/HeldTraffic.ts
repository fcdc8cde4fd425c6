/**
 * What a paused `SyncConnection` keeps until it resumes: the messages for its client and those
 * from it, each in order and with its total size, so that the connection can bound both.
 */
export class HeldTraffic {
  /** Messages for the client, in order. */
  readonly toClient: Uint8Array[] = [];
  /** Messages from the client, in order. */
  readonly fromClient: Uint8Array[] = [];
  #toClientBytes = 0;
  #fromClientBytes = 0;

  /** Keeps messages for the client; returns the bytes kept for it now. */
  holdToClient(messages: readonly Uint8Array[]): number {
    for (const message of messages) {
      this.toClient.push(message);
      this.#toClientBytes += message.byteLength;
    }
    return this.#toClientBytes;
  }

  /** Keeps a message from the client; returns the bytes kept from it now. */
  holdFromClient(message: Uint8Array): number {
    this.fromClient.push(message);
    this.#fromClientBytes += message.byteLength;
    return this.#fromClientBytes;
  }
}
