import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { applyBatch, listItems, patchItem } from '../../../crdt/index.js';
import { alice, bob, nowMs, sticky } from './support.js';

function sync(a: Y.Doc, b: Y.Doc): void {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
}

describe('replicas editing concurrently', () => {
  it('property: concurrent creates and moves converge to the same z-ordered list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: -1000, max: 1000 })), { minLength: 1, maxLength: 20 }),
        (steps) => {
          const a = new Y.Doc();
          const b = new Y.Doc();
          steps.forEach(([onA, x], index) => {
            const doc = onA ? a : b;
            const created = sticky(doc, x, 0, `step ${index}`);
            if (index % 3 === 0) patchItem(doc, created.id, { position: { x, y: x } }, onA ? alice : bob, nowMs);
            if (index % 4 === 0) sync(a, b);
          });
          sync(a, b);
          expect(listItems(a)).toEqual(listItems(b));
          expect(listItems(a)).toHaveLength(steps.length);
        },
      ),
      { seed: 42, numRuns: 60 },
    );
  });

  it('concurrent batches with equal z keys still order identically (id breaks the tie)', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    const op = { op: 'create', type: 'text', position: { x: 0, y: 0 }, data: { text: 't' } };
    applyBatch(a, [op, op], alice, nowMs);
    applyBatch(b, [op, op], bob, nowMs);
    sync(a, b);
    const listed = listItems(a);
    expect(listed.map((item) => item.z)).toEqual(['a0', 'a0', 'a1', 'a1']);
    expect(listItems(b)).toEqual(listed);
  });
});
