import type { Page } from '../pagination.js';
import { decodeCursor, encodeCursor } from '../pagination.js';

/**
 * A page of a list computed in full (short lists in a fixed order: spaces, members). The
 * cursor holds the offset of the next row; throws 422 naming `cursor` for a foreign cursor.
 */
export function pageArray<T>(rows: readonly T[], idOf: (row: T) => string, options: { limit: number; cursor?: string | undefined }): Page<T> {
  let start = 0;
  if (options.cursor) {
    const position = decodeCursor(options.cursor);
    start = typeof position.k === 'number' && Number.isInteger(position.k) && position.k >= 0 ? position.k : 0;
  }
  const data = rows.slice(start, start + options.limit);
  const last = data.at(-1);
  const end = start + data.length;
  return { data, nextCursor: end < rows.length && last ? encodeCursor({ k: end, id: idOf(last) }) : null };
}
