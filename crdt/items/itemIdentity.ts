import { createHash } from 'node:crypto';
import * as Y from 'yjs';
import { itemsMapName } from './boardSchema.js';

/**
 * Names for what a document holds of one item that are the same in every copy of the document
 * (every process, every client), taken from the CRDT's own struct ids rather than from clocks or
 * counters: two processes that each see the same change name it alike, so an event emitted twice
 * for one change (a process killed after emitting and before recording that it did; an edit two
 * processes both took as new) can be recognised and sent once.
 */

/** The id of the insertion that holds item `itemId` in the items map (kept after its deletion), or null when the board never had it. */
export function itemEntryId(doc: Y.Doc, itemId: string): string | null {
  const entry = doc.getMap(itemsMapName)._map.get(itemId);
  return entry === undefined ? null : `${entry.id.client}.${entry.id.clock}`;
}

/**
 * A digest of the item's state: every struct of its subtree with its id and whether it is
 * deleted. Any change to the item adds structs or deletes some, so two states differ in it even
 * when their values are equal (a text changed and changed back); the same state gives the same
 * digest in every copy. Null when the board never had the item.
 */
export function itemStateDigest(doc: Y.Doc, itemId: string): string | null {
  const entry = doc.getMap(itemsMapName)._map.get(itemId);
  if (entry === undefined) return null;
  // One string hashed at once: the same bytes as hashing each struct's part in turn, without a call per struct.
  const parts: string[] = [];
  addStruct(parts, entry);
  return createHash('sha256').update(parts.join('')).digest('hex').slice(0, 32);
}

function addStruct(parts: string[], item: Y.Item): void {
  parts.push(`${item.id.client}.${item.id.clock}.${item.length}${item.deleted ? 'd' : ''};`);
  if (item.deleted || !(item.content instanceof Y.ContentType)) return;
  const type = item.content.type;
  const keys = [...type._map.keys()];
  if (keys.length > 1) keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of keys) {
    parts.push(`${key}=`);
    addStruct(parts, type._map.get(key) as Y.Item);
  }
  for (let child = type._start; child !== null; child = child.right) addStruct(parts, child);
}
