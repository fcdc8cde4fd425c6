import * as Y from 'yjs';
import { CrdtError } from '../errors.js';
import type { Box, Point, Size } from './geometry.js';
import type { ItemTypeDefinition } from './ItemTypeDefinition.js';

/** Name of the root map of a board document: item id -> item Y.Map. */
export const itemsMapName = 'items';

/** Type name of section items, which contain other items by position. */
export const sectionTypeName = 'section';

/** Most items one board document holds; creating past it throws CrdtError `document_too_large`. */
export const maxItemsPerBoard = 25_000;

/**
 * Who makes a change. The same object is the `origin` of the change's `doc.transact`, so
 * observers (persistence, activity, sync) can tell who wrote an update; callers may pass a
 * richer object (e.g. with a connection or request id).
 */
export interface Actor {
  readonly actorId: string;
}

/** An item as stored in the document, decoded; timestamps in ms since the epoch. */
export interface StoredItem {
  readonly id: string;
  readonly type: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rotation: number;
  readonly z: string;
  readonly data: Record<string, unknown>;
  readonly createdBy: string;
  readonly createdAtMs: number;
  readonly updatedBy: string;
  readonly updatedAtMs: number;
  /** Whether the item is locked (`itemLock.ts`); stored only when true. */
  readonly locked: boolean;
}

/** Z-order: by `z` as plain strings (code-unit order), then by id so concurrent equal keys still order the same everywhere. */
export function compareByZ(a: Pick<StoredItem, 'z' | 'id'>, b: Pick<StoredItem, 'z' | 'id'>): number {
  if (a.z !== b.z) return a.z < b.z ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/** The JSON view of an item that the API returns. */
export interface ItemView {
  readonly id: string;
  readonly type: string;
  readonly position: Point;
  readonly size: Size;
  readonly rotation: number;
  readonly z: string;
  /** The top-most section containing the item's centre; derived, never stored. */
  readonly sectionId: string | null;
  readonly data: Record<string, unknown>;
  readonly createdBy: string;
  readonly createdAt: string;
  readonly updatedBy: string;
  readonly updatedAt: string;
  /** A locked item refuses every change but unlocking (and a comment's conversation). */
  readonly locked: boolean;
}

/** The board's root map of items. */
export function itemsMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>(itemsMapName);
}

/** The item's Y.Map, or undefined when there is none (or a client wrote something else there). */
export function findItemEntry(doc: Y.Doc, id: string): Y.Map<unknown> | undefined {
  const entry = itemsMap(doc).get(id);
  return entry instanceof Y.Map ? entry : undefined;
}

