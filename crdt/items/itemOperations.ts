import * as Y from 'yjs';
import { newId } from '../../storage/index.js';
import { CrdtError, ItemLockedError, ItemValidationError } from '../errors.js';
import { compareByZ, findItemEntry, insertItem, itemsMap, maxItemsPerBoard, requireItemEntry, toItemView, touchItem } from './boardSchema.js';
import type { Actor, ItemView, StoredItem } from './boardSchema.js';
import { boardIndex } from './BoardIndex.js';
import { alignConnector } from './connectorGeometry.js';
import { containerOf, readBoard, readItemView, sectionsTopFirst, viewFromSnapshot } from './boardSnapshot.js';
import { findItemTypeDefinition, validateCreateItem } from './catalogue.js';
import { keyBetween } from './fractionalIndex.js';
import { isLockedEntry } from './itemLock.js';
import { cascadeDeletion, referenceIssues } from './references.js';

/** Type name of comment pins, which deleting resolves instead of removing. */
export const commentTypeName = 'comment';

/** The item type of `id` on the board, or undefined when there is no such item. */
export function itemTypeOf(doc: Y.Doc, id: string): string | undefined {
  const entry = findItemEntry(doc, id);
  if (entry === undefined) return undefined;
  const type = entry.get('type');
  return typeof type === 'string' ? type : 'unknown';
}

/** How many entries the board's items map holds (from the board index: `Y.Map.size` builds an array of every entry). */
export function itemCount(doc: Y.Doc): number {
  return boardIndex(doc).size;
}

/** Throws CrdtError `document_too_large` when adding `count` items would pass `maxItemsPerBoard`. */
export function assertRoomFor(doc: Y.Doc, count: number): void {
  const size = itemCount(doc);
  if (size + count > maxItemsPerBoard) {
    throw new CrdtError(
      'document_too_large',
      `A board holds at most ${maxItemsPerBoard} items; it has ${size} and ${count} more were asked for.`,
    );
  }
}

/** One item's JSON view; throws CrdtError `item_not_found`. */
export function getItem(doc: Y.Doc, id: string): ItemView {
  requireItemEntry(doc, id);
  const view = readItemView(doc, id, boardIndex(doc).sectionsTopFirst());
  if (view === null) throw new CrdtError('item_not_found', `No item ${id} on this board.`);
  return view;
}

/** Every item in z-order (bottom first), flat, each with its derived `sectionId` (a section's is the larger section holding its centre). */
export function listItems(doc: Y.Doc): ItemView[] {
  const snapshot = readBoard(doc);
  return snapshot.items.map((item) => viewFromSnapshot(snapshot, item));
}

/**
 * Every item of the board as it is now, decoded: references to the decodes the board index
 * keeps (frozen, and replaced, not changed, when a transaction touches an item), so taking them
 * costs a turn no more than a pass over the board's ids. `viewsOf` turns them into item views
 * in later turns: a copy reads its original's items in the turn it takes its state, and building
 * the views of 13k items there (sorting, sections, views) held the event loop 15 to 25 ms more.
 */
export function captureItems(doc: Y.Doc): CapturedItems {
  return { items: boardIndex(doc).storedItems() };
}

/** What `captureItems` took: opaque, for `viewsOf`. */
export interface CapturedItems {
  readonly items: readonly StoredItem[];
}

/**
 * The views of `captured` in z-order (bottom first), each with its `sectionId`, as `listItems`
 * gives them: sorted in one turn, then built `msPerTurn` milliseconds per event-loop turn
 * (awaiting `nextTurn` in between).
 */
export async function viewsOf(captured: CapturedItems, msPerTurn: number, nextTurn: () => Promise<unknown>): Promise<ItemView[]> {
  const items = [...captured.items].sort(compareByZ);
  // Each item's section found in the slices below (as `deriveSectionIds` would, but not all in
  // the sorting turn: at 10k items that held it another 3 to 11 ms).
  const sections = sectionsTopFirst(items);
  const views: ItemView[] = [];
  let turnStarted = performance.now();
  for (const item of items) {
    if (performance.now() - turnStarted >= msPerTurn) {
      await nextTurn();
      turnStarted = performance.now();
    }
    views.push(toItemView(item, containerOf(sections, item)));
  }
  return views;
}

