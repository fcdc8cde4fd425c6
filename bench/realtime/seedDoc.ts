import * as Y from 'yjs';
import { itemsMapName } from './roles.js';

/** Items of the S4 board. */
export const coldBoardItems = 10_000;

/** The Yjs state of a board of `count` sticky notes shaped like our items (about 1.5 MB for 10k). */
export function buildBoardState(count = coldBoardItems): Uint8Array {
  const doc = new Y.Doc();
  const items = doc.getMap<Y.Map<unknown>>(itemsMapName);
  doc.transact(() => {
    for (let i = 0; i < count; i++) {
      const item = new Y.Map<unknown>();
      item.set('type', 'sticky_note');
      item.set('x', (i % 100) * 260);
      item.set('y', Math.floor(i / 100) * 260);
      item.set('width', 250);
      item.set('height', 250);
      item.set('data', { text: `Note ${i}`, color: 'yellow' });
      items.set(`item-${i.toString(36).padStart(5, '0')}`, item);
    }
  });
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}
