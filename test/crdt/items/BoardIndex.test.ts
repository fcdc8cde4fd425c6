import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { boardIndex, buildBoardIndex } from '../../../crdt/items/BoardIndex.js';
import { compareByZ, itemsMap, sectionTypeName } from '../../../crdt/items/boardSchema.js';
import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { keysBetween } from '../../../crdt/items/fractionalIndex.js';
import { bruteForce, expectIndexMatches, mutate, mutationArb, pool, stepArb, validZ } from './boardIndexSupport.js';
import type { Step } from './boardIndexSupport.js';

/** Plays `steps` on a local document (indexed) and a remote replica, checking the index after every transaction. */
function play(steps: readonly Step[]): void {
  const local = new Y.Doc();
  const remote = new Y.Doc();
  boardIndex(local);
  const pending: Uint8Array[] = [];
  remote.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'from-local') pending.push(update);
  });
  const touchedLog: Set<string>[] = [];
  const contentLog: Set<string>[] = [];
  boardIndex(local).onItemsTouched((ids, contentIds) => {
    for (const id of contentIds) expect(ids.has(id), `content ${id} among the touched`).toBe(true);
    touchedLog.push(new Set(ids));
    contentLog.push(new Set(contentIds));
  });
  for (const step of steps) {
    if (step.kind === 'local') {
      const before = itemsMap(local).toJSON();
      touchedLog.length = 0;
      contentLog.length = 0;
      local.transact(() => {
        for (const m of step.mutations) {
          if (step.nested) local.transact(() => mutate(local, m));
          else mutate(local, m);
          // Reads inside the transaction see its writes so far.
          expectIndexMatches(local);
        }
      });
      const after = itemsMap(local).toJSON();
      const touched = new Set(touchedLog.flatMap((ids) => [...ids]));
      const content = new Set(contentLog.flatMap((ids) => [...ids]));
      // What an item says: its type and data (or whatever a client wrote instead of an item map).
      const says = (value: unknown): string => JSON.stringify(value !== null && typeof value === 'object' && !Array.isArray(value) ? [(value as Record<string, unknown>)['type'], (value as Record<string, unknown>)['data']] : value);
      for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (JSON.stringify(before[id]) !== JSON.stringify(after[id])) expect(touched.has(id), `touched ${id}`).toBe(true);
        if (!(id in before) || !(id in after) || says(before[id]) !== says(after[id])) expect(content.has(id), `content of ${id}`).toBe(true);
      }
      Y.applyUpdate(remote, Y.encodeStateAsUpdate(local, Y.encodeStateVector(remote)), 'from-local');
    } else if (step.kind === 'remote') {
      remote.transact(() => {
        for (const m of step.mutations) mutate(remote, m);
      });
      if (step.deliver) for (const update of pending.splice(0)) Y.applyUpdate(local, update);
    } else {
      // Delivered newest first: out-of-order updates wait in Yjs' pending structs, then apply together.
      for (const update of pending.splice(0).reverse()) Y.applyUpdate(local, update);
    }
    expectIndexMatches(local);
  }
  for (const update of pending.splice(0)) Y.applyUpdate(local, update);
  expectIndexMatches(local);
}

