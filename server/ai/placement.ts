import type { Occupancy } from '../../crdt/index.js';
import { geometryLimits } from '../../crdt/index.js';

/** Rings of candidate positions tried around the wanted point before falling back below the board. */
const maxRings = 40;

/**
 * The centre nearest to `near` where a `size` rectangle comes no closer than `margin` to any
 * `occupied` rectangle and lies wholly within the board's coordinate range, so every item placed
 * inside it is a valid item. Candidates are tried on rings of a grid around `near` (brought into
 * that range first), nearest first, each checked against the rectangles near it (the board
 * index's occupancy grid); when none is free within the search radius, the spot right below
 * everything on the board (above it when below is out of range), and `near` itself as a last
 * resort.
 */
export function findFreeSpot(occupied: Occupancy, size: { width: number; height: number }, near: { x: number; y: number }, margin = 40): { x: number; y: number } {
  const limitX = Math.max(0, geometryLimits.maxCoordinate - size.width / 2);
  const limitY = Math.max(0, geometryLimits.maxCoordinate - size.height / 2);
  const inRange = (x: number, y: number): boolean => Math.abs(x) <= limitX && Math.abs(y) <= limitY;
  const start = { x: Math.min(limitX, Math.max(-limitX, near.x)), y: Math.min(limitY, Math.max(-limitY, near.y)) };
  const free = (x: number, y: number): boolean => inRange(x, y) && !occupied.overlapsAny({ x, y, width: size.width, height: size.height }, margin);
  const step = Math.max(100, Math.min(size.width, size.height) / 2);
  for (let ring = 0; ring <= maxRings; ring++) {
    const candidates: { x: number; y: number; d: number }[] = [];
    for (let i = -ring; i <= ring; i++) {
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        candidates.push({ x: start.x + i * step, y: start.y + j * step, d: i * i + j * j });
      }
    }
    candidates.sort((a, b) => a.d - b.d || a.y - b.y || a.x - b.x);
    for (const c of candidates) if (free(c.x, c.y)) return { x: c.x, y: c.y };
  }
  const all = occupied.bounds();
  const below = all.y + all.height / 2 + margin + size.height / 2;
  if (inRange(start.x, below)) return { x: start.x, y: below };
  const above = all.y - all.height / 2 - margin - size.height / 2;
  if (inRange(start.x, above)) return { x: start.x, y: above };
  return start;
}
