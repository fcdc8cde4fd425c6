import { imageSize } from 'image-size';
import type { AssetContentType } from '../../storage/schema/assets.js';

/** The image types the service reads, by the name image-size gives them. */
const contentTypes = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const satisfies Record<string, AssetContentType>;

/** An image's type and pixel size as its own bytes tell them. */
export interface ImageFacts {
  readonly contentType: AssetContentType;
  readonly width: number;
  readonly height: number;
}

/**
 * Reads an image's type and size from its header bytes (image-size), never from a file name or a
 * request header. Null when the bytes are no image of one of the `accepted` types (SVG is never
 * one: it can carry scripts) or have no size.
 */
export function readImage(bytes: Uint8Array, accepted: readonly AssetContentType[]): ImageFacts | null {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  const type = size.type as string | undefined;
  const contentType = type !== undefined && Object.hasOwn(contentTypes, type) ? contentTypes[type as keyof typeof contentTypes] : undefined;
  if (contentType === undefined || !accepted.includes(contentType)) return null;
  if (!size.width || !size.height) return null;
  return { contentType, width: size.width, height: size.height };
}
