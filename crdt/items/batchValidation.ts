import type * as Y from 'yjs';
import { z } from 'zod';
import { newId } from '../../storage/index.js';
import { ItemLockedError, ItemValidationError } from '../errors.js';
import type { ValidationIssue } from '../errors.js';
import { findItemEntry } from './boardSchema.js';
import { boardIndex } from './BoardIndex.js';
import type { BoardIndex } from './BoardIndex.js';
import { connectorGeometryIssues } from './connectorGeometry.js';
import type { NewItem } from './boardSchema.js';
import { checkCreateItem, findItemTypeDefinition, sizeIssues } from './catalogue.js';
import { positionSchema, sizeSchema } from './geometry.js';
import { assertRoomFor, commentTypeName } from './itemOperations.js';
import { isLockedEntry } from './itemLock.js';
import { lockedMoveRefused } from './batchCarry.js';
import { plainMove } from './plainMove.js';
import { itemIdSchema } from './ItemTypeDefinition.js';
import { cascadeDeletion, referencedIds, referenceIssues } from './references.js';
import { checkWith } from './validation.js';

/** Most operations in one batch (SPEC, Limits). */
export const maxBatchOperations = 100;

/** The operation kinds a batch accepts. */
export const batchOperationKinds = ['create', 'move', 'resize', 'delete'] as const;
/** A batch operation kind. */
export type BatchOperationKind = (typeof batchOperationKinds)[number];

const refSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a ref of 1 to 64 letters, digits, _ or -.');
/** A batch's move operation (see `plainMove`, which reads the well-formed ones without it). */
export const moveSchema = z.strictObject({ op: z.literal('move'), id: itemIdSchema, position: positionSchema });
const resizeSchema = z.strictObject({
  op: z.literal('resize'),
  id: itemIdSchema,
  size: sizeSchema,
  position: positionSchema.optional(),
});
const deleteSchema = z.strictObject({ op: z.literal('delete'), id: itemIdSchema });
const editSchema = z.discriminatedUnion('op', [moveSchema, resizeSchema, deleteSchema]);

/** One validated operation, ids resolved (refs replaced by the ids the new items will get). */
export type PlannedOperation =
  | { readonly op: 'create'; readonly ref: string | undefined; readonly id: string; readonly item: NewItem }
  | { readonly op: 'move'; readonly id: string; readonly position: { x: number; y: number } }
  | {
      readonly op: 'resize';
      readonly id: string;
      readonly size: { width: number; height: number };
      readonly position: { x: number; y: number } | undefined;
    }
  | {
      readonly op: 'delete';
      readonly id: string;
      readonly outcome: 'deleted' | 'resolved';
      readonly deletedIds: readonly string[];
    };

/** A batch that passed validation against a document; apply it before the document changes. */
export interface BatchPlan {
  readonly operations: readonly PlannedOperation[];
}

