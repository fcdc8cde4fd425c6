import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BoardMessage, BoardMessageKind, BusSubscription, UpdateBus } from '../cluster/UpdateBus.js';

/** Reports a failure of the bus (it is lossy by contract: the caller logs and goes on). */
export type BusErrorReporter = (error: unknown, context: string) => void;

const kindCodes: Record<BoardMessageKind, number> = { update: 1, awareness: 2, deleted: 3, 'awareness-query': 4, sharing: 5 };
const kindOfCode = new Map<number, BoardMessageKind>(Object.entries(kindCodes).map(([kind, code]) => [code, kind as BoardMessageKind]));

/** The Redis channel of a board's messages. */
export function boardChannel(prefix: string, boardId: string): string {
  return `${prefix}board:${boardId}`;
}

/**
 * The update bus over Redis pub/sub: one channel per board, subscribed while this process has the
 * board open. A message is a kind byte, the publisher's id (length byte, then its bytes) and the
 * payload; a process drops its own (pub/sub sends a publisher its message back when it is
 * subscribed too). Pub/sub keeps nothing for a process that is not connected: when the
 * subscriber connection comes back, `onReconnected` listeners are told so they catch up from the
 * store (the Hocuspocus model; a stream per board with a cursor, the y-redis model, would cost a
 * write of every update to Redis memory for what the store already holds).
 */
export class RedisUpdateBus implements UpdateBus {
  readonly processId: string;
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #prefix: string;
  readonly #header: Buffer;
  readonly #onError: BusErrorReporter;
  readonly #listeners = new Map<string, Set<(message: BoardMessage) => void>>();
  /** Per subscribed board, resolved once Redis confirmed the subscription. */
  readonly #subscribed = new Map<string, Promise<void>>();
  readonly #reconnectListeners = new Set<() => void>();
  /** The subscriber connection was lost since it was last ready. */
  #lost = false;

  constructor(publisher: Redis, subscriber: Redis, options: { prefix: string; onError: BusErrorReporter; processId?: string }) {
    this.processId = options.processId ?? randomUUID();
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#prefix = options.prefix;
    this.#onError = options.onError;
    const id = Buffer.from(this.processId, 'utf8');
    this.#header = Buffer.concat([Buffer.from([0, id.byteLength]), id]);
    subscriber.on('messageBuffer', this.#onMessage);
    subscriber.on('close', this.#onClose);
    subscriber.on('ready', this.#onReady);
  }

  async publish(boardId: string, kind: BoardMessageKind, payload: Uint8Array): Promise<void> {
    const header = Buffer.from(this.#header);
    header[0] = kindCodes[kind];
    try {
      await this.#publisher.publish(boardChannel(this.#prefix, boardId), Buffer.concat([header, payload]));
    } catch (error) {
      this.#onError(error, 'publishing a board message');
    }
  }

  subscribe(boardId: string, listener: (message: BoardMessage) => void): BusSubscription {
    let listeners = this.#listeners.get(boardId);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(boardId, listeners);
      // Failing, the board still works from the store; a reconnect subscribes again and catches up.
      const subscribed = this.#subscriber.subscribe(boardChannel(this.#prefix, boardId)).then(
        () => undefined,
        (error: unknown) => this.#onError(error, 'subscribing to a board'),
      );
      this.#subscribed.set(boardId, subscribed);
    }
    const own = listeners;
    own.add(listener);
    return {
      ready: this.#subscribed.get(boardId) ?? Promise.resolve(),
      unsubscribe: () => {
        own.delete(listener);
        if (own.size > 0 || this.#listeners.get(boardId) !== own) return;
        this.#listeners.delete(boardId);
        this.#subscribed.delete(boardId);
        this.#subscriber.unsubscribe(boardChannel(this.#prefix, boardId)).catch((error: unknown) => this.#onError(error, 'unsubscribing from a board'));
      },
    };
  }

  onReconnected(listener: () => void): () => void {
    this.#reconnectListeners.add(listener);
    return () => this.#reconnectListeners.delete(listener);
  }

  close(): Promise<void> {
    this.#subscriber.off('messageBuffer', this.#onMessage);
    this.#subscriber.off('close', this.#onClose);
    this.#subscriber.off('ready', this.#onReady);
    this.#listeners.clear();
    this.#subscribed.clear();
    this.#reconnectListeners.clear();
    return Promise.resolve();
  }

  readonly #onMessage = (channel: Buffer, data: Buffer): void => {
    const prefix = `${this.#prefix}board:`;
    const name = channel.toString('utf8');
    if (!name.startsWith(prefix) || data.byteLength < 2) return;
    const boardId = name.slice(prefix.length);
    const listeners = this.#listeners.get(boardId);
    if (listeners === undefined) return;
    const kind = kindOfCode.get(data[0] ?? 0);
    const idBytes = data[1] ?? 0;
    if (kind === undefined || data.byteLength < 2 + idBytes) return;
    const publisher = data.toString('utf8', 2, 2 + idBytes);
    if (publisher === this.processId) return;
    const message: BoardMessage = { boardId, kind, publisher, payload: new Uint8Array(data.buffer, data.byteOffset + 2 + idBytes, data.byteLength - 2 - idBytes) };
    for (const listener of [...listeners]) {
      try {
        listener(message);
      } catch (error) {
        this.#onError(error, 'handling a board message');
      }
    }
  };

  readonly #onClose = (): void => {
    this.#lost = true;
  };

  readonly #onReady = (): void => {
    if (!this.#lost) return;
    this.#lost = false;
    // ioredis subscribes again to every channel before 'ready' (autoResubscribe), so what is
    // published from now on arrives; what was published during the outage is read from the store.
    for (const listener of [...this.#reconnectListeners]) {
      try {
        listener();
      } catch (error) {
        this.#onError(error, 'catching up after the bus came back');
      }
    }
  };
}
