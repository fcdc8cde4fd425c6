import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import {
  CrdtError,
  ItemValidationError,
  applyBatch,
  applyBatchPlan,
  createItem,
  getItem,
  itemsMapName,
  listItems,
  maxItemsPerBoard,
  validateBatch,
} from '../../../crdt/index.js';
import { alice, countUpdates, newBoard, nowMs, section, sticky, thrownBy } from './support.js';

function createOp(x: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { op: 'create', type: 'sticky_note', position: { x, y: 0 }, data: { text: `n${x}` }, ...extra };
}

function rejected(doc: Y.Doc, operations: unknown): string[] {
  const before = Y.encodeStateVector(doc);
  const updates = countUpdates(doc, () => {
    const error = thrownBy(() => applyBatch(doc, operations, alice, nowMs));
    expect(error).toBeInstanceOf(ItemValidationError);
    expect((error as ItemValidationError).code).toBe('validation_failed');
    rejected.last = (error as ItemValidationError).issues.map((issue) => issue.field);
  });
  expect(updates).toBe(0);
  expect(Y.encodeStateVector(doc)).toEqual(before);
  return rejected.last;
}
rejected.last = [] as string[];

describe('batch', () => {
  it('creates with the ids it is given (an import chooses them when accepted), refs and connectors included', () => {
    const doc = newBoard();
    const ids = ['itm_given0000000', 'itm_given0000001', 'itm_given0000002'];
    const operations = [createOp(0, { ref: 'a' }), createOp(300), { op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from: 'a', to: ids[1] } }];
    const result = applyBatchPlan(doc, validateBatch(doc, operations, 100, ids), alice, nowMs);
    expect(result.results.map((r) => r.id)).toEqual(ids);
    expect(getItem(doc, ids[2] as string).data).toMatchObject({ from: ids[0], to: ids[1] });
    // Without them, each create gets a new id.
    const fresh = applyBatchPlan(doc, validateBatch(doc, [createOp(600)]), alice, nowMs);
    expect(ids).not.toContain(fresh.results[0]?.id);
  });

  it('applies 100 operations as exactly one Yjs update with the actor as origin', () => {
    const doc = newBoard();
    const existing = sticky(doc, 0, 0);
    const origins: unknown[] = [];
    doc.on('afterTransaction', (tr: Y.Transaction) => origins.push(tr.origin));
    const operations = [
      ...Array.from({ length: 97 }, (_, i) => createOp(i * 10)),
      { op: 'move', id: existing.id, position: { x: -50, y: -50 } },
      { op: 'resize', id: existing.id, size: { width: 300, height: 300 } },
      createOp(5000),
    ];
    let result: ReturnType<typeof applyBatch> | undefined;
    expect(countUpdates(doc, () => (result = applyBatch(doc, operations, alice, nowMs)))).toBe(1);
    expect(origins).toEqual([alice]);
    expect(result?.results).toHaveLength(100);
    const listed = listItems(doc);
    expect(listed).toHaveLength(99);
    // Creates land on top, in operation order.
    const createdIds = result?.results.filter((r) => r.op === 'create').map((r) => r.id);
    expect(listed.slice(1).map((item) => item.id)).toEqual(createdIds);
    expect(getItem(doc, existing.id)).toMatchObject({ position: { x: -50, y: -50 }, size: { width: 300, height: 300 } });
  });

  it('rejects 101 operations (and zero, and a non-array) naming operations', () => {
    const doc = newBoard();
    expect(rejected(doc, Array.from({ length: 101 }, (_, i) => createOp(i)))).toEqual(['operations']);
    expect(rejected(doc, [])).toEqual(['operations']);
    expect(rejected(doc, { op: 'create' })).toEqual(['operations']);
  });

  it('an invalid operation i is named operations[i]... and nothing is written', () => {
    const doc = newBoard();
    const note = sticky(doc, 0, 0);
    const ok = createOp(0);
    expect(rejected(doc, [ok, ok, ok, createOp(1, { data: { text: 'x'.repeat(6001) } })])).toEqual([
      'operations[3].data.text',
    ]);
    expect(rejected(doc, [ok, { op: 'teleport', id: note.id }])).toEqual(['operations[1].op']);
    expect(rejected(doc, [ok, { op: 'move', id: note.id, position: { x: 1 } }])).toEqual(['operations[1].position.y']);
    expect(rejected(doc, [{ op: 'move', id: 'itm_gone', position: { x: 1, y: 1 } }])).toEqual(['operations[0].id']);
    // Moves the fast read (`plainMove`) declines get the schema's issues.
    expect(rejected(doc, [ok, { op: 'move', id: note.id, position: { x: 10_000_001, y: 0 } }])).toEqual(['operations[1].position.x']);
    expect(rejected(doc, [{ op: 'move', id: note.id, position: { x: 1, y: 1, z: 1 } }])).toEqual(['operations[0].position.z']);
    expect(rejected(doc, [{ op: 'move', id: note.id, position: { x: 1, y: 1 }, extra: true }])).toEqual(['operations[0].extra']);
    expect(rejected(doc, [{ op: 'move', id: 'has space', position: { x: 1, y: 1 } }])).toEqual(['operations[0].id']);
    expect(rejected(doc, [{ op: 'resize', id: note.id, size: { width: 5, height: 300 } }])).toEqual([
      'operations[0].size.width',
    ]);
    expect(rejected(doc, [{ op: 'delete', id: note.id, extra: 1 }])).toEqual(['operations[0].extra']);
    expect(rejected(doc, [createOp(1, { type: 'hologram' })])).toEqual(['operations[0].type']);
    expect(rejected(doc, [createOp(1, { ref: 'a' }), createOp(2, { ref: 'a' })])).toEqual(['operations[1].ref']);
    expect(rejected(doc, [createOp(1, { ref: note.id })])).toEqual(['operations[0].ref']);
    expect(rejected(doc, [createOp(1, { ref: 'has space' })])).toEqual(['operations[0].ref']);
    expect(listItems(doc)).toHaveLength(1);
  });

  it('refs: a later operation may move, resize or delete an item the batch created', () => {
    const doc = newBoard();
    const result = applyBatch(
      doc,
      [
        createOp(0, { ref: 'a' }),
        createOp(100, { ref: 'b' }),
        { op: 'move', id: 'a', position: { x: 7, y: 8 } },
        { op: 'resize', id: 'a', size: { width: 250, height: 250 }, position: { x: 9, y: 9 } },
        { op: 'delete', id: 'b' },
      ],
      alice,
      nowMs,
    );
    const [a, b, move, resize, del] = result.results;
    expect(a).toMatchObject({ op: 'create', ref: 'a', item: { position: { x: 9, y: 9 }, size: { width: 250, height: 250 } } });
    expect(b).toMatchObject({ op: 'create', ref: 'b', item: null });
    expect(move).toMatchObject({ op: 'move', id: a?.id });
    expect(resize).toMatchObject({ op: 'resize', id: a?.id });
    expect(del).toMatchObject({ op: 'delete', id: b?.id, outcome: 'deleted', deletedIds: [b?.id] });
    expect(listItems(doc).map((item) => item.id)).toEqual([a?.id]);
  });

  it('refs: move before the create that defines the ref is rejected', () => {
    const doc = newBoard();
    expect(rejected(doc, [{ op: 'move', id: 'a', position: { x: 0, y: 0 } }, createOp(0, { ref: 'a' })])).toEqual([
      'operations[0].id',
    ]);
  });

  it('connectors may reference refs created earlier or later in the batch, and existing items', () => {
    const doc = newBoard();
    const existing = sticky(doc, -500, 0);
    const connector = (from: string, to: string) => ({
      op: 'create',
      type: 'connector',
      position: { x: 0, y: 0 },
      data: { from, to, label: `${from}->${to}` },
    });
    const result = applyBatch(
      doc,
      [createOp(0, { ref: 'a' }), connector('a', 'b'), createOp(500, { ref: 'b' }), connector(existing.id, 'a')],
      alice,
      nowMs,
    );
    const [a, ab, b, ea] = result.results;
    expect(ab).toMatchObject({ item: { data: { from: a?.id, to: b?.id } } });
    expect(ea).toMatchObject({ item: { data: { from: existing.id, to: a?.id } } });
    expect(listItems(doc)).toHaveLength(5);
  });

  it('connector references are validated: unknown ids, connectors, ends deleted earlier in the batch', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0);
    const b = sticky(doc, 100, 0);
    const ab = createItem(doc, { type: 'connector', position: { x: 0, y: 0 }, data: { from: a.id, to: b.id } }, alice, nowMs);
    const connector = (from: string, to: string) => ({ op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from, to } });
    expect(rejected(doc, [connector(a.id, 'nope')])).toEqual(['operations[0].data.to']);
    expect(rejected(doc, [connector(ab.id, b.id)])).toEqual(['operations[0].data.from']);
    expect(rejected(doc, [{ op: 'delete', id: b.id }, connector(a.id, b.id)])).toEqual(['operations[1].data.to']);
    // Deleting an end cascades to its connectors, so a later move of that connector fails.
    expect(rejected(doc, [{ op: 'delete', id: a.id }, { op: 'move', id: ab.id, position: { x: 1, y: 1 } }])).toEqual([
      'operations[1].id',
    ]);
  });

  it('delete cascades to connectors and resolves comments, inside the one transaction', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0);
    const b = sticky(doc, 100, 0);
    const ab = createItem(doc, { type: 'connector', position: { x: 0, y: 0 }, data: { from: a.id, to: b.id } }, alice, nowMs);
    const pin = createItem(doc, { type: 'comment', position: { x: 0, y: 0 }, data: { text: '?' } }, alice, nowMs);
    let result: ReturnType<typeof applyBatch> | undefined;
    const updates = countUpdates(doc, () => {
      result = applyBatch(doc, [{ op: 'delete', id: a.id }, { op: 'delete', id: pin.id }], alice, nowMs);
    });
    expect(updates).toBe(1);
    expect(result?.results[0]).toMatchObject({ outcome: 'deleted', deletedIds: [a.id, ab.id].sort(), comment: null });
    expect(result?.results[1]).toMatchObject({ outcome: 'resolved', deletedIds: [], comment: { id: pin.id, data: { resolved: true } } });
    expect(listItems(doc).map((item) => item.id)).toEqual([b.id, pin.id]);
  });

  it('validateBatch is a dry run: it plans without writing', () => {
    const doc = newBoard();
    const updates = countUpdates(doc, () => {
      const plan = validateBatch(doc, [createOp(0, { ref: 'a' }), { op: 'delete', id: 'a' }]);
      expect(plan.operations.map((op) => op.op)).toEqual(['create', 'delete']);
    });
    expect(updates).toBe(0);
    expect(listItems(doc)).toHaveLength(0);
  });

  it('reports every invalid operation, not just the first', () => {
    const doc = newBoard();
    const fields = rejected(doc, [createOp(0, { data: {} }), createOp(1), { op: 'delete', id: 'itm_x' }]);
    expect(fields).toEqual(['operations[0].data.text', 'operations[2].id']);
  });

  it('a batch past the board capacity throws document_too_large and writes nothing', () => {
    const doc = newBoard();
    doc.transact(() => {
      const items = doc.getMap<unknown>(itemsMapName);
      for (let i = 0; i < maxItemsPerBoard - 1; i += 1) items.set(`itm_filler${i}`, new Y.Map<unknown>());
    });
    const error = thrownBy(() => applyBatch(doc, [createOp(0), createOp(1)], alice, nowMs));
    expect(error).toBeInstanceOf(CrdtError);
    expect((error as CrdtError).code).toBe('document_too_large');
    expect(applyBatch(doc, [createOp(0)], alice, nowMs).results).toHaveLength(1);
    expect((thrownBy(() => sticky(doc, 0, 0)) as CrdtError).code).toBe('document_too_large');
  });

  it('refs must be unique within the batch and must not be the id of an item on the board', () => {
    const doc = newBoard();
    const existing = sticky(doc, 0, 0);
    expect(rejected(doc, [createOp(0, { ref: 'a' }), createOp(1, { ref: 'a' }), createOp(2, { ref: existing.id })])).toEqual([
      'operations[1].ref',
      'operations[2].ref',
    ]);
  });

  it('a delete cascades to connectors the same batch created, to refs and to existing items', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0);
    const connector = (from: string, to: string) => ({ op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from, to } });
    const result = applyBatch(
      doc,
      [createOp(10, { ref: 'b' }), { ...connector(a.id, 'b'), ref: 'ab' }, { op: 'delete', id: 'b' }, { op: 'move', id: a.id, position: { x: 5, y: 5 } }],
      alice,
      nowMs,
    );
    const [b, ab, del, move] = result.results;
    expect(del).toMatchObject({ op: 'delete', deletedIds: [b?.id, ab?.id].sort() });
    expect(b).toMatchObject({ item: null });
    expect(ab).toMatchObject({ item: null });
    expect(move).toMatchObject({ item: { id: a.id, position: { x: 5, y: 5 } } });
    expect(listItems(doc).map((item) => item.id)).toEqual([a.id]);
    // A later delete in another batch sees the board as it is now, not as the first batch began.
    expect(rejected(doc, [{ op: 'delete', id: ab?.id ?? '' }])).toEqual(['operations[0].id']);
  });

  it('reports each item in the section the batch leaves it in: new, moved and deleted sections', () => {
    const doc = newBoard();
    const old = section(doc, 0, 0, 1000, 1000, 'old');
    const gone = section(doc, 5000, 0, 1000, 1000, 'gone');
    const inGone = sticky(doc, 5100, 100);
    const result = applyBatch(
      doc,
      [
        { op: 'create', ref: 'fresh', type: 'section', position: { x: 2000, y: 0 }, size: { width: 1000, height: 1000 }, data: { title: 'fresh' } },
        createOp(2100),
        { op: 'move', id: old.id, position: { x: 10_000, y: 0 } },
        createOp(100),
        createOp(10_100),
        { op: 'delete', id: gone.id },
        { op: 'move', id: inGone.id, position: { x: 5200, y: 100 } },
      ],
      alice,
      nowMs,
    );
    const [fresh, inFresh, moved, leftBehind, inMoved, , orphan] = result.results;
    expect(inFresh).toMatchObject({ item: { sectionId: (fresh as { id: string }).id } });
    expect(moved).toMatchObject({ item: { id: old.id, sectionId: null } });
    expect(leftBehind).toMatchObject({ item: { sectionId: null } });
    expect(inMoved).toMatchObject({ item: { sectionId: old.id } });
    expect(orphan).toMatchObject({ item: { id: inGone.id, sectionId: null } });
    // The results agree with a fresh read of the board.
    const listed = new Map(listItems(doc).map((item) => [item.id, item.sectionId]));
    for (const r of result.results) {
      if ('item' in r && r.item) expect(r.item.sectionId).toBe(listed.get(r.item.id));
    }
  });
});
