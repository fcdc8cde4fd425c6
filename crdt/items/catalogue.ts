import { z } from 'zod';
import { CrdtError, ItemValidationError, joinFieldPath } from '../errors.js';
import type { ValidationIssue } from '../errors.js';
import { normalizeRotation, positionSchema, rotationSchema, sizeSchema } from './geometry.js';
import type { Point, Size } from './geometry.js';
import { contentOf, joinLines, stringField } from './ItemTypeDefinition.js';
import type { CreateItemBody, ItemTypeDefinition } from './ItemTypeDefinition.js';
import { checkWith } from './validation.js';
import type { Checked } from './validation.js';
import { docType, codeType, tableType } from './types/contentItems.js';
import { documentType, embedType, imageType } from './types/mediaItems.js';
import { commentType, connectorType, freehandType, sectionType } from './types/structureItems.js';
import { cardType, shapeType, stampType, stickyNoteType, textType } from './types/textItems.js';

const definitions: readonly ItemTypeDefinition[] = [
  stickyNoteType,
  textType,
  shapeType,
  cardType,
  stampType,
  sectionType,
  connectorType,
  commentType,
  freehandType,
  imageType,
  documentType,
  embedType,
  docType,
  tableType,
  codeType,
];
const byType = new Map(definitions.map((definition) => [definition.type, definition]));

/** The public description of an item type, as `GET /item-types/{type}` serves it. */
export interface ItemTypeInfo {
  readonly type: string;
  readonly title: string;
  readonly description: string;
  /** JSON Schema (2020-12) of `data` on create, generated from the same zod schema that validates it. */
  readonly dataSchema: Record<string, unknown>;
  readonly example: CreateItemBody;
  readonly convertsTo: readonly string[];
  readonly defaultSize: Size;
  readonly minSize: Size;
  readonly maxSize: Size;
  /** Data fields holding co-editable text (also indexed for search). */
  readonly textFields: readonly string[];
  /** Data fields holding the item's content, the only ones a conversion carries over; the rest is style. */
  readonly contentFields: readonly string[];
}

const infoCache = new Map<string, ItemTypeInfo>();

function toInfo(definition: ItemTypeDefinition): ItemTypeInfo {
  const cached = infoCache.get(definition.type);
  if (cached !== undefined) return cached;
  const info: ItemTypeInfo = {
    type: definition.type,
    title: definition.title,
    description: definition.description,
    dataSchema: z.toJSONSchema(definition.schema, { io: 'input' }) as Record<string, unknown>,
    example: definition.example,
    convertsTo: definition.convertsTo,
    defaultSize: definition.defaultSize,
    minSize: definition.minSize,
    maxSize: definition.maxSize,
    textFields: definition.textFields,
    contentFields: definition.contentFields,
  };
  infoCache.set(definition.type, info);
  return info;
}

/** Every item type, in catalogue order. */
export function listItemTypes(): ItemTypeInfo[] {
  return definitions.map(toInfo);
}

/** One item type; throws CrdtError `unknown_item_type`. */
export function getItemType(type: string): ItemTypeInfo {
  const definition = byType.get(type);
  if (definition === undefined) throw new CrdtError('unknown_item_type', `Unknown item type '${type}'.`);
  return toInfo(definition);
}

/** The internal catalogue entry of `type`, or undefined. */
export function findItemTypeDefinition(type: string): ItemTypeDefinition | undefined {
  return byType.get(type);
}

/**
 * What an item of `type` says, without its style: `data` cut down to the type's content fields,
 * and its text fields joined by newlines. This is all a conversion may carry into a new item;
 * throws CrdtError `unknown_item_type`.
 */
export function contentOfItem(type: string, data: Readonly<Record<string, unknown>>): { data: Record<string, unknown>; text: string } {
  const definition = byType.get(type);
  if (definition === undefined) throw new CrdtError('unknown_item_type', `Unknown item type '${type}'.`);
  return { data: contentOf(definition, data), text: joinLines(definition.textFields.map((field) => stringField(data, field))) };
}

