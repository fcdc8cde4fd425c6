import type { ComponentChildren } from 'preact';
import { creationTools } from './tools/itemTools.js';
import type { CreationToolId } from './tools/itemTools.js';
import { ToolMenu } from './tools/ToolMenu.js';
import type { ToolMenuItem } from './tools/ToolMenu.js';
import { shapePaths } from './shapes.js';
import type { Peer } from './Presence.js';

/** The canvas tools: select; pan (hand); create an item (see `creationTools`); draw; connect two items; comment. */
export type Tool = 'select' | 'hand' | 'freehand' | 'connector' | 'comment' | CreationToolId;

/** A button on the bar, or a menu of creation tools. */
type BarEntry = { kind: 'tool'; tool: Tool; label: string; title: string } | { kind: 'menu'; name: string; label: string; title: string; tools: readonly ToolMenuItem[] };

const single = (t: Tool, label: string, title: string): BarEntry => ({ kind: 'tool', tool: t, label, title });
const onBar = (id: CreationToolId): BarEntry => {
  const t = creationTools.find((c) => c.id === id);
  return single(id, t?.label ?? id, t?.title ?? '');
};

/** The editor's bar, left to right. Tools added later go in this list (or in `creationTools`). */
const editorBar: readonly BarEntry[] = [
  single('select', 'Select', 'Select, move and resize; drag the background to select several (V)'),
  single('hand', 'Hand', 'Drag to pan the board (H, or hold Space)'),
  onBar('sticky_note'),
  onBar('text'),
  {
    kind: 'menu',
    name: 'shape',
    label: 'Shape',
    title: 'Pick a shape, then click to add it',
    tools: creationTools.filter((t) => t.type === 'shape').map((t) => ({ ...t, icon: shapePaths[String(t.data.shape)] })),
  },
  single('freehand', 'Pen', 'Drag to draw'),
  single('connector', 'Connect', 'Drag from one item to another to connect them'),
  single('comment', 'Comment', 'Click to comment there'),
  { kind: 'menu', name: 'more', label: 'More', title: 'Cards, tables, docs, code, frames, links and stamps', tools: creationTools.filter((t) => t.group === 'more') },
];
const commenterBar: readonly BarEntry[] = editorBar.filter((e) => e.kind === 'tool' && (e.tool === 'select' || e.tool === 'hand' || e.tool === 'comment'));
const viewerBar: readonly BarEntry[] = editorBar.filter((e) => e.kind === 'tool' && (e.tool === 'select' || e.tool === 'hand'));

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
  /** The Image button (uploads), shown to editors after the tools. */
  imageTool?: ComponentChildren;
}

/** The bar above the canvas: tools, undo / redo / delete, zoom, and who else is here. */
export function Toolbar(p: ToolbarProps) {
  const bar = p.canEdit ? editorBar : p.canComment ? commenterBar : viewerBar;
  const available = (t: Tool) => t === 'select' || t === 'hand' || t === 'comment' || p.editsReady;
  return (
    <div class="toolbar" role="toolbar" aria-label="Board tools">
      {bar.map((entry) =>
        entry.kind === 'menu' ? (
          <ToolMenu
            key={entry.name}
            name={entry.name}
            label={entry.label}
            title={entry.title}
            items={entry.tools}
            current={p.tool}
            disabled={!p.editsReady}
            onPick={(id) => p.onTool(id as Tool)}
          />
        ) : (
          <button
            key={entry.tool}
            type="button"
            data-tool={entry.tool}
            class={p.tool === entry.tool ? 'tool active' : 'tool'}
            aria-pressed={p.tool === entry.tool}
            disabled={!available(entry.tool)}
            title={entry.title}
            onClick={() => p.onTool(entry.tool)}
          >
            {entry.label}
          </button>
        ),
      )}
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
