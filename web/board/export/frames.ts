import type { StoredItem } from '../../../crdt/items/boardSchema.js';

/**
 * Frames in reading order: in rows from the top, each row left to right. A frame whose top is
 * above the middle of the row's first frame is on that row, so frames side by side whose tops
 * differ a little still read left to right.
 */
export function readingOrder(frames: readonly StoredItem[]): StoredItem[] {
  const top = (f: StoredItem) => f.y - f.height / 2;
  const rows: StoredItem[][] = [];
  for (const frame of [...frames].sort((a, b) => top(a) - top(b))) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && top(frame) < first.y) row.push(frame);
    else rows.push([frame]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - a.width / 2 - (b.x - b.width / 2)));
}
