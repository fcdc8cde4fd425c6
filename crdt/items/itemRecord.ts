import * as Y from 'yjs';
import { z } from 'zod';
import type { ValidationIssue } from '../errors.js';
import { sizeIssues } from './catalogue.js';
import { findItemTypeDefinition } from './catalogue.js';
import { geometryLimits } from './geometry.js';
import type { ItemTypeDefinition } from './ItemTypeDefinition.js';
import { referenceIssues } from './references.js';
import { createDataMap, replaceDataFields } from './boardSchema.js';
import { checkWith } from './validation.js';

/**
 * An item entry of the board document as plain JSON (`Y.Map.toJSON()`: Y.Text as strings,
 * Y.Array as arrays): what a client may have written, before it is checked.
 */
export type ItemRecord = Readonly<Record<string, unknown>>;

/** Longest `z` a stored item may hold, in characters (REST writes a few; a client needs no more). */
export const maxStoredZLength = 128;

const coordinate = z.number().min(-geometryLimits.maxCoordinate).max(geometryLimits.maxCoordinate);
const extent = z.number().min(geometryLimits.minSize).max(geometryLimits.maxSize);

/** The fields of a stored item entry besides `data`, as REST writes them (`insertItem`). */
const storedEnvelopeSchema = z.strictObject({
  type: z.string().min(1).max(64),
  x: coordinate,
  y: coordinate,
  width: extent,
  height: extent,
  rotation: z.number().min(0).lt(360),
  z: z.string().min(1).max(maxStoredZLength),
  data: z.record(z.string(), z.unknown()),
  createdBy: z.string().min(1).max(200),
  createdAt: z.number().int().nonnegative(),
  updatedBy: z.string().min(1).max(200),
  updatedAt: z.number().int().nonnegative(),
  locked: z.boolean().optional(),
});

/** Entries of a server-managed list field (a comment's replies), as `PATCH {reply}` writes them. */
const listEntrySchema = z.strictObject({
  id: z.string().min(1).max(100),
  text: z.string().min(1).max(5000),
  authorId: z.string().min(1).max(200),
  createdAt: z.string().max(64),
  editedAt: z.string().max(64).optional(),
});
const listFieldSchema = z.array(listEntrySchema).max(1000);

/** What the catalogue says of an item's `data` under its type (`dataVerdict`): the issues, and the parsed fields when the type's schema took them. */
export interface DataVerdict {
  readonly definition: ItemTypeDefinition;
  readonly issues: readonly ValidationIssue[];
  /** The fields as the type's schema parsed them (what references are read from); undefined when it refused them. */
  readonly value: Record<string, unknown> | undefined;
}

/**
 * Checks an item's `data` (as JSON) by its type's definition: list fields (a comment's replies)
 * by their own schema, the rest by the type's zod schema. Depends on nothing but `definition` and
 * `data`, so a caller that knows `data` has not changed may keep the answer.
 */
export function dataVerdict(definition: ItemTypeDefinition, data: Readonly<Record<string, unknown>>): DataVerdict {
  const issues: ValidationIssue[] = [];
  const writable: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!definition.listFields.includes(key)) writable[key] = value;
    else {
      const list = checkWith(listFieldSchema, value, `data.${key}`);
      if (!list.ok) issues.push(...list.issues);
    }
  }
  const checked = checkWith(definition.schema, writable, 'data');
  if (!checked.ok) return { definition, issues: [...issues, ...checked.issues], value: undefined };
  return { definition, issues, value: checked.value as Record<string, unknown> };
}

/**
 * Everything the item catalogue refuses in a stored item: the same rules as a REST create (known
 * type, geometry within the type's bounds, `data` by the type's own zod schema, references to
 * items that exist and are not connectors) plus the fields the server writes itself. Empty when
 * the item is valid. `typeOf` answers another item's type, or undefined when it does not exist.
 * `verdictOf` checks `data` (`dataVerdict` unless given: a caller may answer from what it kept).
 */
