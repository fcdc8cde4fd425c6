import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { boardIndex, buildBoardIndex } from '../../../crdt/items/BoardIndex.js';
import { compareByZ, itemsMap, readStoredItem, sectionTypeName } from '../../../crdt/items/boardSchema.js';
import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { isFractionalIndex, keysBetween } from '../../../crdt/items/fractionalIndex.js';
import type { Rect } from '../../../crdt/items/geometry.js';
import { boundsOf, rectsOverlap } from '../../../crdt/items/geometry.js';
import { referencedIds } from '../../../crdt/items/references.js';

interface Scan {
  size: number;
  topZ: string | null;
  sections: unknown[];
  referencesTo: Map<string, string[]>;
  /** Every item, sorted by z-order. */
  inZOrder: StoredItem[];
  /** The rectangles items cover: rotated bounds, sizes below zero as zero, connectors left out. */
  rects: Rect[];
}

/** The axis-aligned bounds of an item, worked out from its corners (not with the index's formula). */
function cornerBounds(item: StoredItem): Rect {
  const radians = (item.rotation * Math.PI) / 180;
  const w = Math.max(0, item.width) / 2;
  const h = Math.max(0, item.height) / 2;
  const corners = [[-w, -h], [w, -h], [w, h], [-w, h]].map(([dx, dy]) => [
    item.x + (dx as number) * Math.cos(radians) - (dy as number) * Math.sin(radians),
    item.y + (dx as number) * Math.sin(radians) + (dy as number) * Math.cos(radians),
  ]);
  const xs = corners.map((c) => c[0] as number);
  const ys = corners.map((c) => c[1] as number);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { x: (left + right) / 2, y: (top + bottom) / 2, width: right - left, height: bottom - top };
}

/** What a brute-force scan of the whole board says the index should hold. */
function bruteForce(doc: Y.Doc): Scan {
  const items = itemsMap(doc);
  let top: string | null = null;
  const sections = [];
  const referencesTo = new Map<string, string[]>();
  const inZOrder: StoredItem[] = [];
  const rects: Rect[] = [];
  let size = 0;
  for (const [id, entry] of items.entries()) {
    size += 1;
    if (!(entry instanceof Y.Map)) continue;
    const item = readStoredItem(id, entry as Y.Map<unknown>);
    inZOrder.push(item);
    if (item.type !== 'connector') rects.push(cornerBounds(item));
    const z = entry.get('z');
    if (typeof z === 'string' && isFractionalIndex(z) && (top === null || z > top)) top = z;
    if (item.type === sectionTypeName) sections.push(item);
    for (const ref of new Set(referencedIds(item))) referencesTo.set(ref, [...(referencesTo.get(ref) ?? []), id]);
  }
  return { size, topZ: top, sections: sections.sort(compareByZ).reverse(), referencesTo, inZOrder: inZOrder.sort(compareByZ), rects };
}

/** Probes for the occupancy grid: small and wide rectangles across several cells, and one wider than the whole range. */
const probes: Rect[] = [
  ...[-6000, -3000, 0, 3000, 6000].flatMap((x) => [-6000, -3000, 0, 3000, 6000].flatMap((y) => [{ x, y, width: 300, height: 300 }, { x: x + 700, y, width: 2500, height: 120 }])),
  { x: 0, y: 0, width: 600_000, height: 600_000 },
];

const pool = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

function expectIndexMatches(doc: Y.Doc): void {
  const index = boardIndex(doc);
  const expected = bruteForce(doc);
  expect(index.size).toBe(expected.size);
  expect(index.topZ()).toBe(expected.topZ);
  expect(index.sectionsTopFirst()).toEqual(expected.sections);
  // Decoded items, some kept from earlier reads: each as a fresh read of its entry gives it.
  expect(index.storedItems().sort(compareByZ)).toEqual(expected.inZOrder);
  for (const id of pool) expect([...index.referencesTo(id)].sort()).toEqual((expected.referencesTo.get(id) ?? []).sort());
  // Paging in z-order: pages of 3 from the bottom, and a page after every position (items gone since included).
  const order = expected.inZOrder.map((item) => item.id);
  const paged: string[] = [];
  for (let after: { z: string; id: string } | null = null, more = true; more; ) {
    const page = index.pageInZOrder(after, 3);
    paged.push(...page.ids);
    more = page.more;
    const last = expected.inZOrder.find((item) => item.id === page.ids.at(-1));
    after = last ? { z: last.z, id: last.id } : null;
    if (page.ids.length === 0) break;
  }
  expect(paged).toEqual(order);
  for (const after of [...expected.inZOrder, { z: validZ[4] as string, id: 'zz' }, { z: '', id: 'a' }]) {
    const rest = expected.inZOrder.filter((item) => compareByZ(item, after) > 0).map((item) => item.id);
    expect(index.pageInZOrder({ z: after.z, id: after.id }, 2)).toEqual({ ids: rest.slice(0, 2), more: rest.length > 2 });
  }
  // Occupancy: the same answers as checking every rectangle.
  const occupancy = index.occupancy();
  for (const probe of probes) {
    for (const margin of [0, 40]) {
      expect(occupancy.overlapsAny(probe, margin), `probe ${JSON.stringify(probe)} margin ${margin}`).toBe(expected.rects.some((rect) => rectsOverlap(probe, rect, margin)));
    }
  }
  const bounds = occupancy.bounds();
  const expectedBounds = boundsOf(expected.rects);
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(bounds[key]).toBeCloseTo(expectedBounds[key], 6);
}

