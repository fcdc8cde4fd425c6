import { describe, expect, it } from 'vitest';
import { rectsOverlap } from '../../../crdt/items/geometry.js';
import type { Rect } from '../../../crdt/items/geometry.js';
import { OccupancyGrid } from '../../../crdt/items/OccupancyGrid.js';

describe('OccupancyGrid', () => {
  it('answers as a check of every rectangle would, for rectangles no grid cell can count', () => {
    const odd: Rect[] = [
      { x: 1e300, y: 0, width: 10, height: 10 },
      { x: 0, y: -1e17, width: 5e16, height: 10 },
      { x: 9e15, y: 9e15, width: 3, height: 3 },
      { x: 0, y: 0, width: 1e9, height: 1 },
      { x: 500, y: 500, width: Number.MAX_VALUE, height: 20 },
    ];
    const grid = new OccupancyGrid();
    odd.forEach((rect, i) => grid.set(`r${i}`, rect));
    const probes: Rect[] = [
      { x: 1e300, y: 0, width: 100, height: 100 },
      { x: 0, y: -1e17, width: 100, height: 100 },
      { x: 9e15, y: 9e15, width: 1, height: 1 },
      { x: 0, y: 1000, width: 10, height: 10 },
      { x: 123, y: 500, width: 1, height: 1 },
      { x: 123, y: 5000, width: 1, height: 1 },
    ];
    for (const probe of probes) {
      for (const margin of [0, 40]) {
        expect(grid.overlapsAny(probe, margin), JSON.stringify(probe)).toBe(odd.some((rect) => rectsOverlap(probe, rect, margin)));
      }
    }
    for (let i = 0; i < odd.length; i++) grid.set(`r${i}`, undefined);
    expect(grid.size).toBe(0);
    for (const probe of probes) expect(grid.overlapsAny(probe, 40)).toBe(false);
  });

  it('keeps a margin exclusive: a gap of exactly the margin is free', () => {
    const grid = new OccupancyGrid();
    grid.set('a', { x: 0, y: 0, width: 100, height: 100 });
    // Right edge at 50; a 100-wide candidate centred at 140 starts at 90: a gap of 40.
    expect(grid.overlapsAny({ x: 140, y: 0, width: 100, height: 100 }, 40)).toBe(false);
    expect(grid.overlapsAny({ x: 139.5, y: 0, width: 100, height: 100 }, 40)).toBe(true);
    // Across a cell edge (cells are 1,000 units): the same answers.
    grid.set('b', { x: 990, y: 0, width: 10, height: 10 });
    expect(grid.overlapsAny({ x: 1040, y: 0, width: 10, height: 10 }, 40)).toBe(false);
    expect(grid.overlapsAny({ x: 1039, y: 0, width: 10, height: 10 }, 40)).toBe(true);
  });

  it('moves a rectangle out of the cells it left', () => {
    const grid = new OccupancyGrid();
    grid.set('a', { x: 0, y: 0, width: 100, height: 100 });
    grid.set('a', { x: 5000, y: 5000, width: 100, height: 100 });
    expect(grid.overlapsAny({ x: 0, y: 0, width: 10, height: 10 })).toBe(false);
    expect(grid.overlapsAny({ x: 5000, y: 5000, width: 10, height: 10 })).toBe(true);
    expect(grid.bounds()).toEqual({ x: 5000, y: 5000, width: 100, height: 100 });
  });
});
