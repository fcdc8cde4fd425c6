import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { createItem, silentLogger } from '../../../crdt/index.js';
import { itemsMap } from '../../../crdt/items/boardSchema.js';
import { findItemTypeDefinition } from '../../../crdt/items/catalogue.js';
import { LiveEditGuard } from '../../../crdt/sync/LiveEditGuard.js';

const live = { actor: { userId: 'usr_live' } };
const nowMs = Date.UTC(2026, 0, 1);

/** A board with one valid sticky note (written as REST writes it) and a guard that treats `live` as a client's connection. */
function board(): { doc: Y.Doc; guard: LiveEditGuard; entry: Y.Map<unknown>; data: Y.Map<unknown>; id: string } {
  const doc = new Y.Doc();
  const { id } = createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'note', color: '#fff9b1' } }, { actorId: 'usr_live' }, nowMs);
  const guard = new LiveEditGuard(doc, {
    boardId: 'b',
    clock: { now: () => nowMs },
    logger: silentLogger,
    isLive: (origin) => origin === live,
    authorOf: (origin) => (origin === live ? 'usr_live' : undefined),
  });
  const entry = itemsMap(doc).get(id) as Y.Map<unknown>;
  return { doc, guard, entry, data: entry.get('data') as Y.Map<unknown>, id };
}

/** Counts the parses of the sticky note's `data` schema from now on. */
function countDataParses(): { count: () => number } {
  const schema = findItemTypeDefinition('sticky_note')!.schema;
  const spy = vi.spyOn(schema, 'safeParse');
  return { count: () => spy.mock.calls.length };
}

/** A live edit: `edit` in a transaction of the client's connection, then the guard's verdict. */
function liveEdit(b: ReturnType<typeof board>, edit: () => void): { offenders: ReadonlySet<unknown> } {
  b.doc.transact(edit, live);
  return b.guard.settle();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("live-edit validation reads an item's data again only when something changed it", () => {
  it('parses the data of an item that live edits only move once, not at every move', () => {
    const b = board();
    const parses = countDataParses();
    for (let x = 1; x <= 5; x++) expect(liveEdit(b, () => b.entry.set('x', x)).offenders.size).toBe(0);
    expect(parses.count()).toBe(1);
    expect(b.entry.get('x')).toBe(5);
  });

  it('still refuses a live edit of a field inside data after moves (the colour is put back, the writer named)', () => {
    const b = board();
    liveEdit(b, () => b.entry.set('x', 10));
    const verdict = liveEdit(b, () => b.data.set('color', 'not a colour'));
    expect([...verdict.offenders]).toEqual([live]);
    expect(b.data.get('color')).toBe('#fff9b1');
  });

  it('still refuses text typed past the limit into a Y.Text inside data after moves', () => {
    const b = board();
    b.doc.transact(() => b.data.set('text', new Y.Text('note')));
    liveEdit(b, () => b.entry.set('x', 10));
    const verdict = liveEdit(b, () => (b.data.get('text') as Y.Text).insert(4, 'x'.repeat(6000)));
    expect([...verdict.offenders]).toEqual([live]);
    expect((b.data.get('text') as Y.Text).toString()).toBe('note');
  });

  it('reads data changed outside live edits afresh: a move of an item whose data a server write broke is refused', () => {
    const b = board();
    liveEdit(b, () => b.entry.set('x', 10));
    b.doc.transact(() => b.data.set('color', 'not a colour'));
    const parses = countDataParses();
    const verdict = liveEdit(b, () => b.entry.set('x', 20));
    expect(parses.count()).toBeGreaterThan(0);
    expect([...verdict.offenders]).toEqual([live]);
  });

  it('reads a data map a live edit put in place of the old one', () => {
    const b = board();
    liveEdit(b, () => b.entry.set('x', 10));
    const verdict = liveEdit(b, () => {
      const data = new Y.Map<unknown>();
      data.set('text', 'replaced');
      data.set('colour', 'misspelt field');
      b.entry.set('data', data);
    });
    expect([...verdict.offenders]).toEqual([live]);
    expect((b.entry.get('data') as Y.Map<unknown>).toJSON()).toEqual({ text: 'note', color: '#fff9b1' });
  });
});
