import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { font, n, textBlock } from './svgText.js';

/** The comments among `items` in reading order (top to bottom, then left to right), each with the number its pin shows. */
export function numberedComments(items: readonly StoredItem[]): Map<string, number> {
  const comments = items.filter((i) => i.type === 'comment').sort((a, b) => a.y - b.y || a.x - b.x);
  return new Map(comments.map((c, i) => [c.id, i + 1]));
}

/**
 * A comment pin as the canvas draws it (a yellow drop, grey once resolved, with a white rim),
 * showing the number under which the export lists its thread.
 */
export function pinBody(item: StoredItem, number: number): string {
  const left = item.x - item.width / 2;
  const top = item.y - item.height / 2;
  const rx = item.width / 2;
  const ry = item.height / 2;
  const fill = item.data.resolved === true ? '#d0d7de' : '#ffd43b';
  // Round on three corners, square at the bottom left (where the pin points), as `.pin`.
  const d =
    `M${n(left)} ${n(top + ry)}A${n(rx)} ${n(ry)} 0 0 1 ${n(left + rx)} ${n(top)}` +
    `A${n(rx)} ${n(ry)} 0 0 1 ${n(left + item.width)} ${n(top + ry)}` +
    `A${n(rx)} ${n(ry)} 0 0 1 ${n(left + rx)} ${n(top + item.height)}H${n(left)}Z`;
  const size = Math.min(14, item.height * 0.5);
  return (
    `<path d="${d}" fill="${fill}" stroke="#ffffff" stroke-width="2"/>` +
    textBlock([String(number)], item.x, item.y + size * 0.35, size, `text-anchor="middle" font-weight="700" fill="#1f2328" font-family="${font}"`)
  );
}
