/** A square of the service's logo, in units of its 56×56 drawing: x, y, width, height, colour (RGB). */
type Tile = readonly [number, number, number, number, readonly [number, number, number]];

const blue = [0x25, 0x57, 0xd6] as const;
const white = [0xff, 0xff, 0xff] as const;
const light = [0x9d, 0xb6, 0xf2] as const;

/** The logo the sign-in pages show (`serviceLogo`), as tiles over its blue square. */
const tiles: readonly Tile[] = [
  [12, 12, 14, 14, white],
  [30, 12, 14, 22, light],
  [12, 30, 14, 14, light],
  [30, 38, 14, 6, white],
];

/** The service's logo as the pages' icon (`/favicon.svg`): drawn by this server, no external asset. */
export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" rx="12" fill="#2557d6"/>${tiles
  .map(([x, y, w, h, [r, g, b]]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="rgb(${r},${g},${b})"/>`)
  .join('')}</svg>`;

/** The colour (RGBA) of pixel (px, py) of the logo drawn `size` pixels wide; transparent outside its rounded corners. */
function pixel(px: number, py: number, size: number): readonly [number, number, number, number] {
  // The centre of the pixel, in the logo's units.
  const x = ((px + 0.5) * 56) / size;
  const y = ((py + 0.5) * 56) / size;
  const radius = 12;
  const cx = Math.min(Math.max(x, radius), 56 - radius);
  const cy = Math.min(Math.max(y, radius), 56 - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return [0, 0, 0, 0];
  const tile = tiles.find(([tx, ty, w, h]) => x >= tx && x < tx + w && y >= ty && y < ty + h);
  const [r, g, b] = tile ? tile[4] : blue;
  return [r, g, b, 0xff];
}

/**
 * The logo as a Windows icon (`/favicon.ico`, which browsers and tools ask for on their own):
 * one 32×32 32-bit image, stored as the icon format's bottom-up BGRA bitmap with its AND mask.
 */
function icoOf(size: number): Buffer {
  const pixelBytes = size * size * 4;
  // One bit a pixel, rows padded to 32 bits; all zero: the alpha channel decides.
  const maskBytes = (Math.ceil(size / 32) * 4) * size;
  const imageBytes = 40 + pixelBytes + maskBytes;
  const out = Buffer.alloc(6 + 16 + imageBytes);
  out.writeUInt16LE(0, 0); // reserved
  out.writeUInt16LE(1, 2); // type: icon
  out.writeUInt16LE(1, 4); // one image
  out.writeUInt8(size % 256, 6);
  out.writeUInt8(size % 256, 7);
  out.writeUInt8(0, 8); // no palette
  out.writeUInt8(0, 9);
  out.writeUInt16LE(1, 10); // colour planes
  out.writeUInt16LE(32, 12); // bits per pixel
  out.writeUInt32LE(imageBytes, 14);
  out.writeUInt32LE(22, 18); // where the image starts
  const header = 22;
  out.writeUInt32LE(40, header); // BITMAPINFOHEADER
  out.writeInt32LE(size, header + 4);
  out.writeInt32LE(size * 2, header + 8); // the colour image and the mask, stacked
  out.writeUInt16LE(1, header + 12);
  out.writeUInt16LE(32, header + 14);
  out.writeUInt32LE(0, header + 16); // uncompressed
  out.writeUInt32LE(pixelBytes + maskBytes, header + 20);
  let offset = header + 40;
  for (let row = size - 1; row >= 0; row -= 1) {
    for (let column = 0; column < size; column += 1) {
      const [r, g, b, a] = pixel(column, row, size);
      out.writeUInt8(b, offset);
      out.writeUInt8(g, offset + 1);
      out.writeUInt8(r, offset + 2);
      out.writeUInt8(a, offset + 3);
      offset += 4;
    }
  }
  return out;
}

let ico: Buffer | undefined;

/** The bytes `/favicon.ico` answers with (`image/x-icon`), drawn at the first call rather than while the server starts. */
export function faviconIco(): Buffer {
  ico ??= icoOf(32);
  return ico;
}