/** The item's Y.Map; throws CrdtError `item_not_found`. */
export function requireItemEntry(doc: Y.Doc, id: string): Y.Map<unknown> {
  const entry = findItemEntry(doc, id);
  if (entry === undefined) throw new CrdtError('item_not_found', `No item ${id} on this board.`);
  return entry;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** A Yjs value as plain JSON: Y.Text -> string, Y.Array/Y.Map -> arrays/objects. */
export function decodeValue(value: unknown): unknown {
  if (value instanceof Y.Text) return value.toString();
  if (value instanceof Y.Array || value instanceof Y.Map) return value.toJSON();
  return value;
}

/** The item's `data` decoded to plain JSON. */
export function decodeData(entry: Y.Map<unknown>): Record<string, unknown> {
  const data = entry.get('data');
  const out: Record<string, unknown> = {};
  if (!(data instanceof Y.Map)) return out;
  // forEach walks the map's entries directly; entries() builds an iterator chain per call.
  data.forEach((value, key) => {
    out[key] = decodeValue(value);
  });
  return out;
}

/** An entry's type as stored; `unknown` when a client left it out or mistyped it. */
export function readItemType(entry: Y.Map<unknown>): string {
  return stringOr(entry.get('type'), 'unknown');
}

/** An entry's `z` as z-order compares it: the empty string when a client left it out or mistyped it. */
export function readItemZ(entry: Y.Map<unknown>): string {
  return stringOr(entry.get('z'), '');
}

/** An entry's geometry alone, read as `readStoredItem` reads it (no `data` decoded). */
export function readItemBox(entry: Y.Map<unknown>): Box {
  return {
    x: numberOr(entry.get('x'), 0),
    y: numberOr(entry.get('y'), 0),
    width: numberOr(entry.get('width'), 1),
    height: numberOr(entry.get('height'), 1),
    rotation: numberOr(entry.get('rotation'), 0),
  };
}

/** Reads an item entry defensively: fields a client left out or mistyped fall back to neutral values. */
export function readStoredItem(id: string, entry: Y.Map<unknown>): StoredItem {
  // Fields named one by one: spreading the box into the item cost more than reading it.
  const box = readItemBox(entry);
  return {
    id,
    type: readItemType(entry),
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    rotation: box.rotation,
    z: readItemZ(entry),
    data: decodeData(entry),
    createdBy: stringOr(entry.get('createdBy'), ''),
    createdAtMs: numberOr(entry.get('createdAt'), 0),
    updatedBy: stringOr(entry.get('updatedBy'), ''),
    updatedAtMs: numberOr(entry.get('updatedAt'), 0),
    locked: entry.get('locked') === true,
  };
}

/**
 * Timestamps formatted lately: the items of one write share their `updatedAt`, and items
 * created together their `createdAt`, so an answer of a hundred items formats a few dates.
 */
const recentIsoStrings = new Map<number, string>();
const maxRecentIsoStrings = 1024;

function isoOf(ms: number): string {
  const known = recentIsoStrings.get(ms);
  if (known !== undefined) return known;
  const date = new Date(ms);
  const iso = Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
  if (recentIsoStrings.size >= maxRecentIsoStrings) recentIsoStrings.clear();
  recentIsoStrings.set(ms, iso);
  return iso;
}

/** The API's JSON view of a stored item. */
export function toItemView(item: StoredItem, sectionId: string | null): ItemView {
  return {
    id: item.id,
    type: item.type,
    position: { x: item.x, y: item.y },
    size: { width: item.width, height: item.height },
    rotation: item.rotation,
    z: item.z,
    sectionId,
    data: item.data,
    createdBy: item.createdBy,
    createdAt: isoOf(item.createdAtMs),
    updatedBy: item.updatedBy,
    updatedAt: isoOf(item.updatedAtMs),
    locked: item.locked,
  };
}

/** Writes `value` as field `key` of `data`: text fields as Y.Text, list fields as Y.Array. */
function writeField(definition: ItemTypeDefinition, data: Y.Map<unknown>, key: string, value: unknown): void {
  if (value === undefined) return;
  if (definition.textFields.includes(key) && typeof value === 'string') {
    data.set(key, new Y.Text(value));
  } else if (definition.listFields.includes(key) && Array.isArray(value)) {
    const list = new Y.Array<unknown>();
    list.push(value);
    data.set(key, list);
  } else {
    data.set(key, value);
  }
}

/** Replaces the text of `text` with `next`, touching only the changed middle so concurrent edits elsewhere survive. */
export function setText(text: Y.Text, next: string): void {
  const current = text.toString();
  if (current === next) return;
  let start = 0;
  const shorter = Math.min(current.length, next.length);
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  // Never split a surrogate pair: Yjs encodes strings as UTF-8 and would corrupt a lone half.
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start -= 1;
  let end = 0;
  while (
    end < shorter - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end += 1;
  }
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end -= 1;
  const removed = current.length - start - end;
  if (removed > 0) text.delete(start, removed);
  const inserted = next.slice(start, next.length - end);
  if (inserted.length > 0) text.insert(start, inserted);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** A new `data` Y.Map holding `data`, plus empty server-managed lists. */
export function createDataMap(definition: ItemTypeDefinition, data: Readonly<Record<string, unknown>>): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(data)) writeField(definition, map, key, value);
  // Ask `data`, not `map`: reading a Y.Map before it is attached to a document is a Yjs misuse
  // (it warns "Invalid access" and answers from the wrong state).
  for (const key of definition.listFields) if (data[key] === undefined) writeField(definition, map, key, []);
  return map;
}

