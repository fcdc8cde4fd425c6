import type * as Y from 'yjs';
import type { JournaledEventRecord, WriteEventsRecord } from '../../storage/schema/writeEvents.js';
import type { PlannedEvent } from '../events/eventTypes.js';
import { currentItem } from './itemChangeEvents.js';

/**
 * How a write's events are stored in its `write_events` row, and read back from it. The row of a
 * batch of 100 holds a hundred and two events; stored whole, it was mostly item views and the
 * same base fields a hundred times (its JSON and insert were most of the journal's cost). So a row
 * stores each `item.created` / `item.updated` without its `item` (`views: 'document'`: a replay
 * reads the item from the stored document, which holds the write once the row's mark is in it),
 * and the fields every one of its events repeats (`BoardEventBase`'s, the same values) once, as
 * `shared`.
 */

/** Fields of `BoardEventBase` each event of a write carries, with the same values. */
const baseFields = ['workspaceId', 'boardId', 'actor', 'at'] as const;

/** Item events whose payload carries the item's view. */
function carriesView(type: string): boolean {
  return type === 'item.created' || type === 'item.updated';
}

/** The events of a write as its row stores them: `events`, and `shared`, the base fields all of them hold alike. */
export function storedEvents(planned: readonly PlannedEvent[]): Pick<WriteEventsRecord, 'events' | 'shared' | 'views'> {
  const payloads = planned.map((event) => event.payload as unknown as Record<string, unknown>);
  const first = payloads[0];
  const shared: Record<string, unknown> = {};
  if (first !== undefined) {
    for (const field of baseFields) {
      const value = first[field];
      if (value !== undefined && payloads.every((payload) => payload[field] === value)) shared[field] = value;
    }
  }
  const events = planned.map((event, i): JournaledEventRecord => {
    const payload = payloads[i] as Record<string, unknown>;
    const view = carriesView(event.type);
    const stored: Record<string, unknown> = {};
    for (const key in payload) if (!(key in shared) && !(view && key === 'item')) stored[key] = payload[key];
    return { type: event.type, payload: stored };
  });
  return { events, shared, views: 'document' };
}

/**
 * The payload of a stored event as it is emitted again: with the row's `shared` fields, and for an
 * item event of a row with `views: 'document'` the item as `doc` holds it (null when it is gone).
 * A row written whole (without `shared` and `views`) gives its payloads as written.
 */
export function replayedPayload(row: WriteEventsRecord, event: JournaledEventRecord, doc: Y.Doc | undefined): Record<string, unknown> {
  if (row.shared === undefined && row.views === undefined) return event.payload as Record<string, unknown>;
  const payload: Record<string, unknown> = { ...row.shared, ...event.payload };
  if (row.views === 'document' && doc !== undefined && carriesView(event.type)) payload.item = currentItem(doc, String(payload.itemId));
  return payload;
}
