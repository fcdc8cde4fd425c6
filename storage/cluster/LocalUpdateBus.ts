import { randomUUID } from 'node:crypto';
import type { BoardMessage, BoardMessageKind, BusSubscription, UpdateBus } from './UpdateBus.js';

/** The buses of one process that hear each other (`LocalUpdateBus.network`). */
export class LocalBusNetwork {
  readonly buses = new Set<LocalUpdateBus>();
}

/**
 * The in-process update bus, the default without Redis: a process alone hears nothing (its own
 * messages are echoes). Buses made on one `LocalBusNetwork` hear each other, which lets servers
 * started in one process share live boards without Redis.
 */
export class LocalUpdateBus implements UpdateBus {
  readonly processId: string;
  readonly #network: LocalBusNetwork;
  readonly #listeners = new Map<string, Set<(message: BoardMessage) => void>>();

  constructor(network: LocalBusNetwork = new LocalBusNetwork(), processId: string = randomUUID()) {
    this.processId = processId;
    this.#network = network;
    network.buses.add(this);
  }

  publish(boardId: string, kind: BoardMessageKind, payload: Uint8Array): Promise<void> {
    const message: BoardMessage = { boardId, kind, payload, publisher: this.processId };
    for (const bus of this.#network.buses) if (bus !== this) bus.#deliver(message);
    return Promise.resolve();
  }

  subscribe(boardId: string, listener: (message: BoardMessage) => void): BusSubscription {
    let listeners = this.#listeners.get(boardId);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(boardId, listeners);
    }
    listeners.add(listener);
    return {
      ready: Promise.resolve(),
      unsubscribe: () => {
        listeners.delete(listener);
        if (listeners.size === 0 && this.#listeners.get(boardId) === listeners) this.#listeners.delete(boardId);
      },
    };
  }

  onReconnected(): () => void {
    // Never disconnected.
    return () => undefined;
  }

  close(): Promise<void> {
    this.#network.buses.delete(this);
    this.#listeners.clear();
    return Promise.resolve();
  }

  #deliver(message: BoardMessage): void {
    // Asynchronous like a real bus: a publisher never runs its peers' listeners inside its own call.
    queueMicrotask(() => {
      for (const listener of this.#listeners.get(message.boardId) ?? []) listener(message);
    });
  }
}