export function itemRecordIssues(
  record: ItemRecord,
  typeOf: (id: string) => string | undefined,
  verdictOf: (definition: ItemTypeDefinition, data: Readonly<Record<string, unknown>>) => DataVerdict = dataVerdict,
): ValidationIssue[] {
  // Live edits check every item they touch: the common, valid case skips building zod's answer.
  const envelope = envelopeLooksValid(record) ? { ok: true as const, value: record as z.infer<typeof storedEnvelopeSchema> } : checkWith(storedEnvelopeSchema, record, '');
  const issues: ValidationIssue[] = envelope.ok ? [] : [...envelope.issues];
  const type = record['type'];
  const definition = typeof type === 'string' ? findItemTypeDefinition(type) : undefined;
  if (definition === undefined) {
    if (!issues.some((issue) => issue.field === 'type')) issues.push({ field: 'type', message: `Unknown item type '${String(type)}'.` });
    return issues;
  }
  if (!envelope.ok) return issues;
  const { data, width, height } = envelope.value;
  issues.push(...sizeIssues(definition, { width, height }, ''));
  const verdict = verdictOf(definition, data);
  issues.push(...verdict.issues);
  if (verdict.value === undefined) return issues;
  issues.push(...referenceIssues(definition, verdict.value, '', typeOf));
  return issues;
}

const envelopeKeys = new Set(Object.keys(storedEnvelopeSchema.shape));
/** The envelope fields every stored item has (`locked` is written only on locked items). */
const requiredEnvelopeKeys = envelopeKeys.size - 1;

/** The rules of `storedEnvelopeSchema` as plain checks: true when it would accept `record` (false may still be accepted). */
function envelopeLooksValid(record: ItemRecord): boolean {
  let keys = 0;
  for (const key in record) {
    if (!envelopeKeys.has(key)) return false;
    if (key !== 'locked') keys += 1;
  }
  if (keys !== requiredEnvelopeKeys) return false;
  const { type, x, y, width, height, rotation, z: zKey, data, createdBy, createdAt, updatedBy, updatedAt, locked } = record;
  const within = (value: unknown, min: number, max: number): boolean => typeof value === 'number' && value >= min && value <= max;
  const name = (value: unknown): boolean => typeof value === 'string' && value.length >= 1 && value.length <= 200;
  const time = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
  return (
    typeof type === 'string' && type.length >= 1 && type.length <= 64 &&
    within(x, -geometryLimits.maxCoordinate, geometryLimits.maxCoordinate) &&
    within(y, -geometryLimits.maxCoordinate, geometryLimits.maxCoordinate) &&
    within(width, geometryLimits.minSize, geometryLimits.maxSize) &&
    within(height, geometryLimits.minSize, geometryLimits.maxSize) &&
    within(rotation, 0, 360) && rotation !== 360 &&
    typeof zKey === 'string' && zKey.length >= 1 && zKey.length <= maxStoredZLength &&
    typeof data === 'object' && data !== null && !Array.isArray(data) &&
    name(createdBy) && name(updatedBy) && time(createdAt) && time(updatedAt) &&
    (locked === undefined || typeof locked === 'boolean')
  );
}

/**
 * Makes the live entry `entry` hold `record` again (a valid earlier state of the same item):
 * fields it lacks are removed, differing ones written back, text edited in place (`setText`, so
 * concurrent edits elsewhere in it survive). Call inside a transaction.
 */
export function restoreItemRecord(entry: Y.Map<unknown>, record: ItemRecord): void {
  const definition = findItemTypeDefinition(String(record['type']));
  if (definition === undefined) throw new TypeError(`restoreItemRecord() needs a record of a known type, not ${String(record['type'])}.`);
  for (const key of [...entry.keys()]) if (!(key in record)) entry.delete(key);
  for (const [key, value] of Object.entries(record)) {
    if (key === 'data') continue;
    if (entry.get(key) !== value) entry.set(key, value);
  }
  const data = (record['data'] ?? {}) as Record<string, unknown>;
  const current = entry.get('data');
  if (!(current instanceof Y.Map)) {
    entry.set('data', createDataMap(definition, data));
    return;
  }
  replaceDataFields(definition, current, data);
  for (const key of definition.listFields) {
    const list = current.get(key);
    const before = Array.isArray(data[key]) ? (data[key] as unknown[]) : [];
    if (list instanceof Y.Array && JSON.stringify(list.toJSON()) === JSON.stringify(before)) continue;
    const fresh = new Y.Array<unknown>();
    fresh.push(before);
    current.set(key, fresh);
  }
}
