import type { StoredItem } from '../../../crdt/items/boardSchema.js';

/**
 * The web app's side of item lock (crdt/items/itemLock.ts): a locked item shows a badge, has no
 * drag or resize handles, is not edited by double-click or Enter, goes with its section when the
 * section moves (BoardEdits.moving), and is skipped by Delete with a short notice. Editors lock and unlock from the
 * properties panel, the context menu or Ctrl/⌘+Shift+L; viewers see the badge only.
 */

/** Whether a delete leaves `item` because it is locked (a locked comment pin is resolved, as on REST). */
export function deleteRefused(item: StoredItem | undefined): boolean {
  return item?.locked === true && item.type !== 'comment';
}

/** How many of `ids` a delete leaves because they are locked. */
export function lockedCount(ids: Iterable<string>, get: (id: string) => StoredItem | undefined): number {
  let count = 0;
  for (const id of ids) if (deleteRefused(get(id))) count += 1;
  return count;
}

/** The notice after a delete that left `count` locked items; null when it left none. */
export function lockedNotice(count: number): string | null {
  if (count === 0) return null;
  return count === 1 ? 'A locked item was not deleted: unlock it first.' : `${count} locked items were not deleted: unlock them first.`;
}

/** The notice after a resize that left `count` locked items; null when it left none. */
export function lockedResizeNotice(count: number): string | null {
  if (count === 0) return null;
  return count === 1 ? 'A locked item was not resized: unlock it first.' : `${count} locked items were not resized: unlock them first.`;
}

/** Whether every one of `items` is locked (the toggle then offers Unlock). */
export function allLocked(items: readonly (StoredItem | undefined)[]): boolean {
  return items.length > 0 && items.every((item) => item?.locked === true);
}

/** What the lock toggle does to `items`: unlock when all are locked, else lock them all. */
export function lockTarget(items: readonly (StoredItem | undefined)[]): boolean {
  return !allLocked(items);
}
