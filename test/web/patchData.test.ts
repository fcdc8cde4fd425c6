import * as Y from 'yjs';
import { describe, expect, test } from 'vitest';
import { getItem } from '../../crdt/items/itemOperations.js';
import { itemsMap } from '../../crdt/items/boardSchema.js';
import { BoardStore } from '../../web/board/BoardStore.js';
import { BoardEdits } from '../../web/board/edits.js';
import { changesFor } from '../../web/board/tools/properties.js';

const actor = { actorId: 'usr_panel' };

function board() {
  const doc = new Y.Doc();
  const edits = new BoardEdits(doc, actor);
  const note = edits.create({ type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Note' } });
  const shape = edits.create({ type: 'shape', position: { x: 300, y: 0 }, data: { shape: 'star' } });
  return { doc, edits, note, shape };
}

describe('the properties panel writes', () => {
  test('one property to items of different types, each in its own field, as one undo step', () => {
    const { doc, edits, note, shape } = board();
    const undo = new Y.UndoManager(itemsMap(doc), { trackedOrigins: new Set([actor]) });
    const store = new BoardStore(doc);
    const items = [note, shape].flatMap((id) => store.get(id) ?? []);
    edits.patchData(changesFor(items, 'fill', '#a5d8ff'));
    expect(getItem(doc, note).data.color).toBe('#a5d8ff');
    expect(getItem(doc, shape).data.fillColor).toBe('#a5d8ff');
    undo.undo();
    expect(getItem(doc, note).data.color).toBe('#fff9b1');
    expect(getItem(doc, shape).data.fillColor).toBe('#ffffff');
  });

  test('nothing when one item refuses the change: the catalogue message, no item half-changed', () => {
    const { doc, edits, note, shape } = board();
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    const changes = new Map<string, Record<string, unknown>>([
      [note, { color: '#000000' }],
      [shape, { fillColor: 'blue' }],
    ]);
    expect(() => edits.patchData(changes)).toThrow(expect.objectContaining({ code: 'validation_failed', field: 'data.fillColor' }));
    expect(updates).toEqual([]);
    expect(getItem(doc, note).data.color).toBe('#fff9b1');
  });
});
