import type { Peer } from './Presence.js';

/** The canvas tools: select; pan (hand); create a note, text or shape; draw; connect two items; comment. */
export type Tool = 'select' | 'hand' | 'sticky_note' | 'text' | 'shape' | 'freehand' | 'connector' | 'comment';

const toolLabels: Record<Tool, string> = {
  select: 'Select',
  hand: 'Hand',
  sticky_note: 'Note',
  text: 'Text',
  shape: 'Shape',
  freehand: 'Pen',
  connector: 'Connect',
  comment: 'Comment',
};

const toolTitles: Record<Tool, string> = {
  select: 'Select, move and resize; drag the background to select several (V)',
  hand: 'Drag to pan the board (H, or hold Space)',
  sticky_note: 'Click to add a sticky note',
  text: 'Click to add text',
  shape: 'Click to add a shape',
  freehand: 'Drag to draw',
  connector: 'Drag from one item to another to connect them',
  comment: 'Click to comment there',
};

const editorTools: readonly Tool[] = ['select', 'hand', 'sticky_note', 'text', 'shape', 'freehand', 'connector', 'comment'];

/** What the toolbar offers and reports. */
export interface ToolbarProps {
  tool: Tool;
  onTool: (tool: Tool) => void;
  /** Editor and above: every tool, undo, redo, delete. */
  canEdit: boolean;
  /** Commenter and above: the comment tool. */
  canComment: boolean;
  /** False until the writes have loaded: the editing tools wait for them. */
  editsReady: boolean;
  selectionSize: number;
  zoom: number;
  peers: readonly Peer[];
  onUndo: () => void;
  onRedo: () => void;
  onDelete: () => void;
  onZoom: (factor: number) => void;
  /** Back to 100 %. */
  onActualSize: () => void;
  onFit: () => void;
}

/** The bar above the canvas: tools, undo / redo / delete, zoom, and who else is here. */
export function Toolbar(p: ToolbarProps) {
  const tools = p.canEdit ? editorTools : p.canComment ? (['select', 'hand', 'comment'] as const) : (['select', 'hand'] as const);
  const available = (t: Tool) => t === 'select' || t === 'hand' || t === 'comment' || p.editsReady;
  return (
    <div class="toolbar" role="toolbar" aria-label="Board tools">
      {tools.map((t) => (
        <button
          key={t}
          type="button"
          data-tool={t}
          class={p.tool === t ? 'tool active' : 'tool'}
          aria-pressed={p.tool === t}
          disabled={!available(t)}
          title={toolTitles[t]}
          onClick={() => p.onTool(t)}
        >
          {toolLabels[t]}
        </button>
      ))}
      {p.canEdit && (
        <>
          <span class="sep" />
          <button type="button" data-action="undo" onClick={p.onUndo} title="Undo (Ctrl+Z)">
            Undo
          </button>
          <button type="button" data-action="redo" onClick={p.onRedo} title="Redo (Ctrl+Shift+Z)">
            Redo
          </button>
          <button type="button" data-action="delete" onClick={p.onDelete} disabled={p.selectionSize === 0} title="Delete">
            Delete
          </button>
        </>
      )}
      <span class="sep" />
      <button type="button" onClick={() => p.onZoom(1 / 1.25)} title="Zoom out (Ctrl+−)" aria-label="Zoom out">
        −
      </button>
      <button type="button" class="zoom" data-zoom={Math.round(p.zoom * 100)} onClick={p.onActualSize} title="Zoom to 100 % (Ctrl+0)" aria-label={`Zoom ${Math.round(p.zoom * 100)} %, set to 100 %`}>
        {Math.round(p.zoom * 100)}%
      </button>
      <button type="button" onClick={() => p.onZoom(1.25)} title="Zoom in (Ctrl+=)" aria-label="Zoom in">
        +
      </button>
      <button type="button" onClick={p.onFit} title="Fit the board (Shift+1)">
        Fit
      </button>
      <span class="people">
        {p.peers.map((peer) => (
          <span key={peer.clientId} class="person" style={{ background: peer.color }} title={peer.name}>
            {peer.name.slice(0, 1).toUpperCase()}
          </span>
        ))}
      </span>
    </div>
  );
}
