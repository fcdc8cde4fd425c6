import type { Collection, Filter, Sort } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { Page } from '../pagination.js';
import { decodeCursor, encodeCursor } from '../pagination.js';

/** Orders of board lists: manual position, last updated (newest first), created (newest first), title (A to Z). */
export const boardSorts = ['position', 'updated', 'created', 'title'] as const;
/** A board list order. */
export type BoardSort = (typeof boardSorts)[number];

const sortFields = {
  position: ['position', 1],
  updated: ['updatedAt', -1],
  created: ['createdAt', -1],
  title: ['title', 1],
} as const satisfies Record<BoardSort, readonly [keyof BoardRecord & string, 1 | -1]>;

/**
 * A keyset page of boards matching `filter` in `sort` order (ties by id), keeping only rows
 * `keep` accepts (role checks that a filter cannot express). The cursor is the sort key and
 * id of the last row returned.
 */
export async function boardPage(
  boards: Collection<BoardRecord>,
  filter: Filter<BoardRecord>,
  options: { limit: number; cursor?: string | undefined; sort: BoardSort },
  keep: (board: BoardRecord) => boolean,
): Promise<Page<BoardRecord>> {
  const [field, dir] = sortFields[options.sort];
  const sort: Sort<BoardRecord> = [
    [field, dir],
    ['id', dir],
  ];
  let after = options.cursor ? decodeCursor(options.cursor) : null;
  const kept: BoardRecord[] = [];
  const batch = Math.min(500, (options.limit + 1) * 2);
  for (;;) {
    const rows = await boards.find(after ? withKeyset(filter, field, dir, after) : filter, { sort, limit: batch });
    for (const row of rows) if (keep(row)) kept.push(row);
    const last = rows.at(-1);
    if (kept.length > options.limit || rows.length < batch || !last) break;
    after = { k: last[field], id: last.id };
  }
  const data = kept.slice(0, options.limit);
  const tail = data.at(-1);
  return {
    data,
    nextCursor: kept.length > options.limit && tail ? encodeCursor({ k: tail[field], id: tail.id }) : null,
  };
}

/** Adds "after (k, id) in this order" to a filter, inside each of its `$or` alternatives so both hold. */
function withKeyset(
  filter: Filter<BoardRecord>,
  field: 'position' | 'updatedAt' | 'createdAt' | 'title',
  dir: 1 | -1,
  after: { k: string | number; id: string },
): Filter<BoardRecord> {
  const beyond = dir === 1 ? '$gt' : '$lt';
  const keyset: Filter<BoardRecord>[] = [
    { [field]: { [beyond]: after.k } },
    { [field]: after.k, id: { [beyond]: after.id } },
  ];
  const { $or, ...rest } = filter;
  if (!$or) return { ...rest, $or: keyset };
  return { ...rest, $or: $or.map((alternative) => ({ ...alternative, $or: keyset })) };
}
