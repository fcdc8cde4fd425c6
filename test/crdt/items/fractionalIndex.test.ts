import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFractionalIndex, keyBetween, keysBetween } from '../../../crdt/index.js';

describe('fractional index', () => {
  it('starts at a0 and orders keys made at either end', () => {
    expect(keyBetween(null, null)).toBe('a0');
    const after = keyBetween('a0', null);
    const before = keyBetween(null, 'a0');
    expect(before < 'a0' && 'a0' < after).toBe(true);
    expect(keyBetween('a0', 'a1')).toBe('a0V');
  });

  it('rejects malformed or out-of-order bounds with TypeError', () => {
    expect(() => keyBetween('a1', 'a0')).toThrow(TypeError);
    expect(() => keyBetween('a0', 'a0')).toThrow(TypeError);
    expect(() => keyBetween('a00', null)).toThrow(TypeError);
    expect(() => keyBetween('!', null)).toThrow(TypeError);
    expect(isFractionalIndex('a0')).toBe(true);
    expect(isFractionalIndex('a0V')).toBe(true);
    expect(isFractionalIndex('a00')).toBe(false);
    expect(isFractionalIndex('')).toBe(false);
  });

  it('keeps appended keys short (logarithmic growth)', () => {
    const keys = keysBetween(null, null, 10_000);
    expect(keys.every((key, i) => i === 0 || (keys[i - 1] ?? '') < key)).toBe(true);
    expect(Math.max(...keys.map((key) => key.length))).toBeLessThanOrEqual(4);
  });

  it('property: any sequence of insertions yields distinct, valid keys sorted as strings in insertion position', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 200 }), (positions) => {
        const keys: string[] = [];
        for (const position of positions) {
          const at = keys.length === 0 ? 0 : position % (keys.length + 1);
          const key = keyBetween(keys[at - 1] ?? null, keys[at] ?? null);
          expect(isFractionalIndex(key)).toBe(true);
          keys.splice(at, 0, key);
        }
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(sorted).toEqual(keys);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { seed: 20261001, numRuns: 300 },
    );
  });

  it('property: repeated insertion next to one neighbour (worst case) stays ordered', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 300 }), (low, count) => {
        let a: string | null = 'a0';
        let b: string | null = 'a1';
        for (let i = 0; i < count; i += 1) {
          const key = keyBetween(a, b);
          expect(a === null || a < key).toBe(true);
          expect(b === null || key < b).toBe(true);
          if (low) b = key;
          else a = key;
        }
      }),
      { seed: 7, numRuns: 50 },
    );
  });

  it('crosses integer-part boundaries in both directions', () => {
    let key = 'Zz';
    const next = keyBetween(key, null);
    expect(next).toBe('a0');
    key = keyBetween(null, 'a0');
    expect(key).toBe('Zz');
    expect(keyBetween('az', null)).toBe('b00');
    expect(keyBetween(null, 'b00')).toBe('az');
  });
});
