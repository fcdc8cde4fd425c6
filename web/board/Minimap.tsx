import { useEffect, useRef } from 'preact/hooks';
import { useRemembered } from './prefs/useRemembered.js';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import type { WorldPoint } from './freehand.js';
import { boundsOf } from './viewport.js';
import type { View, WorldRect } from './viewport.js';

/** The minimap's size in CSS pixels. */
const width = 200;
const height = 130;

/** What the minimap shows and moves. */
export interface MinimapProps {
  items: readonly StoredItem[];
  /** The board's change counter: the map is redrawn on the next frame after it changes. */
  version: number;
  view: View;
  /** The canvas surface's size in CSS pixels. */
  size: { width: number; height: number };
  onCentre: (point: WorldPoint) => void;
}

interface Layout {
  readonly left: number;
  readonly top: number;
  readonly scale: number;
  readonly offsetX: number;
  readonly offsetY: number;
}

/** The part of the board the view shows. */
function viewRect(view: View, size: { width: number; height: number }): WorldRect {
  return { left: -view.x / view.zoom, top: -view.y / view.zoom, right: (size.width - view.x) / view.zoom, bottom: (size.height - view.y) / view.zoom };
}

function draw(canvas: HTMLCanvasElement, p: MinimapProps): Layout {
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== width * ratio) {
    canvas.width = width * ratio;
    canvas.height = height * ratio;
  }
  const ctx = canvas.getContext('2d');
  const seen = viewRect(p.view, p.size);
  const board = boundsOf(p.items);
  const all = board
    ? { left: Math.min(board.left, seen.left), top: Math.min(board.top, seen.top), right: Math.max(board.right, seen.right), bottom: Math.max(board.bottom, seen.bottom) }
    : seen;
  const pad = 0.05 * Math.max(all.right - all.left, all.bottom - all.top);
  const w = all.right - all.left + pad * 2;
  const h = all.bottom - all.top + pad * 2;
  const scale = Math.min(width / w, height / h);
  const layout = { left: all.left - pad, top: all.top - pad, scale, offsetX: (width - w * scale) / 2, offsetY: (height - h * scale) / 2 };
  if (!ctx) return layout;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const sx = (x: number) => layout.offsetX + (x - layout.left) * scale;
  const sy = (y: number) => layout.offsetY + (y - layout.top) * scale;
  for (const item of p.items) {
    if (item.type === 'connector') continue;
    ctx.fillStyle = item.type === 'section' ? '#e3e7ec' : item.type === 'sticky_note' ? '#e9d96a' : '#9aa3ad';
    ctx.fillRect(sx(item.x - item.width / 2), sy(item.y - item.height / 2), Math.max(1, item.width * scale), Math.max(1, item.height * scale));
  }
  ctx.strokeStyle = '#2557d6';
  ctx.lineWidth = 1.5;
  ctx.fillStyle = 'rgba(37, 87, 214, 0.08)';
  const vx = sx(seen.left);
  const vy = sy(seen.top);
  ctx.fillRect(vx, vy, (seen.right - seen.left) * scale, (seen.bottom - seen.top) * scale);
  ctx.strokeRect(vx, vy, (seen.right - seen.left) * scale, (seen.bottom - seen.top) * scale);
  return layout;
}

/**
 * A map of the whole board in the bottom-right corner: items as small rectangles and the view
 * as a blue frame, drawn on a canvas at most once a frame (cheap on thousands of items). A
 * click or drag on it centres the view there; arrow keys move the view when it has focus. A
 * button hides and shows it; this browser remembers which across reloads (localStorage).
 */
export function Minimap(p: MinimapProps) {
  const [shown, setShown] = useRemembered('minimap', ['open', 'closed'], 'open');
  const open = shown === 'open';
  const canvas = useRef<HTMLCanvasElement>(null);
  const layout = useRef<Layout | null>(null);
  const frame = useRef<number | null>(null);
  const latest = useRef(p);
  latest.current = p;
  const pressed = useRef(false);

  useEffect(() => {
    if (!open || frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (canvas.current) layout.current = draw(canvas.current, latest.current);
    });
  }, [open, p.version, p.view, p.size, p.items]);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const centreAt = (event: PointerEvent) => {
    const l = layout.current;
    const rect = canvas.current?.getBoundingClientRect();
    if (!l || !rect) return;
    p.onCentre({ x: l.left + (event.clientX - rect.left - l.offsetX) / l.scale, y: l.top + (event.clientY - rect.top - l.offsetY) / l.scale });
  };
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] } as Record<string, [number, number] | undefined>;

  return (
    <div class={open ? 'minimap open' : 'minimap'}>
      <button type="button" class="minimap-toggle" aria-expanded={open} aria-controls="minimap-canvas" title="Show or hide the map of the board" onClick={() => setShown(open ? 'closed' : 'open')}>
        {open ? 'Hide map' : 'Map'}
      </button>
      {open && (
        <canvas
          id="minimap-canvas"
          ref={canvas}
          role="application"
          aria-label="Map of the board: click or use the arrow keys to move the view"
          tabIndex={0}
          style={{ width: `${width}px`, height: `${height}px` }}
          onPointerDown={(event) => {
            pressed.current = true;
            (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
            centreAt(event);
          }}
          onPointerMove={(event) => pressed.current && centreAt(event)}
          onPointerUp={() => {
            pressed.current = false;
          }}
          onPointerCancel={() => {
            pressed.current = false;
          }}
          onKeyDown={(event) => {
            const move = step[event.key];
            if (!move) return;
            event.preventDefault();
            const seen = viewRect(p.view, p.size);
            const centre = { x: (seen.left + seen.right) / 2, y: (seen.top + seen.bottom) / 2 };
            p.onCentre({ x: centre.x + move[0] * 0.2 * (seen.right - seen.left), y: centre.y + move[1] * 0.2 * (seen.bottom - seen.top) });
          }}
        />
      )}
    </div>
  );
}
