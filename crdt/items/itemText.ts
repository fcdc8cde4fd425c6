import type * as Y from 'yjs';
import { z } from 'zod';
import { ItemValidationError } from '../errors.js';
import type { StoredItem } from './boardSchema.js';
import { findItemTypeDefinition } from './catalogue.js';
import { getItem } from './itemOperations.js';
import { checkWith } from './validation.js';

/** Paging of `itemText`: `offset` lines skipped (default 0), at most `limit` lines (default 200, max 1000). */
export const itemTextPageSchema = z.strictObject({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(200),
});

/** Paging options of `itemText`. */
export type ItemTextOptions = z.input<typeof itemTextPageSchema>;

/** One numbered line of an item's text (numbers start at 1). */
export interface NumberedLine {
  readonly number: number;
  readonly text: string;
}

/** A page of an item's text; `nextOffset` is null on the last page. */
export interface ItemTextPage {
  readonly lines: NumberedLine[];
  readonly totalLines: number;
  readonly nextOffset: number | null;
}

/** The whole text of an item per its type (Y.Text decoded, tables as `a | b`, comment replies as `author: text`). */
export function textOfItem(item: Pick<StoredItem, 'type' | 'data'>): string {
  const definition = findItemTypeDefinition(item.type);
  return definition === undefined ? '' : definition.text(item.data);
}

/**
 * An item's whole content as numbered lines, paged by line. Throws CrdtError
 * `item_not_found` or ItemValidationError naming `offset`/`limit`.
 */
export function itemText(doc: Y.Doc, id: string, options: ItemTextOptions = {}): ItemTextPage {
  const item = getItem(doc, id);
  const page = checkWith(itemTextPageSchema, options, '');
  if (!page.ok) throw new ItemValidationError(page.issues);
  const text = textOfItem(item);
  const all = text.length === 0 ? [] : text.split(/\r\n|\n|\r/);
  const { offset, limit } = page.value;
  const lines = all.slice(offset, offset + limit).map((line, index) => ({ number: offset + index + 1, text: line }));
  const end = offset + lines.length;
  return { lines, totalLines: all.length, nextOffset: end < all.length ? end : null };
}
