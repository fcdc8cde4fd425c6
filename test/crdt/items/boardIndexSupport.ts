import fc from 'fast-check';
import * as Y from 'yjs';
import { expect } from 'vitest';
import { boardIndex } from '../../../crdt/items/BoardIndex.js';
import { compareByZ, itemsMap, readStoredItem, sectionTypeName } from '../../../crdt/items/boardSchema.js';
import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { isFractionalIndex, keysBetween } from '../../../crdt/items/fractionalIndex.js';
import type { Rect } from '../../../crdt/items/geometry.js';
import { boundsOf, rectsOverlap } from '../../../crdt/items/geometry.js';
import { referencedIds } from '../../../crdt/items/references.js';

// What the board index's tests share: a brute-force scan to check it against, and random board changes.

export interface Scan {
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
export function cornerBounds(item: StoredItem): Rect {
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
export function bruteForce(doc: Y.Doc): Scan {
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
export const probes: Rect[] = [
  ...[-6000, -3000, 0, 3000, 6000].flatMap((x) => [-6000, -3000, 0, 3000, 6000].flatMap((y) => [{ x, y, width: 300, height: 300 }, { x: x + 700, y, width: 2500, height: 120 }])),
  { x: 0, y: 0, width: 600_000, height: 600_000 },
];

export const pool = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

export function expectIndexMatches(doc: Y.Doc): void {
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

export const validZ = keysBetween(null, null, 12);
export const zArb = fc.oneof(fc.constantFrom(...validZ), fc.constantFrom('', '!!', 'zz~'), fc.constant(7));
export const idArb = fc.constantFrom(...pool);
export const typeArb = fc.constantFrom('sticky_note', sectionTypeName, 'connector', 'comment', 'mystery');
export const numArb = fc.oneof(fc.integer({ min: -500, max: 500 }), fc.integer({ min: -6000, max: 6000 }));
export const extentArb = fc.oneof(fc.integer({ min: 1, max: 900 }), fc.constantFrom(2500, 40_000), fc.constant(-20));
export const rotationArb = fc.oneof(fc.constantFrom(0, 30, 45, 90, 180, 271.5), fc.constant('askew'));

/** One change to a board document (the same kinds a REST write, a live client or a misbehaving client makes). */
export type Mutation =
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

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
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

export function mutate(doc: Y.Doc, m: Mutation): void {
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
export type Step =
  | { kind: 'local'; mutations: Mutation[]; nested: boolean }
  | { kind: 'remote'; mutations: Mutation[]; deliver: boolean }
  | { kind: 'deliver' };

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('local' as const), mutations: fc.array(mutationArb, { minLength: 1, maxLength: 5 }), nested: fc.boolean() }),
  fc.record({ kind: fc.constant('remote' as const), mutations: fc.array(mutationArb, { minLength: 1, maxLength: 5 }), deliver: fc.boolean() }),
  fc.constant({ kind: 'deliver' as const }),
);
