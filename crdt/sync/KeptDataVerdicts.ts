import * as Y from 'yjs';
import { dataVerdict } from '../items/itemRecord.js';
import type { DataVerdict, ItemRecord } from '../items/itemRecord.js';
import type { ItemTypeDefinition } from '../items/ItemTypeDefinition.js';

/** An item's `data` as JSON, and the catalogue's verdict on it once asked. */
interface Kept {
  readonly json: Readonly<Record<string, unknown>>;
  verdict?: DataVerdict;
}

/**
 * What `LiveEditGuard` read and checked of each item's `data` map, kept until a transaction
 * changes something inside it: a live edit that moves or resizes an item (most of them) is then
 * checked for what it changed, not for the item's text and style again. Every transaction of the
 * document, live or not, must be passed to `forget` before anything is read for it; a `data` map
 * is kept by identity, so one replaced by a new map is read afresh.
 */
export class KeptDataVerdicts {
  readonly #kept = new WeakMap<object, Kept>();
  readonly #byJson = new WeakMap<object, Kept>();

  /** Forgets the `data` maps that `transaction` changed, at any depth (a change to a text in one names every type above it). */
  forget(transaction: Y.Transaction): void {
    for (const type of transaction.changed.keys()) {
      let current: unknown = type;
      while (current instanceof Y.AbstractType) {
        this.#kept.delete(current);
        current = current._item?.parent;
      }
    }
  }

  /** The item's fields as `entry.toJSON()` gives them, its `data` as kept when nothing changed it since it was read. */
  recordOf(entry: Y.Map<unknown>): ItemRecord {
    const record: Record<string, unknown> = {};
    entry.forEach((value, key) => {
      if (key === 'data' && value instanceof Y.Map) record[key] = this.#dataJson(value as Y.Map<unknown>);
      else record[key] = value instanceof Y.AbstractType ? (value.toJSON() as unknown) : value;
    });
    return record;
  }

  /** `dataVerdict`, answered once per kept `data` JSON and type (for `itemRecordIssues`). */
  readonly verdictOf = (definition: ItemTypeDefinition, data: Readonly<Record<string, unknown>>): DataVerdict => {
    const kept = this.#byJson.get(data);
    if (kept === undefined) return dataVerdict(definition, data);
    if (kept.verdict?.definition !== definition) kept.verdict = dataVerdict(definition, data);
    return kept.verdict;
  };

  #dataJson(map: Y.Map<unknown>): Readonly<Record<string, unknown>> {
    let kept = this.#kept.get(map);
    if (kept === undefined) {
      kept = { json: map.toJSON() as Record<string, unknown> };
      this.#kept.set(map, kept);
      this.#byJson.set(kept.json, kept);
    }
    return kept.json;
  }
}
