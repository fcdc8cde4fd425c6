import { ApiError, api } from '../../api.js';
import type { TokenSource } from '../../api.js';
import type { Clip, ClipItem } from './clipFormat.js';

/** Image copies asked for at once: a paste of many pictures does not flood the server. */
const parallelCopies = 4;

/** A clip made ready for another board: the items whose pictures are there now, and why any were left out. */
export interface BoardReadyClip {
  readonly clip: Clip;
  /** A sentence for the person when image items were left out, else null. */
  readonly leftOut: string | null;
}

/** The uploaded image an item shows (`data.assetId`), or null. */
function assetIdOf(item: ClipItem): string | null {
  const id = item.data.assetId;
  return item.type === 'image' && typeof id === 'string' && id !== '' ? id : null;
}

function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return 'the board they came from cannot be read any more, or no longer holds them';
    if (error.code === 'asset_quota_exceeded') return 'this board holds as many images as it may';
    return error.message.replace(/\.$/, '');
  }
  return error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
}

/**
 * Copies the uploaded images that a clip from another board shows (`POST /v1/boards/{boardId}/assets/copy`,
 * idempotent, same asset ids) to `boardId`, so its pasted image items show their pictures. Image
 * items whose picture could not be copied are left out of the clip (never pasted without it),
 * and `leftOut` says how many and why. A clip from the same board is answered as it is.
 */
export async function clipForBoard(clip: Clip, boardId: string, tokens: TokenSource): Promise<BoardReadyClip> {
  if (clip.boardId === boardId) return { clip, leftOut: null };
  const assetIds = [...new Set(clip.items.map(assetIdOf).filter((id): id is string => id !== null))];
  const failed = new Map<string, unknown>();
  const queue = [...assetIds];
  const worker = async () => {
    for (let assetId = queue.shift(); assetId !== undefined; assetId = queue.shift()) {
      try {
        await api(tokens, 'POST', `/boards/${encodeURIComponent(boardId)}/assets/copy`, { sourceBoardId: clip.boardId, assetId });
      } catch (error) {
        failed.set(assetId, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelCopies, assetIds.length) }, worker));
  if (failed.size === 0) return { clip, leftOut: null };
  const kept = clip.items.filter((item) => {
    const assetId = assetIdOf(item);
    return assetId === null || !failed.has(assetId);
  });
  const dropped = clip.items.length - kept.length;
  const reasons = [...new Set([...failed.values()].map(reasonOf))].join('; ');
  const leftOut = `${dropped === 1 ? 'An image was' : `${dropped} images were`} not pasted: ${reasons}.`;
  return { clip: { boardId: clip.boardId, items: kept }, leftOut };
}
