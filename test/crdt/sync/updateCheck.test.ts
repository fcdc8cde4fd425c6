import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { assertUpdate } from '../../../crdt/sync/updateCheck.js';

/** The update a fresh client makes with `edit`. */
function updateFrom(edit: (doc: Y.Doc) => void, base?: Uint8Array): Uint8Array {
  const doc = new Y.Doc();
  if (base !== undefined) Y.applyUpdate(doc, base);
  const before = Y.encodeStateVector(doc);
  edit(doc);
  return Y.encodeStateAsUpdate(doc, before);
}

function throws(fn: () => unknown): boolean {
  try {
    fn();
    return false;
  } catch {
    return true;
  }
}

/** Updates with every kind of struct and content a board's clients send, and the rarer ones the check leaves to Yjs. */
function samples(): Uint8Array[] {
  const item = updateFrom((doc) => {
    const entry = new Y.Map<unknown>();
    const data = new Y.Map<unknown>();
    entry.set('type', 'sticky_note');
    entry.set('x', 12.5);
    entry.set('y', -3);
    entry.set('z', 'a0');
    entry.set('big', 2n ** 40n);
    entry.set('flags', [true, false, null, undefined, { nested: ['a', 1] }]);
    entry.set('bytes', new Uint8Array([0, 255, 7]));
    data.set('text', new Y.Text('héllo wörld ✓ 𝄞'));
    data.set('list', Y.Array.from([1, 'two', { three: 3 }]));
    entry.set('data', data);
    doc.getMap('items').set('itm_ünïcode', entry);
  });
  const move = updateFrom((doc) => {
    const entry = doc.getMap('items').get('itm_ünïcode') as Y.Map<unknown>;
    entry.set('x', 99);
    entry.set('y', 1e-9);
  }, item);
  const deletion = updateFrom((doc) => doc.getMap('items').delete('itm_ünïcode'), item);
  const formatted = updateFrom((doc) => {
    const text = doc.getText('t');
    text.insert(0, 'bold and plain', { bold: true });
    text.insertEmbed(4, { image: 'x.png' });
    text.format(0, 2, { italic: true });
  });
  const xml = updateFrom((doc) => {
    const fragment = doc.getXmlFragment('x');
    const element = new Y.XmlElement('p');
    element.insert(0, [new Y.XmlText('hi')]);
    fragment.insert(0, [element]);
  });
  const subdoc = updateFrom((doc) => doc.getMap('docs').set('sub', new Y.Doc({ guid: 'g-1' })));
  // With a hole between the two (Skip structs), and garbage-collected structs.
  const first = updateFrom((doc) => doc.getArray('a').insert(0, [1, 2, 3]));
  const second = updateFrom((doc) => doc.getArray('a').delete(0, 2), first);
  const third = updateFrom((doc) => doc.getArray('a').insert(1, ['x']), Y.mergeUpdates([first, second]));
  const withSkip = Y.mergeUpdates([first, third]);
  const gcDoc = new Y.Doc();
  Y.applyUpdate(gcDoc, Y.mergeUpdates([first, second]));
  const withGc = Y.encodeStateAsUpdate(gcDoc);
  return [item, move, deletion, formatted, xml, subdoc, withSkip, withGc, Y.encodeStateAsUpdate(new Y.Doc()), new Uint8Array([0, 0])];
}

describe('assertUpdate', () => {
  it('accepts every update Yjs reads, of every kind of content', () => {
    for (const update of samples()) {
      expect(throws(() => Y.decodeUpdate(update))).toBe(false);
      expect(() => assertUpdate(update)).not.toThrow();
    }
  });

  it('refuses what Yjs refuses: a cut update, a string that is not UTF-8, an unknown tag', () => {
    const [item] = samples();
    for (let length = 0; length < item!.byteLength; length++) {
      const cut = item!.slice(0, length);
      expect(throws(() => assertUpdate(cut))).toBe(throws(() => Y.decodeUpdate(cut)));
    }
    // A map key of one byte, 0xff: never UTF-8.
    const key = updateFrom((doc) => doc.getMap('m').set('k', 1));
    const at = key.indexOf('k'.charCodeAt(0));
    const badKey = key.slice();
    badKey[at] = 0xff;
    expect(throws(() => Y.decodeUpdate(badKey))).toBe(true);
    expect(() => assertUpdate(badKey)).toThrow();
    // The value's tag (125: integer) made one that `readAny` has no reader for.
    const badTag = key.slice();
    badTag[key.lastIndexOf(125)] = 100;
    expect(throws(() => Y.decodeUpdate(badTag))).toBe(true);
    expect(() => assertUpdate(badTag)).toThrow();
  });

  it('agrees with Y.decodeUpdate on any changed, cut or lengthened update', () => {
    const updates = samples();
    fc.assert(
      fc.property(
        fc.nat({ max: updates.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
        fc.option(fc.nat()),
        fc.uint8Array({ maxLength: 3 }),
        (which, changes, cutAt, tail) => {
          const source = updates[which]!;
          let bytes = source.slice();
          for (const [position, value] of changes) bytes[position % bytes.length] = value;
          if (cutAt !== null) bytes = bytes.slice(0, cutAt % (bytes.length + 1));
          bytes = new Uint8Array([...bytes, ...tail]);
          expect(throws(() => assertUpdate(bytes))).toBe(throws(() => Y.decodeUpdate(bytes)));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
