import type { SyncConnection } from '../../crdt/index.js';

/** Messages a socket may send while its token is being checked: a client's first messages are a sync step 1, its awareness and perhaps a step 2. */
export const maxQueuedBeforeAuth = 32;

/**
 * The state of one sync socket that the socket's listeners keep for as long as it is open: the
 * messages that came while its token was checked, then the connection they go to. It holds
 * nothing of the upgrade (request, token, URL): those stay with the authorization, which ends.
 * The queue is dropped once the connection is attached or the socket refused.
 */
export class JoiningSocket {
  connection: SyncConnection | null = null;
  closed = false;
  refused = false;
  decided = false;
  #queued: Uint8Array[] | undefined = [];

  /**
   * Hands `bytes` to the connection, or queues them until there is one; false when the queue is
   * full (the caller refuses the socket: this one then drops what it queued and takes no more).
   */
  receive(bytes: Uint8Array): boolean {
    if (this.connection) {
      this.connection.receive(bytes);
      return true;
    }
    if (this.#queued === undefined) return true;
    if (this.#queued.length < maxQueuedBeforeAuth) {
      this.#queued.push(bytes);
      return true;
    }
    this.refused = true;
    this.#queued = undefined;
    return false;
  }

  /** Attaches the connection: what was queued goes to it, in order, and the queue is dropped. */
  attach(connection: SyncConnection): void {
    this.connection = connection;
    const queued = this.#queued ?? [];
    this.#queued = undefined;
    for (const bytes of queued) connection.receive(bytes);
  }

  /** Messages waiting for the connection; 0 once it is attached or the socket refused. */
  get queued(): number {
    return this.#queued?.length ?? 0;
  }

  /** True while the socket is still joining: being authorized, or its board loading. */
  get joining(): boolean {
    return !this.closed && !this.refused && (this.connection === null ? !this.decided : !this.connection.isStarted);
  }
}
