import type { Clock, Collection, Database, FieldValue, Filter } from '../../storage/index.js';
import { DuplicateKeyError, TimeOrderedIds, sharedDurability } from '../../storage/index.js';
import type { ActivityRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { Page } from '../pagination.js';
import { decodeCursor, encodeCursor } from '../pagination.js';

/** What to record: one change made to a board. */
export interface ActivityInput {
  boardId: string;
  /** The person who made the change; null for the system. */
  actorId: string | null;
  /** `<subject>.<verb>`, e.g. `board.renamed`, `item.created`, `items.batch`. */
  action: string;
  itemId?: string | null;
  data?: Record<string, FieldValue>;
  /** The change recorded (a domain event's `changeKey`): a second row for it is not written. */
  changeKey?: string | undefined;
}

/** The activity feed of every board: one row per change made through the API (the items layer records its changes here too). */
export class ActivityService {
  readonly #rows: Collection<ActivityRecord>;
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #ids = new TimeOrderedIds('act_');

  constructor(db: Database, clock: Clock) {
    this.#db = db;
    this.#rows = db.collection<ActivityRecord>(boardCollections.activity);
    this.#clock = clock;
  }

  /**
   * Appends a row to a board's feed; resolves once it survives power loss. The row's commit
   * does not fsync on the event loop: it joins the document log's group-committed fsync
   * (`documents.sync()`, off the loop), shared with every write waiting at that moment.
   */
  async record(input: ActivityInput): Promise<ActivityRecord> {
    const row = await this.append(input);
    await this.#db.documents.sync();
    return row;
  }

  /**
   * Appends a row that survives a crash of the process at once and power loss with the next
   * `documents.sync()`, which the caller awaits before it answers (a content write that syncs
   * once for its update, its activity row and its webhook rows). With `changeKey`, a change
   * recorded already keeps its row, which is returned.
   */
  async append(input: ActivityInput): Promise<ActivityRecord> {
    const now = this.#clock.now();
    const row: ActivityRecord = {
      id: this.#ids.next(now),
      boardId: input.boardId,
      actorId: input.actorId,
      action: input.action,
      itemId: input.itemId ?? null,
      data: input.data ?? {},
      createdAt: now,
    };
    if (input.changeKey !== undefined) row.changeKey = input.changeKey;
    try {
      await this.#rows.insert(row, sharedDurability);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError) || input.changeKey === undefined) throw error;
      return (await this.#rows.findOne({ changeKey: input.changeKey })) ?? row;
    }
    return row;
  }

  /** A page of a board's feed, newest first. Throws 422 naming `cursor` for a foreign cursor. */
  async list(boardId: string, options: { limit: number; cursor?: string | undefined }): Promise<Page<ActivityRecord>> {
    const filter: Filter<ActivityRecord> = { boardId };
    if (options.cursor) filter.id = { $lt: decodeCursor(options.cursor).id };
    const rows = await this.#rows.find(filter, { sort: [['id', -1]], limit: options.limit + 1 });
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      data: page,
      nextCursor: rows.length > options.limit && last ? encodeCursor({ k: last.createdAt, id: last.id }) : null,
    };
  }

  /** Removes a board's whole feed (when the board is deleted for good). */
  async deleteBoard(boardId: string): Promise<number> {
    return this.#rows.deleteMany({ boardId });
  }

}
