import { useEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import { CitedHighlights, useCanvasLink } from './assistant/canvasBridge.js';
import type { CanvasLink } from './assistant/CanvasLink.js';
import type { OpenBoard } from './BoardPage.js';
import type { BoardEdits } from './edits.js';
import { useBoardCommands } from './commands/useBoardCommands.js';
import { CommentThread } from './CommentThread.js';
import type { ThreadTarget } from './CommentThread.js';
import { Connectors } from './Connectors.js';
import type { WorldPoint } from './freehand.js';
import type { Drag } from './gestures/Drag.js';
import { usePointerGestures } from './gestures/usePointerGestures.js';
import { ImageTool, UploadStatusList } from './images/ImageTool.js';
import { useBoardImages, viewCentre } from './images/useBoardImages.js';
import { ItemNode } from './ItemNode.js';
import { lockedCount, lockedNotice } from './lock/itemLocks.js';
import { useCanvasKeys } from './keys.js';
import { Minimap } from './Minimap.js';
import { useNavigationKeys } from './navigationKeys.js';
import { Draft, PeerCursors } from './Overlays.js';
import { PropertiesPanel } from './PropertiesPanel.js';
import { SelectionFrame } from './SelectionFrame.js';
import { TextEditor, editsInPlace, hidesItem } from './TextEditor.js';
import { Toolbar } from './Toolbar.js';
import type { Tool } from './Toolbar.js';
import { useItemCreation } from './tools/useItemCreation.js';
import { useSelection } from './useSelection.js';
import { useView } from './useView.js';
import { visibleItems, visibleRect } from './viewport.js';

export { captureTimeoutMs } from './gestures/usePointerGestures.js';

/** Below this zoom items are drawn without their text, which is unreadable there anyway. */
const detailZoom = 0.3;

/**
 * The board canvas: items in z-order (sections behind), connectors, other people's cursors and
 * selections, the toolbar and the minimap. Gestures (usePointerGestures), the view (useView),
 * the selection (useSelection) and keys (keys, navigationKeys) live in their own modules; this
 * component wires them together. Without edit rights it only pans, zooms, selects and, for
 * commenters, comments.
 */
export function Canvas({ board, edits, synced, link }: { board: OpenBoard; edits: BoardEdits | null; synced: boolean; link?: CanvasLink }) {
  const { store, undo, presence } = board;
  const readOnly = !board.canEdit;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [tool, setTool] = useState<Tool>('select');
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Drag | null>(null);
  const [newComment, setNewComment] = useState<WorldPoint | null>(null);
  const surface = useRef<HTMLDivElement>(null);

  useEffect(() => store.subscribe(() => rerender(undefined)), [store]);
  useEffect(() => presence.subscribe(() => rerender(undefined)), [presence]);

  const items = store.items();
  const camera = useView(surface, items, synced);
  const { view, size, fitted } = camera;
  const selected = useSelection(store, presence);
  const { selection, setSelection, editing, editingPart, setEditing } = selected;
  const selectedItems = [...selection].map((id) => store.get(id)).filter((i): i is StoredItem => i !== undefined);

  useCanvasLink(link, { selection, select: setSelection, setView: camera.setView, byId: store.get.bind(store), size });

  // Nothing is drawn before the view fits the board (see useView's `fitted`).
  const { sections, others, connectors } = useMemo(
    () => (fitted ? visibleItems(items, visibleRect(view, size.width, size.height), selection, store.get.bind(store)) : { sections: [], others: [], connectors: [] }),
    [items, fitted, view, size, selection],
  );

  const detail = view.zoom >= detailZoom;
  const peers = presence.peers();
  const remoteSelection = new Map<string, string>();
  for (const peer of peers) for (const id of peer.selection) remoteSelection.set(id, peer.color);

  const attempt = (write: () => void) => {
    try {
      write();
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const removeSelection = () => {
    if (!edits || selection.size === 0) return;
    attempt(() => edits.delete(selection));
    const notice = lockedNotice(lockedCount(selection, store.get.bind(store)));
    if (notice) setError(notice);
  };

  useBoardImages({ board, edits, surface, toWorld: camera.toWorld, onCreated: (ids) => setSelection(new Set(ids)) });

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
  const spaceHeld = useNavigationKeys({
    onActualSize: () => camera.zoomTo(1),
    onZoom: camera.zoomBy,
    onFitAll: () => camera.fitItems([]),
    onFitSelection: () => camera.fitItems(selectedItems, 8),
    onTool: setTool,
    onEdit: () => {
      const only = selectedItems.length === 1 ? selectedItems[0] : undefined;
      if (edits && only && !only.locked && editsInPlace(only.type)) setEditing(only.id);
    },
  });

  const creation = useItemCreation({
    tool,
    setTool,
    edits,
    attempt,
    onCreated: (id, edit) => {
      setSelection(new Set([id]));
      setEditing(edit ? id : null);
    },
  });
  const commands = useBoardCommands({ board, edits, selection, setSelection, setTool, view, surface, onFit: () => camera.fitItems([]), onError: setError });
  const gestures = usePointerGestures({ board, edits, tool, setTool, selection: selected, camera, spaceHeld, attempt, setDraft, setNewComment, creation });

  const single = selectedItems.length === 1 ? selectedItems[0] : undefined;
  const editingItem = editing !== null ? store.get(editing) : undefined;
  const hidden = editingItem && hidesItem(editingItem, editingPart) ? editingItem.id : null;
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
        onZoom={camera.zoomBy}
        onActualSize={() => camera.zoomTo(1)}
        onFit={() => camera.fitItems([])}
        imageTool={<ImageTool disabled={edits === null} at={() => viewCentre(surface.current, camera.toWorld)} />}
      />
      <UploadStatusList />
      {error && (
        <div class="canvas-error" role="alert">
          {error}
        </div>
      )}
      <div
        ref={surface}
        class={`surface tool-${tool}${readOnly ? ' read-only' : ''}`}
        data-items={items.length}
        data-zoom={view.zoom}
        data-view={`${Math.round(view.x)},${Math.round(view.y)}`}
        onPointerDown={gestures.onPointerDown}
        onPointerMove={gestures.onPointerMove}
        onPointerUp={gestures.onPointerUp}
        onPointerCancel={gestures.onPointerUp}
        onPointerLeave={() => presence.setCursor(null)}
        onDblClick={gestures.onDoubleClick}
        onAuxClick={(event) => event.preventDefault()}
        onContextMenu={commands.onContextMenu}
      >
        <div class="world" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}>
          {sections.map((item) => (
            <ItemNode key={item.id} item={item} selected={selection.has(item.id)} remoteColor={remoteSelection.get(item.id) ?? null} editing={hidden === item.id} detail={detail} />
          ))}
          <Connectors connectors={connectors} byId={(id) => store.get(id)} selected={selection} />
          {others.map((item) => (
            <ItemNode key={item.id} item={item} selected={selection.has(item.id)} remoteColor={remoteSelection.get(item.id) ?? null} editing={hidden === item.id} detail={detail} />
          ))}
          {!readOnly && editing === null && selectedItems.length > 0 && <SelectionFrame items={selectedItems} zoom={view.zoom} />}
          <CitedHighlights link={link} byId={store.get.bind(store)} />
          {editingItem && edits && (
            <TextEditor item={editingItem} part={editingPart} byId={store.get.bind(store)} onPart={(part) => setEditing(editingItem.id, part)} doc={board.doc} edits={edits} presence={presence} peers={peers} onDone={() => setEditing(null)} onError={setError} />
          )}
          {draft && <Draft draft={draft} zoom={view.zoom} />}
          {creation.overlay}
        </div>
        <PeerCursors peers={peers} view={view} />
        {synced && items.length === 0 && <div class="empty-hint">{readOnly ? 'This board is empty.' : 'Pick Note, Text or Shape above, then click here to add it.'}</div>}
      </div>
      {/* Panels over the canvas (properties, context menu) mount here, beside the minimap. */}
      {board.canEdit && edits && <PropertiesPanel items={selectedItems} edits={edits} undo={undo} onError={setError} />}
      {creation.dialog}
      {fitted && <Minimap items={items} version={store.version} view={view} size={size} onCentre={camera.centreOn} />}
      {commands.ui}
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
