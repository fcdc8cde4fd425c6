import { useEffect, useState } from 'preact/hooks';
import type { BoardStore } from './BoardStore.js';
import type { Presence } from './Presence.js';

/** The local selection and the item whose text is being edited. */
export interface SelectionState {
  readonly selection: ReadonlySet<string>;
  readonly setSelection: (ids: ReadonlySet<string>) => void;
  /** The item whose text is edited in place, or null. */
  readonly editing: string | null;
  /** Which of its texts (see inplace/textParts): null for its main text. */
  readonly editingPart: string | null;
  /** Starts editing the item's text (`part`, or its main text), or ends editing with null. */
  readonly setEditing: (id: string | null, part?: string | null) => void;
}

/**
 * The selection of the canvas: announced to others through presence, and forgetting items that
 * were deleted (here or elsewhere), the one being edited included.
 */
export function useSelection(store: BoardStore, presence: Presence): SelectionState {
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [editTarget, setEditTarget] = useState<{ id: string; part: string | null } | null>(null);
  const editing = editTarget?.id ?? null;
  const setEditing = (id: string | null, part: string | null = null) => setEditTarget(id === null ? null : { id, part });

  useEffect(() => {
    const live = [...selection].filter((id) => store.get(id));
    if (live.length !== selection.size) setSelection(new Set(live));
    if (editing !== null && !store.get(editing)) setEditing(null);
  }, [store.version]);

  useEffect(() => presence.setSelection([...selection]), [selection]);

  return { selection, setSelection, editing, editingPart: editTarget?.part ?? null, setEditing };
}
