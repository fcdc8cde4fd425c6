import { describe, expect, it } from 'vitest';
import type { BatchOperationResult } from '../../crdt/index.js';
import { foldItemChanges, netItemChanges } from '../../server/content/itemChanges.js';

describe('netItemChanges', () => {
  it("folds a batch's results as foldItemChanges folds their steps: a resolved comment is updated, a cascade deletes each id, in order of first touch", () => {
    const results: BatchOperationResult[] = [
      { op: 'create', ref: 'a', id: 'a', item: null },
      { op: 'move', id: 'b', item: null },
      { op: 'create', ref: null, id: 'c', item: null },
      { op: 'resize', id: 'a', item: null },
      { op: 'delete', id: 'p', outcome: 'resolved', deletedIds: [], comment: null },
      { op: 'delete', id: 'e', outcome: 'deleted', deletedIds: ['e', 'c', 'x'], comment: null },
      { op: 'delete', id: 'b', outcome: 'deleted', deletedIds: ['b'], comment: null },
      { op: 'move', id: 'f', item: null },
    ];
    const steps = [
      { id: 'a', change: 'created' },
      { id: 'b', change: 'updated' },
      { id: 'c', change: 'created' },
      { id: 'a', change: 'updated' },
      { id: 'p', change: 'updated' },
      { id: 'e', change: 'deleted' },
      { id: 'c', change: 'deleted' },
      { id: 'x', change: 'deleted' },
      { id: 'b', change: 'deleted' },
      { id: 'f', change: 'updated' },
    ] as const;
    expect(netItemChanges(results)).toEqual({ created: ['a'], updated: ['p', 'f'], deleted: ['b', 'e', 'x'] });
    expect(netItemChanges(results)).toEqual(foldItemChanges(steps));
  });
});
