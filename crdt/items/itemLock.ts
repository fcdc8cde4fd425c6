import * as Y from 'yjs';
import { ItemLockedError } from '../errors.js';
import type { ItemRecord } from './itemRecord.js';
import { connectorTypeName } from './references.js';

/**
 * Item lock (as in Miro and tldraw): an item whose entry holds `locked: true` cannot be moved,
 * resized, rotated, restyled, edited, reordered or deleted, through REST, batches or live sync,
 * until it is unlocked. An unlocked item has no `locked` field (or `false`). What a lock leaves
 * open:
 * - the lock itself: `{"locked": false}` unlocks, and may come with other changes in the same
 *   PATCH (the unlock applies first);
 * - a comment pin's conversation: replies, and resolving (also by deleting the pin, which resolves);
 * - what follows from other items: a connector's geometry follows its ends, and a connector goes
 *   with an end that is deleted, locked or not (lock the ends to keep it);
 * - its section's move (as in Miro): a locked item goes with a section that moves by the offset
 *   the section moved, in the same change (`carriedBySection`): a live edit, or a batch that moves
 *   the section and the item by the same offset (`lockedMoveRefused`). Contents are found by
 *   position: a REST PATCH or batch move of a section moves the section alone, and moving the
 *   locked item itself, on its own or by another offset, is refused.
 */
export const lockedField = 'locked';

/** PATCH fields a locked item still takes: the lock itself and a comment pin's conversation. */
const fieldsOpenWhileLocked: ReadonlySet<string> = new Set([lockedField, 'reply', 'editReply', 'removeReply', 'resolved']);

/** Fields every write stamps: not a change of the item's content. */
const authorshipFields: ReadonlySet<string> = new Set(['createdBy', 'createdAt', 'updatedBy', 'updatedAt']);

/** A connector's geometry, which follows its ends (`alignConnectorsOf`). */
const connectorGeometryFields: ReadonlySet<string> = new Set(['x', 'y', 'width', 'height', 'rotation']);

/** Type name of comment pins (as `commentTypeName`, which lives with the operations that import this file). */
const commentType = 'comment';

/** A comment pin's conversation fields in `data`. */
const conversationDataFields: ReadonlySet<string> = new Set(['replies', 'resolved']);

/** Whether the item entry is locked. */
export function isLockedEntry(entry: Y.Map<unknown>): boolean {
  return entry.get(lockedField) === true;
}

/** Whether an item record (plain JSON of an entry) is locked. */
export function isLockedRecord(record: ItemRecord | undefined): boolean {
  return record !== undefined && record[lockedField] === true;
}

/** Writes the lock of an entry (call inside a transaction): `locked: true`, or no field when unlocked. */
export function writeLock(entry: Y.Map<unknown>, locked: boolean): void {
  if (locked) {
    if (entry.get(lockedField) !== true) entry.set(lockedField, true);
  } else if (entry.has(lockedField)) {
    entry.delete(lockedField);
  }
}

/**
 * Throws ItemLockedError when a PATCH of the locked item `id` changes anything a lock refuses
 * (anything but unlocking and a comment's conversation). A PATCH that unlocks may change the rest.
 */
export function assertPatchOpen(entry: Y.Map<unknown>, id: string, patch: Readonly<Record<string, unknown>>): void {
  if (!isLockedEntry(entry) || patch[lockedField] === false) return;
  const refused = Object.keys(patch).find((field) => !fieldsOpenWhileLocked.has(field));
  if (refused !== undefined) throw new ItemLockedError(id, { field: refused });
}

/**
 * Whether a live change of an item from `before` to `after` (undefined: deleted) is one its lock
 * refuses: the item was locked, is still locked (or gone), and something besides authorship,
 * a connector's geometry or a comment's conversation changed.
 */
