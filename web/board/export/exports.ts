import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { api } from '../../api.js';
import type { TokenSource } from '../../api.js';
import { boardSvg, exportPadding } from './boardSvg.js';
import type { BoardSvg, Bounds, DrawOptions } from './boardSvg.js';
import { commentPdfPages } from './commentPdf.js';
import { numberedComments } from './commentSvg.js';
import { fetchPictures } from './exportPictures.js';
import { readingOrder } from './frames.js';
import type { PictureProgress, PictureSource } from './exportPictures.js';
import type { PictureProblem } from './pictureNotice.js';
import { maxPdfPageSide, pdfDocument } from './pdfDocument.js';
import type { PdfPage } from './pdfDocument.js';
import { rasterise } from './raster.js';

/** What an export produced: the file's content and its name. */
export interface ExportFile {
  readonly blob: Blob;
  readonly name: string;
}

/** Thrown when there is nothing to export (an empty board or selection). */
export class NothingToExport extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NothingToExport';
  }
}

/** Version of the JSON export's format (docs/web-export.md). */
export const boardExportVersion = 1;

/** A file name from the board's title: characters file systems refuse become `-`; `board` when nothing is left. */
export function fileName(title: string, suffix: string, extension: string): string {
  const base = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120);
  return `${base === '' ? 'board' : base}${suffix}.${extension}`;
}

/** The items of a selection, with the connectors that join two of them and what selected sections hold. */
export function selectedItems(items: readonly StoredItem[], selection: ReadonlySet<string>): StoredItem[] {
  const sections = items.filter((i) => i.type === 'section' && selection.has(i.id));
  const inside = (item: StoredItem) =>
    sections.some((s) => Math.abs(item.x - s.x) <= s.width / 2 && Math.abs(item.y - s.y) <= s.height / 2);
  const chosen = new Set(items.filter((i) => selection.has(i.id) || (i.type !== 'connector' && inside(i))).map((i) => i.id));
  return items.filter((i) => chosen.has(i.id) || (i.type === 'connector' && chosen.has(String(i.data.from)) && chosen.has(String(i.data.to))));
}

/** What an export draws: its items (comments only when they are included) and how. */
export interface PreparedExport {
  readonly items: readonly StoredItem[];
  readonly options: DrawOptions;
  /** The uploaded images that could not be embedded (placeholders stand in for them). */
  readonly problems: readonly PictureProblem[];
}

/**
 * Readies `items` for an export: drops the comments unless `includeComments` (then numbers their
 * pins in reading order) and fetches the uploaded images' bytes (`onProgress` hears how many).
 */
export async function prepareExport(items: readonly StoredItem[], source: PictureSource, includeComments: boolean, onProgress?: PictureProgress): Promise<PreparedExport> {
  const kept = includeComments ? items : items.filter((i) => i.type !== 'comment');
  const pictures = await fetchPictures(source, kept, onProgress);
  const options: DrawOptions = { pictures: pictures.byAsset, ...(includeComments ? { pins: numberedComments(kept) } : {}) };
  return { items: kept, options, problems: pictures.problems };
}

function drawing(items: readonly StoredItem[], options: DrawOptions, bounds?: Bounds) {
  const drawn = boardSvg(items, bounds, options);
  if (!drawn) throw new NothingToExport('There is nothing to export: no items.');
  return drawn;
}

/** The items as an SVG file. */
export function svgFile(items: readonly StoredItem[], title: string, suffix = '', options: DrawOptions = {}): ExportFile {
  return { blob: new Blob([drawing(items, options).svg], { type: 'image/svg+xml' }), name: fileName(title, suffix, 'svg') };
}

/** The items as a PNG file, rasterised in the browser. */
export async function pngFile(items: readonly StoredItem[], title: string, suffix = '', options: DrawOptions = {}): Promise<ExportFile> {
  const { blob } = await rasterise(drawing(items, options), 'image/png');
  return { blob, name: fileName(title, suffix, 'png') };
}

/** The people of the board by user id (`GET /boards/{id}/members`), for the authors of comments; empty when it may not be read. */
export async function memberNames(tokens: TokenSource, boardId: string): Promise<Map<string, string>> {
  try {
    const page = await api<{ data: { user: { id: string; name: string } }[] }>(tokens, 'GET', `/boards/${encodeURIComponent(boardId)}/members?limit=100`);
    return new Map(page.data.map((m) => [m.user.id, m.user.name]));
  } catch {
    return new Map();
  }
}

async function pdfPage(drawn: BoardSvg): Promise<PdfPage> {
  const { blob, width, height } = await rasterise(drawn, 'image/jpeg');
  const scale = Math.min(1, maxPdfPageSide / drawn.bounds.width, maxPdfPageSide / drawn.bounds.height);
  return { width: drawn.bounds.width * scale, height: drawn.bounds.height * scale, jpeg: new Uint8Array(await blob.arrayBuffer()), pixelWidth: width, pixelHeight: height };
}

/**
 * A PDF with one page per section (frame), in reading order (rows from the top, each left to
 * right: `readingOrder`); each page is the section's area rasterised to JPEG, with the items whose centre is
 * inside it. A board without sections gives one page of the whole board. With comment pins in
 * `options`, pages listing the threads as real text (numbered as the pins, with their authors'
 * names from `nameOf`) follow.
 */
export async function pdfFile(items: readonly StoredItem[], title: string, options: DrawOptions = {}, nameOf: (userId: string) => string = () => 'Someone'): Promise<ExportFile> {
  const sections = readingOrder(items.filter((i) => i.type === 'section'));
  const frames: Bounds[] =
    sections.length > 0
      ? sections.map((s) => ({ left: s.x - s.width / 2 - exportPadding / 2, top: s.y - s.height / 2 - 30 - exportPadding / 2, width: s.width + exportPadding, height: s.height + 30 + exportPadding }))
      : [drawing(items, options).bounds];
  const pages: PdfPage[] = [];
  for (const frame of frames) pages.push(await pdfPage(drawing(items, options, frame)));
  if (options.pins) {
    const comments = items.filter((i) => i.type === 'comment');
    pages.push(...commentPdfPages(comments, options.pins, nameOf, title));
  }
  return { blob: new Blob([pdfDocument(pages, title)], { type: 'application/pdf' }), name: fileName(title, '', 'pdf') };
}

/**
 * The board as JSON (docs/web-export.md): the board's id and title and every item exactly as
 * `GET /boards/{boardId}/items` answers, read page by page.
 */
export async function jsonFile(tokens: TokenSource, boardId: string, title: string): Promise<ExportFile> {
  const items: unknown[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: { data: unknown[]; nextCursor: string | null } = await api(tokens, 'GET', `/boards/${encodeURIComponent(boardId)}/items?limit=100${query}`);
    items.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor !== null);
  const body = { format: 'boards.board', version: boardExportVersion, exportedAt: new Date().toISOString(), board: { id: boardId, title }, items };
  return { blob: new Blob([`${JSON.stringify(body, null, 2)}\n`], { type: 'application/json' }), name: fileName(title, '', 'json') };
}

/** Hands a file to the browser as a download. */
export function download(file: ExportFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the address once the click's navigation started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
