import { createHash } from 'node:crypto';
import type { Collection, Database, SearchIndex } from '../../storage/index.js';
import { queryTerms } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccessService } from '../access/AccessService.js';
import { roleOnBoard } from '../access/grants.js';
import type { Role } from '../access/roles.js';
import { atLeast, boardPermissions } from '../access/roles.js';
import type { Principal } from '../auth/Principal.js';
import { errors } from '../errors.js';
import type { CopiedItem, SearchIndexer } from './SearchIndexer.js';
import type { IndexLagStats } from './IndexLag.js';

/** Longest query, in characters after trimming. */
export const maxSearchQueryChars = 200;

/** A board whose title matches, as the caller may see it. */
export interface BoardResult {
  board: BoardRecord;
  role: Role;
}

/** An item whose text matches, with its board. */
export interface ItemResult {
  board: BoardRecord;
  itemId: string;
  type: string;
  snippet: string;
}

/** Both searches' pages and the cursor of the next page of either. */
export interface SearchPage {
  boards: BoardResult[];
  items: ItemResult[];
  /** Continues whichever kinds have more; null when neither has. */
  nextCursor: string | null;
}

interface CursorState {
  /** Short digest of the folded query words: a cursor only continues the search that made it. */
  q: string;
  /** Offsets of the next page per kind; null when that kind is done. */
  b: number | null;
  i: number | null;
}

/**
 * `GET /search`: board titles and item texts in one call, only on active boards the caller can
 * read (trash never shows). Matching follows storage/SearchIndex.ts (whole words, every word,
 * case and diacritics folded). `limit` applies to each kind; one cursor pages both, and a kind
 * that has run out comes back empty on later pages. Pages are taken by offset over relevance
 * order, so edits between two pages may shift a hit across the boundary.
 */
export class SearchService {
  readonly #index: SearchIndex;
  readonly #boards: Collection<BoardRecord>;
  readonly #access: AccessService;
  readonly #indexer: SearchIndexer;

  constructor(db: Database, deps: { access: AccessService; indexer: SearchIndexer }) {
    this.#index = db.search;
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#access = deps.access;
    this.#indexer = deps.indexer;
  }

  /** Schedules a reindex of the board (after item edits, live edits, create, rename, restore); `record`: only the board record changed. */
  boardChanged(boardId: string, kind: 'content' | 'record' = 'content'): void {
    this.#indexer.boardChanged(boardId, kind);
  }

  /** Indexes a board copied whole from its items as copied, without loading its document. */
  boardCopied(boardId: string, items: readonly CopiedItem[]): void {
    this.#indexer.boardCopied(boardId, items);
  }

  /** Forgets a board deleted for good. */
  boardRemoved(boardId: string): Promise<void> {
    return this.#indexer.boardRemoved(boardId);
  }

  /** How far behind the index is: boards changed and not yet reindexed, and the age of the oldest change (metrics). */
  lag(): IndexLagStats {
    return this.#indexer.lag();
  }

  /** What the index upkeep keeps between reindexes (`SearchIndexer.memory`): remembered boards and the item hashes of loaded documents. */
  memory(): { boards: number; itemHashes: number } {
    return this.#indexer.memory();
  }

  /** Runs scheduled reindexes now (tests call this instead of waiting). */
  flush(): Promise<void> {
    return this.#indexer.flush();
  }

  /**
   * Rebuilds the index of every board (or of the boards given), in batches so memory stays
   * bounded; reports progress after each batch. For after a restore from backup, or to catch up
   * a reindex a crash cut short.
   */
  async reindexAll(boardIds: readonly string[] | null, onProgress: (done: number, total: number) => void): Promise<number> {
    const ids = boardIds ?? (await this.#boards.find({})).map((board) => board.id);
    const batch = 20;
    for (let start = 0; start < ids.length; start += batch) {
      for (const id of ids.slice(start, start + batch)) this.#indexer.boardChanged(id);
      await this.#indexer.flush();
      onProgress(Math.min(start + batch, ids.length), ids.length);
    }
    return ids.length;
  }

  /** Runs scheduled reindexes, then stops scheduling. */
  close(): Promise<void> {
    return this.#indexer.close();
  }

  /**
   * One page of both searches. `q` is trimmed, 1 to 200 characters (else 422 naming `q`); a
   * query with no words finds nothing. 422 naming `cursor` for a cursor of another query.
   */
  async search(principal: Principal, input: { q: string; limit: number; cursor?: string | undefined }): Promise<SearchPage> {
    const q = input.q.trim();
    if (q === '') throw errors.invalid('q', 'must not be empty');
    if (q.length > maxSearchQueryChars) throw errors.invalid('q', `must be at most ${maxSearchQueryChars} characters`);
    const terms = queryTerms(q);
    const digest = createHash('sha256').update(terms.join(' ')).digest('base64url').slice(0, 12);
    const state = input.cursor === undefined ? { q: digest, b: 0, i: 0 } : decodeSearchCursor(input.cursor, digest);
    if (terms.length === 0) return { boards: [], items: [], nextCursor: null };

    const grants = await this.#access.grants(principal.user.id);
    const readable = await this.#boards.find({ ...this.#access.readableBoardsFilter(grants), trashedAt: null });
    const visible = new Map<string, { board: BoardRecord; role: Role }>();
    for (const board of readable) {
      const role = roleOnBoard(grants, board);
      if (role !== null && atLeast(role, boardPermissions.read)) visible.set(board.id, { board, role });
    }
    const hits = await this.#index.search(q, {
      boardIds: [...visible.keys()],
      boards: { limit: state.b === null ? 0 : input.limit, offset: state.b ?? 0 },
      items: { limit: state.i === null ? 0 : input.limit, offset: state.i ?? 0 },
    });
    const next: CursorState = {
      q: digest,
      b: hits.moreBoards && state.b !== null ? state.b + input.limit : null,
      i: hits.moreItems && state.i !== null ? state.i + input.limit : null,
    };
    return {
      boards: hits.boards.flatMap((hit) => {
        const seen = visible.get(hit.boardId);
        return seen ? [seen] : [];
      }),
      items: hits.items.flatMap((hit) => {
        const seen = visible.get(hit.boardId);
        return seen ? [{ board: seen.board, itemId: hit.itemId, type: hit.type, snippet: hit.snippet }] : [];
      }),
      nextCursor: next.b === null && next.i === null ? null : Buffer.from(JSON.stringify(next)).toString('base64url'),
    };
  }
}

function decodeSearchCursor(cursor: string, digest: string): CursorState {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  const offset = (v: unknown): v is number | null => v === null || (Number.isSafeInteger(v) && (v as number) >= 0);
  if (typeof value === 'object' && value !== null) {
    const { q, b, i } = value as Record<string, unknown>;
    if (typeof q === 'string' && offset(b) && offset(i)) {
      if (q !== digest) throw errors.invalid('cursor', 'belongs to another query');
      return { q, b, i };
    }
  }
  throw errors.invalid('cursor', 'is not a cursor returned by this search');
}
