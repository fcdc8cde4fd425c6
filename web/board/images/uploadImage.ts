import { ApiError } from '../../api.js';

/** Image types the service takes (SVG is not one: it can carry scripts). */
export const acceptedImageTypes: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Largest image the service takes: 10 MiB. */
export const maxImageBytes = 10 * 1024 * 1024;

/** An uploaded image as `POST /v1/boards/{boardId}/assets` answers it. */
export interface UploadedAsset {
  readonly id: string;
  readonly contentType: string;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
}

/** Why a file cannot be uploaded, in words for people, or null when it may be tried (the server checks the bytes). */
export function refusalOf(file: File): string | null {
  if (!acceptedImageTypes.includes(file.type)) return `${file.name || 'This file'} is not a PNG, JPEG, WebP or GIF image.`;
  if (file.size > maxImageBytes) return `${file.name || 'This image'} is larger than 10 MB.`;
  if (file.size === 0) return `${file.name || 'This file'} is empty.`;
  return null;
}

/**
 * Uploads one image file with the board token; `onProgress` hears the fraction sent (0 to 1).
 * XMLHttpRequest because fetch reports no upload progress. Rejects with ApiError (the envelope's
 * code and message) when the server refuses it.
 */
export function uploadImage(token: string, boardId: string, file: File, onProgress: (fraction: number) => void): Promise<UploadedAsset> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/v1/boards/${encodeURIComponent(boardId)}/assets`);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', file.type);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as (UploadedAsset & { error?: { code?: string; message?: string } }) | null;
      if (request.status === 201 && body) {
        resolve(body);
        return;
      }
      reject(new ApiError(request.status, body?.error?.code ?? 'unknown', body?.error?.message ?? `The upload failed (${request.status}).`));
    };
    request.onerror = () => reject(new ApiError(0, 'network', 'The upload failed: the server could not be reached.'));
    request.send(file);
  });
}
