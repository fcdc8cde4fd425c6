import type * as Y from 'yjs';
import { boardIndex } from '../../crdt/index.js';
import type { SearchableItem } from '../../crdt/index.js';

/**
 * Milliseconds of a full pass's reading per event-loop turn, so a 10k-item board never stalls
 * the loop for long.
 */
export const fullPassMsPerTurn = 4;

/**
 * A loaded document's items as last indexed, and the ids of the items whose type or data its
 * transactions may have changed since the board's last reindex. Dropped with the document: the
 * first reindex after a reload compares against the stored index, so nothing of an unloaded
 * board is kept.
 */
export interface Tracking {
  readonly doc: Y.Doc;
  /** A hash of each indexed item's type and text. */
  readonly items: Map<string, number>;
  touched: Set<string>;
  readonly stop: () => void;
}

/** What was last written to the index for one board, and the changes made since. */
export interface IndexedBoard {
  title: string;
  /** Null once the document it tracked is unloaded: the next reindex compares against the stored index. */
  tracking: Tracking | null;
}

/** 53-bit string hash (cyrb53): collisions are negligible for telling changed item text apart. */
function hashText(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export const hashOf = (item: Pick<SearchableItem, 'type' | 'text'>): number => hashText(`${item.type}\u0000${item.text}`);

/**
 * Starts recording the items each transaction of `doc` touches; stops by itself when the
 * document is destroyed, and then calls `unloaded` (not when `stop` ends it).
 */
export function trackItems(doc: Y.Doc, state: { tracking: Tracking | null }, unloaded: () => void): Tracking {
  // Only items whose type or data may have changed: a move cannot change what search reads.
  const stopTouched = boardIndex(doc).onItemsTouched((_ids, contentIds) => {
    for (const id of contentIds) tracking.touched.add(id);
  });
  const end = (): void => {
    stopTouched();
    if (state.tracking === tracking) state.tracking = null;
  };
  const onDestroy = (): void => {
    end();
    unloaded();
  };
  const tracking: Tracking = {
    doc,
    items: new Map(),
    touched: new Set(),
    stop: () => {
      doc.off('destroy', onDestroy);
      end();
    },
  };
  doc.on('destroy', onDestroy);
  return tracking;
}
