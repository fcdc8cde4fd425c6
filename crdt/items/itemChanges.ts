import * as Y from 'yjs';
import { sectionTypeName } from './boardSchema.js';
import { findItemTypeDefinition } from './catalogue.js';

/** A shared type a transaction changed, as Yjs types the keys of `Transaction.changed`. */
export type ChangedType = Y.Transaction['changed'] extends Map<infer K, unknown> ? K : never;

/** Keys of an item entry the board index reads (outside sections, which it reads whole). */
const indexedEntryKeys: ReadonlySet<string> = new Set(['type', 'z', 'data']);

/** Keys of an item entry that hold what the item says (the rest is layout and metadata). */
const contentEntryKeys: ReadonlySet<string> = new Set(['type', 'data']);

/** The id of the item entry of `items` that holds `type`, however deep; undefined when `type` is not inside `items`. */
export function itemIdOf(type: ChangedType, items: Y.Map<unknown>): string | undefined {
  const itemsType: unknown = items;
  let current: ChangedType = type;
  for (;;) {
    const item = current._item;
    if (item === null) return undefined;
    const parent = item.parent;
    if (parent === itemsType) return item.parentSub ?? undefined;
    if (!(parent instanceof Y.AbstractType)) return undefined;
    current = parent;
  }
}

/** True when a change to `type` (inside an item of `items`) may change the item's type or data: anything below the entry itself does. */
export function changesContent(type: ChangedType, keys: ReadonlySet<string | null>, items: Y.Map<unknown>): boolean {
  if (type._item?.parent !== items) return true;
  for (const key of keys) if (key === null || contentEntryKeys.has(key)) return true;
  return false;
}

/**
 * False when a change to `type` (inside an item of `items` the index holds as `indexedType`;
 * undefined when it holds none) cannot change what the index holds of the item: a layout or
 * metadata key of an indexed item that is not a section (a move or resize), or data of a type
 * without reference fields. Keeps a batch of moves from re-reading each moved item at every
 * fold of its transaction.
 */
export function changeAffectsIndex(indexedType: string | undefined, type: ChangedType, keys: ReadonlySet<string | null>, items: Y.Map<unknown>): boolean {
  if (indexedType === undefined || indexedType === sectionTypeName) return true;
  if (type._item?.parent === items) {
    for (const key of keys) if (key === null || indexedEntryKeys.has(key)) return true;
    return false;
  }
  return (findItemTypeDefinition(indexedType)?.referenceFields.length ?? 0) > 0;
}
