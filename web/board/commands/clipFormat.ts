/**
 * What the board puts on the clipboard: the copied items as JSON (a custom type, and the same
 * JSON in a data attribute of the `text/html` flavour, which the async clipboard API also
 * reads back), and their texts as `text/plain` for other apps. Clipboard contents come from
 * anywhere, so decoding checks the shape and caps the count; the catalogue checks the rest
 * when the items are pasted.
 */

/** The custom clipboard type of copied board items. */
export const clipMime = 'application/x-boards-items+json';

/** Most items one paste creates (a clipboard holding more is refused whole). */
export const maxClipItems = 5000;

/** One copied item, as the board stores it; `id` is the original's, for re-pointing connectors. */
export interface ClipItem {
  readonly id: string;
  readonly type: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rotation: number;
  readonly data: Record<string, unknown>;
}

/** Copied items, bottom of the z-order first, and the board they came from. */
export interface Clip {
  readonly boardId: string;
  readonly items: readonly ClipItem[];
}

const textFields = ['title', 'text', 'label', 'description', 'markdown', 'source'] as const;

/** The copied items' texts, one item a paragraph, for pasting into other apps. */
export function clipText(clip: Clip): string {
  return clip.items
    .map((item) => textFields.map((field) => item.data[field]).filter((v): v is string => typeof v === 'string' && v.trim() !== '').join('\n'))
    .filter((text) => text !== '')
    .join('\n\n');
}

/** The clip as JSON (the custom clipboard type's content). */
export function encodeClip(clip: Clip): string {
  return JSON.stringify({ boards: 1, boardId: clip.boardId, items: clip.items });
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The clip as HTML: the texts for rich-text apps, the JSON in `data-boards-items` for boards. */
export function clipHtml(clip: Clip): string {
  const paragraphs = clipText(clip)
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
  return `<div data-boards-items="${escapeHtml(encodeClip(clip))}">${paragraphs}</div>`;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function clipItemOf(value: unknown): ClipItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.type !== 'string') return null;
  if (!finite(v.x) || !finite(v.y) || !finite(v.width) || !finite(v.height) || !finite(v.rotation)) return null;
  if (typeof v.data !== 'object' || v.data === null || Array.isArray(v.data)) return null;
  return { id: v.id, type: v.type, x: v.x, y: v.y, width: v.width, height: v.height, rotation: v.rotation, data: v.data as Record<string, unknown> };
}

/** The clip in `json`, or null when it is not one (malformed, another format, too many items). */
export function decodeClip(json: string): Clip | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const p = parsed as Record<string, unknown>;
  if (p.boards !== 1 || typeof p.boardId !== 'string' || !Array.isArray(p.items)) return null;
  if (p.items.length === 0 || p.items.length > maxClipItems) return null;
  const items = p.items.map(clipItemOf);
  if (items.some((item) => item === null)) return null;
  return { boardId: p.boardId, items: items as ClipItem[] };
}

const entities: Readonly<Record<string, string>> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };

/** The clip carried by HTML from `clipHtml` (as written, or as a browser serialized it again), or null. */
export function clipFromHtml(html: string): Clip | null {
  const attribute = /data-boards-items="([^"]*)"/.exec(html)?.[1];
  if (attribute === undefined) return null;
  const json = attribute.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return entities[name.toLowerCase()] ?? whole;
  });
  return decodeClip(json);
}
