import type * as Y from 'yjs';
import { findItemEntry } from './boardSchema.js';
import type { PlannedOperation } from './batchValidation.js';
import { carriedBySection, carryingMoves, isLockedEntry, lockRefuses, sectionMoveOf } from './itemLock.js';
import type { MovedSection } from './itemLock.js';
import type { ItemRecord } from './itemRecord.js';

/**
 * The index of the first `move` of `planned` (a valid batch, one entry per operation) that a
 * locked item refuses, or undefined when every locked item the batch moves is carried by a
 * section: a section the same batch moves (and does not resize or delete), whose box held the
 * item's centre, by the same offset as the item's (`carriedBySection`, as live edits). The
 * positions compared are those the whole batch leaves. Reads nothing when no move names a locked
 * item; resizes and deletes of locked items are refused by the caller.
 */
export function lockedMoveRefused(doc: Y.Doc, planned: readonly PlannedOperation[]): number | undefined {
  const lockedMoves: { index: number; id: string; entry: Y.Map<unknown> }[] = [];
  planned.forEach((operation, index) => {
    if (operation.op !== 'move') return;
    const entry = findItemEntry(doc, operation.id);
    if (entry !== undefined && isLockedEntry(entry)) lockedMoves.push({ index, id: operation.id, entry });
  });
  if (lockedMoves.length === 0) return undefined;
  const after = finalGeometry(planned);
  const recordAfter = (id: string, before: ItemRecord): ItemRecord | undefined => {
    const geometry = after.get(id);
    return geometry === 'deleted' ? undefined : { ...before, ...geometry };
  };
  const moved: MovedSection[] = [];
  for (const id of after.keys()) {
    const entry = findItemEntry(doc, id);
    if (entry === undefined || entry.get('type') !== 'section') continue;
    const before = entry.toJSON() as ItemRecord;
    const section = recordAfter(id, before);
    const move = sectionMoveOf(before, section);
    if (move !== undefined && section !== undefined) moved.push({ before, after: section, move });
  }
  const carriers = carryingMoves(moved);
  for (const { index, id, entry } of lockedMoves) {
    const before = entry.toJSON() as ItemRecord;
    const item = recordAfter(id, before);
    if (item === undefined || (lockRefuses(before, item) && !carriedBySection(before, item, carriers))) return index;
  }
  return undefined;
}

/** Where the batch leaves each item it moves, resizes or deletes: the fields it sets, or `deleted`. */
function finalGeometry(planned: readonly PlannedOperation[]): Map<string, Record<string, number> | 'deleted'> {
  const geometry = new Map<string, Record<string, number> | 'deleted'>();
  const set = (id: string, fields: Record<string, number>): void => {
    const known = geometry.get(id);
    if (known !== 'deleted') geometry.set(id, { ...known, ...fields });
  };
  for (const operation of planned) {
    if (operation.op === 'move') set(operation.id, operation.position);
    else if (operation.op === 'resize') set(operation.id, { ...operation.size, ...operation.position });
    else if (operation.op === 'delete' && operation.outcome === 'deleted') for (const id of operation.deletedIds) geometry.set(id, 'deleted');
  }
  return geometry;
}
