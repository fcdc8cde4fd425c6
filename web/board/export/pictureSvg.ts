import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { centredText, esc, flowText, n, str } from './svgText.js';

/** The host an image from another site is served by, for its placeholder's label; empty when there is none. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * An image item as the canvas shows it: its picture cropped to the item's box (centred, filling
 * it, as CSS `object-fit: cover`) on a rounded backing, with its title along the bottom. The
 * picture is the uploaded image's `data:` URL from `pictures` (by asset id); an image from
 * another site, or one that could not be fetched, is a labelled placeholder.
 */
export function imageBody(item: StoredItem, pictures: ReadonlyMap<string, string>): string {
  const d = item.data;
  const left = item.x - item.width / 2;
  const top = item.y - item.height / 2;
  const { width, height } = item;
  const clip = `picture-${esc(item.id)}`;
  const area = `x="${n(left)}" y="${n(top)}" width="${n(width)}" height="${n(height)}"`;
  const backing = `<rect ${area} rx="4" fill="#eef1f5"/>`;
  const url = str(d, 'url');
  const picture = url === '' ? pictures.get(str(d, 'assetId')) : undefined;
  const title = str(d, 'title');
  const caption = title
    ? `<rect x="${n(left)}" y="${n(top + height - 22)}" width="${n(width)}" height="22" fill="#ffffff" fill-opacity="0.85"/>` +
      flowText(title, left + 8, top + height - 20, width - 16, 18, 13, 'fill="#1f2328"')
    : '';
  if (picture) {
    return (
      `<clipPath id="${clip}"><rect ${area} rx="4"/></clipPath>` +
      `<g clip-path="url(#${clip})">${backing}<image ${area} preserveAspectRatio="xMidYMid slice" href="${esc(picture)}"/>${caption}</g>`
    );
  }
  const host = url === '' ? '' : hostOf(url);
  const label = `${str(d, 'alt') || title || 'Image'}${host ? ` (${host})` : ''}`;
  return `<g>${backing}${centredText(label, left, top, width, height - (title ? 22 : 0), 14, '#656d76')}${caption}</g>`;
}
