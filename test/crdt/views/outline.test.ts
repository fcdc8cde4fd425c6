import { describe, expect, it } from 'vitest';
import { createItem, outline, searchableText, structure } from '../../../crdt/index.js';
import { alice, newBoard, nowMs, section, sticky } from '../items/support.js';

function connect(doc: ReturnType<typeof newBoard>, from: string, to: string, label = '') {
  return createItem(doc, { type: 'connector', position: { x: 0, y: 0 }, data: { from, to, label } }, alice, nowMs);
}

/** A board: two sections side by side in the top row, one below them (created out of order). */
function sampleBoard() {
  const doc = newBoard();
  const bottom = section(doc, 600, 1200, 2000, 600, 'Bottom');
  const right = section(doc, 1200, 0, 800, 800, 'Right');
  const left = section(doc, 0, 0, 800, 800, 'Left');
  const inner = section(doc, 100, 100, 300, 300, 'Inner');
  const l2 = sticky(doc, 200, -300, 'left, top right');
  const l1 = sticky(doc, -200, -300, 'left, top left');
  const l3 = sticky(doc, -200, 200, 'left, lower');
  const deep = sticky(doc, 100, 100, 'inside inner');
  const r1 = sticky(doc, 1200, 0, 'right one');
  const b1 = sticky(doc, 0, 1200, 'bottom one\nsecond line');
  const loose2 = sticky(doc, 5000, 5000, 'loose later');
  const loose1 = createItem(doc, { type: 'card', position: { x: 5000, y: -5000 }, data: { title: 'Loose card', description: 'body' } }, alice, nowMs);
  const c1 = connect(doc, r1.id, l1.id, 'relates');
  const c2 = connect(doc, l1.id, b1.id);
  return { doc, bottom, right, left, inner, l1, l2, l3, deep, r1, b1, loose1, loose2, c1, c2 };
}

describe('structure', () => {
  it('lists sections in reading order with their items in reading order, then standalone items, then connections', () => {
    const b = sampleBoard();
    const board = structure(b.doc);
    expect(board.sections.map((s) => s.id)).toEqual([b.left.id, b.right.id, b.bottom.id]);
    const [left, right, bottom] = board.sections;
    expect(left?.items.map((i) => i.id)).toEqual([b.l1.id, b.l2.id, b.l3.id]);
    expect(left?.sections.map((s) => s.id)).toEqual([b.inner.id]);
    expect(left?.sections[0]?.items.map((i) => i.id)).toEqual([b.deep.id]);
    expect(right?.items.map((i) => i.id)).toEqual([b.r1.id]);
    expect(bottom?.items).toEqual([
      { id: b.b1.id, type: 'sticky_note', summary: 'bottom one', position: { x: 0, y: 1200 }, size: { width: 200, height: 200 } },
    ]);
    expect(board.standalone.map((i) => i.id)).toEqual([b.loose1.id, b.loose2.id]);
    // Connections follow the reading order of their ends; connectors are nowhere else.
    expect(board.connections).toEqual([
      { id: b.c2.id, from: b.l1.id, to: b.b1.id, fromSummary: 'left, top left', toSummary: 'bottom one', label: '' },
      { id: b.c1.id, from: b.r1.id, to: b.l1.id, fromSummary: 'right one', toSummary: 'left, top left', label: 'relates' },
    ]);
  });

  it('is empty for an empty board', () => {
    expect(structure(newBoard())).toEqual({ sections: [], standalone: [], connections: [] });
    expect(outline(newBoard())).toBe('(empty board)');
  });
});

describe('outline', () => {
  it('renders the structure as indented text', () => {
    const b = sampleBoard();
    expect(outline(b.doc)).toBe(
      [
        `Section: Left [${b.left.id}]`,
        `  - sticky_note [${b.l1.id}] left, top left`,
        `  - sticky_note [${b.l2.id}] left, top right`,
        `  - sticky_note [${b.l3.id}] left, lower`,
        `  Section: Inner [${b.inner.id}]`,
        `    - sticky_note [${b.deep.id}] inside inner`,
        `Section: Right [${b.right.id}]`,
        `  - sticky_note [${b.r1.id}] right one`,
        `Section: Bottom [${b.bottom.id}]`,
        `  - sticky_note [${b.b1.id}] bottom one`,
        'Standalone items:',
        `  - card [${b.loose1.id}] Loose card`,
        `  - sticky_note [${b.loose2.id}] loose later`,
        'Connections:',
        `  - left, top left [${b.l1.id}] -> bottom one [${b.b1.id}]`,
        `  - right one [${b.r1.id}] -> left, top left [${b.l1.id}] (relates)`,
      ].join('\n'),
    );
  });

  it('truncates long summaries and labels untitled sections', () => {
    const doc = newBoard();
    const s = section(doc, 0, 0, 500, 500, '');
    const long = sticky(doc, 0, 0, `   ${'word '.repeat(100)}`);
    const text = outline(doc);
    expect(text.split('\n')[0]).toBe(`Section: (untitled) [${s.id}]`);
    const line = text.split('\n')[1] ?? '';
    expect(line.startsWith(`  - sticky_note [${long.id}] word word`)).toBe(true);
    expect(line.endsWith('…')).toBe(true);
  });
});

describe('searchableText', () => {
  it('gives every item with text its whole text, titles included once', () => {
    const b = sampleBoard();
    const entries = searchableText(b.doc);
    const byId = new Map(entries.map((entry) => [entry.itemId, entry]));
    expect(byId.get(b.b1.id)).toEqual({ itemId: b.b1.id, type: 'sticky_note', text: 'bottom one\nsecond line' });
    expect(byId.get(b.loose1.id)?.text).toBe('Loose card\nbody');
    expect(byId.get(b.left.id)?.text).toBe('Left');
    expect(byId.get(b.c1.id)?.text).toBe('relates');
    expect(byId.has(b.c2.id)).toBe(false);
    const doc = createItem(b.doc, { type: 'doc', position: { x: 0, y: 0 }, data: { title: 'Plan', markdown: '# Goals' } }, alice, nowMs);
    const code = createItem(b.doc, { type: 'code', position: { x: 0, y: 0 }, data: { language: 'ts', source: 'let a = 1;', title: 'a.ts' } }, alice, nowMs);
    const after = new Map(searchableText(b.doc).map((entry) => [entry.itemId, entry.text]));
    expect(after.get(doc.id)).toBe('Plan\n# Goals');
    expect(after.get(code.id)).toBe('a.ts\nlet a = 1;');
  });
});
