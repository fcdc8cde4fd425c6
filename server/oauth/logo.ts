import { errors } from '../errors.js';
import { readImage } from '../images/readImage.js';
import type { OAuthLogoRecord } from '../../storage/schema/oauth.js';

/** Largest logo accepted: 512 KB (SPEC "Logo size"). */
export const maxLogoBytes = 512 * 1024;

const logoTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * Checks a logo by reading the image (`readImage`), never by trusting a name or header:
 * PNG, JPEG or WebP, square, at most 512 KB. Throws 422 on `logo` otherwise.
 */
export function checkLogo(bytes: Uint8Array): OAuthLogoRecord['contentType'] {
  if (bytes.byteLength === 0) throw errors.invalid('logo', 'is empty');
  if (bytes.byteLength > maxLogoBytes) throw errors.invalid('logo', 'must be at most 512 KB');
  const image = readImage(bytes, logoTypes);
  if (!image) throw errors.invalid('logo', 'must be a PNG, JPEG or WebP image');
  if (image.width !== image.height) throw errors.invalid('logo', 'must be square');
  return image.contentType as OAuthLogoRecord['contentType'];
}