/**
 * Up to `limit` items in z-order (bottom first) after the item at `after` (its `z` and id, as a
 * page's last item shows them; from the bottom when null), each with its `sectionId`, and whether
 * more follow. Reads only the items of the page: O(log n + limit) from the board index.
 */
export function listItemPage(doc: Y.Doc, after: { readonly z: string; readonly id: string } | null, limit: number): { items: ItemView[]; more: boolean } {
  const index = boardIndex(doc);
  const { ids, more } = index.pageInZOrder(after, limit);
  const sections = index.sectionsTopFirst();
  const items = ids.map((id) => readItemView(doc, id, sections)).filter((item): item is ItemView => item !== null);
  return { items, more };
}

/**
 * Creates an item on top of the z-order in one transaction whose origin is `actor`.
 * Throws ItemValidationError (schema, geometry, connector ends) or CrdtError `document_too_large`.
 */
export function createItem(doc: Y.Doc, body: unknown, actor: Actor, nowMs: number): ItemView {
  const item = validateCreateItem(body);
  const definition = findItemTypeDefinition(item.type);
  if (definition === undefined) throw new CrdtError('unknown_item_type', `Unknown item type '${item.type}'.`);
  const issues = referenceIssues(definition, item.data, '', (id) => itemTypeOf(doc, id));
  if (issues.length > 0) throw new ItemValidationError(issues);
  assertRoomFor(doc, 1);
  const id = newId('itm');
  doc.transact(() => {
    insertItem(doc, definition, id, item, keyBetween(boardIndex(doc).topZ(), null), actor, nowMs);
    alignConnector(doc, id);
  }, actor);
  return getItem(doc, id);
}

/** What deleting an item did. */
export interface DeleteItemResult {
  readonly id: string;
  /** `resolved` for a comment pin (kept, marked resolved), else `deleted`. */
  readonly outcome: 'deleted' | 'resolved';
  /** Every removed item id: the item and connectors that ended at it. Empty for a comment. */
  readonly deletedIds: readonly string[];
  /** The resolved comment, so the caller can record it; null unless outcome is `resolved`. */
  readonly comment: ItemView | null;
}

/** What deleting `id` will do, computed before any write (shared by `deleteItem` and batches). */
export function planDeletion(doc: Y.Doc, id: string): { outcome: 'deleted' | 'resolved'; deletedIds: string[] } {
  if (itemTypeOf(doc, id) === commentTypeName) return { outcome: 'resolved', deletedIds: [] };
  const index = boardIndex(doc);
  return { outcome: 'deleted', deletedIds: cascadeDeletion([id], (target) => index.referencesTo(target)) };
}

/** Applies a deletion plan for `id` (call inside a transaction). */
export function applyDeletion(
  doc: Y.Doc,
  id: string,
  plan: { outcome: 'deleted' | 'resolved'; deletedIds: readonly string[] },
  actor: Actor,
  nowMs: number,
): void {
  if (plan.outcome === 'resolved') {
    const entry = requireItemEntry(doc, id);
    const data = entry.get('data');
    if (data instanceof Y.Map) data.set('resolved', true);
    touchItem(entry, actor, nowMs);
    return;
  }
  const items = itemsMap(doc);
  for (const deletedId of plan.deletedIds) items.delete(deletedId);
}

/**
 * Deletes an item and the connectors that end at it, in one transaction. A comment pin is
 * not removed but resolved (DESIGN: deleting the pin resolves the comment), and returned.
 * Throws CrdtError `item_not_found`, or ItemLockedError for a locked item other than a comment pin.
 */
export function deleteItem(doc: Y.Doc, id: string, actor: Actor, nowMs: number): DeleteItemResult {
  const entry = requireItemEntry(doc, id);
  const plan = planDeletion(doc, id);
  if (plan.outcome === 'deleted' && isLockedEntry(entry)) throw new ItemLockedError(id);
  doc.transact(() => applyDeletion(doc, id, plan, actor, nowMs), actor);
  return { id, ...plan, comment: plan.outcome === 'resolved' ? getItem(doc, id) : null };
}
