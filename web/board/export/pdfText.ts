/**
 * Text in a PDF without font files: the standard Helvetica faces every PDF reader has (ISO
 * 32000-1 section 9.6.2.2), in WinAnsiEncoding (annex D), measured with their Adobe font metrics
 * so lines wrap where they end on the page.
 */

/** The standard faces a text page uses, by resource name. */
export const pdfFonts = { F1: 'Helvetica', F2: 'Helvetica-Bold' } as const;

/** A font resource name of `pdfFonts`. */
export type PdfFont = keyof typeof pdfFonts;

// Advance widths (thousandths of the font size) of the printable ASCII characters, space to `~`, from the AFM files.
const helvetica = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
  722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const helveticaBold = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
  722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
const widths: Readonly<Record<PdfFont, readonly number[]>> = { F1: helvetica, F2: helveticaBold };

// WinAnsiEncoding's codes 0x80–0x9F (Windows-1252); 0xA0–0xFF are Latin-1's own.
const winAnsiHigh: ReadonlyMap<string, number> = new Map(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'].map((ch, i) => [ch, 0x80 + i] as const).filter(([ch]) => ch.charCodeAt(0) > 0xff),
);

/** The WinAnsiEncoding code of `ch`, or null for a character the standard fonts cannot show. */
function codeOf(ch: string): number | null {
  const c = ch.codePointAt(0) ?? 0;
  if (c >= 0x20 && c <= 0x7e) return c;
  if (c >= 0xa0 && c <= 0xff) return c;
  return winAnsiHigh.get(ch) ?? null;
}

/**
 * `text` as the standard fonts can write it: tabs as spaces, other characters they lack as `?`
 * (accented letters are kept whole when Unicode can compose them into one they have).
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\t/g, '    ')) out += codeOf(ch) === null ? '?' : ch;
  return out;
}

/** Width of `text` (already `pdfSafe`) in points at `size`. */
export function textWidth(text: string, font: PdfFont, size: number): number {
  const table = widths[font];
  let total = 0;
  for (const ch of text) {
    const code = codeOf(ch) ?? 0x3f;
    // Outside ASCII: the width of the letter without its accent (`é` as `e`), else an average letter's.
    const base = code <= 0x7e ? code : (ch.normalize('NFD').codePointAt(0) ?? 0);
    total += (base >= 0x20 && base <= 0x7e ? table[base - 0x20] : undefined) ?? 556;
  }
  return (total * size) / 1000;
}

/** `text` as a PDF literal string in WinAnsiEncoding: `\`, `(` and `)` escaped, other bytes past ASCII as octal (section 7.3.4.2). */
export function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = codeOf(ch) ?? 0x3f;
    if (ch === '\\' || ch === '(' || ch === ')') out += `\\${ch}`;
    else if (code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
}

/**
 * `text` broken into lines no wider than `maxWidth` points: at its own line breaks, then between
 * words; a word longer than a line is cut where it reaches the edge. Made `pdfSafe` first.
 */
export function wrapPdfText(text: string, font: PdfFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of pdfSafe(paragraph).split(/ +/)) {
      const joined = line === '' ? word : `${line} ${word}`;
      if (textWidth(joined, font, size) <= maxWidth) {
        line = joined;
        continue;
      }
      if (line !== '') lines.push(line);
      let rest = word;
      while (textWidth(rest, font, size) > maxWidth) {
        let cut = 1;
        while (cut < rest.length && textWidth(rest.slice(0, cut + 1), font, size) <= maxWidth) cut += 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}
