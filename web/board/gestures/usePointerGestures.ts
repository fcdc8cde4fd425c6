import { useRef } from 'preact/hooks';
import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import type { OpenBoard } from '../BoardPage.js';
import type { BoardEdits } from '../edits.js';
import { strokeItem } from '../freehand.js';
import type { WorldPoint } from '../freehand.js';
import { partAt } from '../inplace/textParts.js';
import { editsInPlace } from '../TextEditor.js';
import type { Tool } from '../Toolbar.js';
import type { ItemCreation } from '../tools/useItemCreation.js';
import type { SelectionState } from '../useSelection.js';
import type { ViewControl } from '../useView.js';
import { maxZoom, minZoom } from '../viewport.js';
import type { Drag } from './Drag.js';
import { itemsInRect, rectBetween, scaleItems, selectionBounds } from './selectionBox.js';
import type { Handle } from './selectionBox.js';

/** Local changes closer together than this are one undo step (typing a word, say). */
export const captureTimeoutMs = 400;

/** Screen pixels a press may wander before it counts as a drag. */
const slop = 3;

/** What the pointer gestures act on. */
export interface GestureContext {
  readonly board: OpenBoard;
  readonly edits: BoardEdits | null;
  readonly tool: Tool;
  readonly setTool: (tool: Tool) => void;
  readonly selection: SelectionState;
  readonly camera: ViewControl;
  /** True while the space bar is held: a drag pans. */
  readonly spaceHeld: () => boolean;
  readonly attempt: (write: () => void) => void;
  readonly setDraft: (draft: Drag | null) => void;
  readonly setNewComment: (point: WorldPoint | null) => void;
  /** The toolbar's item tools (click to place, drag a frame, the link dialog). */
  readonly creation: ItemCreation;
}

/** The pointer handlers of the canvas surface. */
export interface PointerGestures {
  readonly onPointerDown: (event: PointerEvent) => void;
  readonly onPointerMove: (event: PointerEvent) => void;
  readonly onPointerUp: (event: PointerEvent) => void;
  readonly onDoubleClick: (event: MouseEvent) => void;
}

/** The item under a screen point (the pointer is captured by the surface, so events target it, not the item). */
export function itemAt(clientX: number, clientY: number): string | undefined {
  return document.elementFromPoint(clientX, clientY)?.closest('[data-item-id]')?.getAttribute('data-item-id') ?? undefined;
}

/**
 * Pointer gestures on the canvas, one kind of drag at a time: pan (middle button, space+drag,
 * the hand tool, one finger on the background), pinch (two fingers), rubber-band selection
 * (the background in the select tool; Shift adds), move the selection, resize it by one of its
 * eight handles, draw, connect, create, comment; a double-click (which the browser also makes
 * of a double-tap on touch) edits the text under it (inplace/textParts). Moves and resizes are
 * written once per animation frame and are one undo step each.
 */
