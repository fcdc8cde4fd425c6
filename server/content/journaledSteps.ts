import type { ItemChangeStep, NetItemChange } from './itemChanges.js';
import { nextItemChange } from './itemChanges.js';

/** What the live-edit journal rows of a window say of each item so far (`foldItemChanges` of their steps), and the actor of the last row. */
export interface JournaledSteps {
  net: Map<string, NetItemChange>;
  actorId: string;
}

/** Adds `steps` to the net change per item, as `foldItemChanges` folds them. */
export function foldInto(net: Map<string, NetItemChange>, steps: readonly ItemChangeStep[]): void {
  for (const { id, change } of steps) net.set(id, nextItemChange(net.get(id), change));
}

/**
 * Whether journaling `steps` by `actorId` would change nothing `recover` does with the rows
 * already written: each step updates an item the rows already show as created or updated, by the
 * actor of the last row (recovery reads the items from the stored document, so a drag or a typing
 * run needs one row per coalescing window, not one per message).
 */
export function adds(journaled: JournaledSteps, steps: readonly ItemChangeStep[], actorId: string): boolean {
  if (actorId !== journaled.actorId) return true;
  for (const { id, change } of steps) {
    const net = journaled.net.get(id);
    if (change !== 'updated' || (net !== 'created' && net !== 'updated')) return true;
  }
  return false;
}
