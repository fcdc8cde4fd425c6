import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { edgePoint } from '../edgePoint.js';
import type { TextPart } from './textParts.js';

/** Inline style of the in-place editor: its box in board units (the editor is drawn in the board's layer). */
export type EditorStyle = Record<string, string>;

/** Height of a one-line editor where the part has no element of its own, in board units. */
const stripHeight = 34;
/** Width of a connector label's editor, in board units. */
const labelWidth = 240;

const px = (value: number) => `${Math.round(value * 100) / 100}px`;

function box(left: number, top: number, width: number, height: number): EditorStyle {
  return { left: px(left), top: px(top), width: px(width), height: px(height) };
}

/** The element that draws the part, when it is drawn. */
function partElement(item: StoredItem, part: TextPart): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.item[data-item-id="${CSS.escape(item.id)}"] [data-part="${CSS.escape(part.name)}"]`);
}

/**
 * Where the editor of `part` goes. A connector's label sits at the middle of the line between
 * its ends; a part drawn by its own element is covered exactly (measured on the page, so a table
 * cell or a card's description is edited where it is seen); otherwise the whole item, or a strip
 * at its top or bottom for a one-line part that is not drawn (an empty caption).
 */
export function editorStyle(item: StoredItem, part: TextPart, byId: (id: string) => StoredItem | undefined): EditorStyle {
  const left = item.x - item.width / 2;
  const top = item.y - item.height / 2;
  if (item.type === 'connector') {
    const from = typeof item.data.from === 'string' ? byId(item.data.from) : undefined;
    const to = typeof item.data.to === 'string' ? byId(item.data.to) : undefined;
    const a = from && to ? edgePoint(from, to) : item;
    const b = from && to ? edgePoint(to, from) : item;
    return box((a.x + b.x) / 2 - labelWidth / 2, (a.y + b.y) / 2 - 12 - stripHeight / 2, labelWidth, stripHeight);
  }
  if (item.type === 'section') return box(left, top - stripHeight, item.width, stripHeight - 2);
  if (part.cover === 'item') return box(left, top, item.width, item.height);
  const element = item.rotation === 0 ? partElement(item, part) : null;
  const frame = element?.closest('.item')?.getBoundingClientRect();
  if (element && frame && frame.width > 0) {
    const scale = frame.width / item.width;
    const rect = element.getBoundingClientRect();
    const style = box(left + (rect.left - frame.left) / scale, top + (rect.top - frame.top) / scale, Math.max(rect.width / scale, 40), Math.max(rect.height / scale, 24));
    style.fontSize = getComputedStyle(element).fontSize;
    return style;
  }
  if (!part.singleLine) return box(left, top, item.width, item.height);
  return box(left, part.strip === 'bottom' ? top + item.height - stripHeight : top, item.width, stripHeight);
}
