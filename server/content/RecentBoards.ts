import type { Clock, Collection, Database } from '../../storage/index.js';
import { sharedDurability } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { DomainEvents } from '../events/DomainEvents.js';

/** Minimum time between two `updatedAt` writes of one board caused by content changes, in ms. */
export const recentTouchIntervalMs = 5_000;

/** Boards remembered for throttling before the memory is cleared. */
const maxRemembered = 10_000;

/**
 * Keeps "recent boards" (`GET /boards/recent`, sorted by `updatedAt`) current: on every content
 * `board.changed` it sets the board's `updatedAt`/`updatedBy`, at most once per
 * `recentTouchIntervalMs` per board, without delaying the write that caused it.
 */
export class RecentBoards {
  readonly #boards: Collection<BoardRecord>;
  readonly #clock: Clock;
  readonly #logger: { warn(context: object, message: string): void };
  readonly #lastTouch = new Map<string, number>();

  constructor(db: Database, clock: Clock, logger: { warn(context: object, message: string): void }) {
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

  /** Marks the board as changed now by `actorId`, unless it was within the interval (fire and forget, failures logged). */
  touch(boardId: string, actorId: string): void {
    const now = this.#clock.now();
    if ((this.#lastTouch.get(boardId) ?? Number.NEGATIVE_INFINITY) + recentTouchIntervalMs > now) return;
    if (this.#lastTouch.size >= maxRemembered) this.#lastTouch.clear();
    this.#lastTouch.set(boardId, now);
    this.#boards
      // Not acknowledged to anyone: no fsync of its own on the event loop (see `InsertOptions`).
      .updateOne({ id: boardId }, { $set: { updatedAt: now, updatedBy: actorId } }, sharedDurability)
      .catch((error: unknown) => this.#logger.warn({ err: error, boardId }, 'could not touch board'));
  }
}
