import { geometryLimits } from '../../crdt/index.js';

/** An axis-aligned rectangle by its centre, in board units. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The axis-aligned bounds of a rectangle rotated by `rotation` degrees about its centre. */
export function rotatedBounds(rect: Rect & { readonly rotation?: number }): Rect {
  const radians = ((rect.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { x: rect.x, y: rect.y, width: rect.width * cos + rect.height * sin, height: rect.width * sin + rect.height * cos };
}

/** True when two rectangles, each grown by `margin` on every side, overlap. */
export function overlaps(a: Rect, b: Rect, margin = 0): boolean {
  return Math.abs(a.x - b.x) * 2 < a.width + b.width + 2 * margin && Math.abs(a.y - b.y) * 2 < a.height + b.height + 2 * margin;
}

/** The smallest rectangle holding every one of `rects`. */
export function boundsOf(rects: readonly Rect[]): Rect {
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const r of rects) {
    left = Math.min(left, r.x - r.width / 2);
    right = Math.max(right, r.x + r.width / 2);
    top = Math.min(top, r.y - r.height / 2);
    bottom = Math.max(bottom, r.y + r.height / 2);
  }
  if (!Number.isFinite(left)) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: (left + right) / 2, y: (top + bottom) / 2, width: right - left, height: bottom - top };
}

const cell = 1000;
/** Rectangles covering more cells than this are checked against every candidate instead of bucketed. */
const maxCellsPerRect = 400;
/** Rings of candidate positions tried around the wanted point before falling back below the board. */
const maxRings = 40;

/**
 * The centre nearest to `near` where a `size` rectangle overlaps none of `existing` (keeping
 * `margin` between them) and lies wholly within the board's coordinate range, so every item
 * placed inside it is a valid item. Candidates are tried on rings of a grid around `near`
 * (brought into that range first), nearest first, against a bucket grid of the existing
 * rectangles; when none is free within the search radius, the spot right below everything on
 * the board (above it when below is out of range), and `near` itself as a last resort.
 */
export function findFreeSpot(existing: readonly Rect[], size: { width: number; height: number }, near: { x: number; y: number }, margin = 40): { x: number; y: number } {
  const limitX = Math.max(0, geometryLimits.maxCoordinate - size.width / 2);
  const limitY = Math.max(0, geometryLimits.maxCoordinate - size.height / 2);
  const inRange = (x: number, y: number): boolean => Math.abs(x) <= limitX && Math.abs(y) <= limitY;
  const start = { x: Math.min(limitX, Math.max(-limitX, near.x)), y: Math.min(limitY, Math.max(-limitY, near.y)) };
  const buckets = new Map<string, Rect[]>();
  const large: Rect[] = [];
  for (const rect of existing) {
    const x0 = Math.floor((rect.x - rect.width / 2 - margin) / cell);
    const x1 = Math.floor((rect.x + rect.width / 2 + margin) / cell);
    const y0 = Math.floor((rect.y - rect.height / 2 - margin) / cell);
    const y1 = Math.floor((rect.y + rect.height / 2 + margin) / cell);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > maxCellsPerRect) {
      large.push(rect);
      continue;
    }
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const key = `${cx},${cy}`;
        const list = buckets.get(key);
        if (list) list.push(rect);
        else buckets.set(key, [rect]);
      }
    }
  }
  const free = (x: number, y: number): boolean => {
    if (!inRange(x, y)) return false;
    const candidate = { x, y, width: size.width, height: size.height };
    if (large.some((rect) => overlaps(candidate, rect, margin))) return false;
    const x0 = Math.floor((x - size.width / 2 - margin) / cell);
    const x1 = Math.floor((x + size.width / 2 + margin) / cell);
    const y0 = Math.floor((y - size.height / 2 - margin) / cell);
    const y1 = Math.floor((y + size.height / 2 + margin) / cell);
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        for (const rect of buckets.get(`${cx},${cy}`) ?? []) if (overlaps(candidate, rect, margin)) return false;
      }
    }
    return true;
  };
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
  const all = boundsOf(existing);
  const below = all.y + all.height / 2 + margin + size.height / 2;
  if (inRange(start.x, below)) return { x: start.x, y: below };
  const above = all.y - all.height / 2 - margin - size.height / 2;
  if (inRange(start.x, above)) return { x: start.x, y: above };
  return start;
}
