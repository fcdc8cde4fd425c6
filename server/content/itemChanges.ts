import type { BatchOperationResult } from '../../crdt/index.js';

/** The net effect of a write on items: each id in at most one list. */
export interface ItemChanges {
  readonly created: readonly string[];
  readonly updated: readonly string[];
  readonly deleted: readonly string[];
  /** What changed on the updated items, when known. */
  readonly fields?: readonly string[];
}

/** One change to one item. */
export interface ItemChangeStep {
  readonly id: string;
  readonly change: 'created' | 'updated' | 'deleted';
}

/** The net change of one item so far: `none` after created then deleted. */
export type NetItemChange = ItemChangeStep['change'] | 'none';

/** The net change of an item that was `before` (undefined: untouched) and then had `change`. */
export function nextItemChange(before: NetItemChange | undefined, change: ItemChangeStep['change']): NetItemChange {
  if (before === undefined) return change;
  if (before === 'created') return change === 'deleted' ? 'none' : 'created';
  if (before === 'deleted') return change === 'created' ? 'updated' : 'deleted';
  if (before === 'none') return change;
  return change === 'deleted' ? 'deleted' : 'updated';
}

/**
 * Folds a sequence of per-item changes into their net effect: created then changed is created,
 * created then deleted is nothing, changed then deleted is deleted. Order of first touch is kept.
 */
export function foldItemChanges(steps: Iterable<ItemChangeStep>): ItemChanges {
  const state = new Map<string, NetItemChange>();
  for (const { id, change } of steps) state.set(id, nextItemChange(state.get(id), change));
  return netOf(state);
}

/**
 * The net item changes of a batch's results (a delete resolving a comment counts as an update),
 * as `foldItemChanges` folds them: read from the results in one pass, without a step object for
 * each item (an import's chunk has a thousand).
 */
export function netItemChanges(results: readonly BatchOperationResult[]): ItemChanges {
  const state = new Map<string, NetItemChange>();
  const step = (id: string, change: ItemChangeStep['change']): void => {
    state.set(id, nextItemChange(state.get(id), change));
  };
  for (const result of results) {
    if (result.op === 'create') step(result.id, 'created');
    else if (result.op !== 'delete' || result.outcome === 'resolved') step(result.id, 'updated');
    else for (const id of result.deletedIds) step(id, 'deleted');
  }
  return netOf(state);
}

/** The lists of `state`'s net changes, each in order of first touch. */
function netOf(state: ReadonlyMap<string, NetItemChange>): ItemChanges {
  const created: string[] = [];
  const updated: string[] = [];
  const deleted: string[] = [];
  for (const [id, change] of state) {
    if (change === 'created') created.push(id);
    else if (change === 'updated') updated.push(id);
    else if (change === 'deleted') deleted.push(id);
  }
  return { created, updated, deleted };
}
