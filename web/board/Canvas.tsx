import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import { CitedHighlights, useCanvasLink } from './assistant/canvasBridge.js';
import type { CanvasLink } from './assistant/CanvasLink.js';
import type { OpenBoard } from './BoardPage.js';
import type { BoardEdits } from './edits.js';
import { CommentThread } from './CommentThread.js';
import type { ThreadTarget } from './CommentThread.js';
import { Connectors } from './Connectors.js';
import { strokeItem } from './freehand.js';
import type { WorldPoint } from './freehand.js';
import { ItemNode } from './ItemNode.js';
import { useCanvasKeys } from './keys.js';
import { Draft, PeerCursors, ResizeHandle } from './Overlays.js';
import type { Drag } from './Overlays.js';
import { TextEditor, editableField } from './TextEditor.js';
import { Toolbar } from './Toolbar.js';
import type { Tool } from './Toolbar.js';
import { fit, visibleItems, visibleRect, zoomAbout } from './viewport.js';
import type { View } from './viewport.js';

/** Below this zoom items are drawn without their text, which is unreadable there anyway. */
const detailZoom = 0.3;
/** Local changes closer together than this are one undo step (typing a word, say). */
export const captureTimeoutMs = 400;

/** Creation defaults of the click-to-create tools, valid per the catalogue. */
const newItemData: Readonly<Record<string, Record<string, unknown>>> = {
  sticky_note: { text: '', color: '#fff9b1' },
  text: { text: '', fontSize: 24 },
  shape: { shape: 'rectangle', text: '' },
};

/** The item under a screen point (the pointer is captured by the surface, so the event's target is not it). */
function itemAt(clientX: number, clientY: number): string | undefined {
  return document.elementFromPoint(clientX, clientY)?.closest('[data-item-id]')?.getAttribute('data-item-id') ?? undefined;
}

/**
 * The board canvas: items in z-order (sections behind), connectors, other people's cursors and
 * selections; pan (drag the background), zoom (wheel), select (click, shift-click), drag (a
 * section takes its contents along), resize (corner handle), create notes, text and shapes,
 * draw with the pen, connect two items, edit text in place (double-click), delete, undo and
 * redo; comment threads (read by all, written by commenters and above). Without edit rights it
 * only pans, zooms, selects and, for commenters, comments.
 */
