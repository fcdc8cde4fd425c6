import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type * as Y from 'yjs';

/** What the canvas's keyboard shortcuts do. */
export interface CanvasKeys {
  /** Null when the person may not change the board (undo and redo do nothing). */
  readonly undo: Y.UndoManager | null;
  /** Delete or Backspace outside a text field. */
  readonly onDelete: () => void;
  /** Escape inside a text field. */
  readonly onStopEditing: () => void;
  /** Escape elsewhere. */
  readonly onEscape: () => void;
}

/**
 * The canvas's shortcuts: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z and Ctrl/⌘+Y redo, Delete/Backspace
 * delete the selection, Escape leaves text editing or clears the selection. Keys typed into a
 * field belong to the field. The listener is registered once and calls the handlers of the
 * latest render, taken as that render is committed: Preact runs `useEffect` after the next
 * frame, so a listener registered afresh in one could still hold the state of the render before
 * (a Delete pressed right after a selection changed removed the old selection).
 */
export function useCanvasKeys(current: CanvasKeys): void {
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const keys = latest.current;
      const inField = (event.target as Element | null)?.closest?.('input, textarea, [contenteditable]');
      if (inField) {
        if (event.key === 'Escape') keys.onStopEditing();
        return;
      }
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) keys.undo?.redo();
        else keys.undo?.undo();
      } else if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        keys.undo?.redo();
      } else if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        keys.onDelete();
      } else if (event.key === 'Escape') {
        keys.onEscape();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
