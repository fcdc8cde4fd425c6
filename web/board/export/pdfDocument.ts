/** One page of a PDF: a JPEG drawn over the whole page. */
export interface PdfPage {
  /** The page's size in PDF points. */
  readonly width: number;
  readonly height: number;
  /** A baseline JPEG (what `canvas.toBlob('image/jpeg')` encodes), and its pixel size. */
  readonly jpeg: Uint8Array;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
}

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
 * A minimal PDF 1.4 with one page per image: the catalogue, the page tree, per page a page
 * object, its content stream (`q w 0 0 h 0 0 cm /Im0 Do Q`: the image stretched over the page)
 * and the JPEG as an image XObject with `/DCTDecode`, then the cross-reference table and trailer.
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
  const pageIds = pages.map((_, i) => 4 + i * 3);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  object(3, `<< /Title ${textString(title)} /Producer (Boards) >>`);
  pages.forEach((page, i) => {
    const id = pageIds[i] ?? 0;
    const w = Math.round(page.width * 100) / 100;
    const h = Math.round(page.height * 100) / 100;
    const content = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
    object(id, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`);
    object(id + 1, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    object(
      id + 2,
      `<< /Type /XObject /Subtype /Image /Width ${page.pixelWidth} /Height ${page.pixelHeight} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n`,
      page.jpeg,
      '\nendstream',
    );
  });
  const count = 4 + pages.length * 3;
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
