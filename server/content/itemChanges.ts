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

/**
 * Folds a sequence of per-item changes into their net effect: created then changed is created,
 * created then deleted is nothing, changed then deleted is deleted. Order of first touch is kept.
 */
export function foldItemChanges(steps: Iterable<ItemChangeStep>): ItemChanges {
  const state = new Map<string, 'created' | 'updated' | 'deleted' | 'none'>();
  for (const { id, change } of steps) {
    const before = state.get(id);
    if (before === undefined) state.set(id, change);
    else if (before === 'created') state.set(id, change === 'deleted' ? 'none' : 'created');
    else if (before === 'deleted') state.set(id, change === 'created' ? 'updated' : 'deleted');
    else if (before === 'none') state.set(id, change === 'created' ? 'created' : change);
    else state.set(id, change === 'deleted' ? 'deleted' : 'updated');
  }
  const pick = (kind: string): string[] => [...state].filter(([, value]) => value === kind).map(([id]) => id);
  return { created: pick('created'), updated: pick('updated'), deleted: pick('deleted') };
}

/** The net item changes of a batch's results (a delete resolving a comment counts as an update). */
export function netItemChanges(results: readonly BatchOperationResult[]): ItemChanges {
  return foldItemChanges(
    results.flatMap((result): ItemChangeStep[] => {
      if (result.op === 'create') return [{ id: result.id, change: 'created' }];
      if (result.op !== 'delete' || result.outcome === 'resolved') return [{ id: result.id, change: 'updated' }];
      return result.deletedIds.map((id) => ({ id, change: 'deleted' }));
    }),
  );
}
