import type { ComponentChildren } from 'preact';
import type { Peer } from './Presence.js';

/** The canvas tools: select; create a note, text or shape; draw; connect two items; comment. */
export type Tool = 'select' | 'sticky_note' | 'text' | 'shape' | 'freehand' | 'connector' | 'comment';

const toolLabels: Record<Tool, string> = {
  select: 'Select',
  sticky_note: 'Note',
  text: 'Text',
  shape: 'Shape',
  freehand: 'Pen',
  connector: 'Connect',
  comment: 'Comment',
};

const toolTitles: Record<Tool, string> = {
  select: 'Select, move and resize (Esc)',
  sticky_note: 'Click to add a sticky note',
  text: 'Click to add text',
  shape: 'Click to add a shape',
  freehand: 'Drag to draw',
  connector: 'Drag from one item to another to connect them',
  comment: 'Click to comment there',
};

const editorTools: readonly Tool[] = ['select', 'sticky_note', 'text', 'shape', 'freehand', 'connector', 'comment'];

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
  onFit: () => void;
  /** The Image button (uploads), shown to editors after the tools. */
  imageTool?: ComponentChildren;
}

/** The bar above the canvas: tools, undo / redo / delete, zoom, and who else is here. */
export function Toolbar(p: ToolbarProps) {
  const tools = p.canEdit ? editorTools : p.canComment ? (['select', 'comment'] as const) : (['select'] as const);
  const available = (t: Tool) => t === 'select' || t === 'comment' || p.editsReady;
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
      {p.canEdit && p.imageTool}
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
      <button type="button" onClick={() => p.onZoom(1 / 1.25)} title="Zoom out">
        −
      </button>
      <span class="zoom">{Math.round(p.zoom * 100)}%</span>
      <button type="button" onClick={() => p.onZoom(1.25)} title="Zoom in">
        +
      </button>
      <button type="button" onClick={p.onFit} title="Fit the board">
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