export function lockRefuses(before: ItemRecord | undefined, after: ItemRecord | undefined): boolean {
  if (!isLockedRecord(before) || before === undefined) return false;
  if (after === undefined) return before['type'] !== commentType;
  if (!isLockedRecord(after)) return false;
  const type = before['type'];
  const ignored = (key: string): boolean => authorshipFields.has(key) || (type === connectorTypeName && connectorGeometryFields.has(key));
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'data' || ignored(key)) continue;
    if (!sameJson(before[key], after[key])) return true;
  }
  const dataBefore = objectOf(before['data']);
  const dataAfter = objectOf(after['data']);
  for (const key of new Set([...Object.keys(dataBefore), ...Object.keys(dataAfter)])) {
    if (type === commentType && conversationDataFields.has(key)) continue;
    if (!sameJson(dataBefore[key], dataAfter[key])) return true;
  }
  return false;
}

/** A section's move in one live change: its box before (centre and size) and the offset it moved by. */
export interface SectionMove {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly dx: number;
  readonly dy: number;
}

/** How far a carried item's offset may differ from its section's: clients round positions to hundredths. */
const carryTolerance = 0.02;

/**
 * The move of a section from `before` to `after`, or undefined when it is not a section or did not
 * move, or when anything but its position changed (a resize re-derives its contents; it carries nothing).
 */
export function sectionMoveOf(before: ItemRecord | undefined, after: ItemRecord | undefined): SectionMove | undefined {
  if (before === undefined || after === undefined || before['type'] !== 'section' || after['type'] !== 'section') return undefined;
  const [x, y, width, height] = [before['x'], before['y'], before['width'], before['height']];
  if (typeof x !== 'number' || typeof y !== 'number' || typeof width !== 'number' || typeof height !== 'number') return undefined;
  if (typeof after['x'] !== 'number' || typeof after['y'] !== 'number' || after['width'] !== width || after['height'] !== height) return undefined;
  const dx = after['x'] - x;
  const dy = after['y'] - y;
  return dx === 0 && dy === 0 ? undefined : { x, y, width, height, dx, dy };
}

/**
 * Whether the change of a locked item from `before` to `after` is its section carrying it: only
 * its position changed (authorship aside), by the offset of one of `moves` whose box held the
 * item's centre before.
 */
export function carriedBySection(before: ItemRecord, after: ItemRecord, moves: readonly SectionMove[]): boolean {
  if (moves.length === 0) return false;
  const [x, y] = [before['x'], before['y']];
  if (typeof x !== 'number' || typeof y !== 'number' || typeof after['x'] !== 'number' || typeof after['y'] !== 'number') return false;
  const still = { ...after, x, y };
  if (lockRefuses(before, still)) return false;
  const dx = after['x'] - x;
  const dy = after['y'] - y;
  return moves.some(
    (move) =>
      Math.abs(x - move.x) <= move.width / 2 &&
      Math.abs(y - move.y) <= move.height / 2 &&
      Math.abs(dx - move.dx) <= carryTolerance &&
      Math.abs(dy - move.dy) <= carryTolerance,
  );
}

/** A section that a change moved: its record before and after, and its move (`sectionMoveOf`). */
export interface MovedSection {
  readonly before: ItemRecord;
  readonly after: ItemRecord;
  readonly move: SectionMove;
}

/**
 * The moves of `moved` that may carry their contents: those of sections that were not locked,
 * then, in turn, of locked ones that such a move carried (a section in a section).
 */
export function carryingMoves(moved: readonly MovedSection[]): SectionMove[] {
  const carriers: SectionMove[] = [];
  let pending = moved;
  for (let added = true; added && pending.length > 0; ) {
    added = false;
    const left: MovedSection[] = [];
    for (const candidate of pending) {
      if (!lockRefuses(candidate.before, candidate.after) || carriedBySection(candidate.before, candidate.after, carriers)) {
        carriers.push(candidate.move);
        added = true;
      } else left.push(candidate);
    }
    pending = left;
  }
  return carriers;
}

function objectOf(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Y.AbstractType || b instanceof Y.AbstractType) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
