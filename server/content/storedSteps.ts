import type { ItemChangeStep } from './itemChanges.js';

/**
 * The steps of replayed journal rows that the stored document bears out. A live edit's row is
 * stored before its update, so a process killed in between leaves a board's last rows without
 * their update: an edit never acknowledged (never relayed; its client sends it again on
 * reconnect). For each item, the steps after the last one that leaves the item as the stored
 * document has it (`holds`: present after a creation or an update, absent after a deletion) are
 * dropped: an item the document lacks gets no creation nor update, one it still holds no
 * deletion, and an item created and then deleted by an update never stored is a creation.
 */
export function stepsTheDocumentHolds(steps: readonly ItemChangeStep[], holds: (id: string) => boolean): ItemChangeStep[] {
  const held = new Map<string, boolean>();
  const lastBorneOut = new Map<string, number>();
  steps.forEach(({ id, change }, at) => {
    let present = held.get(id);
    if (present === undefined) held.set(id, (present = holds(id)));
    if ((change !== 'deleted') === present) lastBorneOut.set(id, at);
  });
  return steps.filter(({ id }, at) => at <= (lastBorneOut.get(id) ?? -1));
}
