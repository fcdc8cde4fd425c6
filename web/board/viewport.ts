import type { StoredItem } from '../../crdt/items/boardSchema.js';

/** The canvas camera: screen = world × zoom + (x, y). */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

/** A rectangle in board units. */
export interface WorldRect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Smallest and largest zoom factors of the canvas. */
export const minZoom = 0.05;
export const maxZoom = 8;

/** Items within this share of the viewport's size beyond its edges are drawn too, so a short pan shows no gaps. */
const overscan = 0.5;

/** The smallest rectangle holding every item, or null when there are none. */
export function boundsOf(items: Iterable<StoredItem>): WorldRect | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const item of items) {
    left = Math.min(left, item.x - item.width / 2);
    top = Math.min(top, item.y - item.height / 2);
    right = Math.max(right, item.x + item.width / 2);
    bottom = Math.max(bottom, item.y + item.height / 2);
  }
  return left === Infinity ? null : { left, top, right, bottom };
}

/** The view that shows `rect` centred with a margin, zoomed no further in than `most`. */
export function fitRect(rect: WorldRect, width: number, height: number, most = 1): View {
  const margin = Math.min(60, width / 8, height / 8);
  const w = Math.max(1, rect.right - rect.left);
  const h = Math.max(1, rect.bottom - rect.top);
  const zoom = Math.min(most, maxZoom, Math.max(minZoom, Math.min((width - margin * 2) / w, (height - margin * 2) / h)));
  return { zoom, x: width / 2 - ((rect.left + rect.right) / 2) * zoom, y: height / 2 - ((rect.top + rect.bottom) / 2) * zoom };
}

/** The view that shows every item (at most 100 %), or the origin at the centre of an empty board. */
export function fit(items: readonly StoredItem[], width: number, height: number): View {
  const rect = boundsOf(items);
  return rect ? fitRect(rect, width, height) : { x: width / 2, y: height / 2, zoom: 1 };
}

/**
 * The zoom factor of one wheel event: a mouse notch (100 px) is 10 %, trackpad pinches (Ctrl+wheel
 * with small deltas) zoom in proportion, and no single event zooms by more than one notch.
 */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 800 : deltaY;
  const clamped = Math.max(-100, Math.min(100, pixels));
  return 1.1 ** (-clamped / 100);
}

/** The part of the board a viewport of `width` × `height` pixels shows, widened by the overscan. */
export function visibleRect(view: View, width: number, height: number): WorldRect {
  const padX = width * overscan;
  const padY = height * overscan;
  return {
    left: (-padX - view.x) / view.zoom,
    top: (-padY - view.y) / view.zoom,
    right: (width + padX - view.x) / view.zoom,
    bottom: (height + padY - view.y) / view.zoom,
  };
}

/** True when the item's box (grown to its circumscribed square when rotated) meets `rect`. */
export function intersects(item: StoredItem, rect: WorldRect): boolean {
  const halfW = item.rotation === 0 ? item.width / 2 : Math.hypot(item.width, item.height) / 2;
  const halfH = item.rotation === 0 ? item.height / 2 : halfW;
  return item.x + halfW >= rect.left && item.x - halfW <= rect.right && item.y + halfH >= rect.top && item.y - halfH <= rect.bottom;
}

/** A view zoomed by `factor` about the screen point (`sx`, `sy`), within the zoom limits. */
export function zoomAbout(view: View, factor: number, sx: number, sy: number): View {
  const zoom = Math.min(maxZoom, Math.max(minZoom, view.zoom * factor));
  return { zoom, x: sx - ((sx - view.x) / view.zoom) * zoom, y: sy - ((sy - view.y) / view.zoom) * zoom };
}

/** True when the rectangle spanning the centres of a connector's two ends meets `rect`; false when an end is missing. */
export function connectorVisible(connector: StoredItem, rect: WorldRect, byId: (id: string) => StoredItem | undefined): boolean {
  const from = typeof connector.data.from === 'string' ? byId(connector.data.from) : undefined;
  const to = typeof connector.data.to === 'string' ? byId(connector.data.to) : undefined;
  if (!from || !to) return false;
  return Math.max(from.x, to.x) >= rect.left && Math.min(from.x, to.x) <= rect.right && Math.max(from.y, to.y) >= rect.top && Math.min(from.y, to.y) <= rect.bottom;
}

/** What the canvas draws, by layer. */
export interface VisibleItems {
  readonly sections: StoredItem[];
  readonly others: StoredItem[];
  readonly connectors: StoredItem[];
}

/**
 * The items to draw for `rect` (the viewport and a margin around it): those that meet it, the
 * selected ones wherever they are, and connectors whose ends' span meets it; sections apart,
 * as they are drawn behind everything else.
 */
export function visibleItems(items: readonly StoredItem[], rect: WorldRect, selection: ReadonlySet<string>, byId: (id: string) => StoredItem | undefined): VisibleItems {
  const sections: StoredItem[] = [];
  const others: StoredItem[] = [];
  const connectors: StoredItem[] = [];
  for (const item of items) {
    if (item.type === 'connector') {
      if (connectorVisible(item, rect, byId)) connectors.push(item);
    } else if (intersects(item, rect) || selection.has(item.id)) (item.type === 'section' ? sections : others).push(item);
  }
  return { sections, others, connectors };
}
