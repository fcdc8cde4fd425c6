import { randomUUID } from 'node:crypto';
import type { BoardMessage, BoardMessageKind, BusSubscription, UpdateBus } from './UpdateBus.js';
import { LocalBusNetwork } from './LocalBusNetwork.js';
import type { LocalBusMember } from './LocalBusNetwork.js';

/**
 * The in-process update bus, the default without Redis: a process alone hears nothing (its own
 * messages are echoes). Buses made on one `LocalBusNetwork` hear each other, which lets servers
 * started in one process share live boards without Redis.
 */
export class LocalUpdateBus implements UpdateBus {
  readonly processId: string;
  readonly #network: LocalBusNetwork;
  readonly #member: LocalBusMember = { deliver: (message) => this.#deliver(message) };
  readonly #listeners = new Map<string, Set<(message: BoardMessage) => void>>();

  constructor(network: LocalBusNetwork = new LocalBusNetwork(), processId: string = randomUUID()) {
    this.processId = processId;
    this.#network = network;
    network.members.add(this.#member);
  }

  publish(boardId: string, kind: BoardMessageKind, payload: Uint8Array): Promise<void> {
    const message: BoardMessage = { boardId, kind, payload, publisher: this.processId };
    for (const member of this.#network.members) if (member !== this.#member) member.deliver(message);
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
    this.#network.members.delete(this.#member);
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
