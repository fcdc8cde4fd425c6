import * as Y from 'yjs';
import { createItem } from '../../../crdt/index.js';
import type { Actor, CreateItemBody, ItemView } from '../../../crdt/index.js';

/** The actor used as transaction origin in these tests. */
export const alice: Actor = { actorId: 'usr_alice' };
/** A second actor. */
export const bob: Actor = { actorId: 'usr_bob' };
/** A fixed instant: 2026-10-01T12:00:00Z. */
export const nowMs = Date.UTC(2026, 9, 1, 12, 0, 0);

/** A fresh board document. */
export function newBoard(): Y.Doc {
  return new Y.Doc();
}

/** Creates a sticky note at (x, y) with `text`. */
export function sticky(doc: Y.Doc, x: number, y: number, text = 'note'): ItemView {
  return createItem(doc, { type: 'sticky_note', position: { x, y }, data: { text } }, alice, nowMs);
}

/** Creates a section centred at (x, y) of the given size. */
export function section(doc: Y.Doc, x: number, y: number, width: number, height: number, title = 'S'): ItemView {
  return createItem(doc, { type: 'section', position: { x, y }, size: { width, height }, data: { title } }, alice, nowMs);
}

/** A create body with `data` fields replaced. */
export function withData(body: CreateItemBody, data: Record<string, unknown>): CreateItemBody {
  return { ...body, data: { ...body.data, ...data } };
}

/** Counts the Yjs updates `doc` emits while `fn` runs. */
export function countUpdates(doc: Y.Doc, fn: () => void): number {
  let count = 0;
  const listener = (): void => {
    count += 1;
  };
  doc.on('update', listener);
  try {
    fn();
  } finally {
    doc.off('update', listener);
  }
  return count;
}

/** Runs `fn` and returns the error it throws (fails when it does not throw). */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to throw.');
}
