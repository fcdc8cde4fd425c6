import { useEffect, useReducer } from 'preact/hooks';
import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { fit } from '../viewport.js';
import type { View } from '../viewport.js';
import type { CanvasLink } from './CanvasLink.js';

/** Re-renders the calling component whenever `link` changes. */
export function useLinkState(link: CanvasLink | undefined): void {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => link?.subscribe(() => rerender(undefined)), [link]);
}

/**
 * The canvas's side of the link: reports its selection, and selects and frames the items the
 * panels ask for (centred, at most 100 %).
 */
export function useCanvasLink(
  link: CanvasLink | undefined,
  canvas: {
    selection: ReadonlySet<string>;
    select: (ids: ReadonlySet<string>) => void;
    setView: (view: View) => void;
    byId: (id: string) => StoredItem | undefined;
    size: { width: number; height: number };
  },
): void {
  useEffect(() => link?.reportSelection(canvas.selection), [link, canvas.selection]);
  useEffect(
    () =>
      link?.attach((ids) => {
        const items = ids.map(canvas.byId).filter((i): i is StoredItem => i !== undefined);
        if (items.length === 0) return;
        canvas.select(new Set(items.map((i) => i.id)));
        canvas.setView(fit(items, canvas.size.width, canvas.size.height));
      }),
    [link, canvas.size],
  );
}

/** Outlines around the items an assistant answer cites, in board units (drawn inside the canvas's world layer). */
export function CitedHighlights({ link, byId }: { link: CanvasLink | undefined; byId: (id: string) => StoredItem | undefined }) {
  useLinkState(link);
  if (!link || link.cited.size === 0) return null;
  return (
    <>
      {[...link.cited].map((id) => {
        const item = byId(id);
        if (!item) return null;
        return (
          <div
            key={id}
            class="cited"
            data-cited={id}
            aria-hidden="true"
            style={{ left: `${item.x - item.width / 2 - 6}px`, top: `${item.y - item.height / 2 - 6}px`, width: `${item.width + 12}px`, height: `${item.height + 12}px` }}
          />
        );
      })}
    </>
  );
}
