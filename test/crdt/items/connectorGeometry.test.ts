import { describe, expect, it } from 'vitest';
import { ItemValidationError, applyBatch, createItem, getItem, patchItem } from '../../../crdt/index.js';
import { connectorBox } from '../../../crdt/items/connectorGeometry.js';
import { alice, countUpdates, newBoard, nowMs, sticky, thrownBy } from './support.js';

function connect(doc: ReturnType<typeof newBoard>, from: string, to: string) {
  // The geometry sent is not where the connector ends up: the server spans its ends.
  return createItem(doc, { type: 'connector', position: { x: 9999, y: -9999 }, size: { width: 5, height: 5 }, rotation: 30, data: { from, to } }, alice, nowMs);
}

describe('a connector spans the centres of its ends', () => {
  it('is placed from its ends when created, whatever geometry was sent', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0);
    const b = sticky(doc, 400, -300);
    const line = connect(doc, a.id, b.id);
    expect(line).toMatchObject({ position: { x: 200, y: -150 }, size: { width: 400, height: 300 }, rotation: 0 });
  });

  it('follows an end moved through PATCH, in the same update', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0);
    const b = sticky(doc, 100, 0);
    const line = connect(doc, a.id, b.id);
    expect(countUpdates(doc, () => patchItem(doc, b.id, { position: { x: 100, y: 200 } }, alice, nowMs))).toBe(1);
    expect(getItem(doc, line.id)).toMatchObject({ position: { x: 50, y: 100 }, size: { width: 100, height: 200 } });
  });

  it.each([
    ['position', { position: { x: 5, y: 5 } }, ['position']],
    ['size', { size: { width: 7, height: 7 } }, ['size']],
    ['rotation', { rotation: 45 }, ['rotation']],
    ['position and size with a label', { position: { x: 5, y: 5 }, size: { width: 7, height: 7 }, data: { label: 'x' } }, ['position', 'size']],
  ])('refuses a PATCH of its %s, naming the field, and changes nothing', (_, patch, fields) => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0);
    const b = sticky(doc, 100, 0);
    const line = connect(doc, a.id, b.id);
    const error = thrownBy(() => patchItem(doc, line.id, patch, alice, nowMs));
    expect(error).toBeInstanceOf(ItemValidationError);
    expect((error as ItemValidationError).issues.map((issue) => issue.field)).toEqual(fields);
    expect(getItem(doc, line.id)).toEqual(line);
  });

  it('refuses a batch move or resize of a connector, made earlier in the batch or found, naming the operation', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 0);
    const b = sticky(doc, 100, 0);
    const line = connect(doc, a.id, b.id);
    const error = thrownBy(() =>
      applyBatch(
        doc,
        [
          { op: 'create', ref: 'line', type: 'connector', position: { x: 0, y: 0 }, data: { from: a.id, to: b.id } },
          { op: 'move', id: 'line', position: { x: 5, y: 5 } },
          { op: 'resize', id: line.id, size: { width: 7, height: 7 }, position: { x: 1, y: 1 } },
          { op: 'move', id: a.id, position: { x: 0, y: 300 } },
        ],
        alice,
        nowMs,
      ),
    );
    expect((error as ItemValidationError).issues.map((issue) => issue.field)).toEqual(['operations[1].position', 'operations[2].size', 'operations[2].position']);
    expect(getItem(doc, line.id)).toEqual(line);
    expect(getItem(doc, a.id)).toEqual(a);
  });

  it('is at least 1 × 1 when both ends share a centre line', () => {
    const doc = newBoard();
    const a = sticky(doc, 0, 50);
    const b = sticky(doc, 300, 50);
    expect(connect(doc, a.id, b.id)).toMatchObject({ position: { x: 150, y: 50 }, size: { width: 300, height: 1 } });
    expect(connectorBox({ x: 0, y: 0 }, { x: 0, y: 0 })).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(connectorBox({ x: -5_000_000, y: 0 }, { x: 5_000_000, y: 0 }).width).toBe(100_000);
  });

  it('spans where a batch leaves its ends, for connectors the batch made and ones it found', () => {
    const doc = newBoard();
    const old = sticky(doc, 0, 0);
    const oldEnd = sticky(doc, 0, 100);
    const oldLine = connect(doc, old.id, oldEnd.id);
    const { results } = applyBatch(
      doc,
      [
        { op: 'create', ref: 'a', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'a' } },
        { op: 'create', ref: 'b', type: 'sticky_note', position: { x: 10, y: 10 }, data: { text: 'b' } },
        { op: 'create', ref: 'line', type: 'connector', position: { x: 0, y: 0 }, data: { from: 'a', to: 'b' } },
        { op: 'move', id: 'b', position: { x: 600, y: 0 } },
        { op: 'move', id: oldEnd.id, position: { x: 0, y: 500 } },
      ],
      alice,
      nowMs,
    );
    const line = results[2];
    expect(line?.op === 'create' ? line.item : null).toMatchObject({ position: { x: 300, y: 0 }, size: { width: 600, height: 1 } });
    expect(getItem(doc, oldLine.id)).toMatchObject({ position: { x: 0, y: 250 }, size: { width: 1, height: 500 } });
  });
});