/**
 * Makes the writable fields of `target` equal `data`: edits Y.Text in place, sets other
 * values, removes fields `data` lacks; server-managed list fields are left alone.
 */
export function replaceDataFields(
  definition: ItemTypeDefinition,
  target: Y.Map<unknown>,
  data: Readonly<Record<string, unknown>>,
): void {
  for (const key of [...target.keys()]) {
    if (!(key in data) && !definition.listFields.includes(key)) target.delete(key);
  }
  for (const [key, value] of Object.entries(data)) {
    const existing = target.get(key);
    if (existing instanceof Y.Text && typeof value === 'string' && definition.textFields.includes(key)) {
      setText(existing, value);
    } else if (JSON.stringify(decodeValue(existing)) !== JSON.stringify(value)) {
      writeField(definition, target, key, value);
    }
  }
}

/** Stamps `updatedBy`/`updatedAt` on an item entry. */
export function touchItem(entry: Y.Map<unknown>, actor: Actor, nowMs: number): void {
  // Yjs keeps every set as a new entry (and the old one as a tombstone): the last editor editing
  // again leaves `updatedBy` as it is rather than grow the document and the update with it.
  if (entry.get('updatedBy') !== actor.actorId) entry.set('updatedBy', actor.actorId);
  entry.set('updatedAt', nowMs);
}

/** An item ready to write: geometry already validated and normalized, data parsed by its type's schema. */
export interface NewItem {
  readonly type: string;
  readonly position: Point;
  readonly size: Size;
  readonly rotation: number;
  readonly data: Readonly<Record<string, unknown>>;
  /** Written locked (`locked: true` on the entry; see `itemLock`). */
  readonly locked?: boolean;
}

/**
 * The item `insertItem` writes, as `readStoredItem` reads its entry back: what a batch answers
 * for the items it created (and nothing of the same batch changed since) without reading each
 * new entry's fields and data back out of the document.
 */
export function insertedItem(definition: ItemTypeDefinition, id: string, item: NewItem, z: string, actor: Actor, nowMs: number): StoredItem {
  // As `createDataMap` writes the fields and `decodeData` reads them: in the same order, text as
  // the string, a list as a copy of its array, and the lists `data` lacks as empty ones.
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item.data)) {
    if (value !== undefined) data[key] = Array.isArray(value) && definition.listFields.includes(key) ? [...(value as unknown[])] : value;
  }
  for (const key of definition.listFields) if (item.data[key] === undefined) data[key] = [];
  const { position, size } = item;
  return {
    id,
    type: item.type,
    x: position.x,
    y: position.y,
    width: size.width,
    height: size.height,
    rotation: item.rotation,
    z,
    data,
    createdBy: actor.actorId,
    createdAtMs: nowMs,
    updatedBy: actor.actorId,
    updatedAtMs: nowMs,
    locked: item.locked === true,
  };
}

/** Adds an item entry under `id` (call inside a transaction). */
export function insertItem(
  doc: Y.Doc,
  definition: ItemTypeDefinition,
  id: string,
  item: NewItem,
  z: string,
  actor: Actor,
  nowMs: number,
): void {
  const entry = new Y.Map<unknown>();
  entry.set('type', item.type);
  entry.set('x', item.position.x);
  entry.set('y', item.position.y);
  entry.set('width', item.size.width);
  entry.set('height', item.size.height);
  entry.set('rotation', item.rotation);
  entry.set('z', z);
  entry.set('data', createDataMap(definition, item.data));
  entry.set('createdBy', actor.actorId);
  entry.set('createdAt', nowMs);
  entry.set('updatedBy', actor.actorId);
  entry.set('updatedAt', nowMs);
  if (item.locked === true) entry.set('locked', true);
  itemsMap(doc).set(id, entry);
}
