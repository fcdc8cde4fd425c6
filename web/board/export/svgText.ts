/** Text and number helpers shared by the export's SVG drawings: escaping, colours read from item data, and text wrapped as the canvas wraps it. */

/** The export's sans-serif font stack (the canvas's). */
export const font = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
/** The export's monospace font stack (code blocks). */
export const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/** A string field of item data, or empty. */
export const str = (data: Record<string, unknown>, key: string): string => (typeof data[key] === 'string' ? data[key] : '');
/** A finite number field of item data, or `fallback`. */
export const num = (data: Record<string, unknown>, key: string, fallback: number): number => {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};
/** A colour only when it is `#rrggbb`: item data is written by any client. */
export const hex = (data: Record<string, unknown>, key: string, fallback: string): string => {
  const value = str(data, key);
  return /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;
};
/** Text escaped for SVG content and attribute values. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A number with at most two decimals, as SVG text. */
export const n = (value: number): string => String(Math.round(value * 100) / 100);

/** What text measuring needs of a canvas's 2D context. */
interface Measurer {
  font: string;
  measureText(text: string): { width: number };
}

/** The page's document, when there is one (typed here without the DOM: the export's layout is also computed outside a page). */
const page = (globalThis as { document?: { createElement(tag: 'canvas'): { getContext(kind: '2d'): Measurer | null } } }).document;

let measureContext: Measurer | null | undefined;

/** Width of `text` in `size` px of the export's font; measured by a canvas when there is one, else estimated. */
function textWidth(text: string, size: number, family: string): number {
  if (measureContext === undefined) measureContext = page ? page.createElement('canvas').getContext('2d') : null;
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
export function textBlock(lines: readonly string[], x: number, y: number, size: number, attrs: string): string {
  if (lines.length === 0) return '';
  const spans = lines.map((line, i) => `<tspan x="${n(x)}" y="${n(y + i * size * 1.25)}">${esc(line)}</tspan>`).join('');
  return `<text font-size="${n(size)}" ${attrs}>${spans}</text>`;
}

/** Text wrapped to a box and centred in it, as the canvas draws notes and shapes. */
export function centredText(text: string, left: number, top: number, width: number, height: number, size: number, fill = '#1f2328'): string {
  const pad = 10;
  const lines = wrapText(text, Math.max(size, width - pad * 2), size, Math.max(1, Math.floor((height - pad * 2) / (size * 1.25))));
  const blockHeight = lines.length * size * 1.25;
  const first = top + (height - blockHeight) / 2 + size;
  return textBlock(lines, left + width / 2, first, size, `text-anchor="middle" fill="${fill}" font-family="${font}"`);
}

/** Text from the top left of a box, wrapped to it. */
export function flowText(text: string, left: number, top: number, width: number, height: number, size: number, attrs: string, family = font): string {
  const lines = wrapText(text, Math.max(size, width), size, Math.max(0, Math.floor(height / (size * 1.25))), family);
  return textBlock(lines, left, top + size, size, `${attrs} font-family="${family}"`);
}

