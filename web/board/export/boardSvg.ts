import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { shapePaths } from '../shapes.js';
import { connectorBody } from './connectorSvg.js';
import { pinBody } from './commentSvg.js';
import { imageBody } from './pictureSvg.js';
import { centredText, esc, flowText, font, hex, mono, n, num, str, textBlock, wrapText } from './svgText.js';

/** A rectangle in board units. */
export interface Bounds {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** An SVG document of some items and the part of the board it shows. */
export interface BoardSvg {
  readonly svg: string;
  readonly bounds: Bounds;
}

/** Board units of white space around the items of an export. */
export const exportPadding = 40;

function itemBody(item: StoredItem, pictures: ReadonlyMap<string, string>): string {
  const d = item.data;
  const left = item.x - item.width / 2;
  const top = item.y - item.height / 2;
  const { width, height } = item;
  const box = (fill: string, stroke: string, radius = 0) =>
    `<rect x="${n(left)}" y="${n(top)}" width="${n(width)}" height="${n(height)}" rx="${radius}" fill="${fill}"${stroke === 'none' ? '' : ` stroke="${stroke}"`}/>`;
  switch (item.type) {
    case 'sticky_note':
      return box(hex(d, 'color', '#fff9b1'), 'none') + centredText(str(d, 'text'), left, top, width, height, 18);
    case 'text': {
      const size = num(d, 'fontSize', 24);
      const align = str(d, 'align');
      const anchor = align === 'center' ? 'middle' : align === 'right' ? 'end' : 'start';
      const x = anchor === 'middle' ? left + width / 2 : anchor === 'end' ? left + width : left;
      const lines = wrapText(str(d, 'text'), Math.max(size, width), size, 1000);
      return textBlock(lines, x, top + size, size, `text-anchor="${anchor}" fill="${hex(d, 'color', '#1a1a1a')}" font-family="${font}"`);
    }
    case 'shape': {
      const path = shapePaths[str(d, 'shape')] ?? shapePaths.rectangle;
      const shape = `<path d="${path}" transform="translate(${n(left)} ${n(top)}) scale(${n(width / 100)} ${n(height / 100)})" fill="${hex(d, 'fillColor', '#ffffff')}" stroke="${hex(d, 'strokeColor', '#1a1a1a')}" stroke-width="${n(num(d, 'strokeWidth', 2))}" vector-effect="non-scaling-stroke"/>`;
      return shape + centredText(str(d, 'text'), left, top, width, height, 16);
    }
    case 'card': {
      const title = flowText(str(d, 'title'), left + 17, top + 10, width - 29, 24, 16, 'font-weight="650" fill="#1f2328"');
      const description = flowText(str(d, 'description'), left + 17, top + 36, width - 29, height - 46, 14, 'fill="#444c56"');
      return `${box('#ffffff', '#d0d7de', 8)}<rect x="${n(left)}" y="${n(top)}" width="5" height="${n(height)}" fill="#2557d6"/>${title}${description}`;
    }
    case 'stamp':
      return centredText(str(d, 'emoji'), left, top, width, height, Math.min(width, height) * 0.6);
    case 'section':
      return box(hex(d, 'color', '#f4f4f4'), '#d0d7de', 4) + textBlock([str(d, 'title') || 'Section'], left, top - 8, 18, `font-weight="600" fill="#444c56" font-family="${font}"`);
    case 'freehand': {
      const points = Array.isArray(d.points) ? d.points : [];
      const coords = points
        .filter((p): p is [number, number] => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number')
        .map(([x, y]) => `${n(x + item.x)},${n(y + item.y)}`)
        .join(' ');
      return `<polyline points="${coords}" fill="none" stroke="${hex(d, 'strokeColor', '#1a1a1a')}" stroke-width="${n(num(d, 'strokeWidth', 4))}" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    case 'image':
      return imageBody(item, pictures);
    case 'embed':
    case 'document':
      return (
        box('#ffffff', '#d0d7de', 8) +
        flowText(str(d, 'title') || str(d, 'url'), left + 12, top + 12, width - 24, height / 2, 16, 'font-weight="650" fill="#1f2328"') +
        flowText(str(d, 'url'), left + 12, top + height / 2 + 8, width - 24, height / 2 - 20, 12, 'fill="#2557d6"')
      );
    case 'doc': {
      const markdown = str(d, 'markdown')
        .split('\n')
        .map((line) => line.replace(/^#{1,6}\s+/, '').replace(/^\s*[-*+]\s+/, '• '))
        .join('\n');
      return (
        box('#ffffff', '#d0d7de', 6) +
        flowText(str(d, 'title') || 'Doc', left + 20, top + 16, width - 40, 26, 18, 'font-weight="700" fill="#1f2328"') +
        flowText(markdown, left + 20, top + 50, width - 40, height - 66, 14, 'fill="#444c56"')
      );
    }
    case 'table':
      return box('#ffffff', 'none', 4) + tableBody(item, left, top);
    case 'code':
      return (
        box('#1e1e2e', 'none', 6) +
        flowText(str(d, 'title'), left + 10, top + 6, width - 20, 20, 12, 'fill="#e6e6f0"') +
        textBlock(str(d, 'source').split('\n').slice(0, Math.max(0, Math.floor((height - 40) / 16.25))), left + 10, top + 46, 13, `fill="#e6e6f0" font-family="${mono}" xml:space="preserve"`)
      );
    default:
      return `<rect x="${n(left)}" y="${n(top)}" width="${n(width)}" height="${n(height)}" fill="none" stroke="#8c959f" stroke-dasharray="4"/>` + centredText(item.type, left, top, width, height, 14, '#656d76');
  }
}

function tableBody(item: StoredItem, left: number, top: number): string {
  const d = item.data;
  const rows = Array.isArray(d.rows) ? d.rows.filter((r): r is unknown[] => Array.isArray(r)) : [];
  const title = str(d, 'title');
  const titleHeight = title ? 28 : 0;
  const columns = Math.max(1, ...rows.map((r) => r.length));
  const cellWidth = item.width / columns;
  const cellHeight = rows.length > 0 ? Math.min(40, (item.height - titleHeight) / rows.length) : 0;
  let out = title ? flowText(title, left + 6, top + 4, item.width - 12, 22, 15, 'font-weight="650" fill="#1f2328"') : '';
  rows.forEach((row, r) => {
    const y = top + titleHeight + r * cellHeight;
    for (let c = 0; c < columns; c += 1) {
      const cell = row[c];
      const x = left + c * cellWidth;
      const head = d.header !== false && r === 0;
      out += `<rect x="${n(x)}" y="${n(y)}" width="${n(cellWidth)}" height="${n(cellHeight)}" fill="${head ? '#f3f4f6' : '#ffffff'}" stroke="#d0d7de"/>`;
      out += flowText(typeof cell === 'string' ? cell : '', x + 8, y + (cellHeight - 14) / 2 - 3, cellWidth - 16, cellHeight, 14, `fill="#1f2328"${head ? ' font-weight="650"' : ''}`);
    }
  });
  return out;
}

/** What an export draws besides the items' own geometry. */
export interface DrawOptions {
  /** Uploaded images' `data:` URLs by asset id; an image without one is a placeholder. */
  readonly pictures?: ReadonlyMap<string, string>;
  /** The comment pins to draw, by item id, with the number each shows; comments are left out without it. */
  readonly pins?: ReadonlyMap<string, number>;
}

/**
 * The box around `items` (connectors aside, which follow what they join, and comment pins unless
 * `withPins`, since they annotate the board rather than sit on it); null when there is none.
 */
export function itemBounds(items: readonly StoredItem[], withPins = false): Bounds | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const item of items) {
    if (item.type === 'connector' || (item.type === 'comment' && !withPins)) continue;
    const half = item.rotation === 0 ? { w: item.width / 2, h: item.height / 2 } : { w: Math.hypot(item.width, item.height) / 2, h: Math.hypot(item.width, item.height) / 2 };
    // A section's title sits above it.
    const above = item.type === 'section' ? 30 : 0;
    left = Math.min(left, item.x - half.w);
    top = Math.min(top, item.y - half.h - above);
    right = Math.max(right, item.x + half.w);
    bottom = Math.max(bottom, item.y + half.h);
  }
  if (left === Infinity) return null;
  return { left: left - exportPadding, top: top - exportPadding, width: right - left + exportPadding * 2, height: bottom - top + exportPadding * 2 };
}

/**
 * The items as an SVG document, drawn from their own geometry and data as the canvas draws them:
 * sections behind, then connectors whose two ends are among the items, then the rest in
 * z-order, each turned by its rotation about its centre; then the comment pins of
 * `options.pins` on top (comments are left out otherwise). Images show the pictures of
 * `options.pictures`, else a labelled placeholder. `bounds` defaults to the items' box with a
 * margin; nothing outside it shows.
 */
export function boardSvg(items: readonly StoredItem[], bounds?: Bounds, options: DrawOptions = {}): BoardSvg | null {
  const pins = options.pins;
  const box = bounds ?? itemBounds(items, pins !== undefined && pins.size > 0);
  if (!box) return null;
  const pictures = options.pictures ?? new Map<string, string>();
  const byId = new Map(items.map((i) => [i.id, i]));
  const layer = (filter: (item: StoredItem) => boolean, draw: (item: StoredItem) => string) =>
    items
      .filter(filter)
      .map((item) => {
        const body = draw(item);
        if (body === '') return '';
        const rotate = item.rotation !== 0 && item.type !== 'connector' && item.type !== 'comment' ? ` transform="rotate(${n(item.rotation)} ${n(item.x)} ${n(item.y)})"` : '';
        return `<g data-item-id="${esc(item.id)}"${rotate}>${body}</g>`;
      })
      .join('');
  const body =
    layer((i) => i.type === 'section', (i) => itemBody(i, pictures)) +
    layer((i) => i.type === 'connector', (c) => connectorBody(c, (id) => byId.get(id))) +
    layer((i) => i.type !== 'section' && i.type !== 'connector' && i.type !== 'comment', (i) => itemBody(i, pictures)) +
    (pins ? layer((i) => i.type === 'comment' && pins.has(i.id), (i) => pinBody(i, pins.get(i.id) ?? 0)) : '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(box.width)}" height="${n(box.height)}" viewBox="${n(box.left)} ${n(box.top)} ${n(box.width)} ${n(box.height)}">` +
    `<rect x="${n(box.left)}" y="${n(box.top)}" width="${n(box.width)}" height="${n(box.height)}" fill="#ffffff"/>${body}</svg>`;
  return { svg, bounds: box };
}
