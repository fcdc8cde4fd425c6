import { z } from 'zod';

/** Board-wide geometry bounds: coordinates in board units, sizes in board units, rotation in degrees. */
export const geometryLimits = {
  /** |x| and |y| of an item's centre: keeps every item within float precision of the origin. */
  maxCoordinate: 10_000_000,
  /** Smallest width or height of any item. */
  minSize: 1,
  /** Largest width or height of any item. */
  maxSize: 100_000,
} as const;

/** A width and height in board units. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A point in board units (an item's position is its centre). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

const coordinate = z
  .number()
  .min(-geometryLimits.maxCoordinate)
  .max(geometryLimits.maxCoordinate)
  .describe('Board units; the centre of the item.');
const extent = z.number().min(geometryLimits.minSize).max(geometryLimits.maxSize).describe('Board units.');

/** `{x, y}`: an item's centre. */
export const positionSchema = z.strictObject({ x: coordinate, y: coordinate });
/** `{width, height}`. */
export const sizeSchema = z.strictObject({ width: extent, height: extent });
/** Degrees, any finite number; stored normalized to [0, 360). */
export const rotationSchema = z.number().min(-1e6).max(1e6).describe('Degrees clockwise; normalized to [0, 360).');

/** `degrees` normalized to [0, 360), without negative zero. */
export function normalizeRotation(degrees: number): number {
  const normalized = ((degrees % 360) + 360) % 360;
  return normalized === 0 || normalized === 360 ? 0 : normalized;
}

/** A rotated rectangle: centre, size and rotation in degrees. */
export interface Box extends Point, Size {
  readonly rotation: number;
}

/** Whether `point` lies inside `box` (edges included), taking the box's rotation into account. */
export function boxContains(box: Box, point: Point): boolean {
  const radians = (-box.rotation * Math.PI) / 180;
  const dx = point.x - box.x;
  const dy = point.y - box.y;
  const localX = dx * Math.cos(radians) - dy * Math.sin(radians);
  const localY = dx * Math.sin(radians) + dy * Math.cos(radians);
  const epsilon = 1e-9;
  return Math.abs(localX) <= box.width / 2 + epsilon && Math.abs(localY) <= box.height / 2 + epsilon;
}

/** The top-left corner of a box's unrotated rectangle: the key of reading order. */
export function topLeft(box: Point & Size): Point {
  return { x: box.x - box.width / 2, y: box.y - box.height / 2 };
}

/** An axis-aligned rectangle by its centre, in board units. */
export interface Rect extends Point, Size {}

/** The axis-aligned bounds of a rectangle rotated by `rotation` degrees about its centre. */
export function rotatedBounds(rect: Rect & { readonly rotation?: number }): Rect {
  const radians = ((rect.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { x: rect.x, y: rect.y, width: rect.width * cos + rect.height * sin, height: rect.width * sin + rect.height * cos };
}

/** True when two rectangles, each grown by `margin` on every side, overlap. */
export function rectsOverlap(a: Rect, b: Rect, margin = 0): boolean {
  return Math.abs(a.x - b.x) * 2 < a.width + b.width + 2 * margin && Math.abs(a.y - b.y) * 2 < a.height + b.height + 2 * margin;
}

/** The smallest rectangle holding every one of `rects`; a zero rectangle at 0,0 when there are none. */
export function boundsOf(rects: Iterable<Rect>): Rect {
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
