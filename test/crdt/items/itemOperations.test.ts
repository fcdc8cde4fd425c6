import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import {
  CrdtError,
  ItemValidationError,
  createItem,
  deleteItem,
  getItem,
  itemText,
  itemsMapName,
  listItems,
  patchItem,
} from '../../../crdt/index.js';
import { alice, bob, countUpdates, newBoard, nowMs, sticky, thrownBy } from './support.js';

function codeOf(fn: () => unknown): string {
  const error = thrownBy(fn);
  expect(error).toBeInstanceOf(CrdtError);
  return (error as CrdtError).code;
}

function fieldsOf(fn: () => unknown): string[] {
  const error = thrownBy(fn);
  expect(error).toBeInstanceOf(ItemValidationError);
  return (error as ItemValidationError).issues.map((issue) => issue.field);
}

function comment(doc: Y.Doc, text = 'Why?') {
  return createItem(doc, { type: 'comment', position: { x: 10, y: 10 }, data: { text } }, alice, nowMs);
}

describe('item operations', () => {
  it('createItem writes one transaction with the actor as origin, text fields as Y.Text', () => {
    const doc = newBoard();
    const origins: unknown[] = [];
    doc.on('afterTransaction', (tr: Y.Transaction) => origins.push(tr.origin));
    const updates = countUpdates(doc, () => sticky(doc, 5, 6, 'hello'));
    expect(updates).toBe(1);
    expect(origins).toEqual([alice]);
    const [id, entry] = [...doc.getMap<Y.Map<unknown>>(itemsMapName).entries()][0] ?? [];
    expect(id).toMatch(/^itm_/);
    const data = entry?.get('data') as Y.Map<unknown>;
    expect(data.get('text')).toBeInstanceOf(Y.Text);
    expect(entry?.get('createdAt')).toBe(nowMs);
  });

  it('a browser editing the Y.Text is seen by getItem, and data replace edits it in place', () => {
    const doc = newBoard();
    const note = sticky(doc, 0, 0, 'hello world');
    const text = ((doc.getMap<Y.Map<unknown>>(itemsMapName).get(note.id))?.get('data') as Y.Map<Y.Text>).get('text');
    text?.insert(5, ',');
    expect(getItem(doc, note.id).data['text']).toBe('hello, world');
    patchItem(doc, note.id, { data: { text: 'hello, big world' } }, bob, nowMs + 1000);
    expect(text?.toString()).toBe('hello, big world');
    const view = getItem(doc, note.id);
    expect(view.updatedBy).toBe('usr_bob');
    expect(view.updatedAt).toBe('2026-10-01T12:00:01.000Z');
    expect(view.createdBy).toBe('usr_alice');
  });

  it('data replace keeps emoji intact when only part of a surrogate pair differs', () => {
    const doc = newBoard();
    const note = sticky(doc, 0, 0, 'a😀b');
    patchItem(doc, note.id, { data: { text: 'a😁b' } }, alice, nowMs);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    expect(getItem(copy, note.id).data['text']).toBe('a😁b');
  });

  it('getItem/patchItem/deleteItem/itemText on a missing id throw item_not_found', () => {
    const doc = newBoard();
    expect(codeOf(() => getItem(doc, 'itm_missing'))).toBe('item_not_found');
    expect(codeOf(() => patchItem(doc, 'itm_missing', { position: { x: 1, y: 1 } }, alice, nowMs))).toBe('item_not_found');
    expect(codeOf(() => deleteItem(doc, 'itm_missing', alice, nowMs))).toBe('item_not_found');
    expect(codeOf(() => itemText(doc, 'itm_missing'))).toBe('item_not_found');
  });

  it('listItems is in z-order: each new item goes on top', () => {
    const doc = newBoard();
    const ids = [sticky(doc, 0, 0).id, sticky(doc, 0, 0).id, sticky(doc, 0, 0).id];
    const listed = listItems(doc);
    expect(listed.map((item) => item.id)).toEqual(ids);
    expect(listed.map((item) => item.z)).toEqual([...listed.map((item) => item.z)].sort());
  });

  it('patchItem moves, resizes, rotates and merges data; null removes an optional field', () => {
    const doc = newBoard();
    const card = createItem(
      doc,
      { type: 'card', position: { x: 0, y: 0 }, data: { title: 'T', status: 'todo', tags: ['a'] } },
      alice,
      nowMs,
    );
    const patched = patchItem(
      doc,
      card.id,
      { position: { x: 10, y: -20 }, size: { width: 400, height: 200 }, rotation: -45, data: { status: null, description: 'D' } },
      alice,
      nowMs,
    );
    expect(patched.position).toEqual({ x: 10, y: -20 });
    expect(patched.size).toEqual({ width: 400, height: 200 });
    expect(patched.rotation).toBe(315);
    expect(patched.data).toEqual({ title: 'T', description: 'D', tags: ['a'] });
  });

  it('patchItem validates: empty patch, bad data, size limits, reply and resolved only on comments', () => {
    const doc = newBoard();
    const note = sticky(doc, 0, 0);
    expect(fieldsOf(() => patchItem(doc, note.id, {}, alice, nowMs))).toEqual(['(body)']);
    expect(fieldsOf(() => patchItem(doc, note.id, { data: { text: 'x'.repeat(6001) } }, alice, nowMs))).toEqual(['data.text']);
    expect(fieldsOf(() => patchItem(doc, note.id, { data: { nope: 1 } }, alice, nowMs))).toEqual(['data.nope']);
    expect(fieldsOf(() => patchItem(doc, note.id, { data: { text: null } }, alice, nowMs))).toEqual(['data.text']);
    expect(fieldsOf(() => patchItem(doc, note.id, { size: { width: 10, height: 100 } }, alice, nowMs))).toEqual(['size.width']);
    expect(fieldsOf(() => patchItem(doc, note.id, { reply: { text: 'hi' } }, alice, nowMs))).toEqual(['reply']);
    expect(fieldsOf(() => patchItem(doc, note.id, { resolved: true }, alice, nowMs))).toEqual(['resolved']);
    expect(fieldsOf(() => patchItem(doc, note.id, { position: { x: 1 } }, alice, nowMs))).toEqual(['position.y']);
    expect(getItem(doc, note.id)).toEqual(note);
  });

  it('comments: replies append with author and time; resolved toggles; deleting the pin resolves and returns it', () => {
    const doc = newBoard();
    const pin = comment(doc);
    const replied = patchItem(doc, pin.id, { reply: { text: 'Because.' } }, bob, nowMs + 60_000);
    const replies = replied.data['replies'] as { id: string; text: string; authorId: string; createdAt: string }[];
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ text: 'Because.', authorId: 'usr_bob', createdAt: '2026-10-01T12:01:00.000Z' });
    expect(replies[0]?.id).toMatch(/^rpl_/);
    patchItem(doc, pin.id, { reply: { text: 'OK' } }, alice, nowMs);
    expect(patchItem(doc, pin.id, { data: { text: 'Why not?' } }, alice, nowMs).data['replies']).toHaveLength(2);
    expect(fieldsOf(() => patchItem(doc, pin.id, { reply: { text: '' } }, alice, nowMs))).toEqual(['reply.text']);
    expect(fieldsOf(() => patchItem(doc, pin.id, { data: { replies: [] } }, alice, nowMs))).toEqual(['data.replies']);

    const result = deleteItem(doc, pin.id, bob, nowMs);
    expect(result.outcome).toBe('resolved');
    expect(result.deletedIds).toEqual([]);
    expect(result.comment?.data['resolved']).toBe(true);
    expect(result.comment?.updatedBy).toBe('usr_bob');
    expect(getItem(doc, pin.id).data['resolved']).toBe(true);
    expect(patchItem(doc, pin.id, { resolved: false }, alice, nowMs).data['resolved']).toBe(false);
    expect(itemText(doc, pin.id).lines.map((line) => line.text)).toEqual(['Why not?', 'usr_bob: Because.', 'usr_alice: OK']);
  });

  it('connectors: ends must exist and not be connectors; deleting an end deletes its connectors', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0, 'A');
    const b = sticky(doc, 300, 0, 'B');
    const c = sticky(doc, 600, 0, 'C');
    const connect = (from: string, to: string) =>
      createItem(doc, { type: 'connector', position: { x: 0, y: 0 }, data: { from, to } }, alice, nowMs);
    const ab = connect(a.id, b.id);
    const bc = connect(b.id, c.id);
    expect(ab.data).toMatchObject({ from: a.id, to: b.id, label: '', endArrow: 'arrow' });
    expect(fieldsOf(() => connect(a.id, 'itm_nowhere'))).toEqual(['data.to']);
    expect(fieldsOf(() => connect(ab.id, c.id))).toEqual(['data.from']);
    expect(fieldsOf(() => connect(a.id, a.id))).toEqual(['data.to']);
    expect(fieldsOf(() => patchItem(doc, ab.id, { data: { to: 'itm_nowhere' } }, alice, nowMs))).toEqual(['data.to']);
    expect(patchItem(doc, ab.id, { data: { to: c.id } }, alice, nowMs).data['to']).toBe(c.id);

    const updates = countUpdates(doc, () => {
      const result = deleteItem(doc, c.id, alice, nowMs);
      expect(result.outcome).toBe('deleted');
      expect(result.deletedIds).toEqual([ab.id, bc.id, c.id].sort());
      expect(result.comment).toBeNull();
    });
    expect(updates).toBe(1);
    expect(listItems(doc).map((item) => item.id)).toEqual([a.id, b.id]);
  });

  it('itemText pages numbered lines and validates paging', () => {
    const doc = newBoard();
    const lines = Array.from({ length: 25 }, (_, i) => `line ${i + 1}`);
    const note = createItem(doc, { type: 'doc', position: { x: 0, y: 0 }, data: { markdown: lines.join('\n') } }, alice, nowMs);
    const first = itemText(doc, note.id, { limit: 10 });
    expect(first.totalLines).toBe(25);
    expect(first.lines[0]).toEqual({ number: 1, text: 'line 1' });
    expect(first.nextOffset).toBe(10);
    const last = itemText(doc, note.id, { offset: 20, limit: 10 });
    expect(last.lines.map((line) => line.number)).toEqual([21, 22, 23, 24, 25]);
    expect(last.nextOffset).toBeNull();
    expect(itemText(doc, note.id, { offset: 100 })).toEqual({ lines: [], totalLines: 25, nextOffset: null });
    expect(fieldsOf(() => itemText(doc, note.id, { limit: 0 }))).toEqual(['limit']);
    expect(fieldsOf(() => itemText(doc, note.id, { offset: -1 }))).toEqual(['offset']);
    const table = createItem(
      doc,
      { type: 'table', position: { x: 0, y: 0 }, data: { rows: [['a', 'b'], ['c', 'd']] } },
      alice,
      nowMs,
    );
    expect(itemText(doc, table.id).lines.map((line) => line.text)).toEqual(['a | b', 'c | d']);
  });

  it('reads items written by other clients defensively', () => {
    const doc = newBoard();
    doc.transact(() => {
      const entry = new Y.Map<unknown>();
      entry.set('type', 'hologram');
      entry.set('x', 'left');
      doc.getMap<unknown>(itemsMapName).set('itm_foreign', entry);
      doc.getMap<unknown>(itemsMapName).set('junk', 42);
    });
    const listed = listItems(doc);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: 'itm_foreign', type: 'hologram', position: { x: 0, y: 0 }, data: {} });
    expect(codeOf(() => getItem(doc, 'junk'))).toBe('item_not_found');
    expect(patchItem(doc, 'itm_foreign', { position: { x: 5, y: 5 } }, alice, nowMs).position).toEqual({ x: 5, y: 5 });
    expect(fieldsOf(() => patchItem(doc, 'itm_foreign', { data: { a: 1 } }, alice, nowMs))).toEqual(['data']);
    expect(deleteItem(doc, 'itm_foreign', alice, nowMs).deletedIds).toEqual(['itm_foreign']);
  });
});
