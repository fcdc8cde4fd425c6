import type { StoredItem } from '../../crdt/items/boardSchema.js';
import { penStyle } from './freehand.js';
import type { WorldPoint } from './freehand.js';
import type { Peer } from './Presence.js';
import type { View } from './viewport.js';

/** What a pointer gesture on the canvas is doing, from pointer down to pointer up. */
export type Drag =
  | { kind: 'pan'; startX: number; startY: number; view: View }
  | { kind: 'move'; startX: number; startY: number; origins: Map<string, { x: number; y: number }>; moved: boolean }
  | { kind: 'resize'; item: StoredItem; left: number; top: number }
  | { kind: 'draw'; points: WorldPoint[] }
  | { kind: 'connect'; from: StoredItem; to: WorldPoint };

/** Other people's cursors, named, in screen coordinates over the canvas. */
export function PeerCursors({ peers, view }: { peers: readonly Peer[]; view: View }) {
  return (
    <>
      {peers.map((peer) =>
        peer.cursor ? (
          <div
            key={peer.clientId}
            class="cursor"
            data-peer={peer.name}
            style={{ transform: `translate(${peer.cursor.x * view.zoom + view.x}px, ${peer.cursor.y * view.zoom + view.y}px)`, color: peer.color }}
          >
            <svg width="16" height="20" viewBox="0 0 16 20" aria-hidden="true">
              <path d="M1 1L1 17L5.5 13L8.5 19.5L11 18.5L8 12L14 12Z" fill="currentColor" stroke="#fff" stroke-width="1.2" />
            </svg>
            <span class="cursor-name" style={{ background: peer.color }}>
              {peer.name}
            </span>
          </div>
        ) : null,
      )}
    </>
  );
}

/** The corner handle of the one selected item, the same size on screen at any zoom. */
export function ResizeHandle({ item, zoom }: { item: StoredItem; zoom: number }) {
  return (
    <div
      class="resize-handle"
      data-resize={item.id}
      style={{
        left: `${item.x + item.width / 2}px`,
        top: `${item.y + item.height / 2}px`,
        width: `${12 / zoom}px`,
        height: `${12 / zoom}px`,
      }}
    />
  );
}

/** The stroke being drawn or the connector being dragged out, in world coordinates; nothing for other gestures. */
export function Draft({ draft, zoom }: { draft: Drag; zoom: number }) {
  if (draft.kind === 'draw') {
    return (
      <svg class="draft" aria-hidden="true">
        <polyline points={draft.points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke={penStyle.strokeColor} stroke-width={penStyle.strokeWidth} stroke-linecap="round" stroke-linejoin="round" />
      </svg>
    );
  }
  if (draft.kind === 'connect') {
    return (
      <svg class="draft" aria-hidden="true">
        <path d={`M${draft.from.x} ${draft.from.y}L${draft.to.x} ${draft.to.y}`} stroke="#2557d6" stroke-width={2 / zoom} stroke-dasharray={`${6 / zoom}`} />
      </svg>
    );
  }
  return null;
}
