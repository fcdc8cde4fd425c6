import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { boardIndex } from '../../../crdt/items/BoardIndex.js';
import { compareByZ, itemsMap, readStoredItem } from '../../../crdt/items/boardSchema.js';
import { sectionTypeName } from '../../../crdt/items/boardSnapshot.js';
import { isFractionalIndex, keysBetween } from '../../../crdt/items/fractionalIndex.js';
import { referencedIds } from '../../../crdt/items/references.js';

/** What a brute-force scan of the whole board says the index should hold. */
function bruteForce(doc: Y.Doc): { size: number; topZ: string | null; sections: unknown[]; referencesTo: Map<string, string[]> } {
  const items = itemsMap(doc);
  let top: string | null = null;
  const sections = [];
  const referencesTo = new Map<string, string[]>();
  let size = 0;
  for (const [id, entry] of items.entries()) {
    size += 1;
    if (!(entry instanceof Y.Map)) continue;
    const item = readStoredItem(id, entry as Y.Map<unknown>);
    const z = entry.get('z');
    if (typeof z === 'string' && isFractionalIndex(z) && (top === null || z > top)) top = z;
    if (item.type === sectionTypeName) sections.push(item);
    for (const ref of new Set(referencedIds(item))) referencesTo.set(ref, [...(referencesTo.get(ref) ?? []), id]);
  }
  return { size, topZ: top, sections: sections.sort(compareByZ).reverse(), referencesTo };
}

const pool = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

function expectIndexMatches(doc: Y.Doc): void {
  const index = boardIndex(doc);
  const expected = bruteForce(doc);
  expect(index.size).toBe(expected.size);
  expect(index.topZ()).toBe(expected.topZ);
  expect(index.sectionsTopFirst()).toEqual(expected.sections);
  for (const id of pool) expect([...index.referencesTo(id)].sort()).toEqual((expected.referencesTo.get(id) ?? []).sort());
}

const validZ = keysBetween(null, null, 12);
const zArb = fc.oneof(fc.constantFrom(...validZ), fc.constantFrom('', '!!', 'zz~'), fc.constant(7));
const idArb = fc.constantFrom(...pool);
const typeArb = fc.constantFrom('sticky_note', sectionTypeName, 'connector', 'comment', 'mystery');
const numArb = fc.integer({ min: -500, max: 500 });

/** One change to a board document (the same kinds a REST write, a live client or a misbehaving client makes). */
type Mutation =
  | { kind: 'create'; id: string; type: string; z: unknown; x: number; y: number; w: number; h: number; from: string; to: string }
  | { kind: 'move'; id: string; x: number; y: number }
  | { kind: 'resize'; id: string; w: number; h: number }
  | { kind: 'z'; id: string; z: unknown }
  | { kind: 'type'; id: string; type: string }
  | { kind: 'ref'; id: string; to: string }
  | { kind: 'text'; id: string; text: string }
  | { kind: 'delete'; id: string }
  | { kind: 'junk'; id: string };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), id: idArb, type: typeArb, z: zArb, x: numArb, y: numArb, w: fc.integer({ min: 1, max: 900 }), h: fc.integer({ min: 1, max: 900 }), from: idArb, to: idArb }),
  fc.record({ kind: fc.constant('move' as const), id: idArb, x: numArb, y: numArb }),
  fc.record({ kind: fc.constant('resize' as const), id: idArb, w: fc.integer({ min: 1, max: 900 }), h: fc.integer({ min: 1, max: 900 }) }),
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
  boardIndex(local).onItemsTouched((ids) => touchedLog.push(new Set(ids)));
  for (const step of steps) {
    if (step.kind === 'local') {
      const before = itemsMap(local).toJSON();
      touchedLog.length = 0;
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
      for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (JSON.stringify(before[id]) !== JSON.stringify(after[id])) expect(touched.has(id), `touched ${id}`).toBe(true);
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
});
