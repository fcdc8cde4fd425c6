import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { splitUpdate } from '../../../crdt/documents/splitUpdate.js';

/** A small seeded generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One random edit of `doc`: map entries with nested maps, texts and arrays, inserted, edited and deleted. */
function edit(doc: Y.Doc, next: () => number): void {
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(next() * list.length)];
  const items = doc.getMap<Y.Map<unknown>>('items');
  const order = doc.getArray<string>('order');
  const roll = next();
  if (roll < 0.35 || items.size === 0) {
    const id = `i${Math.floor(next() * 1e9)}`;
    const item = new Y.Map<unknown>();
    item.set('x', Math.floor(next() * 1000));
    const text = new Y.Text();
    text.insert(0, `note ${id}`);
    item.set('text', text);
    item.set('tags', Y.Array.from(['a', 'b']));
    items.set(id, item);
    order.insert(Math.floor(next() * (order.length + 1)), [id]);
  } else if (roll < 0.6) {
    const item = items.get(pick([...items.keys()]) as string);
    const text = item?.get('text');
    if (text instanceof Y.Text) {
      if (text.length > 3 && next() < 0.4) text.delete(Math.floor(next() * (text.length - 2)), 2);
      else text.insert(Math.floor(next() * (text.length + 1)), next() < 0.5 ? 'ab' : 'xyz');
    }
  } else if (roll < 0.75) {
    items.get(pick([...items.keys()]) as string)?.set('x', Math.floor(next() * 1000));
  } else if (roll < 0.85) {
    const id = pick([...items.keys()]) as string;
    items.delete(id);
  } else if (order.length > 0) {
    order.delete(Math.floor(next() * order.length), 1);
  }
}

/** Several replicas editing concurrently and exchanging updates at random; returns one replica with all of it. */
function randomHistory(seed: number, steps: number): Y.Doc {
  const next = random(seed);
  const replicas = [new Y.Doc(), new Y.Doc(), new Y.Doc()];
  for (let step = 0; step < steps; step += 1) {
    const doc = replicas[Math.floor(next() * replicas.length)] as Y.Doc;
    doc.transact(() => {
      const edits = 1 + Math.floor(next() * 4);
      for (let i = 0; i < edits; i += 1) edit(doc, next);
    });
    if (next() < 0.3) {
      const from = replicas[Math.floor(next() * replicas.length)] as Y.Doc;
      const to = replicas[Math.floor(next() * replicas.length)] as Y.Doc;
      Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));
    }
  }
  const all = new Y.Doc();
  for (const replica of replicas) Y.applyUpdate(all, Y.encodeStateAsUpdate(replica));
  return all;
}

function contentOf(doc: Y.Doc): unknown {
  return { items: doc.getMap('items').toJSON(), order: doc.getArray('order').toJSON() };
}

function applyParts(parts: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  for (const part of parts) Y.applyUpdate(doc, part);
  return doc;
}

describe('splitUpdate', () => {
  it('gives parts that, applied in order, rebuild the same document with nothing left pending', () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      const whole = randomHistory(seed, 40 + (seed % 5) * 30);
      const state = Y.encodeStateAsUpdate(whole);
      const partSize = 1 + (seed % 9);
      const split = splitUpdate(state, partSize);
      const parts = split?.parts ?? null;
      expect(parts, `seed ${seed}`).not.toBeNull();
      // The state it reaches: the whole state's vector.
      expect(new Map(split?.clocks)).toEqual(Y.decodeStateVector(Y.encodeStateVector(whole)));
      const rebuilt = new Y.Doc();
      for (const part of parts ?? []) {
        Y.applyUpdate(rebuilt, part);
        // Every struct came after those it needs: nothing waits for a later part.
        expect(rebuilt.store.pendingStructs, `seed ${seed}`).toBeNull();
      }
      // The same structs and deletions (Yjs may cut the structs at other places: the same state).
      expect(Y.equalSnapshots(Y.snapshot(rebuilt), Y.snapshot(whole)), `seed ${seed}`).toBe(true);
      expect(contentOf(rebuilt)).toEqual(contentOf(whole));
      // The delete set rides in the last part alone.
      expect(parts?.length).toBeGreaterThan(1);
    }
  });

  it('splits a large board into parts of the given number of structs', () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      for (let i = 0; i < 3000; i += 1) doc.getMap('items').set(`i${i}`, i);
    });
    const state = Y.encodeStateAsUpdate(doc);
    const parts = splitUpdate(state, 1000)?.parts ?? [];
    // 3,000 map entries are 3,000 structs: three parts, then the (empty) delete set.
    expect(parts).toHaveLength(4);
    expect(applyParts(parts).getMap('items').toJSON()).toEqual(doc.getMap('items').toJSON());
  });

  it('declines an update that is not a whole state', () => {
    const doc = new Y.Doc();
    doc.getArray('a').insert(0, [1, 2, 3]);
    const vector = Y.encodeStateVector(doc);
    doc.getArray('a').insert(3, [4]);
    // From a state vector: its first struct does not start at clock 0.
    expect(splitUpdate(Y.encodeStateAsUpdate(doc, vector))).toBeNull();
    // Updates with a gap between them, merged: the gap is a skip.
    const other = new Y.Doc();
    const updates: Uint8Array[] = [];
    other.on('update', (update: Uint8Array) => updates.push(update));
    for (let i = 0; i < 3; i += 1) other.getArray('a').insert(i, [i]);
    expect(splitUpdate(Y.mergeUpdates([updates[0] as Uint8Array, updates[2] as Uint8Array]))).toBeNull();
    // A struct that needs another client's struct the update lacks.
    const first = new Y.Doc();
    first.getArray('a').insert(0, ['x']);
    const second = new Y.Doc();
    Y.applyUpdate(second, Y.encodeStateAsUpdate(first));
    const before = Y.encodeStateVector(second);
    second.getArray('a').insert(1, ['y']);
    expect(splitUpdate(Y.encodeStateAsUpdate(second, before))).toBeNull();
  });

  it('gives an empty document a single part, the delete set', () => {
    const parts = splitUpdate(Y.encodeStateAsUpdate(new Y.Doc()))?.parts ?? [];
    expect(parts).toHaveLength(1);
    expect(applyParts(parts).getMap('items').size).toBe(0);
  });
});
