import * as Y from 'yjs';
import type { ItemRecord } from '../items/itemRecord.js';

/** What `Y.decodeUpdate` reads from an update. */
export type DecodedUpdate = ReturnType<typeof Y.decodeUpdate>;

/** A shared type as Yjs records it in `transaction.changed`. */
type SharedType = Y.Transaction['changed'] extends Map<infer K, unknown> ? K : never;

/** What a transaction did to one item of the board's `items` map. */
export interface ItemTouch {
  /** The item's entry was put into the map (a new item, or a whole new entry over an old one). */
  readonly replaced: boolean;
  /** The item is gone from the map after the transaction. */
  readonly deleted: boolean;
}

/**
 * The items a transaction changed, from what Yjs recorded while it ran (`transaction.changed`,
 * every changed type with its changed keys): a change anywhere inside an item's entry (a field,
 * its `data`, a text in it) names that item. Costs the depth of each changed type, not the board.
 */
export function touchedItems(transaction: Y.Transaction, items: Y.Map<unknown>): Map<string, ItemTouch> {
  const touched = new Map<string, ItemTouch>();
  for (const [type, keys] of transaction.changed) {
    if (type === (items as unknown)) {
      for (const key of keys) if (key !== null) touched.set(key, { replaced: true, deleted: !items.has(key) });
      continue;
    }
    const id = itemIdOfType(type, items);
    if (id !== undefined && !touched.has(id)) touched.set(id, { replaced: false, deleted: !items.has(id) });
  }
  return touched;
}

/** The id of the item whose entry holds `type` (at any depth), or undefined when it is not inside one. */
export function itemIdOfType(type: SharedType, items: Y.Map<unknown>): string | undefined {
  let current: SharedType = type;
  for (;;) {
    const holder = current._item;
    if (holder === null) return undefined;
    const parent = holder.parent;
    if (parent === (items as unknown)) return holder.parentSub ?? undefined;
    if (!(parent instanceof Y.AbstractType)) return undefined;
    current = parent as SharedType;
  }
}

/**
 * The item `id` as it was before `transaction` (plain JSON, like `Y.Map.toJSON()`), or undefined
 * when it did not exist. Only valid while the transaction is being cleaned up (an
 * `afterTransaction` listener): what it deleted still holds its content until Yjs collects it.
 */
export function itemRecordBefore(transaction: Y.Transaction, items: Y.Map<unknown>, id: string): ItemRecord | undefined {
  const item = visibleBefore(transaction, items._map.get(id));
  if (item === undefined) return undefined;
  const value = jsonBefore(transaction, lastContent(item));
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ItemRecord) : undefined;
}

/** `item` or the nearest older value of the same map key that was visible before the transaction. */
function visibleBefore(transaction: Y.Transaction, item: Y.Item | undefined): Y.Item | undefined {
  let current: Y.Item | null | undefined = item;
  while (current !== null && current !== undefined && !wasVisible(transaction, current)) current = current.left;
  return current ?? undefined;
}

/** Whether `item` existed before `transaction` and was not deleted then (it may be deleted by it). */
function wasVisible(transaction: Y.Transaction, item: Y.Item): boolean {
  const { client, clock } = item.id;
  if (clock >= (transaction.beforeState.get(client) ?? 0)) return false;
  return !item.deleted || Y.isDeleted(transaction.deleteSet, item.id);
}

function lastContent(item: Y.Item): unknown {
  const content = item.content.getContent();
  return content[content.length - 1];
}

/** `value` as JSON as it was before `transaction`: shared types are read through what was visible then. */
function jsonBefore(transaction: Y.Transaction, value: unknown): unknown {
  if (value instanceof Y.Text) {
    let text = '';
    for (let item = value._start; item !== null; item = item.right) {
      if (item.countable && wasVisible(transaction, item) && item.content instanceof Y.ContentString) text += item.content.str;
    }
    return text;
  }
  if (value instanceof Y.Array) {
    const out: unknown[] = [];
    for (let item = value._start; item !== null; item = item.right) {
      if (item.countable && wasVisible(transaction, item)) for (const entry of item.content.getContent()) out.push(jsonBefore(transaction, entry));
    }
    return out;
  }
  if (value instanceof Y.Map) {
    const out: Record<string, unknown> = {};
    for (const [key, last] of value._map) {
      const item = visibleBefore(transaction, last);
      if (item !== undefined) out[key] = jsonBefore(transaction, lastContent(item));
    }
    return out;
  }
  if (value instanceof Y.AbstractType) return value.toJSON();
  return value;
}

/**
 * The items that one decoded update (`Y.decodeUpdate`) wrote or deleted, resolved against the
 * document it was applied to: an entry of `items` names itself, anything else the entry it lies
 * in. Used to tell which of several clients whose updates were applied together did what.
 */
export function itemIdsOfUpdate(doc: Y.Doc, items: Y.Map<unknown>, decoded: DecodedUpdate): Set<string> {
  const ids = new Set<string>();
  const add = (client: number, clock: number): void => {
    const id = itemIdOfStruct(doc, items, client, clock);
    if (id !== undefined) ids.add(id);
  };
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Item) add(struct.id.client, struct.id.clock);
  }
  for (const [client, deletes] of decoded.ds.clients) {
    for (const { clock, len } of deletes) {
      // A range may cover several structs (a whole item and what it held); its first ones suffice.
      for (let offset = 0; offset < Math.min(len, 64); offset++) add(client, clock + offset);
    }
  }
  return ids;
}

function itemIdOfStruct(doc: Y.Doc, items: Y.Map<unknown>, client: number, clock: number): string | undefined {
  let struct: Y.AbstractStruct;
  try {
    struct = Y.getItem(doc.store, Y.createID(client, clock));
  } catch {
    return undefined;
  }
  if (!(struct instanceof Y.Item)) return undefined;
  if (struct.parent === (items as unknown)) return struct.parentSub ?? undefined;
  return struct.parent instanceof Y.AbstractType ? itemIdOfType(struct.parent as SharedType, items) : undefined;
}