describe('BoardIndex', () => {
  it('property: agrees with a full scan after every local and remote transaction', () => {
    fc.assert(fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), play), { seed: 16, numRuns: 150 });
  });

  it('builds from a document that already holds items', () => {
    const source = new Y.Doc();
    source.transact(() => {
      mutate(source, { kind: 'create', id: 'a', type: sectionTypeName, z: validZ[3], x: 0, y: 0, w: 500, h: 500, from: 'a', to: 'a' });
      mutate(source, { kind: 'create', id: 'b', type: 'connector', z: validZ[5], x: 0, y: 0, w: 5, h: 5, from: 'a', to: 'c' });
      mutate(source, { kind: 'junk', id: 'c' });
    });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(source));
    expectIndexMatches(doc);
    expect(boardIndex(doc).topZ()).toBe(validZ[5]);
  });

  it('property: built a slice per event-loop turn, with transactions in between, agrees with a full scan', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutationArb, { minLength: 1, maxLength: 30 }), fc.array(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), { maxLength: 8 }), async (initial, during) => {
        const doc = new Y.Doc();
        doc.transact(() => {
          for (const m of initial) mutate(doc, m);
        });
        // A reading budget of 0 ms yields before almost every item: the transactions land between them.
        const building = buildBoardIndex(doc, 0, nextTurn);
        for (const mutations of during) {
          await nextTurn();
          doc.transact(() => {
            for (const m of mutations) mutate(doc, m);
          });
        }
        const index = await building;
        expect(boardIndex(doc)).toBe(index);
        expectIndexMatches(doc);
        // Later transactions are followed as usual.
        doc.transact(() => mutate(doc, { kind: 'create', id: 'h', type: sectionTypeName, z: validZ[9], x: 0, y: 0, w: 50, h: 50, from: 'a', to: 'a' }));
        expectIndexMatches(doc);
      }),
      { seed: 16, numRuns: 100 },
    );
  });

  it('pages in z-order through many changes between two pages', () => {
    const doc = new Y.Doc();
    const keys = keysBetween(null, null, 900);
    const create = (i: number, z: string): void => {
      const entry = new Y.Map<unknown>();
      entry.set('type', 'sticky_note');
      entry.set('z', z);
      itemsMap(doc).set(`n${String(i).padStart(4, '0')}`, entry);
    };
    doc.transact(() => {
      for (let i = 0; i < 300; i++) create(i, keys[i * 3] as string);
    });
    const all = (): string[] => {
      const ids: string[] = [];
      for (let after: { z: string; id: string } | null = null; ; ) {
        const page = boardIndex(doc).pageInZOrder(after, 50);
        ids.push(...page.ids);
        if (!page.more) return ids;
        const last = page.ids.at(-1) as string;
        after = { z: (itemsMap(doc).get(last) as Y.Map<unknown>).get('z') as string, id: last };
      }
    };
    expect(all()).toEqual(bruteForce(doc).inZOrder.map((item) => item.id));
    // A few changes are moved in one by one; many make the next page sort afresh.
    for (const count of [5, 299]) {
      doc.transact(() => {
        for (let i = 0; i < count; i++) (itemsMap(doc).get(`n${String(i).padStart(4, '0')}`) as Y.Map<unknown>).set('z', keys[899 - i * 2] as string);
        for (let i = 0; i < count; i++) create(1000 + count + i, keys[i * 3 + 1] as string);
        for (let i = 0; i < count; i += 7) itemsMap(doc).delete(`n${String(299 - i).padStart(4, '0')}`);
      });
      expect(all()).toEqual(bruteForce(doc).inZOrder.map((item) => item.id));
    }
  });

  it('finds the next top z when the top item is deleted or lowered', () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      for (const [i, z] of validZ.slice(0, 3).entries()) {
        mutate(doc, { kind: 'create', id: pool[i] as string, type: 'sticky_note', z, x: 0, y: 0, w: 1, h: 1, from: 'a', to: 'a' });
      }
    });
    expect(boardIndex(doc).topZ()).toBe(validZ[2]);
    doc.transact(() => mutate(doc, { kind: 'delete', id: 'c' }));
    expect(boardIndex(doc).topZ()).toBe(validZ[1]);
    doc.transact(() => mutate(doc, { kind: 'z', id: 'b', z: '' }));
    expect(boardIndex(doc).topZ()).toBe(validZ[0]);
  });

  it('decodes an item once and keeps it, frozen, until a transaction touches the item or anything in it', () => {
    const doc = new Y.Doc();
    const remote = new Y.Doc();
    remote.on('update', (update: Uint8Array) => Y.applyUpdate(doc, update));
    remote.transact(() => {
      for (const id of ['a', 'b']) {
        const entry = new Y.Map<unknown>();
        entry.set('type', 'sticky_note');
        entry.set('z', validZ[0]);
        const data = new Y.Map<unknown>();
        data.set('text', new Y.Text(`note ${id}`));
        entry.set('data', data);
        itemsMap(remote).set(id, entry);
      }
    });
    const index = boardIndex(doc);
    const byId = (): Map<string, StoredItem> => new Map(index.storedItems().map((item) => [item.id, item]));
    const first = byId();
    expect(first.get('a')?.data).toEqual({ text: 'note a' });
    expect(Object.isFrozen(first.get('a'))).toBe(true);
    expect(Object.isFrozen(first.get('a')?.data)).toBe(true);
    expect(() => {
      (first.get('a')?.data as Record<string, unknown>)['text'] = 'changed';
    }).toThrow(TypeError);
    // Nothing changed: the same objects.
    expect(byId().get('a')).toBe(first.get('a'));
    // A remote edit deep inside `a` (its text) gives `a` afresh and keeps `b`.
    (((itemsMap(remote).get('a') as Y.Map<unknown>).get('data') as Y.Map<unknown>).get('text') as Y.Text).insert(0, 'edited ');
    const second = byId();
    expect(second.get('a')?.data).toEqual({ text: 'edited note a' });
    expect(second.get('b')).toBe(first.get('b'));
    // Inside a transaction, a read sees the transaction's writes so far.
    doc.transact(() => {
      (itemsMap(doc).get('b') as Y.Map<unknown>).set('x', 42);
      expect(byId().get('b')?.x).toBe(42);
      itemsMap(doc).delete('a');
      expect([...byId().keys()]).toEqual(['b']);
    });
  });

  it('decodes every item ahead, a slice per turn; items changed between slices are read afresh by the next read', async () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      for (const id of pool) mutate(doc, { kind: 'create', id, type: 'sticky_note', z: validZ[0], x: 0, y: 0, w: 1, h: 1, from: id, to: id });
    });
    const index = boardIndex(doc);
    let turns = 0;
    // A budget of 0 ms: a turn between items (the first turns change the board).
    await index.decodeInSlices(0, async () => {
      turns += 1;
      if (turns === 1) doc.transact(() => mutate(doc, { kind: 'text', id: 'a', text: 'changed after its decode' }));
      if (turns === 2) doc.transact(() => mutate(doc, { kind: 'delete', id: 'd' }));
      if (turns === 3) doc.transact(() => mutate(doc, { kind: 'create', id: 'new', type: 'text', z: validZ[1], x: 1, y: 1, w: 1, h: 1, from: 'new', to: 'new' }));
      await nextTurn();
    });
    expect(turns).toBeGreaterThanOrEqual(pool.length - 1);
    // Kept decodes are the ones still current: every item as a fresh read of its entry gives it.
    expect(index.storedItems().sort(compareByZ)).toEqual(bruteForce(doc).inZOrder);
    expect(index.storedItems().find((item) => item.id === 'a')?.data).toEqual({ title: 'changed after its decode' });
    expect(index.storedItems().map((item) => item.id)).not.toContain('d');
  });

  it('tells listeners which items a remote update touched, nested data included', () => {
    const doc = new Y.Doc();
    const replica = new Y.Doc();
    replica.transact(() => mutate(replica, { kind: 'create', id: 'a', type: 'connector', z: validZ[0], x: 0, y: 0, w: 1, h: 1, from: 'b', to: 'c' }));
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(replica));
    const seen: string[][] = [];
    boardIndex(doc).onItemsTouched((ids) => seen.push([...ids]));
    const vector = Y.encodeStateVector(doc);
    replica.transact(() => mutate(replica, { kind: 'text', id: 'a', text: 'x' }));
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(replica, vector));
    expect(seen).toEqual([['a']]);
    expect([...boardIndex(doc).referencesTo('xc')]).toEqual(['a']);
  });

  it('tells apart the items whose type or data a transaction changed from those it only moved', () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      for (const id of ['a', 'b', 'c']) mutate(doc, { kind: 'create', id, type: 'sticky_note', z: validZ[0], x: 0, y: 0, w: 1, h: 1, from: id, to: id });
    });
    const seen: [string[], string[]][] = [];
    boardIndex(doc).onItemsTouched((ids, contentIds) => seen.push([[...ids].sort(), [...contentIds].sort()]));
    const entry = (id: string): Y.Map<unknown> => itemsMap(doc).get(id) as Y.Map<unknown>;
    doc.transact(() => {
      entry('a').set('x', 5);
      entry('a').set('z', validZ[1]);
      entry('a').set('updatedAt', 7);
      entry('b').set('type', 'text');
      (entry('c').get('data') as Y.Map<unknown>).set('text', 'new');
    });
    doc.transact(() => entry('a').set('y', 9));
    doc.transact(() => itemsMap(doc).delete('a'));
    expect(seen).toEqual([
      [['a', 'b', 'c'], ['b', 'c']],
      [['a'], []],
      [['a'], ['a']],
    ]);
  });
});
