import { searchableText } from '../../crdt/index.js';
import type { Logger } from '../../crdt/index.js';
import type * as Y from 'yjs';
import type { Collection, Database, SearchIndex } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';

/** Boards whose last indexed content is remembered for incremental reindexes; others are reindexed whole. */
const maxRememberedBoards = 200;

/** Options of `SearchIndexer`. */
export interface SearchIndexerOptions {
  /** Opens a board's document (the document registry's `open`). */
  openDocument: (boardId: string) => Promise<Y.Doc>;
  /** How long after the first change a board is reindexed, in ms. Default 500: a burst of edits costs one reindex. */
  delayMs?: number;
  logger: Logger;
}

/**
 * Keeps the search index in step with boards. A change schedules one reindex of the board
 * `delayMs` later; changes arriving before it runs join it (it reads the latest state), so a
 * board being edited without pause is still reindexed every `delayMs`. Reindexes of one board
 * never overlap. The first reindex of a board in a process writes it whole; later ones write
 * only the items whose text changed. Failures are logged; the next change retries.
 */
export class SearchIndexer {
  readonly #index: SearchIndex;
  readonly #boards: Collection<BoardRecord>;
  readonly #open: (boardId: string) => Promise<Y.Doc>;
  readonly #delayMs: number;
  readonly #logger: Logger;
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #running = new Map<string, Promise<void>>();
  /** What was last indexed per board (item id -> type + text), most recently used last; bounded. */
  readonly #indexed = new Map<string, Map<string, string>>();
  #closed = false;

  constructor(db: Database, options: SearchIndexerOptions) {
    this.#index = db.search;
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#open = options.openDocument;
    this.#delayMs = options.delayMs ?? 500;
    this.#logger = options.logger;
  }

  /** Schedules a reindex of the board (its title and items); cheap to call on every change. */
  boardChanged(boardId: string): void {
    if (this.#closed || this.#timers.has(boardId)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(boardId);
      void this.#run(boardId);
    }, this.#delayMs);
    timer.unref();
    this.#timers.set(boardId, timer);
  }

  /** Forgets the board now (deleted for good), cancelling a scheduled reindex. */
  async boardRemoved(boardId: string): Promise<void> {
    clearTimeout(this.#timers.get(boardId));
    this.#timers.delete(boardId);
    await this.#running.get(boardId);
    this.#indexed.delete(boardId);
    await this.#index.removeBoard(boardId);
  }

  /** Runs every scheduled reindex now and waits for all reindexes in progress. */
  async flush(): Promise<void> {
    for (const [boardId, timer] of this.#timers) {
      clearTimeout(timer);
      this.#timers.delete(boardId);
      void this.#run(boardId);
    }
    await Promise.all(this.#running.values());
  }

  /** Runs what is scheduled, then ignores later changes. Call before the document registry closes. */
  async close(): Promise<void> {
    await this.flush();
    this.#closed = true;
  }

  /** Reindexes one board after any reindex of it in progress; never rejects. */
  #run(boardId: string): Promise<void> {
    const previous = this.#running.get(boardId) ?? Promise.resolve();
    const next = previous.then(() => this.#reindex(boardId)).catch((error: unknown) => {
      this.#logger.error({ err: error, boardId }, 'search reindex failed');
    });
    this.#running.set(boardId, next);
    void next.then(() => {
      if (this.#running.get(boardId) === next) this.#running.delete(boardId);
    });
    return next;
  }

  async #reindex(boardId: string): Promise<void> {
    const board = await this.#boards.get(boardId);
    if (!board) {
      this.#indexed.delete(boardId);
      await this.#index.removeBoard(boardId);
      return;
    }
    // Boards in trash stay indexed (search hides them), so a restore needs no reindex.
    const doc = await this.#open(boardId);
    const items = searchableText(doc);
    const now = new Map(items.map((item) => [item.itemId, `${item.type}\u0000${item.text}`]));
    const before = this.#indexed.get(boardId);
    this.#indexed.delete(boardId);
    if (before === undefined) {
      await this.#index.indexBoard(boardId, board.title, items);
    } else {
      // Only what changed since the last reindex of this board in this process is written.
      const changed = items.filter((item) => before.get(item.itemId) !== now.get(item.itemId));
      const removed = [...before.keys()].filter((itemId) => !now.has(itemId));
      await this.#index.updateBoard(boardId, board.title, changed, removed);
    }
    this.#indexed.set(boardId, now);
    if (this.#indexed.size > maxRememberedBoards) this.#indexed.delete(this.#indexed.keys().next().value as string);
  }
}
