import { useEffect, useRef } from 'preact/hooks';

/** What the canvas's view and tool keys do. */
export interface NavigationKeys {
  /** Ctrl/⌘+0. */
  readonly onActualSize: () => void;
  /** Ctrl/⌘+= and Ctrl/⌘+− (factor above or below 1). */
  readonly onZoom: (factor: number) => void;
  /** Shift+1. */
  readonly onFitAll: () => void;
  /** Shift+2. */
  readonly onFitSelection: () => void;
  /** H: the hand tool; V: the select tool. */
  readonly onTool: (tool: 'hand' | 'select') => void;
  /** Enter: edit the text of the one selected item. */
  readonly onEdit: () => void;
}

/** True when a key belongs to a text field or a control that takes keys of its own. */
function ownedByField(target: EventTarget | null, key: string): boolean {
  const el = target as Element | null;
  if (el?.closest?.('input, textarea, select, [contenteditable]')) return true;
  // Space and Enter press a focused button or link; arrows move within the minimap.
  return (key === ' ' || key === 'Enter') && Boolean(el?.closest?.('button, a, [role=application]'));
}

/**
 * The canvas's view and tool keys: Ctrl/⌘+0 is 100 %, Ctrl/⌘+= and Ctrl/⌘+− zoom, Shift+1 fits
 * the board, Shift+2 the selection, H picks the hand tool and V the select tool, Enter edits the
 * selected item's text, and holding the space bar makes a drag pan. Returns whether space is held.
 * Keys typed into a field belong to the field.
 */
export function useNavigationKeys(keys: NavigationKeys): () => boolean {
  const space = useRef(false);
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (ownedByField(event.target, event.key)) return;
      const k = latest.current;
      const mod = event.ctrlKey || event.metaKey;
      if (event.key === ' ') {
        event.preventDefault();
        space.current = true;
      } else if (mod && !event.shiftKey && (event.code === 'Digit0' || event.key === '0')) {
        event.preventDefault();
        k.onActualSize();
      } else if (mod && (event.key === '=' || event.key === '+')) {
        event.preventDefault();
        k.onZoom(1.25);
      } else if (mod && (event.key === '-' || event.key === '_')) {
        event.preventDefault();
        k.onZoom(1 / 1.25);
      } else if (mod || event.altKey) {
        return;
      } else if (event.shiftKey && event.code === 'Digit1') {
        event.preventDefault();
        k.onFitAll();
      } else if (event.shiftKey && event.code === 'Digit2') {
        event.preventDefault();
        k.onFitSelection();
      } else if (!event.shiftKey && (event.key === 'h' || event.key === 'H')) {
        k.onTool('hand');
      } else if (!event.shiftKey && (event.key === 'v' || event.key === 'V')) {
        k.onTool('select');
      } else if (event.key === 'Enter') {
        event.preventDefault();
        k.onEdit();
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') space.current = false;
    };
    const onBlur = () => {
      space.current = false;
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, []);
  return () => space.current;
}
