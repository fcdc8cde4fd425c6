import { imageSize } from 'image-size';
import { errors } from '../errors.js';
import type { OAuthLogoRecord } from '../../storage/schema/oauth.js';

/** Largest logo accepted: 512 KB (SPEC "Logo size"). */
export const maxLogoBytes = 512 * 1024;

const contentTypes = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Checks a logo by reading the image (image-size), never by trusting a name or header:
 * PNG, JPEG or WebP, square, at most 512 KB. Throws 422 on `logo` otherwise.
 */
export function checkLogo(bytes: Uint8Array): OAuthLogoRecord['contentType'] {
  if (bytes.byteLength === 0) throw errors.invalid('logo', 'is empty');
  if (bytes.byteLength > maxLogoBytes) throw errors.invalid('logo', 'must be at most 512 KB');
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw errors.invalid('logo', 'must be a PNG, JPEG or WebP image');
  }
  const type = size.type as string | undefined;
  if (type !== 'png' && type !== 'jpg' && type !== 'webp') throw errors.invalid('logo', 'must be a PNG, JPEG or WebP image');
  if (!size.width || size.width !== size.height) throw errors.invalid('logo', 'must be square');
  return contentTypes[type];
}
