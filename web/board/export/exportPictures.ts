import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import type { TokenSource } from '../../api.js';
import { acceptedImageTypes, maxImageBytes } from '../images/uploadImage.js';
import type { PictureProblem } from './pictureNotice.js';
import { str } from './svgText.js';

/** Most uploaded images one export fetches; the others stay placeholders. */
export const maxExportPictures = 200;
/** Most bytes of images one export embeds in all (each image is at most `maxImageBytes`, what an upload may be). */
export const maxExportPictureBytes = 64 * 1024 * 1024;
/** Images fetched at the same time. */
const parallelFetches = 4;

/** The images an export embeds (`data:` URLs by asset id) and the ones it could not. */
export interface ExportPictures {
  readonly byAsset: ReadonlyMap<string, string>;
  readonly problems: readonly PictureProblem[];
}

/** Hears how many of the export's images were fetched so far, of how many. */
export type PictureProgress = (done: number, total: number) => void;

/** Where an image's bytes are read from: the board's token source and id. */
export interface PictureSource {
  readonly tokens: TokenSource;
  readonly boardId: string;
}

/** The uploaded images (`data.assetId`, no `data.url`) among `items`, by asset id, with a label for messages. */
export function uploadedPictures(items: readonly StoredItem[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const item of items) {
    if (item.type !== 'image' || str(item.data, 'url') !== '') continue;
    const assetId = str(item.data, 'assetId');
    if (assetId !== '' && !found.has(assetId)) found.set(assetId, str(item.data, 'title') || str(item.data, 'alt') || 'An image');
  }
  return found;
}

class PictureRefused extends Error {}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

async function fetchPicture(source: PictureSource, assetId: string, budget: { bytes: number }): Promise<string> {
  const { token } = await source.tokens.get();
  let response: Response;
  try {
    response = await fetch(`/v1/boards/${encodeURIComponent(source.boardId)}/assets/${encodeURIComponent(assetId)}`, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new PictureRefused('the server could not be reached');
  }
  if (!response.ok) {
    if (response.status === 401) source.tokens.invalidate();
    await response.body?.cancel();
    throw new PictureRefused(response.status === 404 ? 'it is no longer on the server' : `the server answered ${response.status}`);
  }
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const declared = Number(response.headers.get('Content-Length') ?? 'NaN');
  if (!acceptedImageTypes.includes(type) || declared > maxImageBytes) {
    await response.body?.cancel();
    throw new PictureRefused(acceptedImageTypes.includes(type) ? 'it is larger than 10 MB' : 'it is not a PNG, JPEG, WebP or GIF image');
  }
  const blob = await response.blob();
  if (blob.size > maxImageBytes) throw new PictureRefused('it is larger than 10 MB');
  if (blob.size > budget.bytes) throw new PictureRefused('the export holds as many image bytes as it may (64 MB)');
  budget.bytes -= blob.size;
  return dataUrlOf(new Blob([blob], { type }));
}

/**
 * Fetches the uploaded images among `items` with the page's board token, a few at a time, as
 * `data:` URLs the export embeds (an SVG drawn into a canvas may refer to nothing outside
 * itself). At most `maxExportPictures` images and `maxExportPictureBytes` bytes; an image that
 * cannot be fetched is a problem, not a failure: the export shows a placeholder for it.
 */
export async function fetchPictures(source: PictureSource, items: readonly StoredItem[], onProgress: PictureProgress = () => undefined): Promise<ExportPictures> {
  const wanted = [...uploadedPictures(items)];
  const byAsset = new Map<string, string>();
  const problems: PictureProblem[] = wanted
    .slice(maxExportPictures)
    .map(([assetId, label]) => ({ assetId, label, reason: `the export embeds at most ${maxExportPictures} images` }));
  const queue = wanted.slice(0, maxExportPictures);
  const budget = { bytes: maxExportPictureBytes };
  const total = queue.length;
  let done = 0;
  onProgress(done, total);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [assetId, label] = next;
      try {
        byAsset.set(assetId, await fetchPicture(source, assetId, budget));
      } catch (error) {
        problems.push({ assetId, label, reason: error instanceof PictureRefused ? error.message : 'it could not be read' });
      }
      done += 1;
      onProgress(done, total);
    }
  };
  await Promise.all(Array.from({ length: parallelFetches }, worker));
  return { byAsset, problems };
}
