import type * as Y from 'yjs';
import { findItemEntry, insertedItem, insertItem, requireItemEntry, sectionTypeName, toItemView, touchItem } from './boardSchema.js';
import type { Actor, ItemView, StoredItem } from './boardSchema.js';
import { boardIndex } from './BoardIndex.js';
import type { BoardIndex } from './BoardIndex.js';
import { alignConnectorsEndingAt } from './connectorGeometry.js';
import { containerOf, readItemView } from './boardSnapshot.js';
import { validateBatch } from './batchValidation.js';
import type { BatchPlan, PlannedOperation } from './batchValidation.js';
import { findItemTypeDefinition } from './catalogue.js';
import { keysBetween } from './fractionalIndex.js';
import { applyDeletion } from './itemOperations.js';
import { connectorTypeName } from './references.js';

/** The result of one batch operation, in the order given. */
export type BatchOperationResult =
  | { readonly op: 'create'; readonly ref: string | null; readonly id: string; readonly item: ItemView | null }
  | { readonly op: 'move' | 'resize'; readonly id: string; readonly item: ItemView | null }
  | {
      readonly op: 'delete';
      readonly id: string;
      readonly outcome: 'deleted' | 'resolved';
      readonly deletedIds: readonly string[];
      readonly comment: ItemView | null;
    };

/** What a batch did. `item` is null for an item a later operation of the same batch deleted. */
export interface BatchResult {
  readonly results: BatchOperationResult[];
}

/**
 * Applies one operation of a plan (inside its transaction). A create answers the item it wrote
 * (`insertedItem`) when `keep` says its view will be taken from that rather than read back.
 */
function applyOperation(doc: Y.Doc, operation: PlannedOperation, z: string | undefined, actor: Actor, nowMs: number, keep: boolean): StoredItem | undefined {
  switch (operation.op) {
    case 'create': {
      const definition = findItemTypeDefinition(operation.item.type);
      if (definition === undefined || z === undefined) throw new TypeError('Batch plan out of date.');
      insertItem(doc, definition, operation.id, operation.item, z, actor, nowMs);
      return keep ? insertedItem(definition, operation.id, operation.item, z, actor, nowMs) : undefined;
    }
    case 'move': {
      const entry = requireItemEntry(doc, operation.id);
      entry.set('x', operation.position.x);
      entry.set('y', operation.position.y);
      touchItem(entry, actor, nowMs);
      return undefined;
    }
    case 'resize': {
      const entry = requireItemEntry(doc, operation.id);
      entry.set('width', operation.size.width);
      entry.set('height', operation.size.height);
      if (operation.position !== undefined) {
        entry.set('x', operation.position.x);
        entry.set('y', operation.position.y);
      }
      touchItem(entry, actor, nowMs);
      return undefined;
    }
    case 'delete': {
      const present = operation.deletedIds.filter((id) => findItemEntry(doc, id) !== undefined);
      applyDeletion(doc, operation.id, { outcome: operation.outcome, deletedIds: present }, actor, nowMs);
      return undefined;
    }
  }
}

/** Ids of the items `plan`'s moves, resizes and deletes change or remove. */
function idsChangedBy(plan: BatchPlan): Set<string> {
  const ids = new Set<string>();
  for (const operation of plan.operations) {
    if (operation.op === 'create') continue;
    ids.add(operation.id);
    if (operation.op === 'delete') for (const id of operation.deletedIds) ids.add(id);
  }
  return ids;
}

/** Whether applying `plan` may make, move, resize or remove a section (`index` read before it is applied). */
function changesSections(plan: BatchPlan, index: BoardIndex): boolean {
  const isSection = (id: string): boolean => index.typeOf(id) === sectionTypeName;
  return plan.operations.some((operation) => {
    switch (operation.op) {
      case 'create':
        return operation.item.type === sectionTypeName;
      case 'move':
      case 'resize':
        return isSection(operation.id);
      case 'delete':
        return isSection(operation.id) || operation.deletedIds.some(isSection);
    }
  });
}

/**
 * Applies a validated plan as ONE `doc.transact` (one Yjs update, one broadcast) whose
 * origin is `actor`. New items go on top of the z-order in operation order.
 */
export function applyBatchPlan(doc: Y.Doc, plan: BatchPlan, actor: Actor, nowMs: number): BatchResult {
  const creates = plan.operations.filter((operation) => operation.op === 'create').length;
  const index = boardIndex(doc);
  const zKeys = keysBetween(index.topZ(), null, creates);
  // The sections the views are placed in, read before the writes when the batch leaves every
  // section as it is: read after them, inside the caller's transaction, the index would first
  // fold in every item the batch wrote (and again at the transaction's end).
  const sectionsKept = changesSections(plan, index) ? undefined : index.sectionsTopFirst();
  // The items the batch creates that nothing else in it changes (connectors are aligned to their
  // ends): their views are what was written, not read back from the entries.
  const changedLater = idsChangedBy(plan);
  const written = new Map<string, StoredItem>();
  doc.transact(() => {
    let next = 0;
    const moved: string[] = [];
    const connectors: string[] = [];
    for (const operation of plan.operations) {
      const z = operation.op === 'create' ? zKeys[next++] : undefined;
      const keep = operation.op === 'create' && operation.item.type !== connectorTypeName && !changedLater.has(operation.id);
      const item = applyOperation(doc, operation, z, actor, nowMs, keep);
      if (item !== undefined) written.set(item.id, item);
      if (operation.op === 'create') {
        if (operation.item.type === connectorTypeName) connectors.push(operation.id);
      } else if (operation.op === 'move' || operation.op === 'resize') moved.push(operation.id);
    }
    // Once every end is where the batch leaves it: a connector spans its ends' final centres. The
    // checks refused any move or resize of a connector, so only those made here and those ending
    // at a moved item are aligned.
    alignConnectorsEndingAt(doc, moved, connectors);
  }, actor);
  const sections = sectionsKept ?? index.sectionsTopFirst();
  const viewOf = (id: string): ItemView | null => {
    const item = written.get(id);
    return item === undefined ? readItemView(doc, id, sections) : toItemView(item, containerOf(sections, item));
  };
  const results = plan.operations.map((operation): BatchOperationResult => {
    switch (operation.op) {
      case 'create':
        return { op: 'create', ref: operation.ref ?? null, id: operation.id, item: viewOf(operation.id) };
      case 'move':
      case 'resize':
        return { op: operation.op, id: operation.id, item: viewOf(operation.id) };
      case 'delete':
        return {
          op: 'delete',
          id: operation.id,
          outcome: operation.outcome,
          deletedIds: operation.deletedIds,
          comment: operation.outcome === 'resolved' ? viewOf(operation.id) : null,
        };
    }
  });
  return { results };
}

/**
 * Validates `operations` completely (see `validateBatch`), then applies them as one
 * transaction. Nothing is written when any operation is invalid. Throws ItemValidationError
 * or CrdtError `document_too_large`.
 */
export function applyBatch(doc: Y.Doc, operations: unknown, actor: Actor, nowMs: number): BatchResult {
  return applyBatchPlan(doc, validateBatch(doc, operations), actor, nowMs);
}

