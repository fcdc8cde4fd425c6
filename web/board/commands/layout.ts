/** A box by its centre and size, in board units (rotation ignored, as the selection frame does). */
export interface LayoutBox {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** How `align` lines boxes up: by their left, centre or right edges, or top, middle or bottom. */
export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** The axis `distribute` spaces boxes along. */
export type Axis = 'horizontal' | 'vertical';

/** New centres that line `boxes` up on the edge (or centre line) of their common bounds. */
export function alignedCentres(boxes: readonly LayoutBox[], how: Alignment): Map<string, { x: number; y: number }> {
  const left = Math.min(...boxes.map((b) => b.x - b.width / 2));
  const right = Math.max(...boxes.map((b) => b.x + b.width / 2));
  const top = Math.min(...boxes.map((b) => b.y - b.height / 2));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height / 2));
  const out = new Map<string, { x: number; y: number }>();
  for (const b of boxes) {
    let { x, y } = b;
    if (how === 'left') x = left + b.width / 2;
    else if (how === 'center') x = (left + right) / 2;
    else if (how === 'right') x = right - b.width / 2;
    else if (how === 'top') y = top + b.height / 2;
    else if (how === 'middle') y = (top + bottom) / 2;
    else y = bottom - b.height / 2;
    out.set(b.id, { x, y });
  }
  return out;
}

/**
 * New centres that leave equal gaps between `boxes` along `axis`: the first and last (by
 * centre) stay, the others move in between, in their order.
 */
export function distributedCentres(boxes: readonly LayoutBox[], axis: Axis): Map<string, { x: number; y: number }> {
  const horizontal = axis === 'horizontal';
  const centre = (b: LayoutBox) => (horizontal ? b.x : b.y);
  const extent = (b: LayoutBox) => (horizontal ? b.width : b.height);
  const sorted = [...boxes].sort((a, b) => centre(a) - centre(b) || (a.id < b.id ? -1 : 1));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const out = new Map<string, { x: number; y: number }>();
  if (!first || !last || sorted.length < 3) return out;
  const start = centre(first) - extent(first) / 2;
  const end = centre(last) + extent(last) / 2;
  const gap = (end - start - sorted.reduce((sum, b) => sum + extent(b), 0)) / (sorted.length - 1);
  let edge = start;
  for (const b of sorted) {
    const c = edge + extent(b) / 2;
    out.set(b.id, horizontal ? { x: c, y: b.y } : { x: b.x, y: c });
    edge += extent(b) + gap;
  }
  return out;
}

/** Where z-order commands send the selection: to the top or bottom, or one item up or down. */
export type Order = 'front' | 'forward' | 'backward' | 'back';

/**
 * The z-order after `how` applied to the `selected` among `ids` (bottom first): the selected
 * keep their order among themselves; forward and backward step each past one unselected item.
 */
export function reordered(ids: readonly string[], selected: ReadonlySet<string>, how: Order): string[] {
  const chosen = ids.filter((id) => selected.has(id));
  const rest = ids.filter((id) => !selected.has(id));
  if (how === 'front') return [...rest, ...chosen];
  if (how === 'back') return [...chosen, ...rest];
  const out = [...ids];
  if (how === 'forward') {
    for (let i = out.length - 2; i >= 0; i -= 1) {
      const here = out[i];
      const above = out[i + 1];
      if (here !== undefined && above !== undefined && selected.has(here) && !selected.has(above)) {
        out[i] = above;
        out[i + 1] = here;
      }
    }
  } else {
    for (let i = 1; i < out.length; i += 1) {
      const here = out[i];
      const below = out[i - 1];
      if (here !== undefined && below !== undefined && selected.has(here) && !selected.has(below)) {
        out[i] = below;
        out[i - 1] = here;
      }
    }
  }
  return out;
}
