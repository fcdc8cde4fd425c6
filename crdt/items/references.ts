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
 * `id` plus every item that references it, transitively (connectors whose end is deleted
 * are deleted with it: a dangling connector has nothing to draw). Sorted for stable output.
 */
export function cascadeDeletion(
  items: Iterable<Pick<StoredItem, 'id' | 'type' | 'data'>>,
  ids: Iterable<string>,
): string[] {
  const all = [...items];
  const doomed = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of all) {
      if (!doomed.has(item.id) && referencedIds(item).some((ref) => doomed.has(ref))) {
        doomed.add(item.id);
        grew = true;
      }
    }
  }
  return [...doomed].sort();
}
