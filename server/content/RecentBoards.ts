import type { Clock, Collection, Database } from '../../storage/index.js';
import { sharedDurability } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import { RecentMap } from '../RecentMap.js';

/** Minimum time between two `updatedAt` writes of one board caused by content changes, in ms. */
export const recentTouchIntervalMs = 5_000;

/**
 * Keeps "recent boards" (`GET /boards/recent`, sorted by `updatedAt`) current: on every content
 * `board.changed` it sets the board's `updatedAt`/`updatedBy`, at most once per
 * `recentTouchIntervalMs` per board, without delaying the write that caused it. The boards
 * touched in one event-loop turn are written together at its end, in one commit where the store
 * offers it (`Database.batch`): with live edits on hundreds of boards, one commit per turn rather
 * than one per board.
 */
export class RecentBoards {
  readonly #db: Database;
  readonly #boards: Collection<BoardRecord>;
  readonly #clock: Clock;
  readonly #logger: { warn(context: object, message: string): void };
  /** When each board was last touched, while that still throttles its next touch (an interval or two). */
  readonly #lastTouch = new RecentMap<string, number>(recentTouchIntervalMs);
  /** Touches of this turn, by board: when and by whom. */
  #due = new Map<string, { at: number; actorId: string }>();

  constructor(db: Database, clock: Clock, logger: { warn(context: object, message: string): void }) {
    this.#db = db;
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#clock = clock;
    this.#logger = logger;
  }

  /** Subscribes to `board.changed`; returns the unsubscriber. */
  subscribe(events: DomainEvents): () => void {
    return events.on('board.changed', (event) => {
      if (event.kind === 'content') this.touch(event.boardId, event.actor.userId);
    });
  }

  /** Marks the board as changed now by `actorId`, unless it was within the interval (fire and forget at the end of the turn, failures logged). */
  touch(boardId: string, actorId: string): void {
    const now = this.#clock.now();
    const last = this.#lastTouch.get(boardId);
    if (last !== undefined && last + recentTouchIntervalMs > now) return;
    this.#lastTouch.set(boardId, now);
    if (this.#due.size === 0) setImmediate(() => this.#write());
    this.#due.set(boardId, { at: now, actorId });
  }

  #write(): void {
    const due = this.#due;
    this.#due = new Map();
    const writes = (): void => {
      for (const [boardId, { at, actorId }] of due) {
        this.#boards
          // Not acknowledged to anyone: no fsync of its own on the event loop (see `InsertOptions`).
          .updateOne({ id: boardId }, { $set: { updatedAt: at, updatedBy: actorId } }, sharedDurability)
          .catch((error: unknown) => this.#logger.warn({ err: error, boardId }, 'could not touch board'));
      }
    };
    if (this.#db.batch === undefined) writes();
    else this.#db.batch(writes);
  }
}
