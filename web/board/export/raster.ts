import type { BoardSvg } from './boardSvg.js';

/** Pixels per board unit of a raster export, for sharp text on high-density screens. */
export const rasterScale = 2;
/** Longest side of a raster export in pixels (browsers refuse far larger canvases); a larger board is scaled down to it. */
export const maxRasterSide = 8000;

/** Pixel size of the raster of `bounds`: `rasterScale` pixels per unit, scaled down so neither side passes `maxRasterSide`. */
export function rasterSize(bounds: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(rasterScale, maxRasterSide / bounds.width, maxRasterSide / bounds.height);
  return { width: Math.max(1, Math.round(bounds.width * scale)), height: Math.max(1, Math.round(bounds.height * scale)) };
}

/**
 * Draws an SVG document into a canvas in the browser (an `<img>` of a `data:` address: the
 * page's policy allows those, and the document refers to nothing outside itself) and encodes it
 * as PNG or JPEG.
 */
export async function rasterise(drawing: BoardSvg, type: 'image/png' | 'image/jpeg'): Promise<{ blob: Blob; width: number; height: number }> {
  const { width, height } = rasterSize(drawing.bounds);
  const image = new Image(width, height);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawing.svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the export.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
  if (!blob) throw new Error('This browser could not encode the export.');
  return { blob, width, height };
}
