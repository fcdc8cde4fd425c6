import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import type { WorldPoint } from '../freehand.js';
import { boundsOf, intersects } from '../viewport.js';
import type { WorldRect } from '../viewport.js';

/** One of the eight handles around a selection: its compass point. */
export type Handle = 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'nw';

/** Every handle, corners first. */
export const handles: readonly Handle[] = ['nw', 'ne', 'se', 'sw', 'n', 'e', 's', 'w'];

/** Items that are never resized: comment pins keep their size and connectors follow their ends. */
export function resizable(item: StoredItem): boolean {
  return item.type !== 'comment' && item.type !== 'connector' && !item.locked;
}

/** The rectangle spanned by two board points. */
export function rectBetween(a: WorldPoint, b: WorldPoint): WorldRect {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), right: Math.max(a.x, b.x), bottom: Math.max(a.y, b.y) };
}

/** The ids of the items inside or crossing `rect` (a rubber band). */
export function itemsInRect(items: readonly StoredItem[], rect: WorldRect): string[] {
  return items.filter((item) => intersects(item, rect)).map((item) => item.id);
}

/** The box around the resizable items of a selection, or null when none is. */
export function selectionBounds(items: readonly StoredItem[]): WorldRect | null {
  return boundsOf(items.filter(resizable));
}

/** A new centre and size for an item. */
export interface ItemBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * New boxes for `items` when `handle` of the selection box `bounds` is dragged to `to`: the
 * box is scaled about its opposite edge (or corner) and every item with it, keeping its place
 * within the box. The box never turns inside out.
 */
export function scaleItems(items: readonly StoredItem[], bounds: WorldRect, handle: Handle, to: WorldPoint): Map<string, ItemBox> {
  const min = 1;
  let { left, top, right, bottom } = bounds;
  if (handle.includes('e')) right = Math.max(left + min, to.x);
  if (handle.includes('w')) left = Math.min(right - min, to.x);
  if (handle.includes('s')) bottom = Math.max(top + min, to.y);
  if (handle.includes('n')) top = Math.min(bottom - min, to.y);
  const sx = (right - left) / Math.max(min, bounds.right - bounds.left);
  const sy = (bottom - top) / Math.max(min, bounds.bottom - bounds.top);
  const out = new Map<string, ItemBox>();
  for (const item of items) {
    if (!resizable(item)) continue;
    out.set(item.id, {
      x: left + (item.x - bounds.left) * sx,
      y: top + (item.y - bounds.top) * sy,
      width: item.width * sx,
      height: item.height * sy,
    });
  }
  return out;
}
