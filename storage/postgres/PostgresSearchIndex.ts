import type { Pool } from 'pg';
import pg from 'pg';
import type { IndexedBoardEntries, ItemSearchHit, SearchIndex, SearchItemInput, SearchOptions, SearchPageSpec, SearchResults } from '../SearchIndex.js';
import { queryTerms, searchWords, snippetOf } from '../searchText.js';

/** PostgreSQL keeps word positions up to this; later ones count at it. */
const maxPosition = 16383;
/** Positions PostgreSQL keeps per word. */
const maxPositionsPerWord = 256;
/** Longest word PostgreSQL indexes, in bytes; longer ones are left out of the index. */
const maxWordBytes = 2046;
/** Size of a text's tsvector (about: words, 6 bytes per word and 2 per position) past which its further new words are left out; PostgreSQL refuses one of 1 MB. */
const maxTsvectorBytes = 768 * 1024;
/** First half of the advisory lock key that serializes the writes of one board's entries (the second is a hash of its id). */
const boardLockSpace = 1_651_470_707;

/** A text as an SQL literal: quotes doubled, and an `E''` string with backslashes doubled where it holds one (pg's own quoting). */
const escapeLiteral: (value: string) => string = pg.escapeLiteral;

/** Texts as an SQL `text[]` expression of literals. */
function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map(escapeLiteral).join(', ')}]::text[]`;
}

type EntryRow = { board_id: string; item_id: string; type: string; text: string };

/**
 * The words of a text as a tsvector literal: the words `storage/searchText.ts` splits (so all
 * stores see the same words), already folded, each with its positions (which feed `ts_rank`).
 * Words hold letters, digits and marks only, so quoting each is a plain lexeme.
 */
function tsvectorOf(text: string): string {
  const positions = new Map<string, number[]>();
  let bytes = 0;
  searchWords(text).forEach((word, i) => {
    let list = positions.get(word);
    if (list === undefined) {
      const size = Buffer.byteLength(word);
      if (size > maxWordBytes || bytes + size + 8 > maxTsvectorBytes) return;
      bytes += size + 6;
      list = [];
    }
    if (list.length < maxPositionsPerWord && bytes + 2 <= maxTsvectorBytes) {
      list.push(Math.min(i + 1, maxPosition));
      bytes += 2;
    }
    positions.set(word, list);
  });
  return [...positions].map(([word, list]) => `'${word}':${[...new Set(list)].join(',')}`).join(' ');
}

/** A query of every term (AND), each a plain lexeme: no prefixes, no operators from the input. */
function tsqueryOf(terms: readonly string[]): string {
  return terms.map((term) => `'${term}'`).join(' & ');
}

/**
 * The search index in PostgreSQL full-text search: one row per board title (`item_id` '') and
 * per item with text, its words as a `tsvector` under a GIN index. Words are split and folded
 * (case, diacritics) in `storage/searchText.ts`, as the other stores split them, rather than by a
 * text search configuration: a configuration's parser splits `e-mail` or `v1.2` its own way and
 * stems, which would make results depend on the store. The query is built the same way, every
 * term a quoted lexeme joined by `&`, so no input reaches tsquery syntax. Hits are ordered by
 * `ts_rank`, then board id, then item id. A board's writes are serialized across processes by a
 * transaction-scoped advisory lock on the board.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly #pool: Pool;
  readonly #ready: () => Promise<void>;

  /** `ready` resolves once the table exists (it is called before every operation). */
  constructor(pool: Pool, ready: () => Promise<void>) {
    this.#pool = pool;
    this.#ready = ready;
  }

  /**
   * Runs `statements` (SQL without parameters) after taking the board's advisory lock, as one
   * simple query: PostgreSQL runs the statements of one query string as one transaction, each
   * with its own snapshot, so every statement sees what the previous holder of the lock
   * committed, and the lock holds to the commit. One round trip, where `BEGIN`, the lock, the
   * statements and `COMMIT` each took one. Rolled back as a whole when one fails.
   */
  async #write(boardId: string, statements: readonly string[]): Promise<void> {
    await this.#ready();
    await this.#pool.query([`SELECT pg_advisory_xact_lock(${boardLockSpace}, hashtext(${escapeLiteral(boardId)}))`, ...statements].join(';\n'));
  }

  /** The statement that inserts (or replaces) the title and the items with text. */
  #insertSql(boardId: string, title: string, items: readonly SearchItemInput[]): string {
    const entries = [{ itemId: '', type: 'board', text: title }, ...items.filter((item) => item.text.trim() !== '')].map((entry) => ({
      ...entry,
      // PostgreSQL's text cannot hold NUL; it separates words like any other punctuation.
      text: entry.text.replaceAll('\u0000', ' '),
    }));
    return `INSERT INTO search_entries (board_id, item_id, type, text, words)
       SELECT ${escapeLiteral(boardId)}, e.item_id, e.type, e.text, e.words
       FROM unnest(${textArray(entries.map((e) => e.itemId))}, ${textArray(entries.map((e) => e.type))}, ${textArray(entries.map((e) => e.text))}, ${textArray(entries.map((e) => tsvectorOf(e.text)))}::tsvector[]) AS e(item_id, type, text, words)
       ON CONFLICT (board_id, item_id) DO UPDATE SET type = excluded.type, text = excluded.text, words = excluded.words`;
  }

  async indexBoard(boardId: string, title: string, items: readonly SearchItemInput[]): Promise<void> {
    await this.#write(boardId, [`DELETE FROM search_entries WHERE board_id = ${escapeLiteral(boardId)}`, this.#insertSql(boardId, title, items)]);
  }

  async updateBoard(boardId: string, title: string, items: readonly SearchItemInput[], removedItemIds: readonly string[]): Promise<void> {
    const gone = [...removedItemIds, ...items.filter((item) => item.text.trim() === '').map((item) => item.itemId)];
    await this.#write(boardId, [
      ...(gone.length > 0 ? [`DELETE FROM search_entries WHERE board_id = ${escapeLiteral(boardId)} AND item_id <> '' AND item_id = ANY(${textArray(gone)})`] : []),
      this.#insertSql(boardId, title, items),
    ]);
  }

  async indexedEntries(boardId: string): Promise<IndexedBoardEntries> {
    await this.#ready();
    const { rows } = await this.#pool.query<EntryRow>('SELECT item_id, type, text FROM search_entries WHERE board_id = $1 ORDER BY item_id', [boardId]);
    const out: IndexedBoardEntries = { title: null, items: [] };
    for (const row of rows) {
      if (row.item_id === '') out.title = row.text;
      else out.items.push({ itemId: row.item_id, type: row.type, text: row.text });
    }
    return out;
  }

  async removeBoard(boardId: string): Promise<void> {
    await this.#write(boardId, [`DELETE FROM search_entries WHERE board_id = ${escapeLiteral(boardId)}`]);
  }

  async search(query: string, options: SearchOptions): Promise<SearchResults> {
    const terms = queryTerms(query);
    if (terms.length === 0 || options.boardIds.length === 0) return { boards: [], items: [], moreBoards: false, moreItems: false };
    await this.#ready();
    const tsquery = tsqueryOf(terms);
    const run = async (titles: boolean, page: SearchPageSpec): Promise<EntryRow[]> => {
      if (page.limit <= 0) return [];
      const { rows } = await this.#pool.query<EntryRow>(
        `SELECT board_id, item_id, type, text FROM search_entries
         WHERE words @@ $1::tsquery AND board_id = ANY($2::text[]) AND ${titles ? "item_id = ''" : "item_id <> ''"}
         ORDER BY ts_rank(words, $1::tsquery) DESC, board_id, item_id
         LIMIT $3 OFFSET $4`,
        [tsquery, options.boardIds, page.limit + 1, Math.max(0, page.offset)],
      );
      return rows;
    };
    const [titles, items] = await Promise.all([run(true, options.boards), run(false, options.items)]);
    return {
      boards: titles.slice(0, options.boards.limit).map((row) => ({ boardId: row.board_id, title: row.text })),
      items: items.slice(0, options.items.limit).map((row): ItemSearchHit => ({
        boardId: row.board_id,
        itemId: row.item_id,
        type: row.type,
        snippet: snippetOf(row.text, terms),
      })),
      moreBoards: options.boards.limit > 0 && titles.length > options.boards.limit,
      moreItems: options.items.limit > 0 && items.length > options.items.limit,
    };
  }
}
