import * as Y from 'yjs';
import { itemsMap, readItemType, readItemZ, sectionTypeName } from './boardSchema.js';
import type { StoredItem } from './boardSchema.js';
import { DecodedItems } from './DecodedItems.js';
import { isFractionalIndex } from './fractionalIndex.js';
import { changeAffectsIndex, changesContent, itemIdOf } from './itemChanges.js';
import { ItemOccupancy } from './ItemOccupancy.js';
import type { Occupancy } from './OccupancyGrid.js';
import { ReferenceIndex, referencesOf } from './ReferenceIndex.js';
import { SectionIndex } from './SectionIndex.js';
import { TopKeyHeap } from './TopKeyHeap.js';
import { ZOrderList } from './ZOrderList.js';

/**
 * Called after each transaction (local or remote) with the ids of the items it added, changed or
 * removed, and the subset whose `type` or `data` it may have changed (an item added, removed or
 * replaced counts): a move or resize touches an item without changing what it says.
 */
export type ItemsTouchedListener = (ids: ReadonlySet<string>, contentIds: ReadonlySet<string>) => void;

/** What one fold of a transaction found: every item it touched, and those whose type or data may have changed. */
interface Touched {
  readonly ids: ReadonlySet<string>;
  readonly content: ReadonlySet<string>;
}

/**
 * What a transaction that has changed nothing yet touched. Every index read inside a transaction
 * folds it first: a batch's checks read each named item's type before its writes, and a fold that
 * made its three sets each time was 8 % of what a batch of 100 moves allocated (a sampling heap
 * profile of the server).
 */
const untouched: Touched = { ids: new Set(), content: new Set() };

/** What the index keeps of one item entry. */
interface IndexedItem {
  readonly type: string;
  /** The entry's `z` when it is a well-formed key, else null (ignored for the top). */
  readonly z: string | null;
  /** The entry's `z` as z-order compares it (`compareByZ`): the empty string when missing or not a string. */
  readonly order: string;
  /** Ids the item names in its type's reference fields (a connector's ends). */
  readonly refs: readonly string[];
}

const indexes = new WeakMap<Y.Doc, BoardIndex>();

const noSections: readonly StoredItem[] = Object.freeze([]);
const noReferences: ReadonlySet<string> = new Set();

/**
 * The board's index: built by one read of the items map the first time it is asked for (the
 * document registry asks when a board loads), then kept current by every transaction, local or
 * remote, from the items that transaction touched. It answers what a write needs without a
 * read of the whole board: the entry count, the top well-formed `z`, the sections, which items
 * reference an item, the items in z-order (for paging), and the rectangles items cover (for
 * placing new items in free space). Only the entries are built with the index: each other part
 * (top z, sections, references, z-order, occupancy, decoded items) the first time it is asked
 * for or has something to hold, so a board only edited live keeps little beside its document.
 */
export function boardIndex(doc: Y.Doc): BoardIndex {
  let index = indexes.get(doc);
  if (index === undefined) {
    index = new BoardIndex(doc);
    indexes.set(doc, index);
  }
  return index;
}

/**
 * Builds the board's index as `boardIndex` would, reading the items `msPerTurn` at a time and
 * awaiting `nextTurn` (the platform's way to let the event loop run) in between: a 10k-item
 * board's read is tens of milliseconds. For a document being loaded (the registry, before anyone
 * holds it); a transaction in between is folded in as usual.
 */
export async function buildBoardIndex(doc: Y.Doc, msPerTurn: number, nextTurn: () => Promise<unknown>): Promise<BoardIndex> {
  const known = indexes.get(doc);
  if (known !== undefined) return known;
  const index = await BoardIndex.build(doc, msPerTurn, nextTurn);
  const meanwhile = indexes.get(doc);
  if (meanwhile !== undefined) {
    index.detach();
    return meanwhile;
  }
  indexes.set(doc, index);
  return index;
}

/**
 * Incremental summary of one board document. Every read first folds in what the transaction in
 * progress (if any) has touched so far, so reads inside a `doc.transact` see that transaction's
 * writes; at the end of each transaction, before any observer runs, the index folds in what it
 * touched and tells listeners. Work per transaction is proportional to the items it touched
 * (plus the sections when a section changed).
 */
