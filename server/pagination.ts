import { errors } from './errors.js';

/** A page of a cursor-paginated list. */
export interface Page<T> {
  data: T[];
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: string | null;
}

/** The position after which a page starts: the sort key and the id of the last row seen. */
export interface CursorPosition {
  k: string | number;
  id: string;
}

/** Encodes a cursor (opaque to clients). */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** Decodes a cursor; throws 422 naming `cursor` when it was not made by `encodeCursor`. */
export function decodeCursor(cursor: string): CursorPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      value !== null &&
      typeof value === 'object' &&
      'id' in value &&
      typeof value.id === 'string' &&
      'k' in value &&
      (typeof value.k === 'string' || typeof value.k === 'number')
    ) {
      return { k: value.k, id: value.id };
    }
  } catch {
    // Fall through to the validation error below.
  }
  throw errors.invalid('cursor', 'is not a cursor returned by this list');
}
