import type * as Y from 'yjs';
import { ItemValidationError, boardIndex, boundsOf, getItemType, validateBatch } from '../../crdt/index.js';
import type { BatchPlan } from '../../crdt/index.js';
import { ServiceError } from '../errors.js';
import type { OutputType, PlanOutput } from './aiTasks.js';
import { findFreeSpot } from './placement.js';
import { plannableTypes } from './prompts.js';

/** A create operation of `items:batch`, as plan answers it and generate applies it. */
export interface PlannedCreate {
  op: 'create';
  ref: string;
  type: string;
  position: { x: number; y: number };
  size: { width: number; height: number };
  data: Record<string, unknown>;
}

function invalid(message: string, issues?: { field: string; message: string }[]): ServiceError {
  return new ServiceError('ai_output_invalid', message, issues ? { details: { issues: issues.slice(0, 20) } } : undefined);
}

/**
 * Turns a provider's plan into create operations placed in free space near `near` (the group
 * keeps its own layout and moves as one), then validates them all against the board with the
 * item catalogue, exactly as `items:batch` would. Any item of a type the output type does not
 * use, a duplicate ref, or an item the catalogue rejects refuses the whole plan with 502
 * `ai_output_invalid`; nothing is written here.
 */
export function placePlan(doc: Y.Doc, plan: PlanOutput, outputType: OutputType, near: { x: number; y: number }): { operations: PlannedCreate[]; batch: BatchPlan } {
  const allowed = new Set(plannableTypes[outputType]);
  const refs = new Set<string>();
  const sized = plan.items.map((item, index) => {
    if (!allowed.has(item.type)) throw invalid(`The plan uses a ${item.type} item; a ${outputType} plan may use ${[...allowed].join(', ')}.`, [{ field: `items[${index}].type`, message: 'is not allowed for this output type' }]);
    if (refs.has(item.ref)) throw invalid(`The plan names ref '${item.ref}' twice.`, [{ field: `items[${index}].ref`, message: 'is used by an earlier item' }]);
    refs.add(item.ref);
    const defaults = getItemType(item.type).defaultSize;
    return { item, width: item.width ?? defaults.width, height: item.height ?? defaults.height };
  });
  const group = boundsOf(sized.filter((s) => s.item.type !== 'connector').map((s) => ({ x: s.item.x, y: s.item.y, width: s.width, height: s.height })));
  const spot = findFreeSpot(boardIndex(doc).occupancy(), { width: Math.max(1, group.width), height: Math.max(1, group.height) }, near);
  const dx = spot.x - group.x;
  const dy = spot.y - group.y;
  const operations: PlannedCreate[] = sized.map(({ item, width, height }) => ({
    op: 'create',
    ref: item.ref,
    type: item.type,
    position: { x: Math.round((item.x + dx) * 100) / 100, y: Math.round((item.y + dy) * 100) / 100 },
    size: { width, height },
    data: item.data,
  }));
  try {
    return { operations, batch: validateBatch(doc, operations) };
  } catch (error) {
    if (error instanceof ItemValidationError) {
      throw invalid(`The plan's items do not validate (${error.issues[0]?.field ?? 'items'}: ${error.issues[0]?.message ?? 'invalid'}); nothing was written.`, [...error.issues]);
    }
    throw error;
  }
}
