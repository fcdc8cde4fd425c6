import type { Rect } from './geometry.js';
import { boundsOf, rectsOverlap } from './geometry.js';

/** What placing new items in free space asks of the rectangles already on a board. */
export interface Occupancy {
  /** True when `rect` comes closer than `margin` to any rectangle held (overlapping included). */
  overlapsAny(rect: Rect, margin?: number): boolean;
  /** The smallest rectangle holding every rectangle held; a zero rectangle at 0,0 when there are none. O(n). */
  bounds(): Rect;
}

/** Cell spans above this many cells are kept in a list checked against every query instead of bucketed. */
const maxCellsPerRect = 400;

/**
 * Axis-aligned rectangles by id, bucketed on a square grid so that a query looks only at the
 * rectangles in the cells it covers: O(rectangles nearby) per query and per change, not O(all).
 * A rectangle spanning too many cells (or lying where cell numbers lose integer precision) is
 * kept in a list every query checks. A negative width or height counts as zero.
 */
export class OccupancyGrid implements Occupancy {
  readonly #cell: number;
  readonly #rects = new Map<string, Rect>();
  readonly #buckets = new Map<string, Set<string>>();
  readonly #large = new Set<string>();

  constructor(cell = 1000) {
    this.#cell = cell;
  }

  /** How many rectangles the grid holds. */
  get size(): number {
    return this.#rects.size;
  }

  /** Puts `rect` under `id`, replacing what it held; undefined removes it. */
  set(id: string, rect: Rect | undefined): void {
    const before = this.#rects.get(id);
    if (before !== undefined) this.#place(id, before, false);
    if (rect === undefined) {
      this.#rects.delete(id);
      return;
    }
    const held = nonNegative(rect);
    this.#rects.set(id, held);
    this.#place(id, held, true);
  }

  overlapsAny(query: Rect, margin = 0): boolean {
    const rect = nonNegative(query);
    for (const id of this.#large) if (rectsOverlap(rect, this.#rects.get(id) as Rect, margin)) return true;
    // One unit of slack beyond the margin, so rounding at a cell edge cannot skip a cell.
    const span = this.#span(rect, margin + 1);
    if (span === null) {
      for (const other of this.#rects.values()) if (rectsOverlap(rect, other, margin)) return true;
      return false;
    }
    for (let cx = span.x0; cx <= span.x1; cx++) {
      for (let cy = span.y0; cy <= span.y1; cy++) {
        const bucket = this.#buckets.get(`${cx},${cy}`);
        if (bucket === undefined) continue;
        for (const id of bucket) if (rectsOverlap(rect, this.#rects.get(id) as Rect, margin)) return true;
      }
    }
    return false;
  }

  bounds(): Rect {
    return boundsOf(this.#rects.values());
  }

  /** Adds `id` to (or removes it from) the buckets `rect` covers, or the large list. */
  #place(id: string, rect: Rect, add: boolean): void {
    const span = this.#span(rect, 0);
    if (span === null) {
      if (add) this.#large.add(id);
      else this.#large.delete(id);
      return;
    }
    for (let cx = span.x0; cx <= span.x1; cx++) {
      for (let cy = span.y0; cy <= span.y1; cy++) {
        const key = `${cx},${cy}`;
        const bucket = this.#buckets.get(key);
        if (add) {
          if (bucket === undefined) this.#buckets.set(key, new Set([id]));
          else bucket.add(id);
        } else if (bucket !== undefined) {
          bucket.delete(id);
          if (bucket.size === 0) this.#buckets.delete(key);
        }
      }
    }
  }

  /** The cells `rect` grown by `grow` on every side covers; null when too many, or not safely countable. */
  #span(rect: Rect, grow: number): { x0: number; x1: number; y0: number; y1: number } | null {
    const x0 = Math.floor((rect.x - rect.width / 2 - grow) / this.#cell);
    const x1 = Math.floor((rect.x + rect.width / 2 + grow) / this.#cell);
    const y0 = Math.floor((rect.y - rect.height / 2 - grow) / this.#cell);
    const y1 = Math.floor((rect.y + rect.height / 2 + grow) / this.#cell);
    if (![x0, x1, y0, y1].every((n) => Number.isSafeInteger(n))) return null;
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > maxCellsPerRect) return null;
    return { x0, x1, y0, y1 };
  }
}

function nonNegative(rect: Rect): Rect {
  return rect.width >= 0 && rect.height >= 0 ? rect : { x: rect.x, y: rect.y, width: Math.max(0, rect.width), height: Math.max(0, rect.height) };
}
