import * as Y from 'yjs';
import { readItemBox, readItemType } from './boardSchema.js';
import type { Rect } from './geometry.js';
import { rotatedBounds } from './geometry.js';
import type { Occupancy } from './OccupancyGrid.js';
import { OccupancyGrid } from './OccupancyGrid.js';
import { connectorTypeName } from './references.js';

/** The rectangle an entry covers for placement: its rotated bounds; none for a connector or a value that is not an item. */
function occupiedRect(value: unknown): Rect | undefined {
  if (!(value instanceof Y.Map)) return undefined;
  const entry = value as Y.Map<unknown>;
  if (readItemType(entry) === connectorTypeName) return undefined;
  const box = readItemBox(entry);
  // A width or height below zero (only a misbehaving client writes one) covers nothing along it.
  return rotatedBounds({ ...box, width: Math.max(0, box.width), height: Math.max(0, box.height) });
}

/**
 * The rectangles the items of a board's items map cover, built by one read of the map the first
 * time they are asked for; after that the items an owner reports touched are read again before
 * the next answer.
 */
export class ItemOccupancy {
  readonly #items: Y.Map<unknown>;
  #grid: OccupancyGrid | null = null;
  /** Ids to read again before the next answer. */
  readonly #stale = new Set<string>();

  constructor(items: Y.Map<unknown>) {
    this.#items = items;
  }

  /** Records that `ids` may have moved, resized or gone (nothing to do before the first answer). */
  touched(ids: ReadonlySet<string>): void {
    if (this.#grid !== null) for (const id of ids) this.#stale.add(id);
  }

  /** The rectangles now covered; the answer holds until the items map next changes. */
  current(): Occupancy {
    if (this.#grid === null) {
      this.#grid = new OccupancyGrid();
      this.#stale.clear();
      for (const [id, value] of this.#items.entries()) this.#grid.set(id, occupiedRect(value));
      return this.#grid;
    }
    for (const id of this.#stale) this.#grid.set(id, occupiedRect(this.#items.get(id)));
    this.#stale.clear();
    return this.#grid;
  }
}
