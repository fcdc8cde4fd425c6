import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { ItemValidationError } from '../../../crdt/index.js';
import { createItem, listItemTypes, patchItem } from '../../../crdt/index.js';
import { itemsMap } from '../../../crdt/items/boardSchema.js';
import { itemRecordIssues } from '../../../crdt/items/itemRecord.js';
import type { ItemRecord } from '../../../crdt/items/itemRecord.js';
import { alice, newBoard, nowMs, sticky, thrownBy } from './support.js';

function record(doc: Y.Doc, id: string): ItemRecord {
  return (itemsMap(doc).get(id) as Y.Map<unknown>).toJSON() as ItemRecord;
}

function typeOf(doc: Y.Doc): (id: string) => string | undefined {
  return (id) => (itemsMap(doc).get(id) as Y.Map<unknown> | undefined)?.get('type') as string | undefined;
}

describe('stored items checked against the catalogue', () => {
  it('accepts every item REST writes, for every type in the catalogue', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0);
    const b = sticky(doc, 500, 0);
    for (const info of listItemTypes()) {
      const data = info.type === 'connector' ? { ...info.example.data, from: a.id, to: b.id } : info.example.data;
      const item = createItem(doc, { ...info.example, data }, alice, nowMs);
      expect(itemRecordIssues(record(doc, item.id), typeOf(doc)), info.type).toEqual([]);
    }
  });

  it('accepts a comment with replies written by PATCH', () => {
    const doc = newBoard();
    const comment = createItem(doc, { type: 'comment', position: { x: 0, y: 0 }, data: { text: 'why?' } }, alice, nowMs);
    patchItem(doc, comment.id, { reply: { text: 'because' } }, alice, nowMs);
    expect(itemRecordIssues(record(doc, comment.id), typeOf(doc))).toEqual([]);
    // An edited reply carries editedAt; a live edit elsewhere on the pin must not see it as broken.
    const [reply] = patchItem(doc, comment.id, { reply: { text: 'and then' } }, alice, nowMs).data['replies'] as { id: string }[];
    const edited = patchItem(doc, comment.id, { editReply: { id: reply?.id ?? '', text: 'because, really' } }, alice, nowMs + 1);
    expect(edited.data['replies']).toMatchObject([{ id: reply?.id, text: 'because, really', editedAt: new Date(nowMs + 1).toISOString() }, { text: 'and then' }]);
    expect(itemRecordIssues(record(doc, comment.id), typeOf(doc))).toEqual([]);
    const removed = patchItem(doc, comment.id, { removeReply: { id: reply?.id ?? '' } }, alice, nowMs);
    expect(removed.data['replies']).toMatchObject([{ text: 'and then' }]);
  });

  it('refuses editing or removing a reply that is not there, or on an item that is not a comment', () => {
    const doc = newBoard();
    const comment = createItem(doc, { type: 'comment', position: { x: 0, y: 0 }, data: { text: 'why?' } }, alice, nowMs);
    const note = sticky(doc, 300, 0);
    const fields = (id: string, patch: unknown): string[] => (thrownBy(() => patchItem(doc, id, patch, alice, nowMs)) as ItemValidationError).issues.map((i) => i.field);
    expect(fields(comment.id, { editReply: { id: 'rpl_none', text: 'x' } })).toEqual(['editReply.id']);
    expect(fields(comment.id, { removeReply: { id: 'rpl_none' } })).toEqual(['removeReply.id']);
    expect(fields(comment.id, { editReply: { id: 'rpl_none', text: '' } })).toEqual(['editReply.text']);
    expect(fields(note.id, { removeReply: { id: 'rpl_none' } })).toEqual(['removeReply']);
  });

  it('names what is wrong', () => {
    const doc = newBoard();
    const note = sticky(doc, 0, 0);
    const stored = record(doc, note.id);
    const fields = (changed: Record<string, unknown>): string[] => itemRecordIssues({ ...stored, ...changed }, typeOf(doc)).map((issue) => issue.field);
    expect(fields({ data: { text: 42, color: '#fff9b1' } })).toEqual(['data.text']);
    expect(fields({ type: 'hologram' })).toEqual(['type']);
    expect(fields({ width: 1 })).toEqual(['size.width']);
    expect(fields({ x: Number.NaN })).toEqual(['x']);
    expect(fields({ junk: 'x' })).toEqual(['junk']);
    expect(fields({ createdBy: undefined })).toEqual(['createdBy']);
    expect(fields({ type: 'connector', data: { from: note.id, to: 'itm_missing' } })).toEqual(['data.to']);
  });
});