export class BoardIndex {
  readonly #doc: Y.Doc;
  readonly #items: Y.Map<unknown>;
  /** Item entries (values that are a Y.Map). */
  readonly #entries = new Map<string, IndexedItem>();
  /** Keys of the items map whose value is not an item map (written by a misbehaving client); they count toward the size. Null while none. */
  #others: Set<string> | null = null;
  /** Each null while the board has no section, and no item that references another. */
  #sections: SectionIndex | null = null;
  #references: ReferenceIndex | null = null;
  /** Null until the first `topZ`, then built from the entries. */
  #zHeap: TopKeyHeap | null = null;
  readonly #listeners = new Set<ItemsTouchedListener>();
  /** Null until the first page (`ZOrderList` sorts on its first page). */
  #zOrder: ZOrderList | null = null;
  /** Items `storedItems` decoded, each dropped when a transaction touches it; null until the first read. */
  #decoded: DecodedItems | null = null;
  /** Null until the first `occupancy` (`ItemOccupancy` reads the board on its first answer). */
  #occupancy: ItemOccupancy | null = null;

  readonly #onTransaction = (transaction: Y.Transaction): void => this.#settle(transaction);

  /** The index of `doc`, read whole now (`fill`), or left for `build` to fill. */
  constructor(doc: Y.Doc, fill = true) {
    this.#doc = doc;
    this.#items = itemsMap(doc);
    if (fill) for (const [id, value] of this.#items.entries()) this.#refresh(id, value);
    doc.on('beforeObserverCalls', this.#onTransaction);
  }

  /** An index of `doc` filled `msPerTurn` of reading per event-loop turn (see `buildBoardIndex`). */
  static async build(doc: Y.Doc, msPerTurn: number, nextTurn: () => Promise<unknown>): Promise<BoardIndex> {
    const index = new BoardIndex(doc, false);
    let sliceStart = performance.now();
    // Each entry as it is when read: a transaction in between has refreshed what it touched.
    for (const [id, value] of index.#items.entries()) {
      if (performance.now() - sliceStart > msPerTurn) {
        await nextTurn();
        sliceStart = performance.now();
        // The value was taken before the turn ended: a transaction may have replaced or removed it since.
        index.#refresh(id, index.#items.get(id));
      } else {
        index.#refresh(id, value);
      }
    }
    return index;
  }

  /** Stops following the document's transactions (an index built twice keeps one). */
  detach(): void {
    this.#doc.off('beforeObserverCalls', this.#onTransaction);
  }

  /** Entries in the items map, as `Y.Map.size` counts them (without building an array). */
  get size(): number {
    this.#sync();
    return this.#entries.size + (this.#others?.size ?? 0);
  }

  /** The highest well-formed z key on the board, or null; O(log n) amortised. */
  topZ(): string | null {
    this.#sync();
    const heap = this.#zHeap ?? this.#rebuildHeap(new TopKeyHeap());
    if (heap.length > 2 * this.#entries.size + 64) this.#rebuildHeap(heap);
    return heap.top((z, id) => this.#entries.get(id)?.z === z);
  }

  /** The board's sections, top-most (highest z) first. */
  sectionsTopFirst(): readonly StoredItem[] {
    this.#sync();
    return this.#sections?.topFirst() ?? noSections;
  }

  /**
   * Up to `limit` item ids in z-order (bottom first), starting after the item at `after` (its
   * order key and id; from the bottom when null), and whether more follow. Sorted once, then kept
   * sorted by the changes of later transactions; a page costs O(log n + limit).
   */
  pageInZOrder(after: { readonly z: string; readonly id: string } | null, limit: number): { ids: string[]; more: boolean } {
    this.#sync();
    this.#zOrder ??= new ZOrderList(() => this.#entries.keys(), (id) => this.#entries.get(id)?.order);
    return this.#zOrder.page(after, limit);
  }

  /**
   * The rectangles the items cover (each item's bounds, rotation included; connectors left out,
   * as they are lines between items), for finding free space. Built by one read of the board the
   * first time it is asked for, then kept current from the items each transaction touched. The
   * answer holds until the document next changes.
   */
  occupancy(): Occupancy {
    const occupancy = (this.#occupancy ??= new ItemOccupancy(this.#items));
    const transaction = this.#doc._transaction;
    if (transaction !== null) occupancy.touched(this.#foldTouched(transaction).ids);
    return occupancy.current();
  }

  /**
   * Every item entry decoded (`readStoredItem`), in no particular order. Each is decoded once and
   * kept, frozen, until a transaction touches it (its entry, or anything inside it): a read of the
   * whole board decodes only what changed since the last one.
   */
  storedItems(): StoredItem[] {
    this.#sync();
    return (this.#decoded ??= new DecodedItems()).all(this.#entries.keys(), this.#items);
  }

  /**
   * Decodes the items `storedItems` has not decoded yet, `msPerTurn` of them per event-loop turn
   * (awaiting `nextTurn` in between), so that a read of the whole board right after it decodes
   * only what transactions touched meanwhile: at 10k items the first read decodes for tens of
   * milliseconds.
   */
  async decodeInSlices(msPerTurn: number, nextTurn: () => Promise<unknown>): Promise<void> {
    this.#sync();
    const isEntry = (id: string): boolean => this.#entries.has(id);
    await (this.#decoded ??= new DecodedItems()).decodeInSlices([...this.#entries.keys()], isEntry, this.#items, msPerTurn, nextTurn);
  }

  /** Ids of every item entry (values that are a Y.Map), in no particular order. */
  itemIds(): string[] {
    this.#sync();
    return [...this.#entries.keys()];
  }

  /** The item's type, or undefined when there is no item entry `id`. */
  typeOf(id: string): string | undefined {
    this.#sync();
    return this.#entries.get(id)?.type;
  }

  /** Ids of the items whose reference fields name `id`. */
  referencesTo(id: string): ReadonlySet<string> {
    this.#sync();
    return this.#references?.to(id) ?? noReferences;
  }

  /** Ids of the items whose reference fields name any of `ids`: one fold of the transaction in progress for all of them. */
  referencesToAny(ids: Iterable<string>): Set<string> {
    this.#sync();
    return this.#references?.toAny(ids) ?? new Set();
  }

  /** Ids `id` names in its reference fields (empty when there is no such item). */
  referencesFrom(id: string): readonly string[] {
    this.#sync();
    return this.#entries.get(id)?.refs ?? [];
  }

  /** Calls `listener` after each transaction with the ids it touched; returns the unsubscribe. */
  onItemsTouched(listener: ItemsTouchedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Folds in what the transaction in progress touched so far (re-reading an item twice is harmless). */
  #sync(): void {
    const transaction = this.#doc._transaction;
    if (transaction !== null) this.#foldTouched(transaction);
  }

  #settle(transaction: Y.Transaction): void {
    const touched = this.#foldTouched(transaction);
    if (touched.ids.size === 0) return;
    this.#occupancy?.touched(touched.ids);
    for (const listener of this.#listeners) listener(touched.ids, touched.content);
  }

  #foldTouched(transaction: Y.Transaction): Touched {
    if (transaction.changed.size === 0) return untouched;
    const touched = { ids: new Set<string>(), content: new Set<string>() };
    const stale = new Set<string>();
    const items = this.#items;
    const itemsType: unknown = items;
    for (const [type, keys] of transaction.changed) {
      if (type === itemsType) {
        for (const key of keys) {
          if (key === null) continue;
          touched.ids.add(key);
          touched.content.add(key);
          stale.add(key);
        }
        continue;
      }
      const id = itemIdOf(type, items);
      if (id === undefined) continue;
      touched.ids.add(id);
      if (!touched.content.has(id) && changesContent(type, keys, items)) touched.content.add(id);
      if (!stale.has(id) && changeAffectsIndex(this.#entries.get(id)?.type, type, keys, items)) stale.add(id);
    }
    for (const id of stale) this.#refresh(id, items.get(id));
    const decoded = this.#decoded;
    if (decoded !== null) for (const id of touched.ids) decoded.drop(id);
    return touched;
  }

  /** Makes the index agree with the entry now stored under `id` (`value` undefined: removed). */
  #refresh(id: string, value: unknown): void {
    const before = this.#entries.get(id);
    this.#store(id, value);
    if (before?.order !== this.#entries.get(id)?.order) this.#zOrder?.changed(id, before?.order);
  }

  #store(id: string, value: unknown): void {
    const before = this.#entries.get(id);
    if (before !== undefined) this.#unlink(id, before);
    this.#others?.delete(id);
    if (value === undefined) return;
    if (!(value instanceof Y.Map)) {
      (this.#others ??= new Set()).add(id);
      return;
    }
    const entry = value as Y.Map<unknown>;
    const type = readItemType(entry);
    const order = readItemZ(entry);
    const z = isFractionalIndex(order) ? order : null;
    const refs = referencesOf(type, entry);
    this.#entries.set(id, { type, z, order, refs });
    if (z !== null && before?.z !== z) this.#zHeap?.push(z, id);
    if (refs.length > 0) (this.#references ??= new ReferenceIndex()).link(id, refs);
    if (type === sectionTypeName) (this.#sections ??= new SectionIndex()).set(id, entry);
  }

  #unlink(id: string, before: IndexedItem): void {
    this.#entries.delete(id);
    this.#references?.unlink(id, before.refs);
    this.#sections?.delete(id);
  }

  /** Refills `heap` from the entries and makes it the index's heap. */
  #rebuildHeap(heap: TopKeyHeap): TopKeyHeap {
    heap.clear();
    for (const [id, entry] of this.#entries) if (entry.z !== null) heap.push(entry.z, id);
    this.#zHeap = heap;
    return heap;
  }
}
