import type * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { captureItems, createItem, deleteItem, getItem, itemsMapName, listItems, patchItem, viewsOf } from '../../../crdt/index.js';
import { alice, newBoard, nowMs, section, sticky } from './support.js';

function sectionIds(doc: Y.Doc): Record<string, string | null> {
  return Object.fromEntries(listItems(doc).map((item) => [item.id, item.sectionId]));
}

describe('derived sectionId', () => {
  it('is the section whose rectangle contains the centre (edges included), else null', () => {
    const doc = newBoard();
    const s = section(doc, 0, 0, 1000, 500);
    const inside = sticky(doc, 100, 100);
    const onEdge = sticky(doc, 500, -250);
    const outside = sticky(doc, 501, 0);
    expect(sectionIds(doc)).toEqual({ [s.id]: null, [inside.id]: s.id, [onEdge.id]: s.id, [outside.id]: null });
    expect(getItem(doc, inside.id).sectionId).toBe(s.id);
  });

  it('follows moves and is never stored', () => {
    const doc = newBoard();
    const s = section(doc, 0, 0, 1000, 1000);
    const note = sticky(doc, 0, 0);
    expect(getItem(doc, note.id).sectionId).toBe(s.id);
    expect(patchItem(doc, note.id, { position: { x: 5000, y: 0 } }, alice, nowMs).sectionId).toBeNull();
    expect(patchItem(doc, s.id, { position: { x: 5000, y: 0 } }, alice, nowMs).sectionId).toBeNull();
    expect(getItem(doc, note.id).sectionId).toBe(s.id);
    const entry = doc.getMap<Y.Map<unknown>>(itemsMapName).get(note.id);
    expect([...(entry?.keys() ?? [])]).not.toContain('sectionId');
  });

  it('nested sections: the item belongs to the inner one, the inner section to the outer', () => {
    const doc = newBoard();
    const outer = section(doc, 0, 0, 2000, 2000, 'outer');
    const inner = section(doc, 200, 200, 400, 400, 'inner');
    const deep = sticky(doc, 250, 250);
    const shallow = sticky(doc, -800, -800);
    expect(sectionIds(doc)).toEqual({ [outer.id]: null, [inner.id]: outer.id, [deep.id]: inner.id, [shallow.id]: outer.id });
  });

  it('overlapping sections: the higher z wins, whichever was created first', () => {
    const doc = newBoard();
    const left = section(doc, 0, 0, 1000, 1000, 'left');
    const right = section(doc, 800, 0, 1000, 1000, 'right');
    const overlap = sticky(doc, 400, 0);
    expect(getItem(doc, overlap.id).sectionId).toBe(right.id);
    expect(getItem(doc, left.id).sectionId).toBeNull();
    // The right section's centre is outside the left one; the left's centre is not under the right.
    expect(getItem(doc, right.id).sectionId).toBeNull();
  });

  it('a section only nests inside a larger one, whatever the z-order, so containment never cycles', () => {
    const doc = newBoard();
    const small = section(doc, 0, 0, 100, 100, 'small');
    const big = section(doc, 0, 0, 1000, 1000, 'big');
    const twin = section(doc, 0, 0, 1000, 1000, 'twin');
    const note = sticky(doc, 10, 10);
    // All centres coincide. The small section is inside the top-most larger one; equal-sized
    // sections never nest; the note belongs to the top-most section of all.
    expect(sectionIds(doc)).toEqual({ [small.id]: twin.id, [big.id]: null, [twin.id]: null, [note.id]: twin.id });
  });

  it('respects a section rotation', () => {
    const doc = newBoard();
    const s = createItem(
      doc,
      { type: 'section', position: { x: 0, y: 0 }, size: { width: 1000, height: 100 }, rotation: 90, data: {} },
      alice,
      nowMs,
    );
    const along = sticky(doc, 0, 400);
    const across = sticky(doc, 400, 0);
    expect(getItem(doc, along.id).sectionId).toBe(s.id);
    expect(getItem(doc, across.id).sectionId).toBeNull();
  });
});

describe('items captured in one turn and viewed in later ones (a copy)', () => {
  it('views them as listItems did when they were captured, whatever changed since, a few per turn', async () => {
    const doc = newBoard();
    const outer = section(doc, 0, 0, 2000, 2000, 'outer');
    section(doc, 200, 200, 400, 400, 'inner');
    const notes = Array.from({ length: 40 }, (_, i) => sticky(doc, (i % 8) * 150 - 600, Math.floor(i / 8) * 150 - 600, `note ${i}`));
    const before = listItems(doc);
    const captured = captureItems(doc);
    // Changed after the capture: moved out of the sections, retyped, deleted, one added, the outer section moved away.
    patchItem(doc, notes[0]!.id, { position: { x: 9000, y: 9000 }, data: { text: 'moved' } }, alice, nowMs);
    deleteItem(doc, notes[1]!.id, alice, nowMs);
    sticky(doc, 0, 0, 'added');
    patchItem(doc, outer.id, { position: { x: -9000, y: 0 } }, alice, nowMs);
    let turns = 0;
    const views = await viewsOf(captured, 0, async () => {
      turns += 1;
      await new Promise((resolve) => setImmediate(resolve));
    });
    expect(views).toEqual(before);
    expect(turns).toBeGreaterThanOrEqual(views.length - 1);
    expect(listItems(doc)).not.toEqual(before);
  });
});
