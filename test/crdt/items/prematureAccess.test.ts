import { afterEach, describe, expect, it, vi } from 'vitest';
import { createItem, patchItem } from '../../../crdt/index.js';
import { alice, newBoard, nowMs } from './support.js';

/** Yjs warns (console.warn) when a type is read before it is added to a document. */
const prematureAccess = /Invalid access: Add Yjs type to a document before reading data/;

afterEach(() => vi.restoreAllMocks());

describe('item writes read no Yjs type before it is attached', () => {
  it('creating a comment and replying to it print no "Invalid access" warning', () => {
    const warn = vi.spyOn(console, 'warn');
    const doc = newBoard();
    const pin = createItem(doc, { type: 'comment', position: { x: 10, y: 10 }, data: { text: 'Why?' } }, alice, nowMs);
    patchItem(doc, pin.id, { reply: { text: 'Because.' } }, alice, nowMs);
    createItem(doc, { type: 'sticky_note', position: { x: 300, y: 10 }, data: { text: 'hello' } }, alice, nowMs);
    const printed = warn.mock.calls.map((args) => args.map(String).join(' '));
    expect(printed.filter((line) => prematureAccess.test(line))).toEqual([]);
  });
});