interface SimulatedItem {
  readonly id: string;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * Validates a whole batch against `doc` without writing: the schema of every operation, the
 * references between them and to the board, and what deletes cascade to. A create may carry a
 * `ref`; later move/resize/delete operations may name that ref as `id`, and a connector's
 * `from`/`to` may name a ref created anywhere in the batch. Throws ItemValidationError naming
 * `operations` or `operations[i].<field>`, ItemLockedError for the first operation that would
 * move, resize or delete a locked item (a move by which a section of the same batch carries it,
 * `lockedMoveRefused`, is not one), or CrdtError `document_too_large`. `maxOperations` is a
 * batch's cap (SPEC, Limits) unless the caller applies a list of its own in one transaction (an import).
 * `createIds[i]`, when given, is the id the create at index i makes (an import chooses its ids
 * when it is accepted); otherwise each create gets a new id. `checkedBodies[i]`, when given, is what
 * `checkCreateItem` made of the create at index i in an earlier validation of the same
 * operation (an import checks its items when it is accepted, and applies them later): its body
 * is not checked again, only what depends on the board (references, locks, room) is.
 */
export function validateBatch(
  doc: Y.Doc,
  operations: unknown,
  maxOperations = maxBatchOperations,
  createIds?: readonly string[],
  checkedBodies?: readonly (NewItem | undefined)[],
): BatchPlan {
  if (!Array.isArray(operations)) {
    throw new ItemValidationError([{ field: 'operations', message: 'Expected an array of operations.' }]);
  }
  if (operations.length === 0 || operations.length > maxOperations) {
    throw new ItemValidationError([
      { field: 'operations', message: `Expected 1 to ${maxOperations} operations, got ${operations.length}.` },
    ]);
  }
  const idAt = (index: number): string => createIds?.[index] ?? newId('itm');
  const issues: ValidationIssue[] = [];
  let locked: { id: string; index: number } | undefined;
  const refs = new Map<string, { index: number; id: string; type: string }>();
  const raw: unknown[] = operations;
  raw.forEach((operation, index) => {
    const ref = refOf(operation);
    if (ref === undefined) return;
    const field = `operations[${index}].ref`;
    const checked = checkWith(refSchema, ref, field);
    if (!checked.ok) issues.push(...checked.issues);
    else if (refs.has(checked.value)) {
      issues.push({ field, message: `Ref '${checked.value}' is used by an earlier operation.` });
    } else if (findItemEntry(doc, checked.value) !== undefined) {
      issues.push({ field, message: `Ref '${checked.value}' is the id of an existing item.` });
    } else {
      const type = (operation as { type?: unknown }).type;
      // A non-string type is reported by the create's own schema below; String() could throw.
      refs.set(checked.value, { index, id: idAt(index), type: typeof type === 'string' ? type : '' });
    }
  });

  // The refs by the id each create gets: a connector may name an item a later create makes.
  const refsById = new Map<string, { index: number; type: string }>();
  for (const r of refs.values()) refsById.set(r.id, r);
  const live = new SimulatedBoard(doc);
  const resolve = (value: string): string => refs.get(value)?.id ?? value;
  const planned: PlannedOperation[] = [];
  raw.forEach((operation, index) => {
    const prefix = `operations[${index}]`;
    const kind = kindOf(operation);
    if (kind === undefined) {
      issues.push({ field: `${prefix}.op`, message: `Expected one of ${batchOperationKinds.join(', ')}.` });
      return;
    }
    if (kind === 'create') {
      const ref = (operation as { ref?: unknown }).ref;
      const known = checkedBodies?.[index];
      const body = known === undefined ? checkCreateItem(createBody(operation as Record<string, unknown>), prefix) : { ok: true as const, value: known };
      if (!body.ok) return void issues.push(...body.issues);
      const definition = findItemTypeDefinition(body.value.type);
      if (definition === undefined) return;
      const data = { ...body.value.data };
      for (const field of definition.referenceFields) {
        if (typeof data[field] === 'string') data[field] = resolve(data[field]);
      }
      const forward = (id: string): string | undefined => {
        const later = refsById.get(id);
        return later !== undefined && later.index > index ? later.type : undefined;
      };
      const referenceProblems = referenceIssues(definition, data, prefix, (id) => live.typeOf(id) ?? forward(id));
      if (referenceProblems.length > 0) return void issues.push(...referenceProblems);
      const id = typeof ref === 'string' ? (refs.get(ref)?.id ?? idAt(index)) : idAt(index);
      live.set(id, { id, type: body.value.type, data });
      planned.push({ op: 'create', ref: typeof ref === 'string' ? ref : undefined, id, item: { ...body.value, data } });
      return;
    }
    const move = plainMove(operation);
    const checked = move === undefined ? checkWith(editSchema, operation, prefix) : { ok: true as const, value: move };
    if (!checked.ok) return void issues.push(...checked.issues);
    const named = checked.value.id;
    const laterRef = refs.get(named);
    if (laterRef !== undefined && laterRef.index > index) {
      return void issues.push({ field: `${prefix}.id`, message: `Ref '${named}' is created by a later operation.` });
    }
    const id = resolve(named);
    const targetType = live.typeOf(id);
    if (targetType === undefined) {
      return void issues.push({
        field: `${prefix}.id`,
        message: `No item ${named} on this board (or an earlier operation deleted it).`,
      });
    }
    const op = checked.value;
    // A locked item refuses moves, resizes and deletes; deleting a comment pin resolves it, which a lock leaves open.
    // A move may be its section carrying it, which needs the whole batch (`lockedMoveRefused`, below).
    if (locked === undefined && op.op !== 'move' && live.isLocked(id) && !(op.op === 'delete' && targetType === commentTypeName)) locked = { id, index };
    const fixed = connectorGeometryIssues(targetType, op.op === 'move' ? ['position'] : op.op === 'resize' ? ['size', ...(op.position === undefined ? [] : ['position' as const])] : [], prefix);
    if (fixed.length > 0) return void issues.push(...fixed);
    if (op.op === 'move') planned.push({ op: 'move', id, position: op.position });
    else if (op.op === 'resize') {
      const definition = findItemTypeDefinition(targetType);
      const problems = definition === undefined ? [] : sizeIssues(definition, op.size, prefix);
      if (problems.length > 0) return void issues.push(...problems);
      planned.push({ op: 'resize', id, size: op.size, position: op.position });
    } else if (targetType === commentTypeName) {
      planned.push({ op: 'delete', id, outcome: 'resolved', deletedIds: [] });
    } else {
      const deletedIds = cascadeDeletion([id], (target) => live.referencesTo(target));
      for (const deleted of deletedIds) live.delete(deleted);
      planned.push({ op: 'delete', id, outcome: 'deleted', deletedIds });
    }
    return undefined;
  });
  if (issues.length > 0) throw new ItemValidationError(issues);
  const refusedMove = lockedMoveRefused(doc, planned);
  if (refusedMove !== undefined && (locked === undefined || refusedMove < locked.index)) locked = { id: planned[refusedMove]!.id, index: refusedMove };
  if (locked !== undefined) throw new ItemLockedError(locked.id, { field: `operations[${locked.index}].id` });
  assertRoomFor(doc, planned.filter((op) => op.op === 'create').length);
  return { operations: planned };
}

/**
 * The board as the batch leaves it so far: the document's items plus those the batch created,
 * minus those it deleted. Type lookups read one entry each and a cascading delete follows the
 * board index's references, so no operation reads the whole board.
 */
class SimulatedBoard {
  readonly #doc: Y.Doc;
  readonly #index: BoardIndex;
  readonly #created = new Map<string, SimulatedItem>();
  readonly #deleted = new Set<string>();

