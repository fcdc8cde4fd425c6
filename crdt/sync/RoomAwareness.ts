import { applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import { AwarenessStates } from './AwarenessStates.js';
import type { AwarenessChange } from './AwarenessStates.js';
import { decodeAwarenessUpdate, encodeAwarenessEntries, encodeAwarenessMessage } from './messages.js';
import type { SyncConnection } from './SyncConnection.js';
import { decodeRemoteAwareness, encodeRemoteAwareness } from './remoteAwareness.js';
import type { RemoteOwner } from './remoteAwareness.js';

/** One user on a board, from the server-side identity of its connections joined with awareness. */
export interface PresenceEntry {
  userId: string;
  name?: string;
  /** Awareness client ids that this user's connections announced and that are live. */
  clientIds: number[];
  /** ISO 8601 time of the user's earliest open connection. */
  connectedAt: string;
}

/** Origin of awareness states another process relayed. */
const remoteAwarenessOrigin: unique symbol = Symbol('boards.remoteAwareness');

/** Options of `RoomAwareness`. */
export interface RoomAwarenessOptions {
  /** New awareness client ids one connection may announce; more are dropped. */
  maxClientIdsPerConnection: number;
  /** The room's connection that `origin` is, if it is one of them. */
  connectionOf: (origin: unknown) => SyncConnection | undefined;
  /** Called when a state changed, so the room schedules its end-of-turn relay. */
  onChange: () => void;
  /** Whether other processes hear this room's awareness (`takeLocalChanges`); default false: nothing is kept for them. */
  shared?: boolean;
}

/**
 * The awareness (presence) of one board's connections: which connection owns which awareness
 * client id, so a client can neither speak for another's id nor flood the room with ids; the
 * ids changed since the last relay; and presence joined with the connections' real identity.
 */
export class RoomAwareness {
  readonly #options: RoomAwarenessOptions;
  /** Room-scoped, with no document and no timer of its own (`AwarenessStates`); `sweep` drops outdated states. */
  readonly #states = new AwarenessStates((change, origin) => this.#onUpdate(change, origin));
  readonly #awareness = this.#states.protocol;
  readonly #owners = new Map<number, SyncConnection>();
  /** Ids changed since the last `takeChanges` (one set for the room's life, emptied by each relay). */
  readonly #changed = new Set<number>();
  /** Ids changed by this process's connections since the last `takeLocalChanges` (what other processes are told); only when `shared`. */
  readonly #localChanged: Set<number> | undefined;
  /** Owners of the client ids other processes relayed, as their connections know them (for `presence`); made by the first relayed state. */
  #remoteOwners: Map<number, RemoteOwner> | undefined;

  constructor(options: RoomAwarenessOptions) {
    this.#options = options;
    if (options.shared === true) this.#localChanged = new Set();
  }

  /** Drops the states their clients did not renew for 30 s (a client that vanished without a goodbye); called by the hub's one timer for every room. */
  sweep(nowMs: number): void {
    this.#states.sweep(nowMs);
  }

  /**
   * Applies a client's awareness update. Entries for client ids that another connection owns,
   * or past `maxClientIdsPerConnection` new ids, are dropped, so presence cannot be spoofed.
   * Returns how many entries were the connection's own (0 for a pure echo of others' states).
   */
  apply(update: Uint8Array, origin: SyncConnection): number {
    const entries = decodeAwarenessUpdate(update);
    let owned = origin.awarenessClientIds.size;
    const allowed = entries.filter((entry) => {
      const owner = this.#owners.get(entry.clientId);
      if (owner === origin) return true;
      if (owner !== undefined || owned >= this.#options.maxClientIdsPerConnection) return false;
      owned += 1;
      return true;
    });
    if (allowed.length === 0) return 0;
    applyAwarenessUpdate(this.#awareness, allowed.length === entries.length ? update : encodeAwarenessEntries(allowed), origin);
    return allowed.length;
  }

  /**
   * Applies an awareness update another process relayed (its clients' states). Entries for ids a
   * connection here owns are dropped: a process speaks only for its own clients.
   */
  applyRemote(payload: Uint8Array): void {
    const decoded = decodeRemoteAwareness(payload);
    if (decoded === undefined) return;
    const { owners, update } = decoded;
    const entries = decodeAwarenessUpdate(update);
    const allowed = entries.filter((entry) => !this.#owners.has(entry.clientId));
    if (allowed.length === 0) return;
    const remoteOwners = (this.#remoteOwners ??= new Map());
    for (const owner of owners) if (!this.#owners.has(owner.clientId)) remoteOwners.set(owner.clientId, owner);
    applyAwarenessUpdate(this.#awareness, allowed.length === entries.length ? update : encodeAwarenessEntries(allowed), remoteAwarenessOrigin);
  }

  /** What to tell other processes of the states this process's connections changed since the last call (`applyRemote` reads it); undefined when none. */
  takeLocalChanges(): Uint8Array | undefined {
    const changed = this.#localChanged;
    if (changed === undefined || changed.size === 0) return undefined;
    const update = this.#encodeForOthers(changed);
    changed.clear();
    return update;
  }

  /** Every live state of this process's connections, for a process whose room just opened (`applyRemote` reads it); undefined when none. */
  encodeLocalStates(): Uint8Array | undefined {
    const states = this.#awareness.getStates();
    const own = new Set([...this.#owners.keys()].filter((id) => states.has(id)));
    return own.size === 0 ? undefined : this.#encodeForOthers(own);
  }

  #encodeForOthers(changed: ReadonlySet<number>): Uint8Array {
    const owners: RemoteOwner[] = [];
    for (const clientId of changed) {
      const owner = this.#owners.get(clientId);
      if (owner === undefined) continue;
      owners.push({ clientId, userId: owner.actor.userId, ...(owner.actor.name === undefined ? {} : { name: owner.actor.name }), connectedAtMs: owner.connectedAtMs });
    }
    return encodeRemoteAwareness(owners, encodeAwarenessUpdate(this.#awareness, [...changed]));
  }

  /** Drops the awareness states a connection announced (it left). */
  remove(connection: SyncConnection): void {
    if (connection.awarenessClientIds.size > 0) removeAwarenessStates(this.#awareness, [...connection.awarenessClientIds], connection);
  }

  /** One awareness message with every live state (answer to a query-awareness message). */
  encodeAll(): Uint8Array {
    return encodeAwarenessMessage(encodeAwarenessUpdate(this.#awareness, [...this.#awareness.getStates().keys()]));
  }

  /** Every live state for a joining client, or undefined when there is none. */
  encodeForJoin(): Uint8Array | undefined {
    return this.#awareness.getStates().size === 0 ? undefined : this.encodeAll();
  }

  /** The message of the states changed since the last call (undefined when none did), for the end-of-turn relay. */
  takeChanges(): Uint8Array | undefined {
    const changed = this.#changed;
    if (changed.size === 0) return undefined;
    const message = encodeAwarenessMessage(encodeAwarenessUpdate(this.#awareness, [...changed]));
    changed.clear();
    return message;
  }

  /**
   * Users on the board with their live awareness client ids, from `connections`' server-side
   * identity and, for clients of other processes, the identity those processes relayed.
   */
  presence(connections: Iterable<SyncConnection>): PresenceEntry[] {
    const states = this.#awareness.getStates();
    const byUser = new Map<string, { name?: string; clientIds: number[]; connectedAtMs: number }>();
    const add = (user: { userId: string; name?: string | undefined }, clientIds: number[], connectedAtMs: number): void => {
      const entry = byUser.get(user.userId);
      if (entry === undefined) {
        byUser.set(user.userId, { ...(user.name === undefined ? {} : { name: user.name }), clientIds, connectedAtMs });
      } else {
        entry.clientIds.push(...clientIds);
        entry.connectedAtMs = Math.min(entry.connectedAtMs, connectedAtMs);
      }
    };
    for (const connection of connections) {
      add(connection.actor, [...connection.awarenessClientIds].filter((id) => states.has(id)), connection.connectedAtMs);
    }
    for (const owner of this.#remoteOwners?.values() ?? []) {
      if (states.has(owner.clientId)) add(owner, [owner.clientId], owner.connectedAtMs);
    }
    return [...byUser].map(([userId, { name, clientIds, connectedAtMs }]) => ({
      userId,
      ...(name === undefined ? {} : { name }),
      clientIds: clientIds.sort((a, b) => a - b),
      connectedAt: new Date(connectedAtMs).toISOString(),
    }));
  }

  /** Frees the awareness states. */
  destroy(): void {
    this.#states.clear();
  }

  #onUpdate(change: AwarenessChange, origin: unknown): void {
    const connection = this.#options.connectionOf(origin);
    for (const id of [...change.added, ...change.updated]) {
      if (connection !== undefined && !this.#owners.has(id)) {
        this.#owners.set(id, connection);
        connection.awarenessClientIds.add(id);
      }
      if (connection !== undefined) this.#localChanged?.add(id);
      this.#changed.add(id);
    }
    for (const id of change.removed) {
      this.#remoteOwners?.delete(id);
      const owner = this.#owners.get(id);
      if (owner !== undefined) this.#localChanged?.add(id);
      owner?.awarenessClientIds.delete(id);
      this.#owners.delete(id);
      this.#changed.add(id);
    }
    this.#options.onChange();
  }
}
