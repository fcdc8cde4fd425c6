import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { edgePoint } from '../edgePoint.js';
import type { Point } from '../edgePoint.js';
import { font, hex, n, str, textBlock } from './svgText.js';

/** Stroke width of a connector in an export (the canvas's unselected width). */
const strokeWidth = 2;

/** An arrowhead at `at`, pointing away from `from`, as the canvas draws it (`none`, `arrow`, `triangle`, `circle`, `diamond`). */
function head(kind: string, at: Point, from: Point, color: string): string {
  if (kind === 'none') return '';
  const angle = Math.atan2(at.y - from.y, at.x - from.x);
  const size = 6 + strokeWidth * 3;
  const p = (turn: number, r: number) => `${n(at.x - Math.cos(angle + turn) * r)},${n(at.y - Math.sin(angle + turn) * r)}`;
  const tip = `${n(at.x)},${n(at.y)}`;
  if (kind === 'circle') return `<circle cx="${n(at.x - (Math.cos(angle) * size) / 2)}" cy="${n(at.y - (Math.sin(angle) * size) / 2)}" r="${n(size / 2)}" fill="${color}"/>`;
  if (kind === 'diamond') return `<polygon points="${tip} ${p(0.5, size * 0.7)} ${p(0, size * 1.3)} ${p(-0.5, size * 0.7)}" fill="${color}"/>`;
  if (kind === 'arrow') return `<polyline points="${p(0.45, size)} ${tip} ${p(-0.45, size)}" fill="none" stroke="${color}" stroke-width="${strokeWidth}"/>`;
  return `<polygon points="${tip} ${p(0.45, size)} ${p(-0.45, size)}" fill="${color}"/>`;
}

/**
 * A connector between two of the drawn items, as the canvas draws it: its line style
 * (`straight`, `elbow`, `curved`), the heads at both ends, and its label over a white backing
 * so the line does not cross the text. Empty when either end is not among the items.
 */
export function connectorBody(c: StoredItem, byId: (id: string) => StoredItem | undefined): string {
  const from = typeof c.data.from === 'string' ? byId(c.data.from) : undefined;
  const to = typeof c.data.to === 'string' ? byId(c.data.to) : undefined;
  if (!from || !to) return '';
  const a = edgePoint(from, to);
  const b = edgePoint(to, from);
  const color = hex(c.data, 'color', '#1a1a1a');
  const style = str(c.data, 'style') || 'curved';
  const midX = (a.x + b.x) / 2;
  const d =
    style === 'straight'
      ? `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`
      : style === 'elbow'
        ? `M${n(a.x)} ${n(a.y)}H${n(midX)}V${n(b.y)}H${n(b.x)}`
        : `M${n(a.x)} ${n(a.y)}C${n(midX)} ${n(a.y)} ${n(midX)} ${n(b.y)} ${n(b.x)} ${n(b.y)}`;
  // The direction each end arrives from: the other end on a straight line, the last bend or control point otherwise.
  const endFrom = style === 'straight' ? a : { x: midX, y: b.y };
  const startFrom = style === 'straight' ? b : { x: midX, y: a.y };
  const heads = head(str(c.data, 'endArrow') || 'arrow', b, endFrom, color) + head(str(c.data, 'startArrow') || 'none', a, startFrom, color);
  const label = str(c.data, 'label');
  const text = label
    ? textBlock([label], midX, (a.y + b.y) / 2 - 8, 14, `text-anchor="middle" fill="#444c56" font-family="${font}" paint-order="stroke" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"`)
    : '';
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${strokeWidth}"/>${heads}${text}`;
}
