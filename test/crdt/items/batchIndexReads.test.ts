import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Y from 'yjs';
import { applyBatchPlan, getItem, listItemTypes, listItems, validateBatch } from '../../../crdt/index.js';
import type { BatchResult } from '../../../crdt/index.js';
import { BoardIndex } from '../../../crdt/items/BoardIndex.js';
import { alice, newBoard, nowMs, section, sticky } from './support.js';

/**
 * A batch applied inside its caller's transaction (as the server applies it: validated and
 * applied in one `transact`) does not ask the board index anything once it has written: inside a
 * transaction each read of the index first folds in every item the transaction wrote so far (a
 * thousand for an import's chunk), and the transaction's end folds them in once more. The
 * sections its views are placed in are read before the writes unless the batch changes a section.
 */

afterEach(() => vi.restoreAllMocks());

/** Validates and applies `operations` inside one transaction of `doc`, as the server does. */
function inOneTransaction(doc: Y.Doc, operations: unknown[]): BatchResult {
  let result: BatchResult | undefined;
  doc.transact(() => {
    result = applyBatchPlan(doc, validateBatch(doc, operations), alice, nowMs);
  }, alice);
  return result as BatchResult;
}

/** The names of the board index's reads made while `doc`'s transaction had already written something. */
function readsAfterWrites(doc: Y.Doc): string[] {
  const reads: string[] = [];
  const prototype = BoardIndex.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of Object.getOwnPropertyNames(BoardIndex.prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(BoardIndex.prototype, name);
    if (name === 'constructor' || typeof descriptor?.value !== 'function') continue;
    const original = prototype[name]!;
    vi.spyOn(prototype, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
      if ((doc._transaction?.changed.size ?? 0) > 0) reads.push(name);
      return original.apply(this, args);
    });
  }
  return reads;
}

const note = (x: number, y: number): unknown => ({ op: 'create', type: 'sticky_note', position: { x, y }, data: { text: 'n' } });

describe("a batch's reads of the board index", () => {
  it('makes none after its writes when it creates items only, and places each in its section', () => {
    const doc = newBoard();
    const box = section(doc, 0, 0, 1000, 1000);
    sticky(doc, 5000, 0);
    const reads = readsAfterWrites(doc);
    const result = inOneTransaction(doc, [note(100, 100), note(3000, 0), note(-200, 200)]);
    expect(reads).toEqual([]);
    expect(result.results.map((r) => ('item' in r ? r.item?.sectionId : undefined))).toEqual([box.id, null, box.id]);
  });

  it.each([
    ['moves', (id: string) => ({ op: 'move', id, position: { x: 10_000, y: 0 } })],
    ['resizes', (id: string) => ({ op: 'resize', id, size: { width: 100, height: 100 } })],
    ['deletes', (id: string) => ({ op: 'delete', id })],
  ])('reads the sections after its writes when it %s a section, so its views are placed as it leaves them', (_kind, change) => {
    const doc = newBoard();
    const box = section(doc, 0, 0, 1000, 1000);
    const result = inOneTransaction(doc, [note(300, 300), change(box.id)]);
    const created = result.results[0]!;
    expect('item' in created ? created.item?.sectionId : undefined).toBeNull();
    const listed = new Map(listItems(doc).map((item) => [item.id, item.sectionId]));
    expect(listed.get(created.id)).toBeNull();
  });
});

describe("a batch's views of the items it creates", () => {
  it('are, for every item type, the items as read back from the board, field for field and in the same order', () => {
    const doc = newBoard();
    section(doc, 0, 0, 100_000, 100_000);
    const a = sticky(doc, -300, 0).id;
    const b = sticky(doc, 300, 0).id;
    const bodies = listItemTypes().map(({ type, example }) =>
      type === 'connector' ? { ...example, data: { ...example.data, from: a, to: b } } : { ...example, rotation: 30, locked: type === 'sticky_note' },
    );
    const result = inOneTransaction(doc, bodies.map((body) => ({ op: 'create', ...body })));
    expect(result.results).toHaveLength(bodies.length);
    for (const created of result.results) {
      expect('item' in created && JSON.stringify(created.item)).toBe(JSON.stringify(getItem(doc, created.id)));
    }
  });

  it('are read back when a later operation of the batch moves, resizes or deletes them', () => {
    const doc = newBoard();
    const result = inOneTransaction(doc, [
      { op: 'create', ref: 'm', ...(note(0, 0) as object) },
      { op: 'create', ref: 'r', ...(note(500, 0) as object) },
      { op: 'create', ref: 'd', ...(note(900, 0) as object) },
      { op: 'move', id: 'm', position: { x: 50, y: 60 } },
      { op: 'resize', id: 'r', size: { width: 300, height: 300 } },
      { op: 'delete', id: 'd' },
    ]);
    const [moved, resized, deleted] = result.results;
    expect(moved).toMatchObject({ item: { position: { x: 50, y: 60 } } });
    expect(resized).toMatchObject({ item: { size: { width: 300, height: 300 } } });
    expect(deleted).toMatchObject({ item: null });
  });
});
