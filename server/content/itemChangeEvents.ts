import type * as Y from 'yjs';
import type { ItemView } from '../../crdt/index.js';
import { getItem } from '../../crdt/index.js';
import type { BoardEventBase, ItemChangeSource } from '../events/eventTypes.js';
import { itemEvent } from './itemEvent.js';
import type { ItemChanges } from './itemChanges.js';
import type { PlannedEvent } from './WriteEventJournal.js';

/** The item as `doc` holds it, or null when it is gone or has no REST view (a shape the catalogue refuses, written by a live client). */
export function currentItem(doc: Y.Doc, id: string): ItemView | null {
  if (!doc.getMap('items').has(id)) return null;
  try {
    return getItem(doc, id);
  } catch {
    return null;
  }
}

/**
 * `item.created|updated|deleted` for the net `changes`, with each item's state after the write:
 * from `views` when they hold it, else `current(id)`. With `key` (see `itemChangeKey`,
 * `journaledItemChangeKey`), each event carries its `changeKey`.
 */
export function itemChangeEvents(
  base: BoardEventBase & { readonly copiedFrom?: string },
  source: ItemChangeSource,
  changes: ItemChanges,
  views: ReadonlyMap<string, ItemView>,
  current: (id: string) => ItemView | null,
  key: (change: 'created' | 'updated' | 'deleted', id: string) => string | undefined = () => undefined,
): PlannedEvent[] {
  const view = (id: string): ItemView | null => views.get(id) ?? current(id);
  const events: PlannedEvent[] = [];
  for (const id of changes.created) events.push({ type: 'item.created', payload: itemEvent(base, id, source, view(id), key('created', id)) });
  for (const id of changes.updated) {
    const event = itemEvent(base, id, source, view(id), key('updated', id));
    events.push({ type: 'item.updated', payload: changes.fields ? Object.assign(event, { fields: changes.fields }) : event });
  }
  for (const id of changes.deleted) events.push({ type: 'item.deleted', payload: itemEvent(base, id, source, null, key('deleted', id)) });
  return events;
}
