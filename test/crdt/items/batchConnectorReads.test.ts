import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyBatchPlan, getItem, itemsMapName, validateBatch } from '../../../crdt/index.js';
import { alice, newBoard, nowMs, sticky } from './support.js';

/**
 * Aligning a batch's connectors (`alignConnectorsEndingAt`) reads the connectors that end at the
 * moved items and those the batch made: the checks refuse a move or resize of a connector, so the
 * moved items themselves are not read again to learn that they are not connectors.
 */

afterEach(() => vi.restoreAllMocks());

describe("a batch's connector alignment", () => {
  it('reads each moved item once to move it and once for its view, and nothing more on a board without connectors', () => {
    const doc = newBoard();
    const ids = Array.from({ length: 10 }, (_, i) => sticky(doc, i * 300, 0).id);
    const plan = validateBatch(doc, ids.map((id, i) => ({ op: 'move', id, position: { x: i * 300, y: 500 } })));
    const reads = vi.spyOn(doc.getMap(itemsMapName), 'get');
    const result = applyBatchPlan(doc, plan, alice, nowMs);
    expect(result.results.map((r) => ('item' in r ? r.item?.position : null))).toEqual(ids.map((_, i) => ({ x: i * 300, y: 500 })));
    expect(reads).toHaveBeenCalledTimes(2 * ids.length);
  });

  it('still spans a connector made in the batch, and one ending at a moved item, between their ends as the batch leaves them', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0).id;
    const b = sticky(doc, 400, 0).id;
    const made = applyBatchPlan(doc, validateBatch(doc, [{ op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from: a, to: b } }]), alice, nowMs);
    const existing = made.results[0]!.id;
    const result = applyBatchPlan(
      doc,
      validateBatch(doc, [
        { op: 'create', ref: 'c', type: 'sticky_note', position: { x: 0, y: 600 }, data: { text: 'c' } },
        { op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from: a, to: 'c' } },
        { op: 'move', id: b, position: { x: 400, y: 200 } },
        { op: 'move', id: a, position: { x: 0, y: 200 } },
      ]),
      alice,
      nowMs,
    );
    const fresh = result.results[1]!.id;
    expect(getItem(doc, existing)).toMatchObject({ position: { x: 200, y: 200 }, size: { width: 400 } });
    expect(getItem(doc, fresh)).toMatchObject({ position: { x: 0, y: 400 } });
  });
});
