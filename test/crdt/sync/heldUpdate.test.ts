import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { docHoldsUpdate } from '../../../crdt/sync/heldUpdate.js';

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** What the check must answer: Yjs's own, from a snapshot of the whole document. */
const oracle = (doc: Y.Doc, update: Uint8Array): boolean => Y.snapshotContainsUpdate(Y.snapshot(doc), update);

describe('docHoldsUpdate', () => {
  it('answers as Y.snapshotContainsUpdate for updates the document holds, half holds and lacks', () => {
    let compared = 0;
    let held = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const server = new Y.Doc();
      const client = new Y.Doc();
      const updates: Uint8Array[] = [];
      client.on('update', (update: Uint8Array) => updates.push(update));
      const items = client.getMap<Y.Map<unknown> | Y.Text>('items');
      for (let step = 0; step < 30; step++) {
        const keys = [...items.keys()];
        const pick = keys[Math.floor(next() * keys.length)];
        const roll = next();
        client.transact(() => {
          if (roll < 0.35 || pick === undefined) {
            const entry = new Y.Map<unknown>();
            entry.set('x', step);
            entry.set('text', new Y.Text('abc'.repeat(1 + Math.floor(next() * 3))));
            items.set(`itm_${step}`, entry);
          } else if (roll < 0.6) {
            items.delete(pick);
          } else {
            const entry = items.get(pick);
            if (entry instanceof Y.Map) {
              entry.set('x', step);
              const text = entry.get('text');
              if (text instanceof Y.Text && text.length > 1) text.delete(Math.floor(next() * (text.length - 1)), 1);
            }
          }
        });
      }
      // The server gets a random part of the client's history, in order.
      const applied = Math.floor(next() * (updates.length + 1));
      for (const update of updates.slice(0, applied)) Y.applyUpdate(server, update);
      const candidates = [
        ...updates,
        Y.encodeStateAsUpdate(client),
        Y.encodeStateAsUpdate(client, Y.encodeStateVector(server)),
        Y.mergeUpdates(updates.slice(0, applied)),
        Y.encodeStateAsUpdate(server),
      ];
      for (const update of candidates) {
        const expected = oracle(server, update);
        expect(docHoldsUpdate(server, update), `seed ${seed}`).toBe(expected);
        compared += 1;
        if (expected) held += 1;
      }
    }
    // Both answers came up often.
    expect(held).toBeGreaterThan(100);
    expect(compared - held).toBeGreaterThan(100);
  });

  it('takes a reconnecting viewer\'s step 2 (its whole delete set) as held, and a deletion the document lacks as news', () => {
    const server = new Y.Doc();
    const viewer = new Y.Doc();
    server.getMap('items').set('a', 1);
    server.getMap('items').set('b', 2);
    server.getMap('items').delete('a');
    Y.applyUpdate(viewer, Y.encodeStateAsUpdate(server));
    expect(docHoldsUpdate(server, Y.encodeStateAsUpdate(viewer, Y.encodeStateVector(server)))).toBe(true);
    const updates: Uint8Array[] = [];
    viewer.on('update', (update: Uint8Array) => updates.push(update));
    viewer.getMap('items').delete('b');
    expect(docHoldsUpdate(server, updates[0]!)).toBe(false);
    expect(oracle(server, updates[0]!)).toBe(false);
  });

  it('takes a struct the document knows only the start of as news', () => {
    const server = new Y.Doc();
    const client = new Y.Doc();
    const text = client.getText('t');
    text.insert(0, 'abc');
    Y.applyUpdate(server, Y.encodeStateAsUpdate(client));
    // Typed on at the end: Yjs merges it into one struct of six characters, of which the server has three.
    text.insert(3, 'def');
    const whole = Y.encodeStateAsUpdate(client);
    expect(Y.decodeUpdate(whole).structs.map((struct) => [struct.id.clock, struct.length])).toEqual([[0, 6]]);
    expect(oracle(server, whole)).toBe(false);
    expect(docHoldsUpdate(server, whole)).toBe(false);
  });

  it('throws for bytes that are not an update', () => {
    expect(() => docHoldsUpdate(new Y.Doc(), Uint8Array.of(200, 200, 200))).toThrow();
  });
});
