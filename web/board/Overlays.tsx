import { penStyle } from './freehand.js';
import type { Drag } from './gestures/Drag.js';
import type { Peer } from './Presence.js';
import type { View } from './viewport.js';

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

/** The stroke being drawn, the connector being dragged out or the rubber band, in world coordinates; nothing for other gestures. */
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
  if (draft.kind === 'band') {
    const left = Math.min(draft.start.x, draft.end.x);
    const top = Math.min(draft.start.y, draft.end.y);
    const style = { left: `${left}px`, top: `${top}px`, width: `${Math.abs(draft.end.x - draft.start.x)}px`, height: `${Math.abs(draft.end.y - draft.start.y)}px`, borderWidth: `${1 / zoom}px` };
    return <div class="rubber-band" data-band="" style={style} />;
  }
  return null;
}
