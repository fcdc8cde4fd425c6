import type * as Y from 'yjs';
import { readBoard } from '../items/boardSnapshot.js';
import { textOfItem } from '../items/itemText.js';

/** One item's text for the search index. */
export interface SearchableItem {
  readonly itemId: string;
  readonly type: string;
  readonly text: string;
}

/** Every item with any text, in z-order: its whole text, its title first when the text lacks it. */
export function searchableText(doc: Y.Doc): SearchableItem[] {
  const out: SearchableItem[] = [];
  for (const item of readBoard(doc).items) {
    const body = textOfItem(item);
    const title = typeof item.data['title'] === 'string' ? item.data['title'].trim() : '';
    const text = title.length > 0 && !body.startsWith(title) ? `${title}\n${body}`.trim() : body;
    if (text.length > 0) out.push({ itemId: item.id, type: item.type, text });
  }
  return out;
}
