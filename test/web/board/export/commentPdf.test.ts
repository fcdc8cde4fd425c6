import { describe, expect, test } from 'vitest';
import type { StoredItem } from '../../../../crdt/items/boardSchema.js';
import { commentPageSize, commentPdfPages } from '../../../../web/board/export/commentPdf.js';
import { pdfDocument } from '../../../../web/board/export/pdfDocument.js';
import { textWidth, wrapPdfText } from '../../../../web/board/export/pdfText.js';
import { parsePdf } from '../../../helpers/pdfText.js';

const names: Record<string, string> = { usr_ana: 'Ana Owner', usr_bo: 'Bo Reviewer' };
const nameOf = (id: string) => names[id] ?? 'Someone';

function comment(id: string, y: number, text: string, extra: Record<string, unknown> = {}): StoredItem {
  return { id, type: 'comment', x: 0, y, width: 32, height: 32, rotation: 0, z: 'a0', data: { text, ...extra }, createdBy: 'usr_ana' } as unknown as StoredItem;
}

/** A whole file: a frame's page (a one-byte stand-in for its JPEG) followed by the comment pages. */
function exported(comments: StoredItem[], title = 'Q3 plan') {
  const numbers = new Map(comments.map((c, i) => [c.id, i + 1]));
  const frame = { width: 400, height: 300, jpeg: new Uint8Array([0xff]), pixelWidth: 1, pixelHeight: 1 };
  const bytes = Buffer.from(pdfDocument([frame, ...commentPdfPages(comments, numbers, nameOf, title)], title));
  return { bytes, pages: parsePdf(bytes) };
}

describe('comment pages of a PDF export', () => {
  test('are real text in the standard fonts, in a well-formed file after the frame pages', () => {
    const { bytes, pages } = exported([
      comment('c1', 0, 'Is the plan final?', { replies: [{ authorId: 'usr_bo', text: 'Not yet.' }] }),
      comment('c2', 50, 'Looks good', { resolved: true }),
    ]);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.runs).toEqual([]);
    const list = pages[1]!;
    expect(list.width).toBe(commentPageSize.width);
    expect(list.text).toBe(['Comments on Q3 plan', '1', 'Ana Owner', 'Is the plan final?', 'Bo Reviewer', 'Not yet.', '2 · resolved', 'Ana Owner', 'Looks good'].join('\n'));
    expect(new Set(list.runs.map((r) => r.font))).toEqual(new Set(['Helvetica', 'Helvetica-Bold']));
    expect(list.runs.find((r) => r.text === 'Is the plan final?')?.font).toBe('Helvetica');
    const pdf = bytes.toString('latin1');
    // Text, not pictures: the only image in the file is the frame's.
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(pdf.match(/\/Encoding \/WinAnsiEncoding/g)).toHaveLength(2);
    expect(/\/Count 2\b/.test(pdf)).toBe(true);
  });

  test('keep accents, quotes, dashes and characters PDF strings escape; characters the fonts lack become ?', () => {
    const text = 'Café – “déjà vu” (see \\notes) €5 naïve 日本 👍';
    const { pages } = exported([comment('c1', 0, text)], 'Übersicht (draft)');
    expect(pages[1]!.text).toBe(['Comments on Übersicht (draft)', '1', 'Ana Owner', 'Café – “déjà vu” (see \\notes) €5 naïve ?? ?'].join('\n'));
  });

  test('wrap long messages within the margins by the fonts’ widths, at spaces, cutting a word longer than a line', () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const long = 'W'.repeat(200);
    const { pages } = exported([comment('c1', 0, `${words}\nSecond paragraph`), comment('c2', 10, long)]);
    const runs = pages[1]!.runs;
    const body = runs.filter((r) => r.font === 'Helvetica');
    for (const run of runs) {
      expect(run.x).toBeGreaterThanOrEqual(56);
      expect(run.x + textWidth(run.text, run.font === 'Helvetica' ? 'F1' : 'F2', run.size)).toBeLessThanOrEqual(commentPageSize.width - 56 + 0.01);
    }
    const firstMessage = body.slice(0, body.findIndex((r) => r.text === 'Second paragraph'));
    expect(firstMessage.length).toBeGreaterThan(3);
    expect(firstMessage.map((r) => r.text).join(' ')).toBe(words);
    const cut = body.filter((r) => /^W+$/.test(r.text));
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.map((r) => r.text).join('')).toBe(long);
    // Lines go down the page.
    runs.slice(1).forEach((run, i) => expect(run.y).toBeLessThan(runs[i]!.y));
  });

  test('flow on to further pages, every line inside the margins, nothing lost and a thread’s number never alone at the foot of a page', () => {
    const comments = Array.from({ length: 60 }, (_, i) => comment(`c${i}`, i, `Point ${i}: ${'detail '.repeat(30).trim()}`));
    const { pages } = exported(comments);
    const lists = pages.slice(1);
    expect(lists.length).toBeGreaterThan(2);
    for (const page of lists) {
      for (const run of page.runs) {
        expect(run.y).toBeGreaterThanOrEqual(56);
        expect(run.y).toBeLessThanOrEqual(commentPageSize.height - 56);
      }
      const last = page.runs.at(-1)!;
      expect(last.font === 'Helvetica-Bold' && /^\d+$/.test(last.text)).toBe(false);
    }
    const all = lists.flatMap((p) => p.runs.map((r) => r.text));
    const numbersInOrder = all.filter((t) => /^\d+$/.test(t)).map(Number);
    expect(numbersInOrder).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(all.filter((t) => t.startsWith('Point ')).map((t) => t.split(':')[0])).toEqual(comments.map((_, i) => `Point ${i}`));
  });

  test('no comments, no pages', () => {
    expect(commentPdfPages([], new Map(), nameOf, 'Empty')).toEqual([]);
    expect(wrapPdfText('', 'F1', 11, 100)).toEqual(['']);
  });
});
