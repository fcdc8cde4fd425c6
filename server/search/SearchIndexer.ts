import { searchableText } from '../../crdt/index.js';
import type { Logger } from '../../crdt/index.js';
import type * as Y from 'yjs';
import type { Collection, Database, SearchIndex } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';

/**
 * Boards whose last indexed content is remembered (a hash per item) for incremental reindexes;
 * others are reindexed whole. Above the number of boards a busy process edits at once, so
 * reindexes stay incremental under load.
 */
const maxRememberedBoards = 5000;

/** What was last written to the index for one board: its title and a hash of each item's type and text. */
interface IndexedBoard {
  title: string;
  items: Map<string, number>;
}

/** 53-bit string hash (cyrb53): collisions are negligible for telling changed item text apart. */
function hashText(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

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
 * only the items whose text changed, and nothing at all when neither the title nor any text
 * changed (moves and resizes, most of a whiteboard's edits). Failures are logged; the next
 * change retries.
 */
export class SearchIndexer {
  readonly #index: SearchIndex;
  readonly #boards: Collection<BoardRecord>;
  readonly #open: (boardId: string) => Promise<Y.Doc>;
  readonly #delayMs: number;
  readonly #logger: Logger;
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #running = new Map<string, Promise<void>>();
  /** What was last indexed per board, most recently used last; bounded. */
  readonly #indexed = new Map<string, IndexedBoard>();
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
    const now = new Map(items.map((item) => [item.itemId, hashText(`${item.type}\u0000${item.text}`)]));
    const before = this.#indexed.get(boardId);
    this.#indexed.delete(boardId);
    if (before === undefined) {
      await this.#index.indexBoard(boardId, board.title, items);
    } else {
      // Only what changed since the last reindex of this board in this process is written.
      const changed = items.filter((item) => before.items.get(item.itemId) !== now.get(item.itemId));
      const removed = [...before.items.keys()].filter((itemId) => !now.has(itemId));
      if (changed.length > 0 || removed.length > 0 || before.title !== board.title) {
        await this.#index.updateBoard(boardId, board.title, changed, removed);
      }
    }
    this.#indexed.set(boardId, { title: board.title, items: now });
    if (this.#indexed.size > maxRememberedBoards) this.#indexed.delete(this.#indexed.keys().next().value as string);
  }
}
