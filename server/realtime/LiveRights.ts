import type { Logger } from 'pino';
import { syncCloseCodes } from '../../crdt/index.js';
import type { SyncConnection } from '../../crdt/index.js';
import type { Clock } from '../../storage/index.js';
import type { AccessChange } from '../access/AccessChangeFeed.js';
import type { SyncAdmission, SyncGrant, SyncRefusal } from './syncDecision.js';
import { isRefusal } from './syncDecision.js';

/** Options of `LiveRights`. */
export interface LiveRightsOptions {
  /** The decision made at connect (`decideSync`), made again on a recheck. */
  decide: (token: string, boardId: string, remoteAddress: string) => Promise<SyncAdmission | SyncRefusal>;
  clock: Clock;
  logger: Logger;
}

/** A live connection and what it was opened with. */
interface Tracked {
  readonly connection: SyncConnection;
  /** Kept in memory only, never logged: a recheck presents it again, as a reconnect would. */
  readonly token: string;
  readonly remoteAddress: string;
  readonly keys: readonly string[];
  expiresAtMs: number | null;
  timer: NodeJS.Timeout | undefined;
  running: boolean;
  /** A change came while a recheck ran: decide again before acting. */
  again: boolean;
}

/** Node timers hold at most 2^31-1 ms (about 24.8 days); a later expiry is re-armed on the way. */
const maxTimerMs = 2 ** 31 - 1;

/**
 * Keeps open live-sync connections to the rights they rest on. When a change touches a
 * connection (its person, board, credential or public link: `changed`), the connection is paused
 * at once (nothing reaches it, nothing it sends is applied), then the connect decision is made
 * again: refused, it is closed with that decision's code (4401, 4403, 4404); admitted, it is
 * made read-only or writable as the new decision says (a raised role takes effect live too) and
 * resumed. Rechecks of one connection are coalesced: changes during a recheck cause one more.
 * A credential or link that expires closes its connections at that moment (one timer per
 * connection). Work happens only on changes, never per message or on a schedule.
 */
export class LiveRights {
  readonly #o: LiveRightsOptions;
  readonly #byConnection = new Map<SyncConnection, Tracked>();
  readonly #byKey = new Map<string, Set<Tracked>>();

  constructor(options: LiveRightsOptions) {
    this.#o = options;
  }

  /** Starts watching an admitted connection (after `RealtimeHub.attach`). */
  track(connection: SyncConnection, token: string, remoteAddress: string, admission: SyncAdmission): void {
    if (!connection.isOpen || this.#byConnection.has(connection)) return;
    const tracked: Tracked = {
      connection,
      token,
      remoteAddress,
      keys: keysOf(connection.boardId, admission.grant),
      expiresAtMs: admission.grant.expiresAtMs,
      timer: undefined,
      running: false,
      again: false,
    };
    this.#byConnection.set(connection, tracked);
    for (const key of tracked.keys) {
      let set = this.#byKey.get(key);
      if (set === undefined) this.#byKey.set(key, (set = new Set()));
      set.add(tracked);
    }
    this.#arm(tracked);
  }

  /** Stops watching a connection (its socket closed). Idempotent. */
  untrack(connection: SyncConnection): void {
    const tracked = this.#byConnection.get(connection);
    if (tracked === undefined) return;
    this.#byConnection.delete(connection);
    clearTimeout(tracked.timer);
    for (const key of tracked.keys) {
      const set = this.#byKey.get(key);
      set?.delete(tracked);
      if (set?.size === 0) this.#byKey.delete(key);
    }
  }

  /** Pauses, synchronously, the connections `change` touches and rechecks them; returns how many. */
  changed(change: AccessChange): number {
    const touched = this.#byKey.get(`${change.kind}:${change.subject}`);
    if (touched === undefined) return 0;
    for (const tracked of [...touched]) this.#recheck(tracked);
    return touched.size;
  }

  /** Connections being watched now. */
  get size(): number {
    return this.#byConnection.size;
  }

  /** Stops every expiry timer and forgets every connection (the server is closing them). */
  close(): void {
    for (const connection of [...this.#byConnection.keys()]) this.untrack(connection);
  }

  #recheck(tracked: Tracked): void {
    tracked.connection.pause();
    if (tracked.running) {
      tracked.again = true;
      return;
    }
    tracked.running = true;
    void this.#run(tracked);
  }

  async #run(tracked: Tracked): Promise<void> {
    const { connection } = tracked;
    try {
      let outcome: SyncAdmission | SyncRefusal;
      do {
        tracked.again = false;
        outcome = await this.#o.decide(tracked.token, connection.boardId, tracked.remoteAddress);
      } while (tracked.again && this.#byConnection.has(connection));
      if (this.#byConnection.get(connection) !== tracked || !connection.isOpen) return;
      if (isRefusal(outcome)) {
        this.#o.logger.info({ boardId: connection.boardId, userId: connection.actor.userId, code: outcome.code }, 'sync connection closed: its rights ended');
        this.untrack(connection);
        connection.close(outcome.code, outcome.reason);
        return;
      }
      if (outcome.readOnly !== connection.readOnly) {
        this.#o.logger.info({ boardId: connection.boardId, userId: connection.actor.userId, readOnly: outcome.readOnly }, 'sync connection rights changed');
      }
      connection.setReadOnly(outcome.readOnly);
      tracked.expiresAtMs = outcome.grant.expiresAtMs;
      // Admitted at or past the expiry (clocks that disagree by a second): look again a second later, not in a loop.
      this.#arm(tracked, 1000);
      connection.resume();
    } catch (error) {
      // Failing closed: the client reconnects and is decided anew.
      this.#o.logger.error({ err: error, boardId: connection.boardId }, 'Rechecking a sync connection failed');
      this.untrack(connection);
      connection.close(syncCloseCodes.internalError, 'Internal error');
    } finally {
      tracked.running = false;
    }
  }

  /** Sets the expiry timer: at `expiresAtMs` the connection is rechecked, which closes it 4401 once the credential is refused. */
  #arm(tracked: Tracked, pastExpiryDelayMs = 0): void {
    clearTimeout(tracked.timer);
    tracked.timer = undefined;
    if (tracked.expiresAtMs === null) return;
    const remainingMs = tracked.expiresAtMs - this.#o.clock.now();
    const delayMs = remainingMs > 0 ? Math.min(maxTimerMs, remainingMs) : pastExpiryDelayMs;
    tracked.timer = setTimeout(() => {
      tracked.timer = undefined;
      if (this.#byConnection.get(tracked.connection) === tracked) this.#recheck(tracked);
    }, delayMs);
    tracked.timer.unref();
  }
}

/** The index keys a connection is found by: `<AccessChange kind>:<subject>`. */
function keysOf(boardId: string, grant: SyncGrant): string[] {
  const keys = [`board:${boardId}`, grant.kind === 'public_link' ? `link:${grant.credentialId}` : `credential:${grant.credentialId}`];
  if (grant.userId !== null) keys.push(`user:${grant.userId}`);
  return keys;
}
