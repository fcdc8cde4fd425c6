import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { allLocked } from './itemLocks.js';

/** The padlock drawn on a locked item, the same size on the screen at any zoom the item is read at. */
export function LockBadge() {
  return (
    <span class="lock-badge" role="img" aria-label="Locked" title="Locked">
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
        <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7zm2 0h4V5a2 2 0 0 0-4 0z" fill="currentColor" />
      </svg>
    </span>
  );
}

/** The properties panel's Lock / Unlock button for the selection (Ctrl/⌘+Shift+L does the same). */
export function LockToggle({ items, onToggle }: { items: readonly StoredItem[]; onToggle: () => void }) {
  const locked = allLocked(items);
  return (
    <div class="prop" role="group" aria-label="Lock" data-lock>
      <span class="prop-label">Lock</span>
      <button type="button" class="lock-toggle" aria-pressed={locked} title="Ctrl/⌘+Shift+L" onClick={onToggle}>
        {locked ? 'Unlock' : 'Lock'}
      </button>
    </div>
  );
}
