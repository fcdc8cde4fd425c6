import { setImmediate as nextTurn } from 'node:timers/promises';
import type * as Y from 'yjs';
import { boardIndex, searchableItem, searchableOf } from '../../crdt/index.js';
import type { ItemView, Logger, SearchableItem } from '../../crdt/index.js';
import type { Collection, Database, SearchIndex } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { IndexLag } from './IndexLag.js';
import { eachInSlices } from '../eventLoopSlices.js';
import { fullPassMsPerTurn, hashOf, trackItems } from './itemTracking.js';
import type { IndexedBoard, Tracking } from './itemTracking.js';
import type { IndexLagStats } from './IndexLag.js';

/**
 * Boards whose last indexed content is remembered (a hash per item) and whose changes are
 * tracked for incremental reindexes; others are compared against the stored index again. Above
 * the number of boards a busy process edits at once, so reindexes stay incremental under load.
 */
const maxRememberedBoards = 5000;

/**
 * Items written to the index per transaction and event-loop turn: the first index of a freshly
 * duplicated 10k-item board is twenty short writes rather than one of about 70 ms.
 */
const itemsPerWrite = 500;

/** What a copied board is indexed from: an item as copied (its REST view). */
export type CopiedItem = Pick<ItemView, 'id' | 'type' | 'data'>;

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
 * `delayMs` later; changes arriving before it runs join it, so a board being edited without
 * pause is still reindexed every `delayMs`. Reindexes of one board never overlap.
 *
 * The first reindex of a loaded document reads its items' text a few ms per event-loop turn
 * and compares it with what the index already stores (after a restart most of it is
 * unchanged), writing only the difference. From then on the board index tells which items each
 * transaction may have changed the type or data of, local or remote, and a reindex reads exactly
 * those: moves and resizes (most of a whiteboard's edits) read and write nothing. Failures are
 * logged; the next change retries.
 */
export class SearchIndexer {
  readonly #index: SearchIndex;
  readonly #boards: Collection<BoardRecord>;
  readonly #open: (boardId: string) => Promise<Y.Doc>;
  readonly #delayMs: number;
  readonly #logger: Logger;
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #running = new Map<string, Promise<void>>();
  /** Boards with a content change since their last reindex started; the others changed only their record (the title is all search reads of it). */
  readonly #contentChanged = new Set<string>();
  /** Boards copied whole since their last reindex, with the items they were copied with. */
  readonly #copies = new Map<string, readonly CopiedItem[]>();
  /** What was last indexed per board while its document is loaded (and of a copy until it is), most recently used last; bounded. */
  readonly #indexed = new Map<string, IndexedBoard>();
  readonly #lag = new IndexLag();
  #closed = false;

  constructor(db: Database, options: SearchIndexerOptions) {
    this.#index = db.search;
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#open = options.openDocument;
    this.#delayMs = options.delayMs ?? 500;
    this.#logger = options.logger;
  }

  /**
   * Schedules a reindex of the board; cheap to call on every change. A `record` change (title,
   * place, lock) rewrites the title alone, without opening the document; a `content` change, or
   * both, reads the items as well.
   */
  boardChanged(boardId: string, kind: 'content' | 'record' = 'content'): void {
    if (this.#closed) return;
    this.#lag.changed(boardId);
    if (kind === 'content') this.#contentChanged.add(boardId);
    if (this.#timers.has(boardId)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(boardId);
      void this.#run(boardId);
    }, this.#delayMs);
    timer.unref();
    this.#timers.set(boardId, timer);
  }

  /**
   * Indexes a board copied whole from `items` (the copy's items as copied) with its next reindex,
   * `delayMs` later like any change, without opening its document: a duplicated 10k-item board
   * stays unloaded until someone uses it. A content change of the copy meanwhile is compared
   * with the loaded document right after.
   */
  boardCopied(boardId: string, items: readonly CopiedItem[]): void {
    if (this.#closed) return;
    this.#copies.set(boardId, items);
    this.boardChanged(boardId, 'record');
  }

  /** How far behind the index is (for metrics). */
  lag(): IndexLagStats {
    return this.#lag.read();
  }

  /**
   * What the indexer keeps between reindexes: the boards it remembers the title of (those loaded,
   * and copies not loaded yet; bounded), and the item hashes of loaded documents (none of an
   * unloaded board's).
   */
  memory(): { boards: number; itemHashes: number } {
    let itemHashes = 0;
    for (const state of this.#indexed.values()) itemHashes += state.tracking?.items.size ?? 0;
    return { boards: this.#indexed.size, itemHashes };
  }

  /** Forgets the board now (deleted for good), cancelling a scheduled reindex. */
  async boardRemoved(boardId: string): Promise<void> {
    clearTimeout(this.#timers.get(boardId));
    this.#timers.delete(boardId);
    this.#contentChanged.delete(boardId);
    this.#copies.delete(boardId);
    await this.#running.get(boardId);
    this.#lag.forget(boardId);
    this.#forget(boardId);
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
    this.#lag.forget();
    for (const boardId of [...this.#indexed.keys()]) this.#forget(boardId);
  }

  /** Reindexes one board after any reindex of it in progress; never rejects. */
  #run(boardId: string): Promise<void> {
    const previous = this.#running.get(boardId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        this.#lag.started(boardId);
        await this.#reindex(boardId);
        this.#lag.finished(boardId, true);
      })
      .catch((error: unknown) => {
        this.#lag.finished(boardId, false);
        this.#logger.error({ err: error, boardId }, 'search reindex failed');
      });
    this.#running.set(boardId, next);
    void next.then(() => {
      if (this.#running.get(boardId) === next) this.#running.delete(boardId);
    });
    return next;
  }

  async #reindex(boardId: string): Promise<void> {
    // Taken as the reindex starts: a content change arriving while it runs schedules the next one.
    const content = this.#contentChanged.delete(boardId);
    const copied = this.#copies.get(boardId);
    this.#copies.delete(boardId);
    const board = await this.#boards.get(boardId);
    if (!board) {
      this.#forget(boardId);
      await this.#index.removeBoard(boardId);
      return;
    }
    if (copied !== undefined) await this.#indexCopy(boardId, board.title, copied);
    if (!content) {
      // The items are as the last content reindex left them: a cold 10k board is not loaded for a rename.
      const known = this.#indexed.get(boardId);
      if (known?.title !== board.title) await this.#index.updateBoard(boardId, board.title, [], []);
      if (known !== undefined) known.title = board.title;
      return;
    }
    // Boards in trash stay indexed (search hides them), so a restore needs no reindex.
    const doc = await this.#open(boardId);
    const known = this.#indexed.get(boardId);
    let state: IndexedBoard;
    if (known !== undefined && known.tracking?.doc === doc) {
      await this.#writeTouched(boardId, board.title, doc, known);
      state = known;
    } else {
      this.#forget(boardId);
      state = await this.#compareWithStored(boardId, board.title, doc);
    }
    this.#remember(boardId, state);
  }

  /** Keeps what was indexed for the board, most recently used last, forgetting the least recently used past the bound. */
  #remember(boardId: string, state: IndexedBoard): void {
    this.#indexed.delete(boardId);
    this.#indexed.set(boardId, state);
    if (this.#indexed.size > maxRememberedBoards) this.#forget(this.#indexed.keys().next().value as string);
  }

  /** A copied board's first index, from the items it was copied with (read a few ms per event-loop turn). */
  async #indexCopy(boardId: string, title: string, items: readonly CopiedItem[]): Promise<void> {
    this.#forget(boardId);
    const searchable: SearchableItem[] = [];
    await eachInSlices(
      items,
      (item) => {
        const entry = searchableOf(item);
        if (entry !== null) searchable.push(entry);
      },
      fullPassMsPerTurn,
    );
    await this.#write(boardId, title, searchable, [], true);
    // The title is known (a record change need not rewrite it); the items are compared once the document is loaded.
    this.#remember(boardId, { title, tracking: null });
  }

  /** The first reindex of a loaded document: its text against the stored entries, writing only what differs. */
  async #compareWithStored(boardId: string, title: string, doc: Y.Doc): Promise<IndexedBoard> {
    const state: IndexedBoard = { title, tracking: null };
    // Tracked before reading, so a change made between the slices below is read again next time.
    // Once the document is unloaded its title is forgotten too: a record change then rewrites it (one small write).
    const tracking = trackItems(doc, state, () => {
      if (this.#indexed.get(boardId) === state) this.#indexed.delete(boardId);
    });
    state.tracking = tracking;
    const items = tracking.items;
    try {
      const stored = await this.#index.indexedEntries(boardId);
      // Compared by text as read, not hashed: hashing 10k stored texts would be one long turn of its own.
      const storedItems = new Map(stored.items.map((item) => [item.itemId, item]));
      const ids = boardIndex(doc).itemIds();
      const changed: SearchableItem[] = [];
      await eachInSlices(
        ids,
        (id) => {
          const item = searchableItem(doc, id);
          if (item === null) return;
          items.set(id, hashOf(item));
          const before = storedItems.get(id);
          if (before?.type !== item.type || before.text !== item.text) changed.push(item);
        },
        fullPassMsPerTurn,
      );
      const removed = [...storedItems.keys()].filter((id) => !items.has(id));
      if (stored.title === null) await this.#write(boardId, title, changed, [], true);
      else if (changed.length > 0 || removed.length > 0 || stored.title !== title) {
        await this.#write(boardId, title, changed, removed, false);
      }
      return state;
    } catch (error) {
      tracking.stop();
      throw error;
    }
  }

  /**
   * Writes a board's title, `changed` items and `removed` ids in slices of `itemsPerWrite`, one
   * transaction and one event-loop turn each (`fresh`: the board has no entries yet, the first
   * slice replaces whatever is there). A search between two slices sees part of the change, as it
   * would a moment before; a crash between them leaves the rest to the next reindex, which
   * compares against what is stored.
   */
  async #write(boardId: string, title: string, changed: readonly SearchableItem[], removed: readonly string[], fresh: boolean): Promise<void> {
    let first = true;
    const slice = async (items: readonly SearchableItem[], gone: readonly string[]): Promise<void> => {
      if (!first) await nextTurn();
      if (first && fresh) await this.#index.indexBoard(boardId, title, items);
      else await this.#index.updateBoard(boardId, title, items, gone);
      first = false;
    };
    let r = 0;
    let c = 0;
    do {
      const gone = removed.slice(r, r + itemsPerWrite);
      const items = changed.slice(c, c + itemsPerWrite - gone.length);
      r += gone.length;
      c += items.length;
      await slice(items, gone);
    } while (r < removed.length || c < changed.length);
  }

  /** A later reindex: reads and writes only the items touched since the last one. */
  async #writeTouched(boardId: string, title: string, doc: Y.Doc, state: IndexedBoard): Promise<void> {
    const tracking = state.tracking as Tracking;
    const touched = tracking.touched;
    tracking.touched = new Set();
    const changed: SearchableItem[] = [];
    const hashes = new Map<string, number | null>();
    for (const id of touched) {
      const item = searchableItem(doc, id);
      const before = tracking.items.get(id);
      if (item === null) {
        if (before !== undefined) hashes.set(id, null);
        continue;
      }
      const hash = hashOf(item);
      if (before !== hash) {
        changed.push(item);
        hashes.set(id, hash);
      }
    }
    const removed = [...hashes].flatMap(([id, hash]) => (hash === null ? [id] : []));
    if (changed.length > 0 || removed.length > 0 || state.title !== title) {
      try {
        await this.#write(boardId, title, changed, removed, false);
      } catch (error) {
        // Read again by the next reindex.
        for (const id of touched) tracking.touched.add(id);
        throw error;
      }
    }
    state.title = title;
    for (const [id, hash] of hashes) {
      if (hash === null) tracking.items.delete(id);
      else tracking.items.set(id, hash);
    }
  }

  #forget(boardId: string): void {
    this.#indexed.get(boardId)?.tracking?.stop();
    this.#indexed.delete(boardId);
  }
}
