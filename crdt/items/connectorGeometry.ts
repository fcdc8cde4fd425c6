import * as Y from 'yjs';
import { findItemEntry } from './boardSchema.js';
import { boardIndex } from './BoardIndex.js';
import { joinFieldPath } from '../errors.js';
import type { ValidationIssue } from '../errors.js';
import { geometryLimits } from './geometry.js';
import { connectorTypeName } from './references.js';

/** Where a connector sits: the rectangle spanning its ends' centres. */
export interface ConnectorBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function extent(distance: number): number {
  return Math.min(geometryLimits.maxSize, Math.max(geometryLimits.minSize, distance));
}

/** The rectangle spanning two centres: centred between them, at least 1 × 1, at most the largest item size. */
export function connectorBox(from: { x: number; y: number }, to: { x: number; y: number }): ConnectorBox {
  return {
    x: (from.x + to.x) / 2,
    y: (from.y + to.y) / 2,
    width: extent(Math.abs(to.x - from.x)),
    height: extent(Math.abs(to.y - from.y)),
  };
}

function centreOf(doc: Y.Doc, id: unknown): { x: number; y: number } | undefined {
  if (typeof id !== 'string') return undefined;
  const entry = findItemEntry(doc, id);
  const x = entry?.get('x');
  const y = entry?.get('y');
  return typeof x === 'number' && typeof y === 'number' ? { x, y } : undefined;
}

/**
 * Sets connector `id`'s geometry (centre, size, no rotation) from its ends' current centres;
 * call inside the transaction that created it or moved an end. Anything else, or a connector
 * whose end is missing, is left alone.
 */
export function alignConnector(doc: Y.Doc, id: string): void {
  const entry = findItemEntry(doc, id);
  if (entry === undefined || entry.get('type') !== connectorTypeName) return;
  const data = entry.get('data');
  if (!(data instanceof Y.Map)) return;
  const from = centreOf(doc, data.get('from'));
  const to = centreOf(doc, data.get('to'));
  if (from === undefined || to === undefined) return;
  const box = connectorBox(from, to);
  for (const [key, value] of [['x', box.x], ['y', box.y], ['width', box.width], ['height', box.height], ['rotation', 0]] as const) {
    if (entry.get(key) !== value) entry.set(key, value);
  }
}

/**
 * Realigns the connectors that end at any of `movedIds` (as the board index knows them before
 * this transaction) and the connectors in `connectorIds` (e.g. made earlier in the same
 * transaction); call inside the transaction that moved the items.
 */
export function alignConnectorsOf(doc: Y.Doc, movedIds: Iterable<string>, connectorIds: Iterable<string> = []): void {
  const moved = [...movedIds];
  alignConnectorsEndingAt(doc, moved, [...connectorIds, ...moved]);
}

/**
 * As `alignConnectorsOf`, for a caller that knows none of `movedIds` is a connector (a batch,
 * whose checks refuse a connector's move or resize) and which connectors it made
 * (`connectorIds`): the moved items are not read again to learn that they are not connectors.
 */
export function alignConnectorsEndingAt(doc: Y.Doc, movedIds: readonly string[], connectorIds: Iterable<string>): void {
  // Nothing moved, nothing to ask the index: inside the transaction, each of its reads first folds
  // in every item the transaction has written so far (a thousand for an import's chunk).
  const connectors = movedIds.length === 0 ? new Set<string>() : boardIndex(doc).referencesToAny(movedIds);
  for (const id of connectorIds) connectors.add(id);
  for (const id of connectors) alignConnector(doc, id);
}

/** The geometry fields of an item write that a connector cannot take. */
export type ConnectorGeometryField = 'position' | 'size' | 'rotation';

/**
 * Issues for `fields` written to an item of `type` when it is a connector. Both ends of a
 * connector are attached to items (`from`/`to` are required), so its place, size and rotation
 * follow its ends: moving or resizing it directly is refused (422 naming the field) rather than
 * answered with a success that changes nothing. Move an end, or give it new ends in `data`.
 */
export function connectorGeometryIssues(type: string | undefined, fields: readonly ConnectorGeometryField[], prefix: string): ValidationIssue[] {
  if (type !== connectorTypeName) return [];
  return fields.map((field) => ({
    field: joinFieldPath(prefix, field),
    message: `A connector's ${field} follows the items it joins (both ends are attached); move an end, or change data.from / data.to.`,
  }));
}
