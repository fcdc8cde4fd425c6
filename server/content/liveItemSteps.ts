import type * as Y from 'yjs';
import type { ItemChangeStep } from './itemChanges.js';

/**
 * The item changes a transaction made, from the deep events of the board's `items` map: an item
 * added, deleted or set again at the top level, and an item whose fields or text changed below it
 * (`updated`).
 */
export function itemStepsOf(events: readonly Y.YEvent<Y.AbstractType<unknown>>[], items: Y.Map<unknown>): ItemChangeStep[] {
  const steps: ItemChangeStep[] = [];
  for (const event of events) {
    if (event.target === items) {
      for (const [id, change] of event.changes.keys) {
        steps.push({ id, change: change.action === 'add' ? 'created' : change.action === 'delete' ? 'deleted' : 'updated' });
      }
    } else {
      const id = event.path[0];
      if (typeof id === 'string') steps.push({ id, change: 'updated' });
    }
  }
  return steps;
}