export function Canvas({ board, edits, synced, link }: { board: OpenBoard; edits: BoardEdits | null; synced: boolean; link?: CanvasLink }) {
  const { store, undo, presence } = board;
  const readOnly = !board.canEdit;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [view, setView] = useState<View>({ x: 0, y: 0, zoom: 1 });
  const [tool, setTool] = useState<Tool>('select');
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Drag | null>(null);
  const [newComment, setNewComment] = useState<WorldPoint | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  // Items are drawn only once the view fits them: drawing them first at 100 % and then again at
  // the fitted zoom would lay every item out twice before the first paint.
  const [fitted, setFitted] = useState(false);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const frame = useRef<number | null>(null);
  const pendingMove = useRef<Map<string, { x: number; y: number }> | null>(null);

  useEffect(() => store.subscribe(() => rerender(undefined)), [store]);
  useEffect(() => presence.subscribe(() => rerender(undefined)), [presence]);

  const items = store.items();
  const version = store.version;

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

  // Forget selected items that were deleted (here or elsewhere).
  useEffect(() => {
    const live = [...selection].filter((id) => store.get(id));
    if (live.length !== selection.size) setSelection(new Set(live));
    if (editing !== null && !store.get(editing)) setEditing(null);
  }, [version]);

  useEffect(() => presence.setSelection([...selection]), [selection]);
  useCanvasLink(link, { selection, select: setSelection, setView, byId: store.get.bind(store), size });

  // Nothing is drawn before the view fits the board (see `fitted`).
  const { sections, others, connectors } = useMemo(
    () => (fitted ? visibleItems(items, visibleRect(view, size.width, size.height), selection, store.get.bind(store)) : { sections: [], others: [], connectors: [] }),
    [items, fitted, view, size, selection],
  );

  const detail = view.zoom >= detailZoom;
  const peers = presence.peers();
  const remoteSelection = new Map<string, string>();
  for (const peer of peers) for (const id of peer.selection) remoteSelection.set(id, peer.color);

  const toWorld = (clientX: number, clientY: number) => {
    const rect = surface.current?.getBoundingClientRect();
    return { x: (clientX - (rect?.left ?? 0) - view.x) / view.zoom, y: (clientY - (rect?.top ?? 0) - view.y) / view.zoom };
  };

  const attempt = (write: () => void) => {
    try {
      write();
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const flushMove = () => {
    frame.current = null;
    const positions = pendingMove.current;
    pendingMove.current = null;
    if (positions && edits) attempt(() => edits.move(positions));
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

  const onPointerDown = (event: PointerEvent) => {
    // Until the board is loaded and fitted there is nothing to act on (and no edit may precede the sync).
    if (!fitted || (event.button !== 0 && event.button !== 1)) return;
    const target = event.target as Element;
    if (target.closest('.text-editor, a')) return;
    const point = toWorld(event.clientX, event.clientY);
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    const handle = target.closest('[data-resize]');
    if (handle && edits) {
      const item = store.get(handle.getAttribute('data-resize') ?? '');
      if (item) {
        beginGesture();
        drag.current = { kind: 'resize', item, left: item.x - item.width / 2, top: item.y - item.height / 2 };
      }
      return;
    }
    const hit = event.button === 0 ? target.closest('[data-item-id]')?.getAttribute('data-item-id') : null;
    if (tool === 'comment' && board.canComment && event.button === 0) {
      setSelection(new Set());
      setNewComment({ x: Math.round(point.x), y: Math.round(point.y) });
      setTool('select');
      return;
    }
    if (tool === 'freehand' && edits && event.button === 0) {
      drag.current = { kind: 'draw', points: [point] };
      setDraft(drag.current);
      return;
    }
    if (tool === 'connector' && edits && event.button === 0) {
      const from = hit ? store.get(hit) : undefined;
      if (from && from.type !== 'connector') {
        drag.current = { kind: 'connect', from, to: point };
        setDraft(drag.current);
      }
      return;
    }
    const data = newItemData[tool];
    if (data && edits && event.button === 0) {
      const type = tool;
      attempt(() => {
        const id = edits.create({ type, position: { x: Math.round(point.x), y: Math.round(point.y) }, data });
        setSelection(new Set([id]));
        setEditing(id);
      });
      setTool('select');
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
      setNewComment(null);
      const moving = edits ? edits.withContents(next, store.items()) : next;
      const movable = [...moving].map((id) => store.get(id)).filter((i): i is StoredItem => i !== undefined && i.type !== 'connector');
      if (edits && movable.length > 0) {
        beginGesture();
        drag.current = { kind: 'move', startX: point.x, startY: point.y, origins: new Map(movable.map((i) => [i.id, { x: i.x, y: i.y }])), moved: false };
      }
      return;
    }
    setEditing(null);
    setNewComment(null);
    if (!event.shiftKey) setSelection(new Set());
    drag.current = { kind: 'pan', startX: event.clientX, startY: event.clientY, view };
  };

  const onPointerMove = (event: PointerEvent) => {
    const point = toWorld(event.clientX, event.clientY);
    presence.setCursor({ x: Math.round(point.x), y: Math.round(point.y) });
    const d = drag.current;
    if (!d) return;
    if (d.kind === 'pan') {
      setView({ ...d.view, x: d.view.x + event.clientX - d.startX, y: d.view.y + event.clientY - d.startY });
      return;
    }
    if (d.kind === 'draw') {
      const last = d.points[d.points.length - 1];
      // Points closer than a screen pixel add nothing but size.
      if (last && Math.hypot(point.x - last.x, point.y - last.y) * view.zoom < 1) return;
      d.points.push(point);
      setDraft({ kind: 'draw', points: d.points });
      return;
    }
    if (d.kind === 'connect') {
      d.to = point;
      setDraft({ ...d });
      return;
    }
    if (d.kind === 'move') {
      const dx = point.x - d.startX;
      const dy = point.y - d.startY;
      if (!d.moved && Math.hypot(dx, dy) * view.zoom < 3) return;
      d.moved = true;
      pendingMove.current = new Map([...d.origins].map(([id, o]) => [id, { x: o.x + dx, y: o.y + dy }]));
      frame.current ??= requestAnimationFrame(flushMove);
      return;
    }
    if (d.kind !== 'resize') return;
    const width = Math.max(1, point.x - d.left);
    const height = Math.max(1, point.y - d.top);
    if (edits) attempt(() => edits.resize(d.item, { x: d.left + width / 2, y: d.top + height / 2, width, height }));
  };

  const onPointerUp = (event: PointerEvent) => {
    if (frame.current !== null) {
      cancelAnimationFrame(frame.current);
      flushMove();
    }
    const d = drag.current;
    drag.current = null;
    setDraft(null);
    if (d?.kind === 'draw') {
      const body = strokeItem(d.points);
      if (body && edits && event.type === 'pointerup') attempt(() => setSelection(new Set([edits.create(body)])));
      return;
    }
    if (d?.kind === 'connect') {
      const to = itemAt(event.clientX, event.clientY);
      const target = to ? store.get(to) : undefined;
      if (target && target.id !== d.from.id && target.type !== 'connector' && edits && event.type === 'pointerup') {
        const position = { x: Math.round((d.from.x + target.x) / 2), y: Math.round((d.from.y + target.y) / 2) };
        attempt(() => setSelection(new Set([edits.create({ type: 'connector', position, data: { from: d.from.id, to: target.id } })])));
        setTool('select');
      }
      return;
    }
    if (d && d.kind !== 'pan') endGesture();
  };

  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const rect = surface.current?.getBoundingClientRect();
    const sx = event.clientX - (rect?.left ?? 0);
    const sy = event.clientY - (rect?.top ?? 0);
    setView((v) => zoomAbout(v, Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.0015)), sx, sy));
  };

  const zoomBy = (factor: number) => {
    const el = surface.current;
    if (!el) return;
    const sx = el.clientWidth / 2;
    const sy = el.clientHeight / 2;
    setView((v) => zoomAbout(v, factor, sx, sy));
  };

  const onDoubleClick = (event: MouseEvent) => {
    if (!edits) return;
    const id = (event.target as Element).closest('[data-item-id]')?.getAttribute('data-item-id');
    const item = id ? store.get(id) : undefined;
    if (item && editableField(item.type)) {
      setSelection(new Set([item.id]));
      setEditing(item.id);
    }
  };

  const removeSelection = () => {
    if (edits && selection.size > 0) attempt(() => edits.delete(selection));
  };

  useCanvasKeys({
    undo,
    onDelete: removeSelection,
    onStopEditing: () => setEditing(null),
    onEscape: () => {
      setSelection(new Set());
      setNewComment(null);
      setTool('select');
    },
  });

  useEffect(() => {
    const el = surface.current;
    if (!el) return undefined;
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });

  const single = selection.size === 1 ? store.get([...selection][0] ?? '') : undefined;
  const editingItem = editing !== null ? store.get(editing) : undefined;
  const thread: ThreadTarget | null = newComment
    ? { kind: 'new', position: newComment }
    : single?.type === 'comment'
      ? { kind: 'existing', item: single }
      : null;

  return (
    <div class="canvas-wrap">
      <Toolbar
        tool={tool}
        onTool={setTool}
        canEdit={board.canEdit}
        canComment={board.canComment}
        editsReady={edits !== null}
        selectionSize={selection.size}
        zoom={view.zoom}
        peers={peers}
        onUndo={() => undo?.undo()}
        onRedo={() => undo?.redo()}
        onDelete={removeSelection}
        onZoom={zoomBy}
        onFit={() => setView(fit(items, size.width, size.height))}
      />
      {error && (
        <div class="canvas-error" role="alert">
          {error}
        </div>
      )}
      <div
        ref={surface}
        class={`surface tool-${tool}${readOnly ? ' read-only' : ''}`}
        data-items={items.length}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => presence.setCursor(null)}
        onDblClick={onDoubleClick}
      >
        <div class="world" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}>
          {sections.map((item) => (
            <ItemNode key={item.id} item={item} selected={selection.has(item.id)} remoteColor={remoteSelection.get(item.id) ?? null} editing={editing === item.id} detail={detail} />
          ))}
          <Connectors connectors={connectors} byId={(id) => store.get(id)} selected={selection} />
          {others.map((item) => (
            <ItemNode key={item.id} item={item} selected={selection.has(item.id)} remoteColor={remoteSelection.get(item.id) ?? null} editing={editing === item.id} detail={detail} />
          ))}
          {single && single.type !== 'connector' && single.type !== 'comment' && !readOnly && editing === null && <ResizeHandle item={single} zoom={view.zoom} />}
          <CitedHighlights link={link} byId={store.get.bind(store)} />
          {editingItem && edits && <TextEditor item={editingItem} edits={edits} onDone={() => setEditing(null)} onError={setError} />}
          {draft && <Draft draft={draft} zoom={view.zoom} />}
        </div>
        <PeerCursors peers={peers} view={view} />
        {synced && items.length === 0 && <div class="empty-hint">{readOnly ? 'This board is empty.' : 'Pick Note, Text or Shape above, then click here to add it.'}</div>}
      </div>
      {thread && (
        <CommentThread
          key={thread.kind === 'existing' ? thread.item.id : 'new'}
          boardId={board.boardId}
          tokens={board.tokens}
          me={board.user}
          target={thread}
          canComment={board.canComment}
          onCreated={(id) => {
            setNewComment(null);
            setSelection(new Set([id]));
          }}
          onClose={() => {
            setNewComment(null);
            setSelection(new Set());
          }}
        />
      )}
    </div>
  );
}
