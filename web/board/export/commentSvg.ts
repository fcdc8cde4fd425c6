import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import type { BoardSvg } from './boardSvg.js';
import { font, n, str, textBlock, wrapText } from './svgText.js';

/** The comments among `items` in reading order (top to bottom, then left to right), each with the number its pin shows. */
export function numberedComments(items: readonly StoredItem[]): Map<string, number> {
  const comments = items.filter((i) => i.type === 'comment').sort((a, b) => a.y - b.y || a.x - b.x);
  return new Map(comments.map((c, i) => [c.id, i + 1]));
}

/**
 * A comment pin as the canvas draws it (a yellow drop, grey once resolved, with a white rim),
 * showing the number under which the export lists its thread.
 */
export function pinBody(item: StoredItem, number: number): string {
  const left = item.x - item.width / 2;
  const top = item.y - item.height / 2;
  const rx = item.width / 2;
  const ry = item.height / 2;
  const fill = item.data.resolved === true ? '#d0d7de' : '#ffd43b';
  // Round on three corners, square at the bottom left (where the pin points), as `.pin`.
  const d =
    `M${n(left)} ${n(top + ry)}A${n(rx)} ${n(ry)} 0 0 1 ${n(left + rx)} ${n(top)}` +
    `A${n(rx)} ${n(ry)} 0 0 1 ${n(left + item.width)} ${n(top + ry)}` +
    `A${n(rx)} ${n(ry)} 0 0 1 ${n(left + rx)} ${n(top + item.height)}H${n(left)}Z`;
  const size = Math.min(14, item.height * 0.5);
  return (
    `<path d="${d}" fill="${fill}" stroke="#ffffff" stroke-width="2"/>` +
    textBlock([String(number)], item.x, item.y + size * 0.35, size, `text-anchor="middle" font-weight="700" fill="#1f2328" font-family="${font}"`)
  );
}

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

/** Width of a comments page, in board units (PDF points). */
const pageWidth = 800;
/** Tallest a comments page grows before the list goes on to the next. */
const pageHeight = 1100;
const margin = 48;

/**
 * The threads of `comments` as pages to follow the frames of a PDF: each thread under its pin's
 * number (and "resolved" when it is), then every message with its author's name. Long lists go
 * on over several pages; no pages when there are no comments.
 */
export function commentPages(comments: readonly StoredItem[], numbers: ReadonlyMap<string, number>, nameOf: (userId: string) => string, title: string): BoardSvg[] {
  const threads = [...comments].filter((c) => numbers.has(c.id)).sort((a, b) => (numbers.get(a.id) ?? 0) - (numbers.get(b.id) ?? 0));
  if (threads.length === 0) return [];
  const lineWidth = pageWidth - margin * 2;
  const pages: string[][] = [];
  let body: string[] = [];
  let y = margin;
  const place = (height: number) => {
    if (y + height > pageHeight - margin && body.length > 0) {
      pages.push(body);
      body = [];
      y = margin;
    }
    const at = y;
    y += height;
    return at;
  };
  const heading = place(40);
  body.push(textBlock([`Comments on ${title}`], margin, heading + 24, 24, `font-weight="700" fill="#1f2328" font-family="${font}"`));
  for (const thread of threads) {
    const messages = messagesOf(thread, nameOf);
    const head = `${numbers.get(thread.id) ?? ''}${thread.data.resolved === true ? ' · resolved' : ''}`;
    messages.forEach((message, index) => {
      const indent = index === 0 ? 36 : 56;
      const lines = wrapText(message.text || ' ', lineWidth - indent, 14, 200);
      const at = place(22 + lines.length * 17.5 + 10);
      if (index === 0) body.push(textBlock([head], margin, at + 16, 15, `font-weight="700" fill="#1f2328" font-family="${font}"`));
      body.push(textBlock([message.author], margin + indent, at + 16, 14, `font-weight="650" fill="#444c56" font-family="${font}"`));
      body.push(textBlock(lines, margin + indent, at + 36, 14, `fill="#1f2328" font-family="${font}"`));
    });
    place(8);
  }
  pages.push(body);
  return pages.map((parts) => {
    const bounds = { left: 0, top: 0, width: pageWidth, height: pageHeight };
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${pageWidth}" height="${pageHeight}" viewBox="0 0 ${pageWidth} ${pageHeight}">` +
      `<rect width="${pageWidth}" height="${pageHeight}" fill="#ffffff"/><g>${parts.join('')}</g></svg>`;
    return { svg, bounds };
  });
}
