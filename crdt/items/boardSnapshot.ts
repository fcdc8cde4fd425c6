import * as Y from 'yjs';
import { compareByZ, itemsMap, readStoredItem, sectionTypeName, toItemView } from './boardSchema.js';
import type { ItemView, StoredItem } from './boardSchema.js';
import { boardIndex } from './BoardIndex.js';
import { boxContains } from './geometry.js';

/**
 * Each item's section: the top-most (highest z) section whose rectangle, rotation included,
 * contains the item's centre. A section can only be inside a strictly larger section (by
 * area), so nesting never forms a cycle, a section never contains itself, and a big section
 * dropped over a small one is not reported as inside it.
 */
export function deriveSectionIds(itemsInZOrder: readonly StoredItem[]): Map<string, string | null> {
  const sections = sectionsTopFirst(itemsInZOrder);
  const out = new Map<string, string | null>();
  for (const item of itemsInZOrder) out.set(item.id, containerOf(sections, item));
  return out;
}

/** The sections among `itemsInZOrder`, top-most first (for `containerOf`). */
export function sectionsTopFirst(itemsInZOrder: readonly StoredItem[]): StoredItem[] {
  return itemsInZOrder.filter((item) => item.type === sectionTypeName).reverse();
}

const area = (item: Pick<StoredItem, 'width' | 'height'>): number => item.width * item.height;

/** The section holding `item` (see `deriveSectionIds`), given the board's sections top-most first. */
export function containerOf(sectionsTopFirst: readonly StoredItem[], item: StoredItem): string | null {
  const isSection = item.type === sectionTypeName;
  const container = sectionsTopFirst.find(
    (section) => (isSection ? area(section) > area(item) : section.id !== item.id) && boxContains(section, item),
  );
  return container?.id ?? null;
}

/** The JSON view of one item read on its own, given the board's sections top-most first; null when there is no such item. */
export function readItemView(doc: Y.Doc, id: string, sectionsTopFirst: readonly StoredItem[]): ItemView | null {
  const entry = itemsMap(doc).get(id);
  if (!(entry instanceof Y.Map)) return null;
  const item = readStoredItem(id, entry);
  return toItemView(item, containerOf(sectionsTopFirst, item));
}

/** A consistent read of every item on a board, in z-order, with derived section ids. */
export interface BoardSnapshot {
  readonly items: readonly StoredItem[];
  readonly byId: ReadonlyMap<string, StoredItem>;
  readonly sectionIds: ReadonlyMap<string, string | null>;
}

/** Reads the whole board (entries that are not item maps are skipped). */
export function readBoard(doc: Y.Doc): BoardSnapshot {
  // Decoded once and kept until a transaction touches them (`BoardIndex.storedItems`).
  const items = boardIndex(doc).storedItems();
  items.sort(compareByZ);
  return {
    items,
    byId: new Map(items.map((item) => [item.id, item])),
    sectionIds: deriveSectionIds(items),
  };
}

/** The JSON view of `id` within `snapshot` (the item must be in it). */
export function viewFromSnapshot(snapshot: BoardSnapshot, item: StoredItem): ItemView {
  return toItemView(item, snapshot.sectionIds.get(item.id) ?? null);
}
