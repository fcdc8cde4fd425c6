import type BetterSqlite3 from 'better-sqlite3';
import type { IndexedBoardEntries, ItemSearchHit, SearchIndex, SearchItemInput, SearchOptions, SearchPageSpec, SearchResults } from '../SearchIndex.js';
import { queryTerms, snippetOf } from '../searchText.js';
import { commitShared } from './WalSync.js';
import type { WalSync } from './WalSync.js';

/** Entries read per event-loop turn by `indexedEntries`. */
const entriesPageSize = 1000;

/**
 * Pages of FTS5 segment merging done in each write transaction (see `SqliteSearchIndex`): a
 * few milliseconds at most, and, over a board's reindexes, as much merging as FTS5's own
 * automerge would do.
 */
const mergePagesPerWrite = 16;

/** A stored item entry as `indexedEntries` reads it. */
interface ItemEntryRow {
  itemId: string;
  type: string;
  text: string;
}

interface EntryRow {
  boardId: string;
  itemId: string | null;
  type: string;
  text: string;
}

/**
 * The search index in the store's own SQLite file: entries in a plain table (indexed by board,
 * so replacing a board's entries is cheap) and an external-content FTS5 table over their text,
 * kept in step by triggers. The `unicode61` tokenizer with `remove_diacritics 2` folds case and
 * diacritics; queries are built from whole words, each a quoted FTS5 string, so user input
 * never reaches the FTS5 query syntax (see storage/SearchIndex.ts for the rules).
 *
 * FTS5's automatic merging is off: it merges in bursts of 64 pages per level every 64 leaf pages
 * written, inside whichever write crosses the mark, so a one-row write now and then held the
 * event loop several times as long as the others (up to 4–6 ms on a 10k-entry index, growing
 * with the index). Each write transaction instead merges `mergePagesPerWrite` pages where a
 * level has enough segments to merge (FTS5's `merge` command), so the work is spread over the
 * writes (the longest one-row write on the same index: 2 ms).
 *
 * Writes commit without an fsync on the event loop (`commitShared`): the index is derived from
 * the boards, so it never holds up their writes. A write survives a crash of the process at once
 * and power loss once the WAL's background fsync ran (tens of ms); a board whose last reindex
 * was lost is reindexed at its next change, or by `boards admin reindex`.
 */
export class SqliteSearchIndex implements SearchIndex {
  readonly #db: BetterSqlite3.Database;
  readonly #insert: BetterSqlite3.Statement<[string, string | null, string, string]>;
  readonly #deleteBoard: BetterSqlite3.Statement<[string]>;
  readonly #deleteItem: BetterSqlite3.Statement<[string, string]>;
  readonly #deleteTitle: BetterSqlite3.Statement<[string]>;
  readonly #titleOf: BetterSqlite3.Statement<[string], { text: string }>;
  readonly #entriesFirst: BetterSqlite3.Statement<[string, number], ItemEntryRow>;
  readonly #entriesAfter: BetterSqlite3.Statement<[string, string, number], ItemEntryRow>;
  readonly #find: { title: BetterSqlite3.Statement; item: BetterSqlite3.Statement };

  readonly #walSync: WalSync | undefined;
  readonly #merge: BetterSqlite3.Statement<[]>;

