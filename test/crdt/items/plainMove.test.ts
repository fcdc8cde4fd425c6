import { describe, expect, test } from 'vitest';
import { moveSchema } from '../../../crdt/items/batchValidation.js';
import { plainMove } from '../../../crdt/items/plainMove.js';

const good = { op: 'move', id: 'itm_01ABC-def_9', position: { x: 12.5, y: -40 } };

/** Moves the schema refuses, and shapes it accepts that are not a plain move. */
const variants: [string, unknown][] = [
  ['a well-formed move', good],
  ['bounds included', { ...good, position: { x: 10_000_000, y: -10_000_000 } }],
  ['negative zero', { ...good, position: { x: -0, y: 0 } }],
  ['an extra key', { ...good, ref: 'a' }],
  ['an extra key in position', { ...good, position: { x: 1, y: 2, z: 3 } }],
  ['a missing y', { ...good, position: { x: 1 } }],
  ['no position', { op: 'move', id: good.id }],
  ['a coordinate past the bounds', { ...good, position: { x: 10_000_001, y: 0 } }],
  ['NaN', { ...good, position: { x: Number.NaN, y: 0 } }],
  ['Infinity', { ...good, position: { x: Number.POSITIVE_INFINITY, y: 0 } }],
  ['a numeric string', { ...good, position: { x: '1', y: 0 } }],
  ['an id with a space', { ...good, id: 'itm 1' }],
  ['an empty id', { ...good, id: '' }],
  ['an id of 101 characters', { ...good, id: 'a'.repeat(101) }],
  ['an id of 100 characters', { ...good, id: 'a'.repeat(100) }],
  ['a numeric id', { ...good, id: 7 }],
  ['another op', { ...good, op: 'resize' }],
  ['an array position', { ...good, position: [1, 2] }],
  ['a null position', { ...good, position: null }],
  ['an array', [good]],
  ['null', null],
  ['a string', 'move'],
  ['an inherited key', Object.assign(Object.create({ inherited: true }) as object, good)],
  ['a prototype-less object', Object.assign(Object.create(null) as object, good)],
  ['an undefined extra key', { ...good, extra: undefined }],
];

describe('plainMove', () => {
  test.each(variants)('%s: read only as the move schema reads it', (_name, operation) => {
    const parsed = moveSchema.safeParse(operation);
    const plain = plainMove(operation);
    // Whatever it reads, the schema accepts, with the same value; it never accepts what the schema refuses.
    if (plain !== undefined) expect(parsed).toEqual({ success: true, data: plain });
    if (!parsed.success) expect(plain).toBeUndefined();
  });

  test('reads a well-formed move into a copy of its own', () => {
    const plain = plainMove(good);
    expect(plain).toEqual(good);
    expect(plain?.position).not.toBe(good.position);
  });

  test('reads every plain JSON move the schema accepts', () => {
    for (const [, operation] of variants) {
      const json = JSON.stringify(operation);
      if (json === undefined) continue;
      const copy: unknown = JSON.parse(json);
      if (moveSchema.safeParse(copy).success) expect(plainMove(copy)).toEqual(moveSchema.parse(copy));
    }
  });
});