const validZ = keysBetween(null, null, 12);
const zArb = fc.oneof(fc.constantFrom(...validZ), fc.constantFrom('', '!!', 'zz~'), fc.constant(7));
const idArb = fc.constantFrom(...pool);
const typeArb = fc.constantFrom('sticky_note', sectionTypeName, 'connector', 'comment', 'mystery');
const numArb = fc.oneof(fc.integer({ min: -500, max: 500 }), fc.integer({ min: -6000, max: 6000 }));
const extentArb = fc.oneof(fc.integer({ min: 1, max: 900 }), fc.constantFrom(2500, 40_000), fc.constant(-20));
const rotationArb = fc.oneof(fc.constantFrom(0, 30, 45, 90, 180, 271.5), fc.constant('askew'));

/** One change to a board document (the same kinds a REST write, a live client or a misbehaving client makes). */
type Mutation =
  | { kind: 'create'; id: string; type: string; z: unknown; x: number; y: number; w: number; h: number; from: string; to: string }
  | { kind: 'move'; id: string; x: number; y: number }
  | { kind: 'resize'; id: string; w: number; h: number }
  | { kind: 'rotate'; id: string; rotation: unknown }
  | { kind: 'z'; id: string; z: unknown }
  | { kind: 'type'; id: string; type: string }
  | { kind: 'ref'; id: string; to: string }
  | { kind: 'text'; id: string; text: string }
  | { kind: 'delete'; id: string }
  | { kind: 'junk'; id: string };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), id: idArb, type: typeArb, z: zArb, x: numArb, y: numArb, w: extentArb, h: extentArb, from: idArb, to: idArb }),
  fc.record({ kind: fc.constant('move' as const), id: idArb, x: numArb, y: numArb }),
  fc.record({ kind: fc.constant('resize' as const), id: idArb, w: extentArb, h: extentArb }),
  fc.record({ kind: fc.constant('rotate' as const), id: idArb, rotation: rotationArb }),
  fc.record({ kind: fc.constant('z' as const), id: idArb, z: zArb }),
  fc.record({ kind: fc.constant('type' as const), id: idArb, type: typeArb }),
  fc.record({ kind: fc.constant('ref' as const), id: idArb, to: idArb }),
  fc.record({ kind: fc.constant('text' as const), id: idArb, text: fc.string({ maxLength: 4 }) }),
  fc.record({ kind: fc.constant('delete' as const), id: idArb }),
  fc.record({ kind: fc.constant('junk' as const), id: idArb }),
);

function mutate(doc: Y.Doc, m: Mutation): void {
  const items = itemsMap(doc);
  if (m.kind === 'create') {
    const entry = new Y.Map<unknown>();
    for (const [key, value] of Object.entries({ type: m.type, z: m.z, x: m.x, y: m.y, width: m.w, height: m.h, rotation: 0 })) entry.set(key, value);
    const data = new Y.Map<unknown>();
    if (m.type === 'connector') {
      data.set('from', m.from);
      data.set('to', new Y.Text(m.to));
    }
    entry.set('data', data);
    items.set(m.id, entry);
    return;
  }
  if (m.kind === 'delete') return void items.delete(m.id);
  if (m.kind === 'junk') return void items.set(m.id, 'not an item');
  const entry = items.get(m.id);
  if (!(entry instanceof Y.Map)) return;
  const data = entry.get('data');
  switch (m.kind) {
    case 'move':
      entry.set('x', m.x);
      entry.set('y', m.y);
      return;
    case 'resize':
      entry.set('width', m.w);
      entry.set('height', m.h);
      return;
    case 'rotate':
      return void entry.set('rotation', m.rotation);
    case 'z':
      return void entry.set('z', m.z);
    case 'type':
      return void entry.set('type', m.type);
    case 'ref':
      if (data instanceof Y.Map) data.set('to', m.to);
      return;
    case 'text': {
      if (!(data instanceof Y.Map)) return;
      const text = data.get('to');
      if (text instanceof Y.Text) text.insert(0, m.text);
      else data.set('title', m.text);
      return;
    }
  }
}

/** A step: a local transaction (checked mid-way too), a remote one (delivered now or later), or a delivery. */
type Step =
  | { kind: 'local'; mutations: Mutation[]; nested: boolean }
  | { kind: 'remote'; mutations: Mutation[]; deliver: boolean }
  | { kind: 'deliver' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('local' as const), mutations: fc.array(mutationArb, { minLength: 1, maxLength: 5 }), nested: fc.boolean() }),
  fc.record({ kind: fc.constant('remote' as const), mutations: fc.array(mutationArb, { minLength: 1, maxLength: 5 }), deliver: fc.boolean() }),
  fc.constant({ kind: 'deliver' as const }),
);

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
