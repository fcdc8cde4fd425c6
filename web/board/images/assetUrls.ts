import type { TokenSource } from '../../api.js';

/** Object URLs of fetched images by `<boardId>/<assetId>`: an asset's bytes never change, so each is fetched once per page. */
const cache = new Map<string, Promise<string>>();

/**
 * A `blob:` URL of an uploaded image. An `<img>` cannot send the board token, and a token in a
 * URL would leak into history and logs, so the page fetches the bytes with the token in the
 * `Authorization` header and shows them through an object URL.
 */
export function assetUrl(tokens: TokenSource, boardId: string, assetId: string): Promise<string> {
  const key = `${boardId}/${assetId}`;
  let url = cache.get(key);
  if (!url) {
    url = fetchAsset(tokens, boardId, assetId);
    // A failure is not kept: the next render tries again.
    url.catch(() => cache.delete(key));
    cache.set(key, url);
  }
  return url;
}

async function fetchAsset(tokens: TokenSource, boardId: string, assetId: string): Promise<string> {
  const { token } = await tokens.get();
  const response = await fetch(`/v1/boards/${encodeURIComponent(boardId)}/assets/${encodeURIComponent(assetId)}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    if (response.status === 401) tokens.invalidate();
    throw new Error(`The image could not be loaded (${response.status}).`);
  }
  return URL.createObjectURL(await response.blob());
}
