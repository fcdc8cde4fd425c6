/**
 * The full-text search port: one entry per board title and one per item with text, replaced
 * board by board. Both adapters (sqlite FTS5, MongoDB text index) follow the same rules, held
 * by the storage contract suite:
 *
 * - a query is split into words (letters and digits; everything else separates words); a hit
 *   must contain every word (AND), as a whole word: no prefixes and no stemming, because a
 *   MongoDB text index matches whole words only and both stores must answer alike;
 * - matching ignores case and diacritics (`Café` = `cafe`);
 * - a query with no words (only punctuation, quotes, operators' symbols) finds nothing;
 *   operator words such as `AND`, `OR`, `NOT`, `NEAR` are plain words;
 * - only the first `maxQueryTerms` distinct words count;
 * - hits are ordered by relevance, then board id, then item id; pages are taken by offset.
 */

/** One item's text to index. */
export interface SearchItemInput {
  readonly itemId: string;
  readonly type: string;
  readonly text: string;
}

/** One page's size and start for one kind of hit. A `limit` of 0 skips the kind. */
export interface SearchPageSpec {
  limit: number;
  offset: number;
}

/** What to search: the boards to look in (nothing outside them is returned) and a page per kind. */
export interface SearchOptions {
  boardIds: readonly string[];
  boards: SearchPageSpec;
  items: SearchPageSpec;
}

/** A board whose title matches. */
export interface BoardSearchHit {
  boardId: string;
  /** The title as last indexed. */
  title: string;
}

/** An item whose text matches. */
export interface ItemSearchHit {
  boardId: string;
  itemId: string;
  type: string;
  /** Up to `snippetChars` characters of the item's text around the first matching word. */
  snippet: string;
}

/** Both kinds of hits, each with whether more follow the page. */
export interface SearchResults {
  boards: BoardSearchHit[];
  items: ItemSearchHit[];
  moreBoards: boolean;
  moreItems: boolean;
}

/** What the index holds for one board: its title (null when the board is not indexed) and its items' entries. */
export interface IndexedBoardEntries {
  title: string | null;
  items: SearchItemInput[];
}

/** Full-text index of board titles and item texts. */
export interface SearchIndex {
  /** Replaces everything indexed for the board with its title and items (items without text are skipped). */
  indexBoard(boardId: string, title: string, items: readonly SearchItemInput[]): Promise<void>;
  /**
   * Changes part of a board's entries: sets the title, replaces the entries of `items` (an item
   * whose text is blank is removed) and removes `removedItemIds`. Cheaper than `indexBoard` when
   * a few items of a large board changed.
   */
  updateBoard(boardId: string, title: string, items: readonly SearchItemInput[], removedItemIds: readonly string[]): Promise<void>;
  /** What is indexed for the board now, so a reindex after a restart writes only what differs. */
  indexedEntries(boardId: string): Promise<IndexedBoardEntries>;
  /** Forgets the board. */
  removeBoard(boardId: string): Promise<void>;
  /** Hits for `query` within `options.boardIds`; see the rules above. */
  search(query: string, options: SearchOptions): Promise<SearchResults>;
}
