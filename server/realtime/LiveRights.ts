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
  /** The index entries it is in; connections found by the same key share the entry and its key string. */
  readonly groups: readonly KeyGroup[];
  expiresAtMs: number | null;
  timer: NodeJS.Timeout | undefined;
  running: boolean;
  /** A change came while a recheck ran: decide again before acting. */
  again: boolean;
}

/** The connections found by one index key (`keysOf`). */
interface KeyGroup {
  readonly key: string;
  readonly members: Set<Tracked>;
}

/** Node timers hold at most 2^31-1 ms (about 24.8 days); a later expiry is re-armed on the way. */
const maxTimerMs = 2 ** 31 - 1;

/**
 * Keeps open live-sync connections to the rights they rest on. When a change touches a
 * connection (its person, board, the board's workspace plan, credential or public link:
 * `changed`), the connection is paused
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
  readonly #byKey = new Map<string, KeyGroup>();
  /** Changes counted so far: a connect decision notes the count when it starts (`begin`). */
  #changeCount = 0;
  /** Connect decisions under way, by the change count at their start (how many started then). */
  readonly #deciding = new Map<number, number>();
  /** While decisions are under way: the change count of the last change of each key. */
  readonly #recent = new Map<string, number>();

  constructor(options: LiveRightsOptions) {
    this.#o = options;
  }

  /**
   * Notes that a connect decision starts; returns its mark, which goes to `track` (admitted) or
   * `end` (refused, failed, or the socket closed). A change that comes while the decision reads
   * the store may not be in what it read: `track` rechecks a connection such a change touches.
   */
  begin(): number {
    const mark = this.#changeCount;
    this.#deciding.set(mark, (this.#deciding.get(mark) ?? 0) + 1);
    return mark;
  }

  /** Ends a connect decision started with `begin` that admitted no connection. */
  end(mark: number): void {
    const count = this.#deciding.get(mark) ?? 0;
    if (count <= 1) this.#deciding.delete(mark);
    else this.#deciding.set(mark, count - 1);
    if (this.#deciding.size === 0) this.#recent.clear();
  }

  /** Starts watching a connection admitted by the decision `mark` (`begin`), after `RealtimeHub.attach`. */
  track(connection: SyncConnection, token: string, remoteAddress: string, admission: SyncAdmission, mark: number): void {
    const keys = keysOf(connection.boardId, admission.grant);
    const missed = keys.some((key) => (this.#recent.get(key) ?? -1) > mark);
    this.end(mark);
    if (!connection.isOpen || this.#byConnection.has(connection)) return;
    const tracked: Tracked = {
      connection,
      // A copy: the token read from the query is a slice of the request URL, which it would keep alive as long as the socket.
      token: Buffer.from(token).toString(),
      remoteAddress,
      groups: keys.map((key) => this.#groupOf(key)),
      expiresAtMs: admission.grant.expiresAtMs,
      timer: undefined,
      running: false,
      again: false,
    };
    this.#byConnection.set(connection, tracked);
    for (const group of tracked.groups) group.members.add(tracked);
    this.#arm(tracked);
    if (missed) this.#recheck(tracked);
  }

  /** Stops watching a connection (its socket closed). Idempotent. */
  untrack(connection: SyncConnection): void {
    const tracked = this.#byConnection.get(connection);
    if (tracked === undefined) return;
    this.#byConnection.delete(connection);
    clearTimeout(tracked.timer);
    for (const group of tracked.groups) {
      group.members.delete(tracked);
      if (group.members.size === 0 && this.#byKey.get(group.key) === group) this.#byKey.delete(group.key);
    }
  }

  /** Pauses, synchronously, the connections `change` touches and rechecks them; returns how many. */
  changed(change: AccessChange): number {
    const key = `${change.kind}:${change.subject}`;
    this.#changeCount += 1;
    if (this.#deciding.size > 0) this.#recent.set(key, this.#changeCount);
    const touched = this.#byKey.get(key)?.members;
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

  #groupOf(key: string): KeyGroup {
    let group = this.#byKey.get(key);
    if (group === undefined) this.#byKey.set(key, (group = { key, members: new Set() }));
    return group;
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
  const keys = [`board:${boardId}`, `workspace:${grant.workspaceId}`, grant.kind === 'public_link' ? `link:${grant.credentialId}` : `credential:${grant.credentialId}`];
  if (grant.userId !== null) keys.push(`user:${grant.userId}`);
  return keys;
}
