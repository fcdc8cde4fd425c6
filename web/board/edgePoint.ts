import type { StoredItem } from '../../crdt/items/boardSchema.js';

/** A point of the board. */
export type Point = { x: number; y: number };

/** Where the line from the centre of `box` toward `toward` leaves the box: a connector's end on its item. */
export function edgePoint(box: StoredItem, toward: Point): Point {
  const dx = toward.x - box.x;
  const dy = toward.y - box.y;
  if (dx === 0 && dy === 0) return { x: box.x, y: box.y };
  const scale = Math.min(dx === 0 ? Infinity : box.width / 2 / Math.abs(dx), dy === 0 ? Infinity : box.height / 2 / Math.abs(dy));
  return { x: box.x + dx * Math.min(scale, 1), y: box.y + dy * Math.min(scale, 1) };
}
