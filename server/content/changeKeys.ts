import type * as Y from 'yjs';
import { itemEntryId, itemStateDigest } from '../../crdt/index.js';

/**
 * The `changeKey` of an item event (see `BoardEventBase.changeKey`), named as every process names
 * it, from `doc` as the change left it: the insertion of the item for a creation or a deletion,
 * the digest of its state for an update. Undefined when the board never had the item.
 */
export function itemChangeKey(doc: Y.Doc, boardId: string, change: 'created' | 'updated' | 'deleted', itemId: string): string | undefined {
  const name = change === 'updated' ? itemStateDigest(doc, itemId) : itemEntryId(doc, itemId);
  return name === null ? undefined : `${change}/${boardId}/${itemId}/${name}`;
}

/**
 * The `changeKey` of an item event of a journaled write (REST, AI): named from the write's journal
 * row, which every replay of the row carries, so no digest of the item's state is needed. Created
 * and deleted items keep their insertion's name (`itemChangeKey`, cheap); an update is named
 * `updated/<board>/<item>/<journal id>`: one write updates an item once.
 */
export function journaledItemChangeKey(doc: Y.Doc, boardId: string, journalId: string): (change: 'created' | 'updated' | 'deleted', itemId: string) => string | undefined {
  return (change, itemId) => (change === 'updated' ? `updated/${boardId}/${itemId}/${journalId}` : itemChangeKey(doc, boardId, change, itemId));
}

/** The `changeKey` of an event of a journaled write that is not about one item's state (`items.batched`, `comment.created`, `board.changed`). */
export function writeChangeKey(type: string, boardId: string, journalId: string): string {
  return `${type}/${boardId}/${journalId}`;
}
