import { ApiError } from '../../api.js';
import { imageTarget } from './imageTarget.js';
import type { ImageTarget } from './imageTarget.js';
import { refusalOf, uploadImage } from './uploadImage.js';
import { uploadDone, uploadProgress, uploadRefused, uploadStarted } from './uploads.js';

/** New image items fit in a square of this many board units (their natural size when smaller). */
export const maxPlacedImageSide = 800;

/** Board units between images placed together (several files at once). */
const cascade = 24;

/** The natural size scaled down to fit `maxPlacedImageSide`, at least one unit each way. */
export function placedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, maxPlacedImageSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Alt text from a file name: without its extension, separators as spaces ("team-photo.png" -> "team photo"). */
export function altFromFileName(name: string): string {
  return name.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[_-]+/g, ' ').trim().slice(0, 1000);
}

function reason(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'payload_too_large') return 'It is larger than 10 MB.';
    if (error.code === 'unsupported_media_type' || error.code === 'invalid_image') return 'It is not a PNG, JPEG, WebP or GIF image.';
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Uploads image files (picked, dropped or pasted) to the open board and adds one image item per
 * file, centred at `at` (board coordinates; more files step down and right), at its natural size
 * scaled to fit 800 units, with alt text from the file name. Progress and refusals (too large,
 * not an image) show in the board's upload status. Resolves with the new item ids.
 */
export async function pasteImageFiles(files: readonly File[], at: { x: number; y: number }, target: ImageTarget | null = imageTarget()): Promise<string[]> {
  if (!target?.edits) return [];
  const { edits, boardId, tokens } = target;
  const created: string[] = [];
  await Promise.all(
    files.map(async (file, index) => {
      const refusal = refusalOf(file);
      if (refusal) {
        uploadRefused(file.name, refusal);
        return;
      }
      const key = uploadStarted(file.name);
      try {
        const { token } = await tokens.get();
        const asset = await uploadImage(token, boardId, file, (fraction) => uploadProgress(key, fraction));
        const position = { x: Math.round(at.x + index * cascade), y: Math.round(at.y + index * cascade) };
        created.push(edits.create({ type: 'image', position, size: placedSize(asset.width, asset.height), data: { assetId: asset.id, alt: altFromFileName(file.name) } }));
        uploadDone(key);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) tokens.invalidate();
        uploadRefused(file.name, `${file.name} was not added: ${reason(error)}`, key);
      }
    }),
  );
  if (created.length > 0) target.onCreated(created);
  return created;
}

/** The image files among a drop's or a paste's files. */
export function imageFilesOf(list: FileList | null | undefined): File[] {
  return [...(list ?? [])].filter((file) => file.type.startsWith('image/'));
}