  constructor(doc: Y.Doc) {
    this.#doc = doc;
    this.#index = boardIndex(doc);
  }

  /** The item's type (`unknown` when its entry has none), or undefined when it is not on the board (or the batch deleted it). */
  typeOf(id: string): string | undefined {
    if (this.#deleted.has(id)) return undefined;
    const created = this.#created.get(id);
    if (created !== undefined) return created.type;
    // The index holds each entry's type as read when a transaction last touched it: no read of the entry.
    return this.#index.typeOf(id);
  }

  /** Whether `id` is an item of the document (not one the batch made) that is locked. */
  isLocked(id: string): boolean {
    if (this.#created.has(id) || this.#deleted.has(id)) return false;
    const entry = findItemEntry(this.#doc, id);
    return entry !== undefined && isLockedEntry(entry);
  }

  set(id: string, item: SimulatedItem): void {
    this.#deleted.delete(id);
    this.#created.set(id, item);
  }

  delete(id: string): void {
    this.#deleted.add(id);
    this.#created.delete(id);
  }

  /** Ids of the items on the simulated board that name `id` in a reference field. */
  referencesTo(id: string): string[] {
    const sources: string[] = [];
    for (const source of this.#index.referencesTo(id)) {
      if (!this.#deleted.has(source) && !this.#created.has(source)) sources.push(source);
    }
    for (const item of this.#created.values()) if (referencedIds(item).includes(id)) sources.push(item.id);
    return sources;
  }
}

/**
 * A create operation's item body: its fields but `op` and `ref`. Copied key by key: V8 builds a
 * rest spread (`{ op, ref, ...body }`) on a slow path, and an import's chunk makes a thousand.
 */
function createBody(operation: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key in operation) if (Object.hasOwn(operation, key) && key !== 'op' && key !== 'ref') body[key] = operation[key];
  return body;
}

function refOf(operation: unknown): unknown {
  if (typeof operation !== 'object' || operation === null) return undefined;
  const { op, ref } = operation as { op?: unknown; ref?: unknown };
  return op === 'create' ? ref : undefined;
}

function kindOf(operation: unknown): BatchOperationKind | undefined {
  if (typeof operation !== 'object' || operation === null) return undefined;
  const op = (operation as { op?: unknown }).op;
  return batchOperationKinds.find((kind) => kind === op);
}
