import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import type { PdfTextPage } from './pdfDocument.js';
import { pdfString, wrapPdfText } from './pdfText.js';
import type { PdfFont } from './pdfText.js';
import { str } from './svgText.js';

/** One message of a thread: who wrote it and what. */
interface Message {
  readonly author: string;
  readonly text: string;
}

function messagesOf(item: StoredItem, nameOf: (userId: string) => string): Message[] {
  const replies = Array.isArray(item.data.replies) ? item.data.replies : [];
  return [
    { author: nameOf(item.createdBy), text: str(item.data, 'text') },
    ...replies
      .filter((r): r is { authorId: string; text: string } => typeof r === 'object' && r !== null && typeof (r as { text?: unknown }).text === 'string' && typeof (r as { authorId?: unknown }).authorId === 'string')
      .map((r) => ({ author: nameOf(r.authorId), text: r.text })),
  ];
}

/** A comments page is A4 portrait, in points, so it prints as it is. */
export const commentPageSize = Object.freeze({ width: 595.28, height: 841.89 });
const margin = 56;
const ink = '0.122 0.137 0.157 rg';
const grey = '0.267 0.298 0.337 rg';

/** One line of text to set: its font, size, colour, indent from the margin and the space it takes (leading). */
interface Line {
  readonly text: string;
  readonly font: PdfFont;
  readonly size: number;
  readonly colour: string;
  readonly indent: number;
  readonly leading: number;
  /** Space before the line, dropped at the top of a page. */
  readonly before: number;
  /** Lines after this one that must be on its page (a thread's number stays with its first words). */
  readonly keep: number;
}

const n = (v: number) => String(Math.round(v * 100) / 100);

/**
 * The threads of `comments` as real PDF text pages (selectable and searchable) to follow the
 * frames of a PDF: a heading, then each thread under its pin's number (and "resolved" when it
 * is), every message with its author's name above its text. Text wraps to the page's width by
 * the font's metrics and flows on to as many pages as it takes; no pages when there are no
 * comments. Characters the standard fonts lack are written `?` (see `pdfSafe`).
 */
export function commentPdfPages(comments: readonly StoredItem[], numbers: ReadonlyMap<string, number>, nameOf: (userId: string) => string, title: string): PdfTextPage[] {
  const threads = [...comments].filter((c) => numbers.has(c.id)).sort((a, b) => (numbers.get(a.id) ?? 0) - (numbers.get(b.id) ?? 0));
  if (threads.length === 0) return [];
  const width = commentPageSize.width - margin * 2;
  const lines: Line[] = [];
  const add = (text: string, font: PdfFont, size: number, colour: string, indent: number, before: number, keep = 0) => {
    wrapPdfText(text, font, size, width - indent).forEach((line, i) => {
      lines.push({ text: line, font, size, colour, indent, leading: size * 1.3, before: i === 0 ? before : 0, keep: i === 0 ? keep : 0 });
    });
  };
  add(`Comments on ${title}`, 'F2', 18, ink, 0, 0);
  for (const thread of threads) {
    const head = `${numbers.get(thread.id) ?? ''}${thread.data.resolved === true ? ' · resolved' : ''}`;
    add(head, 'F2', 12, ink, 0, 14, 2);
    messagesOf(thread, nameOf).forEach((message, index) => {
      const indent = index === 0 ? 24 : 40;
      add(message.author, 'F2', 10, grey, indent, index === 0 ? 2 : 8, 1);
      add(message.text, 'F1', 11, ink, indent, 2);
    });
  }
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = commentPageSize.height - margin;
  const room = (from: number) => {
    // The line and the ones kept with it.
    let needed = 0;
    for (let i = from; i <= from + (lines[from]?.keep ?? 0) && i < lines.length; i += 1) needed += (lines[i]?.leading ?? 0) + (i === from ? (lines[i]?.before ?? 0) : 0);
    return needed;
  };
  lines.forEach((line, index) => {
    if (ops.length > 0 && y - room(index) < margin) {
      pages.push(ops);
      ops = [];
      y = commentPageSize.height - margin;
    }
    y -= (ops.length > 0 ? line.before : 0) + line.leading;
    if (line.text !== '') ops.push(`BT /${line.font} ${line.size} Tf ${line.colour} ${n(margin + line.indent)} ${n(y)} Td ${pdfString(line.text)} Tj ET`);
    else ops.push('');
  });
  pages.push(ops);
  return pages.map((page) => ({ ...commentPageSize, content: page.filter((op) => op !== '').join('\n') }));
}
