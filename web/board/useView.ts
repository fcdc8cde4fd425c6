import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import type { WorldPoint } from './freehand.js';
import { boundsOf, fit, fitRect, maxZoom, minZoom, wheelZoomFactor, zoomAbout } from './viewport.js';
import type { View } from './viewport.js';

/** The canvas's camera and what moves it. */
export interface ViewControl {
  readonly view: View;
  readonly setView: (next: View | ((v: View) => View)) => void;
  /** The surface's size in CSS pixels. */
  readonly size: { width: number; height: number };
  /** False until the view first fitted the synced board (nothing is drawn before). */
  readonly fitted: boolean;
  /** A client (screen) point in board units. */
  readonly toWorld: (clientX: number, clientY: number) => WorldPoint;
  /** Zooms by `factor` about the centre of the surface. */
  readonly zoomBy: (factor: number) => void;
  /** Sets the zoom (100 % is 1) about the centre of the surface. */
  readonly zoomTo: (zoom: number) => void;
  /** Shows `items` (all of them when empty: the whole board), at most at 100 % for the board and 800 % for a selection. */
  readonly fitItems: (items: readonly StoredItem[], most?: number) => void;
  /** Centres the view on a board point, keeping the zoom. */
  readonly centreOn: (point: WorldPoint) => void;
}

/**
 * The view of the canvas: fits the board once it is synced, tracks the surface's size, zooms
 * with Ctrl/⌘+wheel (and trackpad pinches) about the pointer and pans with the plain wheel.
 */
export function useView(surface: RefObject<HTMLDivElement | null>, items: readonly StoredItem[], synced: boolean): ViewControl {
  const [view, setView] = useState<View>({ x: 0, y: 0, zoom: 1 });
  // Items are drawn only once the view fits them: drawing them first at 100 % and then again at
  // the fitted zoom would lay every item out twice before the first paint.
  const [fitted, setFitted] = useState(false);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const latest = useRef(view);
  latest.current = view;

  useLayoutEffect(() => {
    const el = surface.current;
    if (!el) return undefined;
    setSize({ width: el.clientWidth, height: el.clientHeight });
    const observer = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    if (fitted || !synced || size.width === 0) return;
    setView(fit(items, size.width, size.height));
    setFitted(true);
  }, [synced, size]);

  useEffect(() => {
    const el = surface.current;
    if (!el) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      if (event.ctrlKey || event.metaKey) {
        const factor = wheelZoomFactor(event.deltaY, event.deltaMode);
        setView((v) => zoomAbout(v, factor, event.clientX - rect.left, event.clientY - rect.top));
        return;
      }
      const unit = event.deltaMode === 1 ? 33 : 1;
      const dx = (event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX) * unit;
      const dy = (event.shiftKey && event.deltaX === 0 ? 0 : event.deltaY) * unit;
      setView((v) => ({ ...v, x: v.x - dx, y: v.y - dy }));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const toWorld = (clientX: number, clientY: number): WorldPoint => {
    const rect = surface.current?.getBoundingClientRect();
    const v = latest.current;
    return { x: (clientX - (rect?.left ?? 0) - v.x) / v.zoom, y: (clientY - (rect?.top ?? 0) - v.y) / v.zoom };
  };
  const zoomBy = (factor: number) => setView((v) => zoomAbout(v, factor, size.width / 2, size.height / 2));
  const zoomTo = (zoom: number) => setView((v) => zoomAbout(v, Math.min(maxZoom, Math.max(minZoom, zoom)) / v.zoom, size.width / 2, size.height / 2));
  const fitItems = (shown: readonly StoredItem[], most = 1) => {
    const rect = boundsOf(shown.length > 0 ? shown : items);
    if (rect) setView(fitRect(rect, size.width, size.height, most));
  };
  const centreOn = (point: WorldPoint) => setView((v) => ({ ...v, x: size.width / 2 - point.x * v.zoom, y: size.height / 2 - point.y * v.zoom }));
  return { view, setView, size, fitted, toWorld, zoomBy, zoomTo, fitItems, centreOn };
}