export function usePointerGestures(c: GestureContext): PointerGestures {
  const { board, edits, tool, camera } = c;
  const { store, undo, presence } = board;
  const { selection, setSelection, editing, setEditing } = c.selection;
  const drag = useRef<Drag | null>(null);
  const frame = useRef<number | null>(null);
  const pendingWrite = useRef<(() => void) | null>(null);
  const touches = useRef(new Map<number, { x: number; y: number }>());

  const flush = () => {
    frame.current = null;
    const write = pendingWrite.current;
    pendingWrite.current = null;
    if (write) c.attempt(write);
  };
  const schedule = (write: () => void) => {
    pendingWrite.current = write;
    frame.current ??= requestAnimationFrame(flush);
  };
  /** A drag or resize is one undo step however long it takes. */
  const beginGesture = () => {
    if (!undo) return;
    undo.stopCapturing();
    undo.captureTimeout = Number.POSITIVE_INFINITY;
  };
  const endGesture = () => {
    if (!undo) return;
    undo.captureTimeout = captureTimeoutMs;
    undo.stopCapturing();
  };
  const startPan = (event: PointerEvent) => {
    drag.current = { kind: 'pan', startX: event.clientX, startY: event.clientY, view: camera.view };
  };
  const startPinch = () => {
    const [a, b] = [...touches.current.values()];
    if (!a || !b) return;
    if (drag.current?.kind === 'move' || drag.current?.kind === 'resize') endGesture();
    c.setDraft(null);
    drag.current = { kind: 'pinch', distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2, view: camera.view };
  };

  const onPointerDown = (event: PointerEvent) => {
    // Until the board is loaded and fitted there is nothing to act on (and no edit may precede the sync).
    if (!camera.fitted) return;
    const target = event.target as Element;
    if (target.closest('.text-editor, a')) return;
    // The right button opens the context menu over what is under it: no capture, no gesture.
    if (event.button === 2) return;
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    if (event.pointerType === 'touch') {
      touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.current.size === 2) return startPinch();
      if (touches.current.size > 2) return;
    }
    if (event.button === 1 || (event.button === 0 && (tool === 'hand' || c.spaceHeld()))) {
      event.preventDefault();
      return startPan(event);
    }
    if (event.button !== 0) return;
    const point = camera.toWorld(event.clientX, event.clientY);
    const handle = target.closest('[data-handle]')?.getAttribute('data-handle') as Handle | null | undefined;
    if (handle && edits) {
      const items = [...selection].map((id) => store.get(id)).filter((i): i is StoredItem => i !== undefined);
      const bounds = selectionBounds(items);
      if (bounds) {
        beginGesture();
        drag.current = { kind: 'resize', handle, bounds, items };
      }
      return;
    }
    const hit = target.closest('[data-item-id]')?.getAttribute('data-item-id');
    if (tool === 'comment' && board.canComment) {
      // No mousedown after this press: its default would take the focus from the new comment's box.
      event.preventDefault();
      setSelection(new Set());
      c.setNewComment({ x: Math.round(point.x), y: Math.round(point.y) });
      c.setTool('select');
      return;
    }
    if (tool === 'freehand' && edits) {
      drag.current = { kind: 'draw', points: [point] };
      c.setDraft(drag.current);
      return;
    }
    if (tool === 'connector' && edits) {
      const from = hit ? store.get(hit) : undefined;
      if (from && from.type !== 'connector') {
        drag.current = { kind: 'connect', from, to: point };
        c.setDraft(drag.current);
      }
      return;
    }
    if (c.creation.down(event, point)) {
      // No mousedown after this press: its default would move the focus off the new item's editor.
      event.preventDefault();
      return;
    }
    if (hit) {
      if (editing !== null && editing !== hit) setEditing(null);
      let next = selection;
      if (event.shiftKey) {
        const toggled = new Set(selection);
        if (toggled.has(hit)) toggled.delete(hit);
        else toggled.add(hit);
        next = toggled;
      } else if (!selection.has(hit)) next = new Set([hit]);
      setSelection(next);
      c.setNewComment(null);
      const movable = edits ? edits.moving(next, store.items()) : [];
      if (edits && movable.length > 0) {
        beginGesture();
        drag.current = { kind: 'move', startX: point.x, startY: point.y, origins: new Map(movable.map((i) => [i.id, { x: i.x, y: i.y }])), moved: false };
      }
      return;
    }
    setEditing(null);
    c.setNewComment(null);
    // A finger on the background pans (a rubber band needs a mouse or a pen).
    if (event.pointerType === 'touch') return startPan(event);
    drag.current = { kind: 'band', start: point, end: point, base: selection, additive: event.shiftKey };
  };

  const onPointerMove = (event: PointerEvent) => {
    if (touches.current.has(event.pointerId)) touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const point = camera.toWorld(event.clientX, event.clientY);
    presence.setCursor({ x: Math.round(point.x), y: Math.round(point.y) });
    if (c.creation.move(point)) return;
    const d = drag.current;
    if (!d) return;
    switch (d.kind) {
      case 'pan':
        camera.setView({ ...d.view, x: d.view.x + event.clientX - d.startX, y: d.view.y + event.clientY - d.startY });
        return;
      case 'pinch': {
        const [a, b] = [...touches.current.values()];
        if (!a || !b) return;
        const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
        const zoom = Math.min(maxZoom, Math.max(minZoom, (d.view.zoom * Math.hypot(a.x - b.x, a.y - b.y)) / d.distance));
        const mid = { x: (a.x + b.x) / 2 - rect.left, y: (a.y + b.y) / 2 - rect.top };
        // The board point under the fingers' first midpoint stays under their midpoint now.
        const anchor = { x: (d.midX - rect.left - d.view.x) / d.view.zoom, y: (d.midY - rect.top - d.view.y) / d.view.zoom };
        camera.setView({ zoom, x: mid.x - anchor.x * zoom, y: mid.y - anchor.y * zoom });
        return;
      }
      case 'draw': {
        const last = d.points[d.points.length - 1];
        // Points closer than a screen pixel add nothing but size.
        if (last && Math.hypot(point.x - last.x, point.y - last.y) * camera.view.zoom < 1) return;
        d.points.push(point);
        c.setDraft({ kind: 'draw', points: d.points });
        return;
      }
      case 'connect':
        d.to = point;
        c.setDraft({ ...d });
        return;
      case 'band':
        d.end = point;
        c.setDraft({ ...d });
        return;
      case 'move': {
        const dx = point.x - d.startX;
        const dy = point.y - d.startY;
        if (!d.moved && Math.hypot(dx, dy) * camera.view.zoom < slop) return;
        d.moved = true;
        const positions = new Map([...d.origins].map(([id, o]) => [id, { x: o.x + dx, y: o.y + dy }]));
        if (edits) schedule(() => edits.move(positions));
        return;
      }
      case 'resize': {
        const boxes = scaleItems(d.items, d.bounds, d.handle, point);
        if (edits) schedule(() => edits.resizeAll(d.items.filter((i) => boxes.has(i.id)).map((i) => [i, boxes.get(i.id)!])));
        return;
      }
    }
  };

  const onPointerUp = (event: PointerEvent) => {
    touches.current.delete(event.pointerId);
    if (c.creation.up(event.type === 'pointerup')) return;
    if (frame.current !== null) {
      cancelAnimationFrame(frame.current);
      flush();
    }
    const d = drag.current;
    drag.current = null;
    c.setDraft(null);
    if (!d) return;
    const done = event.type === 'pointerup';
    if (d.kind === 'draw') {
      const body = strokeItem(d.points);
      if (body && edits && done) c.attempt(() => setSelection(new Set([edits.create(body)])));
    } else if (d.kind === 'connect') {
      const to = itemAt(event.clientX, event.clientY);
      const target = to ? store.get(to) : undefined;
      if (target && target.id !== d.from.id && target.type !== 'connector' && edits && done) {
        const position = { x: Math.round((d.from.x + target.x) / 2), y: Math.round((d.from.y + target.y) / 2) };
        c.attempt(() => setSelection(new Set([edits.create({ type: 'connector', position, data: { from: d.from.id, to: target.id } })])));
        c.setTool('select');
      }
    } else if (d.kind === 'band') {
      const tiny = Math.max(Math.abs(d.end.x - d.start.x), Math.abs(d.end.y - d.start.y)) * camera.view.zoom < slop;
      const inside = tiny ? [] : itemsInRect(store.items(), rectBetween(d.start, d.end));
      setSelection(new Set(d.additive ? [...d.base, ...inside] : inside));
    } else if (d.kind === 'move' || d.kind === 'resize') endGesture();
  };

  const onDoubleClick = (event: MouseEvent) => {
    if (!edits) return;
    const id = itemAt(event.clientX, event.clientY);
    const item = id ? store.get(id) : undefined;
    if (item && !item.locked && editsInPlace(item.type)) {
      setSelection(new Set([item.id]));
      setEditing(item.id, partAt(event.clientX, event.clientY, item.id));
    }
  };

  return { onPointerDown, onPointerMove, onPointerUp, onDoubleClick };
}
