import type * as Y from 'yjs';
import { findItemEntry, touchItem } from '../../../crdt/items/boardSchema.js';
import type { Actor, StoredItem } from '../../../crdt/items/boardSchema.js';
import { checkCreateItem } from '../../../crdt/items/catalogue.js';
import { keysBetween } from '../../../crdt/items/fractionalIndex.js';
import { assertRoomFor, createItem } from '../../../crdt/items/itemOperations.js';
import { BoardEdits, clampedSize } from '../edits.js';
import type { Clip, ClipItem } from './clipFormat.js';
import { alignedCentres, distributedCentres, reordered } from './layout.js';
import type { Alignment, Axis, Order } from './layout.js';

/** Items never copied: a comment is a person's thread, not content to duplicate. */
const notCopied: ReadonlySet<string> = new Set(['comment']);

/** Where pasted items go: centred on a board point, or their originals' places shifted. */
export type PastePlace = { readonly at: { x: number; y: number } } | { readonly offset: { dx: number; dy: number } };

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The commands a person gives the selection: copy (to a clip), paste, duplicate, z-order,
 * align, distribute and nudge. Every write goes through the catalogue's operations (as the
 * canvas's other writes and REST do) in one transaction whose origin is the local actor, so a
 * command is one undo step and the API reads back valid items. A paste is checked whole
 * before anything is written: an item the catalogue refuses stops it with nothing created.
 */
export class BoardCommands {
  readonly #doc: Y.Doc;
  readonly #actor: Actor;
  readonly #edits: BoardEdits;
  readonly #items: () => readonly StoredItem[];

  /** `items` gives the document's items decoded, bottom of the z-order first, as they are now (the board's store). */
  constructor(doc: Y.Doc, actor: Actor, items: () => readonly StoredItem[]) {
    this.#doc = doc;
    this.#actor = actor;
    this.#edits = new BoardEdits(doc, actor);
    this.#items = items;
  }

  /**
   * The clip of `ids`: those items, the contents of the sections among them, and the connectors
   * among them whose two ends are copied too; never comments. Bottom of the z-order first.
   */
  clipOf(ids: ReadonlySet<string>, boardId: string): Clip {
    const items = this.#items();
    const chosen = this.#edits.withContents(ids, items);
    const copied = items.filter((item) => chosen.has(item.id) && item.type !== 'connector' && !notCopied.has(item.type));
    const copiedIds = new Set(copied.map((item) => item.id));
    const joins = (item: StoredItem) => copiedIds.has(String(item.data.from)) && copiedIds.has(String(item.data.to));
    const kept = new Set([...copiedIds, ...items.filter((item) => chosen.has(item.id) && item.type === 'connector' && joins(item)).map((i) => i.id)]);
    return {
      boardId,
      items: items
        .filter((item) => kept.has(item.id))
        .map((item) => ({ id: item.id, type: item.type, x: item.x, y: item.y, width: item.width, height: item.height, rotation: item.rotation, data: item.data })),
    };
  }

