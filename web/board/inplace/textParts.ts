import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { tableLimits } from '../../../crdt/items/types/contentItems.js';

/**
 * One text of an item that can be edited in place: a data field (a `Y.Text` or a plain string),
 * or one cell of a table's `rows`. Items drawn with a part carry `data-part="<name>"` on its
 * element, so a double-click on the element picks the part.
 */
export interface TextPart {
  /** `title`, `description`, … or `cell:<row>:<column>` for a table cell. */
  readonly name: string;
  /** The data field the part is stored in (`rows` for a table cell). */
  readonly field: string;
  readonly cell?: { readonly row: number; readonly column: number };
  /** Longest value the type's schema accepts. */
  readonly maxLength: number;
  /** Enter ends the edit instead of starting a new line. */
  readonly singleLine: boolean;
  /**
   * Where the editor goes: over the whole item (the item is hidden meanwhile), or over the
   * part's own element (the rest of the item stays in view), or a strip at the item's top or
   * bottom when the part is not drawn (an empty caption).
   */
  readonly cover: 'item' | 'element';
  readonly strip?: 'top' | 'bottom';
  /** What a screen reader calls the editor. */
  readonly label: string;
}

type PartSpec = Omit<TextPart, 'name' | 'field'>;

const long = (maxLength: number, label: string, cover: 'item' | 'element' = 'item'): PartSpec => ({ maxLength, singleLine: false, cover, label });
const line = (maxLength: number, label: string, strip: 'top' | 'bottom' = 'top'): PartSpec => ({ maxLength, singleLine: true, cover: 'element', strip, label });

/**
 * The texts of each type, the main one (edited on Enter and on a double-click outside any part)
 * first. Not edited in place: a comment's text (its thread panel edits it, for its author only),
 * an image's alt text (not drawn on the canvas), and fields that are not free text (URLs, a
 * code block's language, a card's status, due date and tags).
 */
const partsByType: Readonly<Record<string, Readonly<Record<string, PartSpec>>>> = {
  sticky_note: { text: long(6000, 'Text of the sticky note') },
  text: { text: long(20_000, 'Text of the text') },
  shape: { text: long(6000, 'Text of the shape') },
  card: { title: line(500, 'Title of the card'), description: long(20_000, 'Description of the card', 'element') },
  section: { title: { ...line(500, 'Title of the section'), cover: 'item' } },
  connector: { label: line(500, 'Label of the connector') },
  doc: { markdown: long(200_000, 'Text of the doc'), title: line(500, 'Title of the doc') },
  code: { source: long(100_000, 'Source of the code'), title: line(500, 'Title of the code') },
  table: { title: line(500, 'Title of the table') },
  image: { title: line(500, 'Caption of the image', 'bottom') },
  document: { title: line(500, 'Title of the document') },
  embed: { title: line(500, 'Title of the embed') },
  stamp: { emoji: { ...line(16, 'Emoji of the stamp'), cover: 'item' } },
};

const cellPattern = /^cell:(\d+):(\d+)$/;

/** A table's rows as strings (anything else reads as empty). */
export function tableRows(item: StoredItem): string[][] {
  const rows = Array.isArray(item.data.rows) ? item.data.rows : [];
  return rows.map((row) => (Array.isArray(row) ? row.map((cell) => (typeof cell === 'string' ? cell : '')) : []));
}

function cellPart(item: StoredItem, row: number, column: number): TextPart | undefined {
  if (tableRows(item)[row]?.[column] === undefined) return undefined;
  return {
    name: `cell:${row}:${column}`,
    field: 'rows',
    cell: { row, column },
    maxLength: tableLimits.maxCellLength,
    singleLine: true,
    cover: 'element',
    label: `Cell ${column + 1} of row ${row + 1} of the table`,
  };
}

/** The part of `item` called `name`, or its main text when `name` is null or not one of its parts. */
export function textPart(item: StoredItem, name: string | null): TextPart | undefined {
  const cell = name ? cellPattern.exec(name) : null;
  if (item.type === 'table' && cell) return cellPart(item, Number(cell[1]), Number(cell[2]));
  if (item.type === 'table' && name === null) return cellPart(item, 0, 0);
  const specs = partsByType[item.type];
  if (!specs) return undefined;
  const chosen = name !== null && specs[name] ? name : Object.keys(specs)[0];
  const spec = chosen ? specs[chosen] : undefined;
  return chosen && spec ? { name: chosen, field: chosen, ...spec } : undefined;
}

/** The field of the main text of items of `type` (`rows` for a table), or undefined when they have no text edited in place. */
export function mainField(type: string): string | undefined {
  return type === 'table' ? 'rows' : Object.keys(partsByType[type] ?? {})[0];
}

/** The part's current text. */
export function partValue(item: StoredItem, part: TextPart): string {
  if (part.cell) return tableRows(item)[part.cell.row]?.[part.cell.column] ?? '';
  const value = item.data[part.field];
  return typeof value === 'string' ? value : '';
}

/** The data field and value that store `text` in the part (a table's whole `rows` with one cell changed). */
export function partWrite(item: StoredItem, part: TextPart, text: string): { field: string; value: unknown } {
  if (!part.cell) return { field: part.field, value: text };
  const { row, column } = part.cell;
  const rows = tableRows(item).map((cells, r) => (r === row ? cells.map((cell, c) => (c === column ? text : cell)) : cells));
  return { field: 'rows', value: rows };
}

/**
 * The table part after `part` in Tab order, or before it when `backwards`: the title, then the
 * cells row by row (so Shift+Tab in the first cell edits the title, empty or not); undefined past
 * either end.
 */
export function adjacentTablePart(item: StoredItem, part: TextPart, backwards: boolean): TextPart | undefined {
  if (item.type !== 'table') return undefined;
  if (!part.cell) return part.name === 'title' && !backwards ? cellPart(item, 0, 0) : undefined;
  if (backwards && part.cell.row === 0 && part.cell.column === 0) return textPart(item, 'title');
  const rows = tableRows(item);
  const columns = rows[0]?.length ?? 0;
  const index = part.cell.row * columns + part.cell.column + (backwards ? -1 : 1);
  if (columns === 0 || index < 0 || index >= rows.length * columns) return undefined;
  return cellPart(item, Math.floor(index / columns), index % columns);
}

/** The part under a screen point: the `data-part` of the element there, within the item `id`. */
export function partAt(clientX: number, clientY: number, id: string): string | null {
  const element = document.elementFromPoint(clientX, clientY)?.closest('[data-part]');
  if (!element || element.closest('[data-item-id]')?.getAttribute('data-item-id') !== id) return null;
  return element.getAttribute('data-part');
}
