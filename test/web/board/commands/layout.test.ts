import { describe, expect, test } from 'vitest';
import { alignedCentres, distributedCentres, reordered } from '../../../../web/board/commands/layout.js';
import type { LayoutBox } from '../../../../web/board/commands/layout.js';

const boxes: LayoutBox[] = [
  { id: 'a', x: 0, y: 0, width: 100, height: 100 },
  { id: 'b', x: 300, y: 50, width: 200, height: 50 },
  { id: 'c', x: 1000, y: -40, width: 100, height: 20 },
];

const centres = (map: Map<string, { x: number; y: number }>) => Object.fromEntries(map);

describe('align', () => {
  test('lines boxes up on an edge or centre line of their common bounds, moving on one axis only', () => {
    expect(centres(alignedCentres(boxes, 'left'))).toEqual({ a: { x: 0, y: 0 }, b: { x: 50, y: 50 }, c: { x: 0, y: -40 } });
    expect(centres(alignedCentres(boxes, 'right'))).toEqual({ a: { x: 1000, y: 0 }, b: { x: 950, y: 50 }, c: { x: 1000, y: -40 } });
    expect(centres(alignedCentres(boxes, 'center'))).toEqual({ a: { x: 500, y: 0 }, b: { x: 500, y: 50 }, c: { x: 500, y: -40 } });
    expect(centres(alignedCentres(boxes, 'top'))).toEqual({ a: { x: 0, y: 0 }, b: { x: 300, y: -25 }, c: { x: 1000, y: -40 } });
    expect(centres(alignedCentres(boxes, 'bottom'))).toEqual({ a: { x: 0, y: 25 }, b: { x: 300, y: 50 }, c: { x: 1000, y: 65 } });
    expect(centres(alignedCentres(boxes, 'middle'))).toEqual({ a: { x: 0, y: 12.5 }, b: { x: 300, y: 12.5 }, c: { x: 1000, y: 12.5 } });
  });
});

describe('distribute', () => {
  test('leaves equal gaps between boxes, the outer ones staying in place', () => {
    // Span -50..1050 = 1100, widths 400: gaps of 350.
    expect(centres(distributedCentres(boxes, 'horizontal'))).toEqual({ a: { x: 0, y: 0 }, b: { x: 500, y: 50 }, c: { x: 1000, y: -40 } });
    // By centre y: c (-40), a (0), b (50); span -50..75 = 125, heights 170: gaps of -22.5 (overlapping boxes stay in order).
    expect(centres(distributedCentres(boxes, 'vertical'))).toEqual({ c: { x: 1000, y: -40 }, a: { x: 0, y: -2.5 }, b: { x: 300, y: 50 } });
  });

  test('needs three boxes', () => {
    expect(distributedCentres(boxes.slice(0, 2), 'horizontal').size).toBe(0);
  });
});

describe('z-order', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];
  test('to the front and back keep the order of the moved items among themselves', () => {
    expect(reordered(ids, new Set(['d', 'b']), 'front')).toEqual(['a', 'c', 'e', 'b', 'd']);
    expect(reordered(ids, new Set(['d', 'b']), 'back')).toEqual(['b', 'd', 'a', 'c', 'e']);
  });

  test('forward and backward step each moved item past one other item', () => {
    expect(reordered(ids, new Set(['a', 'b']), 'forward')).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(reordered(ids, new Set(['b', 'd']), 'forward')).toEqual(['a', 'c', 'b', 'e', 'd']);
    expect(reordered(ids, new Set(['e']), 'forward')).toEqual(ids);
    expect(reordered(ids, new Set(['d', 'e']), 'backward')).toEqual(['a', 'b', 'd', 'e', 'c']);
    expect(reordered(ids, new Set(['a']), 'backward')).toEqual(ids);
  });
});
