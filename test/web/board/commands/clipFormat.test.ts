import { describe, expect, test } from 'vitest';
import { clipFromHtml, clipHtml, clipText, decodeClip, encodeClip, maxClipItems } from '../../../../web/board/commands/clipFormat.js';
import type { Clip } from '../../../../web/board/commands/clipFormat.js';

const item = (id: string, data: Record<string, unknown>) => ({ id, type: 'sticky_note', x: 0, y: 0, width: 200, height: 200, rotation: 0, data });
const clip: Clip = { boardId: 'brd_1', items: [item('a', { text: 'First', color: '#fff9b1' }), item('b', { title: 'Card', description: 'Details' }), item('c', { points: [] })] };

describe('the clipboard format of board items', () => {
  test('round-trips through JSON and gives other apps the texts', () => {
    expect(decodeClip(encodeClip(clip))).toEqual(clip);
    expect(clipText(clip)).toBe('First\n\nCard\nDetails');
  });

  test('round-trips through HTML, as written and as a browser serializes it again', () => {
    const tricky: Clip = { boardId: 'brd_1', items: [item('a', { text: 'Quotes " & <tags> \' and ü' })] };
    const html = clipHtml(tricky);
    expect(html).toContain('<p>Quotes &quot; &amp; &lt;tags&gt; \' and ü</p>');
    expect(clipFromHtml(html)).toEqual(tricky);
    const reserialized = `<meta charset="utf-8">${html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '&#34;')}`;
    expect(clipFromHtml(reserialized)).toEqual(tricky);
    expect(clipFromHtml('<p>Just text</p>')).toBeNull();
    expect(clipFromHtml('<div data-boards-items="{broken">x</div>')).toBeNull();
  });

  test.each([
    ['not JSON', '{'],
    ['another format', JSON.stringify({ items: clip.items })],
    ['no items', JSON.stringify({ boards: 1, boardId: 'brd_1', items: [] })],
    ['an item without a type', JSON.stringify({ boards: 1, boardId: 'brd_1', items: [{ ...item('a', {}), type: undefined }] })],
    ['a position that is not a number', JSON.stringify({ boards: 1, boardId: 'brd_1', items: [{ ...item('a', {}), x: '10' }] })],
    ['data that is a list', JSON.stringify({ boards: 1, boardId: 'brd_1', items: [{ ...item('a', {}), data: [] }] })],
    ['too many items', JSON.stringify({ boards: 1, boardId: 'brd_1', items: Array.from({ length: maxClipItems + 1 }, (_, i) => item(`i${i}`, {})) })],
  ])('is not a clip: %s', (_, json) => {
    expect(decodeClip(json)).toBeNull();
  });
});
