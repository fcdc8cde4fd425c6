import type * as Y from 'yjs';
import { ItemValidationError } from '../../crdt/errors.js';
import { decodeData, findItemEntry, touchItem } from '../../crdt/items/boardSchema.js';
import type { Actor, StoredItem } from '../../crdt/items/boardSchema.js';
import { deriveSectionIds } from '../../crdt/items/boardSnapshot.js';
import { findItemTypeDefinition } from '../../crdt/items/catalogue.js';
import { createItem, deleteItem, itemTypeOf } from '../../crdt/items/itemOperations.js';
import { patchItem } from '../../crdt/items/patchItem.js';
import { isLockedEntry } from '../../crdt/items/itemLock.js';
import { checkWith } from '../../crdt/items/validation.js';

/**
 * The canvas's writes. Each runs the same catalogue operation a REST call runs (the same zod
 * schemas, geometry and reference checks), in one transaction whose origin is the local actor,
 * so what the canvas draws is a valid item that REST reads back, and the undo manager tracks
 * exactly the local changes. Invalid writes throw before anything changes.
 */
export class BoardEdits {
  readonly #doc: Y.Doc;
  readonly actor: Actor;

  constructor(doc: Y.Doc, actor: Actor) {
    this.#doc = doc;
    this.actor = actor;
  }

  /** Creates an item from a REST-style create body; returns its id. */
  create(body: { type: string; position: { x: number; y: number }; size?: { width: number; height: number }; data: Record<string, unknown> }): string {
    return createItem(this.#doc, body, this.actor, Date.now()).id;
  }

  /**
   * Moves items to new centres, in one transaction. A locked item among them is one its section
   * carries (see `moving`): it is moved by the section's offset in the same transaction, which
   * the server accepts (crdt/items/itemLock.ts, `carriedBySection`) and refuses otherwise.
   */
  move(positions: ReadonlyMap<string, { x: number; y: number }>): void {
    this.#doc.transact(() => {
      for (const [id, position] of positions) {
        const entry = findItemEntry(this.#doc, id);
        if (!entry || !isLockedEntry(entry)) {
          patchItem(this.#doc, id, { position: round(position) }, this.actor, Date.now());
          continue;
        }
        const { x, y } = round(position);
        entry.set('x', x);
        entry.set('y', y);
        touchItem(entry, this.actor, Date.now());
      }
    }, this.actor);
  }

  /**
   * What moves when `ids` move: those that are not locked and not connectors (whose geometry
   * follows their ends), and everything the sections among them hold, locked or not: a lock
   * stops moving the item itself, not the section it sits in (as in Miro).
   */
  moving(ids: ReadonlySet<string>, itemsInZOrder: readonly StoredItem[]): StoredItem[] {
    const roots = new Set(itemsInZOrder.filter((item) => ids.has(item.id) && item.type !== 'connector' && !item.locked).map((item) => item.id));
    const all = this.withContents(roots, itemsInZOrder);
    return itemsInZOrder.filter((item) => all.has(item.id) && item.type !== 'connector');
  }

  /** Sets an item's centre and size (clamped to its type's limits). */
  resize(item: StoredItem, box: { x: number; y: number; width: number; height: number }): void {
    patchItem(this.#doc, item.id, { position: round(box), size: clampedSize(item.type, box) }, this.actor, Date.now());
  }

  /** Sets the centres and sizes of several items (each clamped as `resize` does), in one transaction. */
  resizeAll(boxes: Iterable<readonly [StoredItem, { x: number; y: number; width: number; height: number }]>): void {
    this.#doc.transact(() => {
      for (const [item, box] of boxes) this.resize(item, box);
    }, this.actor);
  }

  /** Replaces one data field (text edits reach Y.Text as a minimal splice). */
  setField(id: string, field: string, value: unknown): void {
    patchItem(this.#doc, id, { data: { [field]: value } }, this.actor, Date.now());
  }

  /**
   * Merges data fields into several items as one change (one transaction, so one undo step).
   * Every item's resulting data is checked against its type's schema first: nothing is written
   * unless all of them pass.
   */
  patchData(changes: ReadonlyMap<string, Record<string, unknown>>): void {
    for (const [id, data] of changes) {
      const entry = findItemEntry(this.#doc, id);
      const definition = findItemTypeDefinition(itemTypeOf(this.#doc, id) ?? '');
      if (!entry || !definition) continue;
      const merged = { ...decodeData(entry), ...data };
      for (const field of definition.listFields) delete merged[field];
      const checked = checkWith(definition.schema, merged, 'data');
      if (!checked.ok) throw new ItemValidationError(checked.issues);
    }
    this.#doc.transact(() => {
      for (const [id, data] of changes) patchItem(this.#doc, id, { data }, this.actor, Date.now());
    }, this.actor);
  }

  /**
   * `ids` with the contents of the sections among them: every item whose section (the top-most
   * one containing its centre, as REST derives `sectionId`), or its section's section and so
   * on, is one of them, locked or not. Copying or moving a section takes all it holds.
   */
  withContents(ids: ReadonlySet<string>, itemsInZOrder: readonly StoredItem[]): Set<string> {
    const out = new Set(ids);
    if (!itemsInZOrder.some((item) => ids.has(item.id) && item.type === 'section')) return out;
    const sectionIds = deriveSectionIds(itemsInZOrder);
    for (const item of itemsInZOrder) {
      const chain = new Set<string>();
      for (let parent = sectionIds.get(item.id) ?? null; parent !== null && !chain.has(parent); parent = sectionIds.get(parent) ?? null) {
        if (ids.has(parent)) {
          out.add(item.id);
          break;
        }
        chain.add(parent);
      }
    }
    return out;
  }

  /** Deletes items (comment pins are resolved, as on REST), in one transaction; locked items other than comment pins are left. */
  delete(ids: Iterable<string>): void {
    this.#doc.transact(() => {
      for (const id of ids) {
        const entry = findItemEntry(this.#doc, id);
        if (entry && (!isLockedEntry(entry) || itemTypeOf(this.#doc, id) === 'comment')) deleteItem(this.#doc, id, this.actor, Date.now());
      }
    }, this.actor);
  }

  /** Locks or unlocks items, in one transaction (one undo step). */
  setLocked(ids: Iterable<string>, locked: boolean): void {
    this.#doc.transact(() => {
      for (const id of ids) if (findItemEntry(this.#doc, id)) patchItem(this.#doc, id, { locked }, this.actor, Date.now());
    }, this.actor);
  }
}

/** `size` rounded to whole units and clamped to the limits of items of `type` (the catalogue's min and max sizes). */
export function clampedSize(type: string, size: { width: number; height: number }): { width: number; height: number } {
  const definition = findItemTypeDefinition(type);
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));
  return {
    width: clamp(size.width, definition?.minSize.width ?? 1, definition?.maxSize.width ?? 100_000),
    height: clamp(size.height, definition?.minSize.height ?? 1, definition?.maxSize.height ?? 100_000),
  };
}

function round(point: { x: number; y: number }): { x: number; y: number } {
  return { x: Math.round(point.x * 100) / 100, y: Math.round(point.y * 100) / 100 };
}