/** The zod schema of a create body's envelope; `data` is checked against the type's own schema. */
export const createItemBodySchema = z.strictObject({
  type: z.string().min(1).max(64),
  position: positionSchema,
  size: sizeSchema.optional(),
  rotation: rotationSchema.optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  locked: z.boolean().optional().describe('`true` creates the item locked (editor and above; see PATCH for what a lock refuses); default `false`.'),
});

/** A create body that passed validation: defaults applied, rotation normalized. */
export interface ValidatedCreateItem {
  readonly type: string;
  readonly position: Point;
  readonly size: Size;
  readonly rotation: number;
  readonly data: Record<string, unknown>;
  /** Created locked (`locked: true` in the body). */
  readonly locked: boolean;
}

/** Issues when `size` breaks the type's min/max rules, naming `<prefix>.size.width|height`. */
export function sizeIssues(definition: ItemTypeDefinition, size: Size, prefix: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const axis of ['width', 'height'] as const) {
    const min = definition.minSize[axis];
    const max = definition.maxSize[axis];
    if (size[axis] < min || size[axis] > max) {
      issues.push({
        field: joinFieldPath(prefix, `size.${axis}`),
        message: `A ${definition.type} must be ${min} to ${max} units ${axis === 'width' ? 'wide' : 'high'}.`,
      });
    }
  }
  return issues;
}

/** Checks a create body without throwing; fields are named under `prefix` (e.g. `operations[3]`). */
export function checkCreateItem(body: unknown, prefix = ''): Checked<ValidatedCreateItem> {
  const envelope = checkWith(createItemBodySchema, body, prefix);
  const rawType = typeof body === 'object' && body !== null ? (body as { type?: unknown }).type : undefined;
  const definition = typeof rawType === 'string' ? byType.get(rawType) : undefined;
  const issues: ValidationIssue[] = envelope.ok ? [] : [...envelope.issues];
  if (typeof rawType === 'string' && definition === undefined && !issues.some((i) => i.field.endsWith('type'))) {
    issues.push({
      field: joinFieldPath(prefix, 'type'),
      message: `Unknown item type '${rawType}'; see GET /item-types.`,
    });
  }
  if (definition === undefined) return { ok: false, issues };
  const rawData = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const data = checkWith(definition.schema, rawData ?? {}, joinFieldPath(prefix, 'data'));
  if (!data.ok) issues.push(...data.issues.filter((issue) => !issues.some((i) => i.field === issue.field)));
  if (!envelope.ok || !data.ok) return { ok: false, issues };
  const size = envelope.value.size ?? definition.defaultSize;
  issues.push(...sizeIssues(definition, size, prefix));
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      type: definition.type,
      position: envelope.value.position,
      size,
      rotation: normalizeRotation(envelope.value.rotation ?? 0),
      data: data.value,
      locked: envelope.value.locked === true,
    },
  };
}

/** Runs the validation a create would (also `POST /item-types/{type}:validate`); throws ItemValidationError. */
export function validateCreateItem(body: unknown): ValidatedCreateItem {
  const checked = checkCreateItem(body);
  if (!checked.ok) throw new ItemValidationError(checked.issues);
  return checked.value;
}

/**
 * Checks that items of type `from` can be converted to `to`; throws CrdtError `unknown_item_type`
 * or `conversion_not_supported`, naming `field` (the input that holds `to`; default `targetType`).
 */
export function assertConvertible(from: string, to: string, field = 'targetType'): void {
  const source = getItemType(from);
  getItemType(to);
  if (!source.convertsTo.includes(to)) {
    throw new CrdtError(
      'conversion_not_supported',
      `A ${from} cannot be converted to a ${to}; it converts to: ${source.convertsTo.join(', ') || 'nothing'}.`,
      { field },
    );
  }
}
