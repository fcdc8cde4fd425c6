import { z } from 'zod';
import { geometryLimits } from './geometry.js';
import type { Point, Size } from './geometry.js';

/** A create-item request body: `{type, position, size?, rotation?, data}`. */
export interface CreateItemBody {
  readonly type: string;
  readonly position: Point;
  readonly size?: Size;
  readonly rotation?: number;
  readonly data: Readonly<Record<string, unknown>>;
}

/** Decoded item data: Y.Text as string, Y.Array/Y.Map as JSON. */
export type ItemData = Readonly<Record<string, unknown>>;

/** One entry of the item-type catalogue: its data schema, geometry rules and text. */
export interface ItemTypeDefinition {
  readonly type: string;
  readonly title: string;
  readonly description: string;
  /** Strict zod schema of the data a client may write (create and `data` replace). */
  readonly schema: z.ZodType<Record<string, unknown>>;
  /** A complete create body accepted as-is. */
  readonly example: CreateItemBody;
  readonly convertsTo: readonly string[];
  readonly defaultSize: Size;
  readonly minSize: Size;
  readonly maxSize: Size;
  /** Long string fields stored as Y.Text so browsers can co-edit them; all are searchable text. */
  readonly textFields: readonly string[];
  /**
   * Data fields that hold what the item says (text, titles, descriptions, list entries, urls):
   * what a conversion carries into the new item. Every other field is style (colours, alignment,
   * shape kinds, font sizes, arrow heads) and never moves. Includes every text field.
   */
  readonly contentFields: readonly string[];
  /** Server-managed fields stored as Y.Array (append-only from concurrent writers), e.g. comment replies. */
  readonly listFields: readonly string[];
  /** Data fields holding ids of other items on the same board, which must exist. */
  readonly referenceFields: readonly string[];
  /** The item's whole content as text, lines separated by `\n` (for outline, search, `/text`). */
  text(data: ItemData): string;
}

/** What a type file declares; geometry and text rules fall back to board-wide defaults. */
export type ItemTypeSpec = Omit<
  ItemTypeDefinition,
  'minSize' | 'maxSize' | 'listFields' | 'referenceFields' | 'text'
> &
  Partial<Pick<ItemTypeDefinition, 'minSize' | 'maxSize' | 'listFields' | 'referenceFields' | 'text'>>;

/** A catalogue entry from `spec`, with defaults: any size within board limits, text = the text fields. */
export function defineItemType(spec: ItemTypeSpec): ItemTypeDefinition {
  const textFields = spec.textFields;
  return {
    ...spec,
    minSize: spec.minSize ?? { width: geometryLimits.minSize, height: geometryLimits.minSize },
    maxSize: spec.maxSize ?? { width: geometryLimits.maxSize, height: geometryLimits.maxSize },
    listFields: spec.listFields ?? [],
    referenceFields: spec.referenceFields ?? [],
    text: spec.text ?? ((data) => joinLines(textFields.map((field) => stringField(data, field)))),
  };
}

/** Only the content fields of `data` (see `contentFields`), in the order the type declares them. */
export function contentOf(definition: Pick<ItemTypeDefinition, 'contentFields'>, data: ItemData): Record<string, unknown> {
  return Object.fromEntries(definition.contentFields.filter((field) => data[field] !== undefined).map((field) => [field, data[field]]));
}

/** `data[field]` when it is a string, else ''. */
export function stringField(data: ItemData, field: string): string {
  const value = data[field];
  return typeof value === 'string' ? value : '';
}

/** Non-empty parts joined by newlines. */
export function joinLines(parts: readonly string[]): string {
  return parts.filter((part) => part.length > 0).join('\n');
}

/** `#rrggbb`. */
export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour as #rrggbb.');
/** An https URL of at most 2048 characters. */
export const httpsUrlSchema = z.url({ protocol: /^https$/, message: 'Expected an https URL.' }).max(2048);
/** An id of an item (or, in a batch, the `ref` of an item created by the same batch). */
export const itemIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Expected an item id.');
/** An id of an uploaded asset. */
export const assetIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Expected an asset id.');
/** A short single-line label or title. */
export const titleSchema = z.string().max(500);
