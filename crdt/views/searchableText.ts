import * as Y from 'yjs';
import { itemsMap, readStoredItem } from '../items/boardSchema.js';
import type { StoredItem } from '../items/boardSchema.js';
import { readBoard } from '../items/boardSnapshot.js';
import { textOfItem } from '../items/itemText.js';

/** One item's text for the search index. */
export interface SearchableItem {
  readonly itemId: string;
  readonly type: string;
  readonly text: string;
}

/**
 * The item's whole text, its title first when the text lacks it; null when it has no text. Takes
 * a stored item or its REST view (a duplicate indexes its copy from the views it read).
 */
export function searchableOf(item: Pick<StoredItem, 'id' | 'type' | 'data'>): SearchableItem | null {
  const body = textOfItem(item);
  const title = typeof item.data['title'] === 'string' ? item.data['title'].trim() : '';
  const text = title.length > 0 && !body.startsWith(title) ? `${title}\n${body}`.trim() : body;
  return text.length > 0 ? { itemId: item.id, type: item.type, text } : null;
}

/** Every item with any text, in z-order (see `searchableItem`). */
export function searchableText(doc: Y.Doc): SearchableItem[] {
  return readBoard(doc).items.flatMap((item) => searchableOf(item) ?? []);
}

/** One item's searchable text, decoding only that item; null when the item is gone or has no text. */
export function searchableItem(doc: Y.Doc, id: string): SearchableItem | null {
  const entry = itemsMap(doc).get(id);
  return entry instanceof Y.Map ? searchableOf(readStoredItem(id, entry as Y.Map<unknown>)) : null;
}
