import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { shapePaths } from '../shapes.js';
import { edgePoint } from '../edgePoint.js';

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

const font = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';

const str = (data: Record<string, unknown>, key: string): string => (typeof data[key] === 'string' ? data[key] : '');
const num = (data: Record<string, unknown>, key: string, fallback: number): number => {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};
/** A colour only when it is `#rrggbb`: item data is written by any client. */
const hex = (data: Record<string, unknown>, key: string, fallback: string): string => {
  const value = str(data, key);
  return /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;
};
const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const n = (value: number): string => String(Math.round(value * 100) / 100);

let measureContext: CanvasRenderingContext2D | null | undefined;

/** Width of `text` in `size` px of the export's font; measured by a canvas when there is one, else estimated. */
function textWidth(text: string, size: number, family: string): number {
  if (measureContext === undefined) measureContext = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * size * 0.55;
  measureContext.font = `${size}px ${family}`;
  return measureContext.measureText(text).width;
}

/** `text` broken into lines of at most `width` (by words; a word longer than a line is cut), at most `maxLines`. */
export function wrapText(text: string, width: number, size: number, maxLines: number, family = font): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (textWidth(candidate, size, family) <= width || line === '') {
        line = candidate;
      } else {
        lines.push(line);
        line = word;
      }
      while (textWidth(line, size, family) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && textWidth(line.slice(0, cut), size, family) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines.slice(0, maxLines);
}

/** Lines of text as an SVG `<text>`, the first baseline at `y`; `anchor` is `start`, `middle` or `end`. */
function textBlock(lines: readonly string[], x: number, y: number, size: number, attrs: string): string {
  if (lines.length === 0) return '';
  const spans = lines.map((line, i) => `<tspan x="${n(x)}" y="${n(y + i * size * 1.25)}">${esc(line)}</tspan>`).join('');
  return `<text font-size="${n(size)}" ${attrs}>${spans}</text>`;
}

/** Text wrapped to a box and centred in it, as the canvas draws notes and shapes. */
function centredText(text: string, left: number, top: number, width: number, height: number, size: number, fill = '#1f2328'): string {
  const pad = 10;
  const lines = wrapText(text, Math.max(size, width - pad * 2), size, Math.max(1, Math.floor((height - pad * 2) / (size * 1.25))));
  const blockHeight = lines.length * size * 1.25;
  const first = top + (height - blockHeight) / 2 + size;
  return textBlock(lines, left + width / 2, first, size, `text-anchor="middle" fill="${fill}" font-family="${font}"`);
}

/** Text from the top left of a box, wrapped to it. */
function flowText(text: string, left: number, top: number, width: number, height: number, size: number, attrs: string, family = font): string {
  const lines = wrapText(text, Math.max(size, width), size, Math.max(0, Math.floor(height / (size * 1.25))), family);
  return textBlock(lines, left, top + size, size, `${attrs} font-family="${family}"`);
}

function itemBody(item: StoredItem): string {
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
      // Pictures are not fetched into an export (they may live on other sites): a labelled placeholder stands in.
      return box('#eef1f5', '#d0d7de', 4) + centredText(str(d, 'title') || str(d, 'alt') || 'Image', left, top, width, height, 14, '#656d76');
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

function connectorBody(c: StoredItem, byId: (id: string) => StoredItem | undefined): string {
  const from = typeof c.data.from === 'string' ? byId(c.data.from) : undefined;
  const to = typeof c.data.to === 'string' ? byId(c.data.to) : undefined;
  if (!from || !to) return '';
  const a = edgePoint(from, to);
  const b = edgePoint(to, from);
  const color = hex(c.data, 'color', '#1a1a1a');
  const style = str(c.data, 'style') || 'curved';
  const dx = (b.x - a.x) / 2;
  const d =
    style === 'straight'
      ? `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`
      : style === 'elbow'
        ? `M${n(a.x)} ${n(a.y)}H${n((a.x + b.x) / 2)}V${n(b.y)}H${n(b.x)}`
        : `M${n(a.x)} ${n(a.y)}C${n(a.x + dx)} ${n(a.y)} ${n(b.x - dx)} ${n(b.y)} ${n(b.x)} ${n(b.y)}`;
  const before = style === 'straight' ? a : { x: (a.x + b.x) / 2, y: b.y };
  const angle = Math.atan2(b.y - before.y, b.x - before.x);
  const p = (turn: number) => `${n(b.x - Math.cos(angle + turn) * 12)},${n(b.y - Math.sin(angle + turn) * 12)}`;
  const endArrow = str(c.data, 'endArrow') || 'arrow';
  const arrow = endArrow === 'none' ? '' : `<polygon points="${n(b.x)},${n(b.y)} ${p(0.45)} ${p(-0.45)}" fill="${color}"/>`;
  const label = str(c.data, 'label');
  const text = label ? textBlock([label], (a.x + b.x) / 2, (a.y + b.y) / 2 - 8, 14, `text-anchor="middle" fill="#444c56" font-family="${font}"`) : '';
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="2"/>${arrow}${text}`;
}

/** The box around `items` (comment pins and connectors aside, which follow what they annotate or join); null when there is none. */
export function itemBounds(items: readonly StoredItem[]): Bounds | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const item of items) {
    if (item.type === 'connector' || item.type === 'comment') continue;
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
 * z-order. Comment pins are left out (they annotate the board, they are not on it); images are
 * labelled placeholders. `bounds` defaults to the items' box with a margin; nothing outside it shows.
 */
export function boardSvg(items: readonly StoredItem[], bounds?: Bounds): BoardSvg | null {
  const box = bounds ?? itemBounds(items);
  if (!box) return null;
  const byId = new Map(items.map((i) => [i.id, i]));
  const layer = (filter: (item: StoredItem) => boolean, draw: (item: StoredItem) => string) =>
    items
      .filter(filter)
      .map((item) => {
        const body = draw(item);
        if (body === '') return '';
        const rotate = item.rotation !== 0 && item.type !== 'connector' ? ` transform="rotate(${n(item.rotation)} ${n(item.x)} ${n(item.y)})"` : '';
        return `<g data-item-id="${esc(item.id)}"${rotate}>${body}</g>`;
      })
      .join('');
  const body =
    layer((i) => i.type === 'section', itemBody) +
    layer((i) => i.type === 'connector', (c) => connectorBody(c, (id) => byId.get(id))) +
    layer((i) => i.type !== 'section' && i.type !== 'connector' && i.type !== 'comment', itemBody);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(box.width)}" height="${n(box.height)}" viewBox="${n(box.left)} ${n(box.top)} ${n(box.width)} ${n(box.height)}">` +
    `<rect x="${n(box.left)}" y="${n(box.top)}" width="${n(box.width)}" height="${n(box.height)}" fill="#ffffff"/>${body}</svg>`;
  return { svg, bounds: box };
}
