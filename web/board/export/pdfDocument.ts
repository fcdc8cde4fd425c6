import { pdfFonts } from './pdfText.js';

/** A page of a PDF that is a JPEG drawn over the whole page (a frame of the board). */
export interface PdfImagePage {
  /** The page's size in PDF points. */
  readonly width: number;
  readonly height: number;
  /** A baseline JPEG (what `canvas.toBlob('image/jpeg')` encodes), and its pixel size. */
  readonly jpeg: Uint8Array;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
}

/** A page of a PDF drawn by its own content stream (real text: selectable, searchable), in the fonts of `pdfFonts`. */
export interface PdfTextPage {
  readonly width: number;
  readonly height: number;
  /** The page's content stream operators, ASCII only (strings from `pdfString`). */
  readonly content: string;
}

/** One page of a PDF. */
export type PdfPage = PdfImagePage | PdfTextPage;

/** Largest page side PDF readers accept, in points (ISO 32000-1 annex C). */
export const maxPdfPageSide = 14_400;

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A PDF text string in UTF-16BE with its byte order mark (ISO 32000-1 section 7.9.2.2), as hex. */
function textString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/**
 * A minimal PDF 1.4: the catalogue, the page tree, the standard fonts when a page has text, then
 * per page a page object and its content stream: an image page stretches its JPEG (an image
 * XObject with `/DCTDecode`) over the page (`q w 0 0 h 0 0 cm /Im0 Do Q`), a text page writes its
 * own operators; then the cross-reference table and trailer.
 */
export function pdfDocument(pages: readonly PdfPage[], title: string): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Uint8Array) => {
    parts.push(part);
    length += part.length;
  };
  const object = (id: number, ...body: (string | Uint8Array)[]) => {
    offsets[id] = length;
    push(ascii(`${id} 0 obj\n`));
    for (const piece of body) push(typeof piece === 'string' ? ascii(piece) : piece);
    push(ascii('\nendobj\n'));
  };
  // A binary comment line tells transfer tools the file is binary (section 7.5.2).
  push(new Uint8Array([...ascii('%PDF-1.4\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  let next = 4;
  const fontIds = new Map<string, number>();
  if (pages.some((page) => 'content' in page)) for (const name of Object.keys(pdfFonts)) fontIds.set(name, next++);
  const pageIds = pages.map((page) => {
    const id = next;
    next += 'content' in page ? 2 : 3;
    return id;
  });
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  object(3, `<< /Title ${textString(title)} /Producer (Boards) >>`);
  for (const [name, id] of fontIds) object(id, `<< /Type /Font /Subtype /Type1 /BaseFont /${pdfFonts[name as keyof typeof pdfFonts]} /Encoding /WinAnsiEncoding >>`);
  const fontResources = [...fontIds].map(([name, id]) => `/${name} ${id} 0 R`).join(' ');
  pages.forEach((page, i) => {
    const id = pageIds[i] ?? 0;
    const w = Math.round(page.width * 100) / 100;
    const h = Math.round(page.height * 100) / 100;
    const text = 'content' in page;
    const content = text ? page.content : `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
    const resources = text ? `/Font << ${fontResources} >>` : `/XObject << /Im0 ${id + 2} 0 R >>`;
    object(id, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << ${resources} >> /Contents ${id + 1} 0 R >>`);
    object(id + 1, `<< /Length ${ascii(content).length} >>\nstream\n${content}\nendstream`);
    if (text) return;
    object(
      id + 2,
      `<< /Type /XObject /Subtype /Image /Width ${page.pixelWidth} /Height ${page.pixelHeight} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n`,
      page.jpeg,
      '\nendstream',
    );
  });
  const count = next;
  const xref = length;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let id = 1; id < count; id += 1) table += `${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`;
  push(ascii(`${table}trailer\n<< /Size ${count} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  const out = new Uint8Array(new ArrayBuffer(length));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
