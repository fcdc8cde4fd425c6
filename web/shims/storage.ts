// The browser build's stand-in for storage/index.ts, whose database adapters cannot run in a
// browser: it offers what the crdt layer's item code imports from storage, nothing else.
export { BoardsError } from '../../storage/errors.js';

/** A new id: `<prefix>_` + 20 hex digits (80 random bits), as the server's `newId` makes them. */
export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `${prefix}_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
