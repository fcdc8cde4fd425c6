import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import type { TokenSource, WebUser } from '../../api.js';
import type { ExportFile } from './exports.js';
import { jsonFile, memberNames, pdfFile, pngFile, prepareExport, selectedItems, svgFile } from './exports.js';
import { picturesMessage } from './pictureNotice.js';
import type { PictureProgress } from './exportPictures.js';

/** The files the Export menu makes. */
export type ExportFormat = 'png' | 'svg' | 'png-selection' | 'svg-selection' | 'pdf' | 'json';

/** What an export of the open board starts from. */
export interface ExportRequest {
  readonly format: ExportFormat;
  readonly items: readonly StoredItem[];
  readonly selection: ReadonlySet<string>;
  readonly boardId: string;
  readonly tokens: TokenSource;
  readonly user: WebUser;
  readonly title: string;
  readonly includeComments: boolean;
  readonly onProgress: PictureProgress;
}

/** An export's file, and a sentence about the images it could not embed (null when every one is in). */
export interface ExportOutcome {
  readonly file: ExportFile;
  readonly notice: string | null;
}

/**
 * Makes the file of `request.format`: the board or the selection as PNG or SVG, the frames as
 * PDF (with the comments' threads when they are included), the items as JSON. Images are
 * fetched first; one that cannot be is a placeholder and a notice, never a failed export.
 */
export async function runExport(request: ExportRequest): Promise<ExportOutcome> {
  const { format, title } = request;
  if (format === 'json') return { file: await jsonFile(request.tokens, request.boardId, title), notice: null };
  const selection = format === 'png-selection' || format === 'svg-selection';
  const items = selection ? selectedItems(request.items, request.selection) : request.items;
  const suffix = selection ? ' (selection)' : '';
  const prepared = await prepareExport(items, { tokens: request.tokens, boardId: request.boardId }, request.includeComments, request.onProgress);
  const notice = picturesMessage(prepared.problems);
  if (format === 'svg' || format === 'svg-selection') return { file: svgFile(prepared.items, title, suffix, prepared.options), notice };
  if (format === 'png' || format === 'png-selection') return { file: await pngFile(prepared.items, title, suffix, prepared.options), notice };
  const names = request.includeComments ? await memberNames(request.tokens, request.boardId) : new Map<string, string>();
  const nameOf = (userId: string) => (userId === request.user.id ? request.user.name : (names.get(userId) ?? 'Someone'));
  return { file: await pdfFile(prepared.items, title, prepared.options, nameOf), notice };
}
