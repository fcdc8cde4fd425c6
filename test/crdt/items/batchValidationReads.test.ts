import * as Y from 'yjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ItemValidationError, applyBatchPlan, itemsMapName, validateBatch } from '../../../crdt/index.js';
import { alice, newBoard, nowMs, sticky, thrownBy } from './support.js';

/**
 * A batch's checks learn the type of each item an operation names from the board index, which
 * holds it, rather than by reading the item's entry in the document.
 */

afterEach(() => vi.restoreAllMocks());

describe("a batch's checks", () => {
  it('read each moved item of the document once (for its lock), not again for its type', () => {
    const doc = newBoard();
    const ids = Array.from({ length: 10 }, (_, i) => sticky(doc, i * 300, 0).id);
    const reads = vi.spyOn(doc.getMap(itemsMapName), 'get');
    const plan = validateBatch(doc, ids.map((id, i) => ({ op: 'move', id, position: { x: i, y: 500 } })));
    expect(plan.operations).toHaveLength(10);
    expect(reads).toHaveBeenCalledTimes(ids.length);
  });

  it('know the type a live client left out or mistyped as unknown, and an item another write added since', () => {
    const doc = newBoard();
    const items = doc.getMap<unknown>(itemsMapName);
    const odd = new Y.Map<unknown>();
    items.set('itm_odd', odd);
    odd.set('type', 7);
    // An entry of no known type is moved like any item; a connector's move is refused by its type.
    expect(validateBatch(doc, [{ op: 'move', id: 'itm_odd', position: { x: 1, y: 1 } }]).operations).toHaveLength(1);
    const ends = [sticky(doc, 0, 0).id, sticky(doc, 400, 0).id];
    const made = applyBatchPlan(doc, validateBatch(doc, [{ op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from: ends[0], to: ends[1] } }]), alice, nowMs);
    const refused = thrownBy(() => validateBatch(doc, [{ op: 'move', id: made.results[0]!.id, position: { x: 1, y: 1 } }]));
    expect((refused as ItemValidationError).issues.map((issue) => issue.field)).toEqual(['operations[0].position']);
    const later = sticky(doc, 800, 0).id;
    expect(validateBatch(doc, [{ op: 'resize', id: later, size: { width: 300, height: 300 } }]).operations).toHaveLength(1);
    const missing = thrownBy(() => validateBatch(doc, [{ op: 'move', id: 'itm_none', position: { x: 1, y: 1 } }]));
    expect(missing).toBeInstanceOf(ItemValidationError);
    expect((missing as ItemValidationError).issues.map((issue) => issue.field)).toEqual(['operations[0].id']);
  });
});