  /**
   * Creates the clip's items on top of the z-order, in their order, with new ids; connectors are
   * re-pointed to the new copies of their ends (and left out when an end is missing). Returns
   * the new ids. Throws (nothing written) when the catalogue refuses any item.
   */
  paste(clip: Clip, place: PastePlace): string[] {
    const shapes = clip.items.filter((item) => item.type !== 'connector');
    const shapeIds = new Set(shapes.map((item) => item.id));
    const connectors = clip.items.filter((item) => item.type === 'connector' && shapeIds.has(String(item.data.from)) && shapeIds.has(String(item.data.to)));
    let dx = 0;
    let dy = 0;
    if ('offset' in place) ({ dx, dy } = place.offset);
    else if (shapes.length > 0) {
      const left = Math.min(...shapes.map((i) => i.x - i.width / 2));
      const right = Math.max(...shapes.map((i) => i.x + i.width / 2));
      const top = Math.min(...shapes.map((i) => i.y - i.height / 2));
      const bottom = Math.max(...shapes.map((i) => i.y + i.height / 2));
      dx = place.at.x - (left + right) / 2;
      dy = place.at.y - (top + bottom) / 2;
    }
    const bodyOf = (item: ClipItem) =>
      item.type === 'connector'
        ? { type: item.type, position: { x: round(item.x + dx), y: round(item.y + dy) }, data: item.data }
        : { type: item.type, position: { x: round(item.x + dx), y: round(item.y + dy) }, size: { width: item.width, height: item.height }, rotation: item.rotation, data: item.data };
    const ordered = [...shapes, ...connectors];
    if (ordered.length === 0) return [];
    ordered.forEach((item, index) => {
      if (notCopied.has(item.type)) throw new Error(`Item ${index + 1} of the clipboard is a ${item.type}, which is not pasted.`);
      const checked = checkCreateItem(bodyOf(item));
      if (!checked.ok) throw new Error(`Nothing was pasted: item ${index + 1} (${item.type}): ${checked.issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`);
    });
    assertRoomFor(this.#doc, ordered.length);
    const created = new Map<string, string>();
    this.#doc.transact(() => {
      for (const item of ordered) {
        const body = bodyOf(item);
        if (item.type === 'connector') body.data = { ...item.data, from: created.get(String(item.data.from)), to: created.get(String(item.data.to)) };
        created.set(item.id, createItem(this.#doc, body, this.#actor, Date.now()).id);
      }
    }, this.#actor);
    return [...created.values()];
  }

  /** Copies of `ids` (with section contents and joining connectors) 20 units down and right; returns their ids. */
  duplicate(ids: ReadonlySet<string>, boardId: string): string[] {
    return this.paste(this.clipOf(ids, boardId), { offset: { dx: 20, dy: 20 } });
  }

  /** A sticky note holding `text`, centred on `at`; returns its id. */
  pasteText(text: string, at: { x: number; y: number }): string {
    return createItem(this.#doc, { type: 'sticky_note', position: { x: round(at.x), y: round(at.y) }, data: { text, color: '#fff9b1' } }, this.#actor, Date.now()).id;
  }

  /** Moves the unlocked items of `all` in the z-order (see `reordered`); only the moved items get new keys. */
  order(all: ReadonlySet<string>, how: Order): void {
    const items = this.#items();
    // A locked item keeps its place in the z-order too.
    const ids = new Set(items.filter((item) => all.has(item.id) && !item.locked).map((item) => item.id));
    const zOf = new Map(items.map((item) => [item.id, item.z]));
    const next = reordered(
      items.map((item) => item.id),
      ids,
      how,
    );
    const updates = new Map<string, string>();
    for (let start = 0; start < next.length; ) {
      if (!ids.has(next[start] ?? '')) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < next.length && ids.has(next[end] ?? '')) end += 1;
      const run = next.slice(start, end);
      const below = start > 0 ? (zOf.get(next[start - 1] ?? '') ?? null) : null;
      const above = end < next.length ? (zOf.get(next[end] ?? '') ?? null) : null;
      const current = run.map((id) => zOf.get(id) ?? '');
      const inPlace = current.every((z, i) => (below === null || z > below) && (above === null || z < above) && (i === 0 || z > (current[i - 1] ?? '')));
      if (!inPlace && (below === null || above === null || below < above)) {
        keysBetween(below, above, run.length).forEach((z, i) => updates.set(run[i] ?? '', z));
      }
      start = end;
    }
    if (updates.size === 0) return;
    this.#doc.transact(() => {
      for (const [id, z] of updates) {
        const entry = findItemEntry(this.#doc, id);
        if (!entry) continue;
        entry.set('z', z);
        touchItem(entry, this.#actor, Date.now());
      }
    }, this.#actor);
  }

  /** Lines up the movable items among `ids` (see `alignedCentres`); sections take their contents along. */
  align(ids: ReadonlySet<string>, how: Alignment): void {
    this.#moveTo(ids, (boxes) => alignedCentres(boxes, how));
  }

  /** Spaces the movable items among `ids` evenly (see `distributedCentres`); sections take their contents along. */
  distribute(ids: ReadonlySet<string>, axis: Axis): void {
    this.#moveTo(ids, (boxes) => distributedCentres(boxes, axis));
  }

  /** Moves the items of `ids` by (`dx`, `dy`); sections take their contents along. */
  nudge(ids: ReadonlySet<string>, dx: number, dy: number): void {
    this.#moveTo(ids, (boxes) => new Map(boxes.map((b) => [b.id, { x: b.x + dx, y: b.y + dy }])));
  }

  /**
   * Grows (or, negative, shrinks) the resizable items of `ids` by `dw` × `dh`, each keeping its
   * top-left corner, within its type's size limits; connectors and locked items are left.
   * Answers how many locked items were left.
   */
  resizeBy(ids: ReadonlySet<string>, dw: number, dh: number): number {
    const items = this.#items().filter((item) => ids.has(item.id) && item.type !== 'connector');
    const boxes: [StoredItem, { x: number; y: number; width: number; height: number }][] = [];
    for (const item of items) {
      if (item.locked) continue;
      const size = clampedSize(item.type, { width: item.width + dw, height: item.height + dh });
      if (size.width === item.width && size.height === item.height) continue;
      const left = item.x - item.width / 2;
      const top = item.y - item.height / 2;
      boxes.push([item, { x: left + size.width / 2, y: top + size.height / 2, ...size }]);
    }
    if (boxes.length > 0) this.#edits.resizeAll(boxes);
    return items.filter((item) => item.locked).length;
  }

  #moveTo(ids: ReadonlySet<string>, place: (boxes: readonly StoredItem[]) => Map<string, { x: number; y: number }>): void {
    const items = this.#items();
    const movable = items.filter((item) => ids.has(item.id) && item.type !== 'connector' && !item.locked);
    if (movable.length === 0) return;
    const targets = place(movable);
    const positions = new Map<string, { x: number; y: number }>();
    const byId = new Map(items.map((item) => [item.id, item]));
    for (const item of movable) {
      const target = targets.get(item.id);
      if (!target || (target.x === item.x && target.y === item.y)) continue;
      positions.set(item.id, target);
      if (item.type !== 'section') continue;
      for (const inner of this.#edits.withContents(new Set([item.id]), items)) {
        const content = byId.get(inner);
        // A locked item goes with its section (BoardEdits.moving).
        if (content && (!ids.has(inner) || content.locked) && content.type !== 'connector' && !positions.has(inner)) {
          positions.set(inner, { x: content.x + target.x - item.x, y: content.y + target.y - item.y });
        }
      }
    }
    if (positions.size > 0) this.#edits.move(positions);
  }
}
