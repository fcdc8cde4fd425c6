import { createHash } from 'node:crypto';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { itemStateDigest, itemsMapName, patchItem } from '../../../crdt/index.js';
import { alice, newBoard, nowMs, sticky } from './support.js';

/** The digest as defined: sha256 fed each struct's part in turn (the definition every process and version shares). */
function referenceDigest(doc: Y.Doc, itemId: string): string | null {
  const entry = doc.getMap(itemsMapName)._map.get(itemId);
  if (entry === undefined) return null;
  const hash = createHash('sha256');
  const add = (item: Y.Item): void => {
    hash.update(`${item.id.client}.${item.id.clock}.${item.length}${item.deleted ? 'd' : ''};`);
    if (item.deleted || !(item.content instanceof Y.ContentType)) return;
    const type = item.content.type;
    for (const [key, child] of [...type._map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      hash.update(`${key}=`);
      add(child);
    }
    for (let child = type._start; child !== null; child = child.right) add(child);
  };
  add(entry);
  return hash.digest('hex').slice(0, 32);
}

describe('itemStateDigest', () => {
  it('names a state exactly as the per-struct definition does, through moves, text edits and non-ASCII text', () => {
    const doc = newBoard();
    const item = sticky(doc, 0, 0, 'héllo 👋');
    const digests = [itemStateDigest(doc, item.id)];
    expect(digests[0]).toBe(referenceDigest(doc, item.id));
    patchItem(doc, item.id, { position: { x: 5, y: 6 } }, alice, nowMs + 1);
    digests.push(itemStateDigest(doc, item.id));
    patchItem(doc, item.id, { data: { text: 'changed' } }, alice, nowMs + 2);
    digests.push(itemStateDigest(doc, item.id));
    patchItem(doc, item.id, { data: { text: 'héllo 👋' } }, alice, nowMs + 3);
    digests.push(itemStateDigest(doc, item.id));
    expect(digests.at(-1)).toBe(referenceDigest(doc, item.id));
    // Every change gives a new name, even back to an equal value.
    expect(new Set(digests).size).toBe(digests.length);
    expect(itemStateDigest(doc, 'itm_never')).toBeNull();
  });

  it('is the same in a copy of the document', () => {
    const doc = newBoard();
    const item = sticky(doc, 0, 0, 'copy me');
    patchItem(doc, item.id, { position: { x: 1, y: 2 } }, alice, nowMs + 1);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    expect(itemStateDigest(copy, item.id)).toBe(itemStateDigest(doc, item.id));
  });
});
