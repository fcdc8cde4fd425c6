import type { StoredItem } from '../../crdt/items/boardSchema.js';
import { handles, selectionBounds } from './gestures/selectionBox.js';
import type { Handle } from './gestures/selectionBox.js';

const names: Record<Handle, string> = {
  n: 'top edge',
  ne: 'top-right corner',
  e: 'right edge',
  se: 'bottom-right corner',
  s: 'bottom edge',
  sw: 'bottom-left corner',
  w: 'left edge',
  nw: 'top-left corner',
};

/**
 * The box around the selection with its eight resize handles (corners and edges), the same size
 * on screen at any zoom; nothing when no selected item can be resized (comment pins, connectors).
 */
export function SelectionFrame({ items, zoom }: { items: readonly StoredItem[]; zoom: number }) {
  const bounds = selectionBounds(items);
  if (!bounds) return null;
  const size = 12 / zoom;
  const at: Record<Handle, [number, number]> = {
    nw: [bounds.left, bounds.top],
    n: [(bounds.left + bounds.right) / 2, bounds.top],
    ne: [bounds.right, bounds.top],
    e: [bounds.right, (bounds.top + bounds.bottom) / 2],
    se: [bounds.right, bounds.bottom],
    s: [(bounds.left + bounds.right) / 2, bounds.bottom],
    sw: [bounds.left, bounds.bottom],
    w: [bounds.left, (bounds.top + bounds.bottom) / 2],
  };
  return (
    <>
      {items.length > 1 && (
        <div
          class="selection-box"
          style={{ left: `${bounds.left}px`, top: `${bounds.top}px`, width: `${bounds.right - bounds.left}px`, height: `${bounds.bottom - bounds.top}px`, borderWidth: `${1 / zoom}px` }}
        />
      )}
      {handles.map((handle) => (
        <div
          key={handle}
          class={`resize-handle h-${handle}`}
          data-handle={handle}
          title={`Resize by the ${names[handle]}`}
          style={{ left: `${at[handle][0]}px`, top: `${at[handle][1]}px`, width: `${size}px`, height: `${size}px`, borderWidth: `${2 / zoom}px` }}
        />
      ))}
    </>
  );
}
