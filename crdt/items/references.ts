import { joinFieldPath } from '../errors.js';
import type { ValidationIssue } from '../errors.js';
import type { StoredItem } from './boardSchema.js';
import { findItemTypeDefinition } from './catalogue.js';
import type { ItemTypeDefinition } from './ItemTypeDefinition.js';

/** Type name of connector items. */
export const connectorTypeName = 'connector';

/**
 * Issues for reference fields (a connector's `from`/`to`) that name no item, or a connector:
 * a connector joins two items that exist on the same board, never another connector.
 * `typeOf` answers an id's item type, or undefined when there is no such item.
 */
export function referenceIssues(
  definition: ItemTypeDefinition,
  data: Readonly<Record<string, unknown>>,
  prefix: string,
  typeOf: (id: string) => string | undefined,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const field of definition.referenceFields) {
    const id = data[field];
    if (typeof id !== 'string') continue;
    const type = typeOf(id);
    const path = joinFieldPath(prefix, `data.${field}`);
    if (type === undefined) issues.push({ field: path, message: `No item ${id} on this board.` });
    else if (type === connectorTypeName) issues.push({ field: path, message: 'A connector cannot end at another connector.' });
  }
  return issues;
}

/** The ids that item `item` references through its type's reference fields. */
export function referencedIds(item: Pick<StoredItem, 'type' | 'data'>): string[] {
  const definition = findItemTypeDefinition(item.type);
  const fields = definition?.referenceFields ?? [];
  return fields.map((field) => item.data[field]).filter((value): value is string => typeof value === 'string');
}

/**
 * `ids` plus every item that references one of them, transitively (connectors whose end is
 * deleted are deleted with it: a dangling connector has nothing to draw), following
 * `referencesTo` (the ids of the items naming an id). Sorted for stable output.
 */
export function cascadeDeletion(ids: Iterable<string>, referencesTo: (id: string) => Iterable<string>): string[] {
  const doomed = new Set(ids);
  const queue = [...doomed];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const source of referencesTo(next)) {
      if (doomed.has(source)) continue;
      doomed.add(source);
      queue.push(source);
    }
  }
  return [...doomed].sort();
}
