import { outdatedTimeout, removeAwarenessStates } from 'y-protocols/awareness';
import type { Awareness } from 'y-protocols/awareness';

/** What y-protocols reports after applying or removing states: the client ids added, updated and removed. */
export interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

/**
 * The awareness states of one board as the server holds them, for y-protocols' functions
 * (`applyAwarenessUpdate`, `encodeAwarenessUpdate`, `removeAwarenessStates`), which read only
 * `states`, `meta`, `clientID`, `getLocalState` and `emit`. Unlike y-protocols' `Awareness` it
 * needs no `Y.Doc` (that one takes its client id and its end from a document) and starts no
 * interval of its own: the server has no state of its own to renew, and `sweep` drops outdated
 * states when the caller's one shared timer says so.
 */
export class AwarenessStates {
  /** The server's own client id: none a client can announce (a client id is an unsigned varint), so no client's state is taken for the server's. */
  readonly clientID = -1;
  readonly states = new Map<number, Record<string, unknown>>();
  readonly meta = new Map<number, { clock: number; lastUpdated: number }>();
  readonly #onUpdate: (change: AwarenessChange, origin: unknown) => void;

  constructor(onUpdate: (change: AwarenessChange, origin: unknown) => void) {
    this.#onUpdate = onUpdate;
  }

  /** This view as y-protocols' functions take it. */
  get protocol(): Awareness {
    return this as unknown as Awareness;
  }

  /** The server holds no state of its own. */
  getLocalState(): null {
    return null;
  }

  getStates(): Map<number, Record<string, unknown>> {
    return this.states;
  }

  /** Called by y-protocols' functions; only `update` is listened to. */
  emit(name: string, args: [AwarenessChange, unknown]): void {
    if (name === 'update') this.#onUpdate(args[0], args[1]);
  }

  /** Removes the states not renewed for y-protocols' `outdatedTimeout` (30 s) before `nowMs`, with origin `timeout`, as `Awareness`'s own interval does. */
  sweep(nowMs: number): void {
    const outdated: number[] = [];
    for (const [clientId, meta] of this.meta) {
      if (nowMs - meta.lastUpdated >= outdatedTimeout && this.states.has(clientId)) outdated.push(clientId);
    }
    if (outdated.length > 0) removeAwarenessStates(this.protocol, outdated, 'timeout');
  }

  /** Forgets every state (the room closed). */
  clear(): void {
    this.states.clear();
    this.meta.clear();
  }
}
