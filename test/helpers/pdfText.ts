import { expect } from 'vitest';

/** One text-showing operation of a page: the font, the position and the decoded string. */
export interface PdfTextRun {
  readonly font: string;
  readonly size: number;
  readonly x: number;
  readonly y: number;
  readonly text: string;
}

/** One page of a parsed PDF: its size and its text runs in the order they are drawn. */
export interface PdfPageText {
  readonly width: number;
  readonly height: number;
  readonly runs: readonly PdfTextRun[];
  /** The runs' texts, one a line. */
  readonly text: string;
}

// WinAnsiEncoding's 0x80–0x9F (Windows-1252; Node's decoder of that name reads them as Latin-1 controls); the rest is Latin-1.
const winAnsiHigh = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = { decode: (bytes: Uint8Array) => String.fromCharCode(...bytes).replace(/[\u0080-\u009f]/g, (c) => winAnsiHigh[c.charCodeAt(0) - 0x80] ?? c) };

/** A PDF literal string's bytes (escapes of section 7.3.4.2 undone), decoded as WinAnsiEncoding. */
function literal(body: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (ch !== '\\') {
      bytes.push(ch.charCodeAt(0));
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1))?.[0];
    if (octal) {
      bytes.push(Number.parseInt(octal, 8));
      i += octal.length;
    } else {
      const escaped = body[i + 1] ?? '';
      bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[escaped] ?? escaped.charCodeAt(0));
      i += 1;
    }
  }
  return winAnsi.decode(new Uint8Array(bytes));
}

/**
 * Parses a PDF as a reader would, without a PDF library: checks its frame (header, every
 * cross-reference offset at its object, trailer and `startxref`), then follows the page tree and
 * reads each page's content stream for its text (`Tf`, `Td`, literal strings with `Tj`).
 */
export function parsePdf(bytes: Buffer): PdfPageText[] {
  const pdf = bytes.toString('latin1');
  expect(pdf.startsWith('%PDF-1.')).toBe(true);
  expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  const xref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(pdf)?.[1]);
  expect(pdf.slice(xref, xref + 4)).toBe('xref');
  const size = Number(/trailer\n<< \/Size (\d+)/.exec(pdf)?.[1]);
  const entries = pdf.slice(xref).split('\n').slice(2, 2 + size);
  expect(entries[0]).toBe('0000000000 65535 f ');
  const objects = new Map<number, string>();
  entries.slice(1).forEach((line, i) => {
    const offset = Number(line.slice(0, 10));
    const head = `${i + 1} 0 obj\n`;
    expect(pdf.slice(offset, offset + head.length)).toBe(head);
    objects.set(i + 1, pdf.slice(offset + head.length, pdf.indexOf('\nendobj\n', offset)));
  });
  const root = Number(/\/Root (\d+) 0 R/.exec(pdf.slice(xref))?.[1]);
  const pagesId = Number(/\/Pages (\d+) 0 R/.exec(objects.get(root) ?? '')?.[1]);
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(objects.get(pagesId) ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  return kids.map((id) => {
    const page = objects.get(id) ?? '';
    const [, width, height] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(page) ?? [];
    const contents = objects.get(Number(/\/Contents (\d+) 0 R/.exec(page)?.[1])) ?? '';
    const length = Number(/\/Length (\d+)/.exec(contents)?.[1]);
    const start = contents.indexOf('stream\n') + 'stream\n'.length;
    const stream = contents.slice(start, start + length);
    expect(contents.slice(start + length)).toBe('\nendstream');
    const fonts = /\/Font << ([^>]*) >>/.exec(page)?.[1] ?? '';
    const baseFont = (name: string) => /\/BaseFont \/([\w-]+)/.exec(objects.get(Number(new RegExp(`/${name} (\\d+) 0 R`).exec(fonts)?.[1])) ?? '')?.[1] ?? '';
    const runs = [...stream.matchAll(/BT \/(\w+) ([\d.]+) Tf [\d. ]+ rg ([\d.-]+) ([\d.-]+) Td \(((?:\\.|[^\\)])*)\) Tj ET/g)].map((m) => ({
      font: baseFont(m[1]!),
      size: Number(m[2]),
      x: Number(m[3]),
      y: Number(m[4]),
      text: literal(m[5]!),
    }));
    return { width: Number(width), height: Number(height), runs, text: runs.map((r) => r.text).join('\n') };
  });
}
