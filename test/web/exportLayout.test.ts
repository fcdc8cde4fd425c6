import { describe, expect, test } from 'vitest';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import { readingOrder } from '../../web/board/export/frames.js';
import { numberedComments } from '../../web/board/export/commentSvg.js';
import { boardSvg, itemBounds } from '../../web/board/export/boardSvg.js';
import { picturesMessage } from '../../web/board/export/pictureNotice.js';

const item = (id: string, type: string, x: number, y: number, width: number, height: number, data: Record<string, unknown> = {}): StoredItem =>
  ({ id, type, x, y, width, height, rotation: 0, z: 'a0', data, locked: false, createdBy: 'usr_a', createdAt: '', updatedBy: 'usr_a', updatedAt: '' }) as unknown as StoredItem;

describe('export layout', () => {
  test('frames read in rows from the top, each row left to right, though tops on a row differ a little', () => {
    const frames = [
      item('right', 'section', 900, 20, 400, 300), // top -130
      item('left', 'section', 100, 0, 400, 300), // top -150
      item('below', 'section', 100, 600, 400, 300), // top 450
      item('belowRight', 'section', 900, 590, 400, 300), // top 440
    ];
    expect(readingOrder(frames).map((f) => f.id)).toEqual(['left', 'right', 'below', 'belowRight']);
  });

  test('comment pins are numbered in reading order and count in the bounds only when drawn', () => {
    const items = [item('note', 'sticky_note', 0, 0, 200, 200), item('c2', 'comment', 50, 300, 32, 32), item('c1', 'comment', 500, -300, 32, 32)];
    expect([...numberedComments(items)]).toEqual([
      ['c1', 1],
      ['c2', 2],
    ]);
    expect(itemBounds(items)).toEqual({ left: -140, top: -140, width: 280, height: 280 });
    expect(itemBounds(items, true)).toEqual({ left: -140, top: -356, width: 696, height: 712 });
    const plain = boardSvg(items)?.svg ?? '';
    expect(plain).not.toContain('data-item-id="c1"');
    const pinned = boardSvg(items, undefined, { pins: numberedComments(items) })?.svg ?? '';
    expect(pinned).toMatch(/data-item-id="c1"><path [^>]*fill="#ffd43b"[^>]*\/><text[^>]*><tspan[^>]*>1<\/tspan>/);
    expect(pinned).toMatch(/data-item-id="c2"><path [^>]*\/><text[^>]*><tspan[^>]*>2<\/tspan>/);
  });

  test('an uploaded image is drawn from its data: URL, and without one (or from another site) is a labelled placeholder', () => {
    const items = [
      item('up', 'image', 0, 0, 300, 200, { assetId: 'ast_1', alt: 'Up', title: 'Caption <b>' }),
      item('away', 'image', 400, 0, 300, 100, { url: 'https://cdn.example/x.png', alt: 'Away' }),
    ];
    const svg = boardSvg(items, undefined, { pictures: new Map([['ast_1', 'data:image/png;base64,AAAA']]) })?.svg ?? '';
    expect(svg).toContain('<image x="-150" y="-100" width="300" height="200" preserveAspectRatio="xMidYMid slice" href="data:image/png;base64,AAAA"/>');
    expect(svg).toContain('Caption &#60;b&#62;');
    expect(svg).toContain('Away (cdn.example)');
    expect(svg).not.toContain('cdn.example/x.png');
    const missing = boardSvg(items)?.svg ?? '';
    expect(missing).not.toContain('<image');
    expect(missing).toContain('>Up</tspan>');
  });

  test('the notice names the first image that could not be embedded and counts the rest', () => {
    expect(picturesMessage([])).toBeNull();
    expect(picturesMessage([{ assetId: 'a', label: 'Logo', reason: 'it is larger than 10 MB' }, { assetId: 'b', label: 'B', reason: 'x' }, { assetId: 'c', label: 'C', reason: 'y' }])).toBe(
      '3 images could not be embedded and show as a placeholder: “Logo” (it is larger than 10 MB) and 2 more.',
    );
  });
});