  /** `walSync`: the fsync of the WAL of `db`, which then commits with `synchronous = NORMAL` (none in memory or for a `normal` store). */
  constructor(db: BetterSqlite3.Database, walSync?: WalSync) {
    this.#db = db;
    this.#walSync = walSync;
    db.exec(`
      CREATE TABLE IF NOT EXISTS search_entries (
        rowid INTEGER PRIMARY KEY,
        board_id TEXT NOT NULL,
        item_id TEXT,
        type TEXT NOT NULL,
        text TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS search_entries_board ON search_entries (board_id, item_id);
      CREATE VIRTUAL TABLE IF NOT EXISTS search_entries_fts USING fts5(
        text, content = 'search_entries', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER IF NOT EXISTS search_entries_ai AFTER INSERT ON search_entries BEGIN
        INSERT INTO search_entries_fts (rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER IF NOT EXISTS search_entries_ad AFTER DELETE ON search_entries BEGIN
        INSERT INTO search_entries_fts (search_entries_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
    `);
    // Kept in the table's own config (idempotent).
    db.prepare("INSERT INTO search_entries_fts (search_entries_fts, rank) VALUES ('automerge', 0)").run();
    this.#merge = db.prepare(`INSERT INTO search_entries_fts (search_entries_fts, rank) VALUES ('merge', ${mergePagesPerWrite})`);
    this.#insert = db.prepare('INSERT INTO search_entries (board_id, item_id, type, text) VALUES (?, ?, ?, ?)');
    this.#deleteBoard = db.prepare('DELETE FROM search_entries WHERE board_id = ?');
    this.#deleteItem = db.prepare('DELETE FROM search_entries WHERE board_id = ? AND item_id = ?');
    this.#deleteTitle = db.prepare('DELETE FROM search_entries WHERE board_id = ? AND item_id IS NULL');
    this.#titleOf = db.prepare('SELECT text FROM search_entries WHERE board_id = ? AND item_id IS NULL');
    this.#entriesFirst = db.prepare(
      'SELECT item_id AS itemId, type, text FROM search_entries WHERE board_id = ? AND item_id IS NOT NULL ORDER BY item_id LIMIT ?',
    );
    this.#entriesAfter = db.prepare(
      'SELECT item_id AS itemId, type, text FROM search_entries WHERE board_id = ? AND item_id > ? ORDER BY item_id LIMIT ?',
    );
    const select = (kind: string): BetterSqlite3.Statement =>
      db.prepare(`
        SELECT e.board_id AS boardId, e.item_id AS itemId, e.type AS type, e.text AS text
        FROM search_entries_fts f JOIN search_entries e ON e.rowid = f.rowid
        WHERE search_entries_fts MATCH ? AND ${kind}
          AND e.board_id IN (SELECT value FROM json_each(?))
        ORDER BY f.rank, e.board_id, e.item_id
        LIMIT ? OFFSET ?`);
    this.#find = { title: select('e.item_id IS NULL'), item: select('e.item_id IS NOT NULL') };
  }

  async indexBoard(boardId: string, title: string, items: readonly SearchItemInput[]): Promise<void> {
    this.#commit(() => {
      this.#deleteBoard.run(boardId);
      this.#insert.run(boardId, null, 'board', title);
      for (const item of items) {
        if (item.text.trim() !== '') this.#insert.run(boardId, item.itemId, item.type, item.text);
      }
    });
  }

  async updateBoard(boardId: string, title: string, items: readonly SearchItemInput[], removedItemIds: readonly string[]): Promise<void> {
    this.#commit(() => {
      this.#deleteTitle.run(boardId);
      this.#insert.run(boardId, null, 'board', title);
      for (const itemId of removedItemIds) this.#deleteItem.run(boardId, itemId);
      for (const item of items) {
        this.#deleteItem.run(boardId, item.itemId);
        if (item.text.trim() !== '') this.#insert.run(boardId, item.itemId, item.type, item.text);
      }
    });
  }

  /** Runs `write` and a step of segment merging as one transaction, committed without an fsync on the event loop. */
  #commit(write: () => void): void {
    commitShared(this.#walSync, () =>
      this.#db.transaction(() => {
        write();
        this.#merge.run();
      })(),
    );
  }

  /**
   * Read in pages of `entriesPageSize` in item-id order (the board index), one page per
   * event-loop turn, so a board of many thousand entries never holds the loop for one long read.
   */
  async indexedEntries(boardId: string): Promise<IndexedBoardEntries> {
    const out: IndexedBoardEntries = { title: this.#titleOf.get(boardId)?.text ?? null, items: [] };
    let after: string | null = null;
    for (;;) {
      const page: ItemEntryRow[] = after === null ? this.#entriesFirst.all(boardId, entriesPageSize) : this.#entriesAfter.all(boardId, after, entriesPageSize);
      out.items.push(...page);
      const last = page.at(-1);
      if (last === undefined || page.length < entriesPageSize) return out;
      after = last.itemId;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  async removeBoard(boardId: string): Promise<void> {
    this.#commit(() => this.#deleteBoard.run(boardId));
  }

  async search(query: string, options: SearchOptions): Promise<SearchResults> {
    const terms = queryTerms(query);
    if (terms.length === 0 || options.boardIds.length === 0) {
      return { boards: [], items: [], moreBoards: false, moreItems: false };
    }
    // Words hold letters and digits only, so quoting each one makes it a plain FTS5 string.
    const match = terms.map((term) => `"${term}"`).join(' ');
    const boardIds = JSON.stringify(options.boardIds);
    const run = (statement: BetterSqlite3.Statement, page: SearchPageSpec): EntryRow[] =>
      page.limit <= 0 ? [] : (statement.all(match, boardIds, page.limit + 1, page.offset) as EntryRow[]);
    const titles = run(this.#find.title, options.boards);
    const items = run(this.#find.item, options.items);
    return {
      boards: titles.slice(0, options.boards.limit).map((row) => ({ boardId: row.boardId, title: row.text })),
      items: items.slice(0, options.items.limit).map((row): ItemSearchHit => ({
        boardId: row.boardId,
        itemId: row.itemId ?? '',
        type: row.type,
        snippet: snippetOf(row.text, terms),
      })),
      moreBoards: options.boards.limit > 0 && titles.length > options.boards.limit,
      moreItems: options.items.limit > 0 && items.length > options.items.limit,
    };
  }
}
