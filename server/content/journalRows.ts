import type * as Y from 'yjs';
import { listItems } from '../../crdt/index.js';
import type { Database } from '../../storage/index.js';
import type { JournaledEventRecord, WriteEventsRecord } from '../../storage/schema/writeEvents.js';
import { eachInSlices } from '../eventLoopSlices.js';
import type { PlannedEvent } from '../events/eventTypes.js';
import { currentItem } from './itemChangeEvents.js';

/**
 * How a write's events are stored in its `write_events` row, and read back from it. The row of a
 * batch of 100 holds a hundred and two events; stored whole, it was mostly item views and the
 * same base fields a hundred times (its JSON and insert were most of the journal's cost). So a row
 * stores each `item.created` / `item.updated` without its `item` (`views: 'document'`: a replay
 * reads the item from the stored document, which holds the write once the row's mark is in it),
 * and the fields every one of its events repeats (`BoardEventBase`'s, the same values) once, as
 * `shared`. A run of item events alike but for their item (a batch's moves) is one entry whose
 * `items` name each item and the end of its `changeKey` (empty: the row's id, an update's name):
 * the row of a hundred moves was still 21 KB of the same payload a hundred times, written to the
 * WAL and fsynced with the batch; it is now under 5 KB, built and encoded in the same time.
 */

/** Fields of `BoardEventBase` each event of a write carries, with the same values. */
const baseFields = ['workspaceId', 'boardId', 'actor', 'at'] as const;

/** Item events whose payload carries the item's view. */
function carriesView(type: string): boolean {
  return type === 'item.created' || type === 'item.updated';
}

/**
 * Events whose `items` are every item of the row's board as written (a duplicate's
 * `board.duplicated`, the copy's items): stored without them and read from the document at a
 * replay, as an item event's view is. Stored, the items of a 10k-item copy made a row of 3 MB,
 * encoded and inserted in one turn (with the collections it caused, the event loop stalled 218 to
 * 338 ms in `npm run bench`'s duplicate of a 13k-item board).
 */
function carriesBoardItems(type: string): boolean {
  return type === 'board.duplicated';
}

/** Item events, whose runs a row stores as one entry. */
function itemChangeOf(type: string): string | undefined {
  return type === 'item.created' || type === 'item.updated' || type === 'item.deleted' ? type.slice('item.'.length) : undefined;
}

/** `[itemId, key]` of an item event whose `changeKey` names its item on the row's board (see `JournaledEventRecord.items`); undefined for any other. */
function runMember(type: string, payload: Readonly<Record<string, unknown>>, row: RowNames): [string, string] | undefined {
  const change = itemChangeOf(type);
  const { itemId, changeKey } = payload;
  if (change === undefined || typeof itemId !== 'string' || typeof changeKey !== 'string') return undefined;
  // `<change>/<boardId>/<itemId>/<key>`, compared in place: a prefix built per event cost more than the rest of the row.
  const board = change.length + 1;
  const item = board + row.boardId.length + 1;
  const key = item + itemId.length + 1;
  const slash = 47;
  if (!changeKey.startsWith(change) || changeKey.charCodeAt(board - 1) !== slash || !changeKey.startsWith(row.boardId, board)) return undefined;
  if (changeKey.charCodeAt(item - 1) !== slash || !changeKey.startsWith(itemId, item) || changeKey.charCodeAt(key - 1) !== slash) return undefined;
  return [itemId, changeKey.length - key === row.id.length && changeKey.endsWith(row.id) ? '' : changeKey.slice(key)];
}

/** Whether `a` and `b` are the same value, or arrays of the same values. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((value, i) => value === b[i]);
}

/** Whether two stored payloads hold the same fields with the same values (objects: the same one; arrays: of the same values). */
function alike(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(b, key) || !same(a[key], b[key])) return false;
    count += 1;
  }
  for (const key in b) count -= Object.hasOwn(b, key) ? 1 : 0;
  return count === 0;
}

/** The names of a row that its item events' change keys repeat. */
interface RowNames {
  readonly id: string;
  readonly boardId: string;
}

/** What a row stores of its write's events (`events`, `shared` and `views` of `WriteEventsRecord`). */
export type StoredEvents = Pick<WriteEventsRecord, 'events' | 'shared' | 'views'>;

/** The base fields that every one of `planned` holds with the same value. */
function sharedFields(planned: readonly PlannedEvent[]): Record<string, unknown> {
  const first = planned[0]?.payload as Readonly<Record<string, unknown>> | undefined;
  const shared: Record<string, unknown> = {};
  if (first === undefined) return shared;
  for (const field of baseFields) {
    const value = first[field];
    if (value !== undefined && planned.every((event) => (event.payload as unknown as Readonly<Record<string, unknown>>)[field] === value)) shared[field] = value;
  }
  return shared;
}

/** The stored entries of a row's events, taken one at a time by `add` (in the write's order). */
function rowEntries(shared: Readonly<Record<string, unknown>>, row: RowNames): { events: JournaledEventRecord[]; add: (event: PlannedEvent) => void } {
  const events: JournaledEventRecord[] = [];
  let run: { type: string; payload: Record<string, unknown>; items: [string, string][] } | undefined;
  const add = (event: PlannedEvent): void => {
    const payload = event.payload as unknown as Record<string, unknown>;
    const view = carriesView(event.type);
    const boardItems = carriesBoardItems(event.type);
    const member = runMember(event.type, payload, row);
    const stored: Record<string, unknown> = {};
    for (const key in payload) {
      if (key in shared || (view && key === 'item') || (boardItems && key === 'items') || (member !== undefined && (key === 'itemId' || key === 'changeKey'))) continue;
      stored[key] = payload[key];
    }
    if (member === undefined) {
      run = undefined;
      events.push({ type: event.type, payload: stored });
      return;
    }
    if (run !== undefined && run.type === event.type && alike(run.payload, stored)) {
      run.items.push(member);
      return;
    }
    run = { type: event.type, payload: stored, items: [member] };
    events.push(run);
  };
  return { events, add };
}

/** The events of a write as its row `row` stores them: `events`, and `shared`, the base fields all of them hold alike. */
export function storedEvents(planned: readonly PlannedEvent[], row: RowNames): StoredEvents {
  const shared = sharedFields(planned);
  const entries = rowEntries(shared, row);
  for (const event of planned) entries.add(event);
  return { events: entries.events, shared, views: 'document' };
}

/**
 * `storedEvents` over several turns of the event loop, `msPerTurn` of them a turn: for a write of
 * thousands of events (a duplicate's, one per copied item), whose row would hold the loop for tens
 * of milliseconds in one turn.
 */
export async function storedEventsInSlices(planned: readonly PlannedEvent[], row: RowNames, msPerTurn: number): Promise<StoredEvents> {
  const shared = sharedFields(planned);
  const entries = rowEntries(shared, row);
  await eachInSlices(planned, entries.add, msPerTurn);
  return { events: entries.events, shared, views: 'document' };
}

/** The events a row holds, one by one as they are emitted again (see `replayedPayload`), runs of item events (`items`) written out. */
export function replayedEvents(row: WriteEventsRecord, doc: Y.Doc | undefined): { type: string; payload: Record<string, unknown> }[] {
  const out: { type: string; payload: Record<string, unknown> }[] = [];
  for (const event of row.events) {
    if (event.items === undefined) {
      out.push({ type: event.type, payload: replayedPayload(row, event, doc) });
      continue;
    }
    const change = itemChangeOf(event.type) ?? event.type;
    for (const [itemId, key] of event.items) {
      const changeKey = `${change}/${row.boardId}/${itemId}/${key === '' ? row.id : key}`;
      out.push({ type: event.type, payload: replayedPayload(row, { type: event.type, payload: { ...event.payload, itemId, changeKey } }, doc) });
    }
  }
  return out;
}

/**
 * The payload of a stored event as it is emitted again: with the row's `shared` fields, and for an
 * item event of a row with `views: 'document'` the item as `doc` holds it (null when it is gone),
 * for a duplicate's `board.duplicated` every item `doc` holds (rows written before its items were
 * left out keep theirs). A row written whole (without `shared` and `views`) gives its payloads as
 * written.
 */
export function replayedPayload(row: WriteEventsRecord, event: JournaledEventRecord, doc: Y.Doc | undefined): Record<string, unknown> {
  if (row.shared === undefined && row.views === undefined) return event.payload as Record<string, unknown>;
  const payload: Record<string, unknown> = { ...row.shared, ...event.payload };
  if (row.views !== 'document' || doc === undefined) return payload;
  if (carriesView(event.type)) payload.item = currentItem(doc, String(payload.itemId));
  else if (carriesBoardItems(event.type) && payload.items === undefined) payload.items = listItems(doc);
  return payload;
}

/**
 * Whether the store takes a journal row in the append of the update it describes, one commit for
 * both (PostgreSQL: `DocumentStore.appendsRecords`), rather than as a write of its own before it
 * (sqlite writes it synchronously; MongoDB's append waits for it).
 */
export function rowsGoWithUpdates(db: Pick<Database, 'writesBeforeReturn' | 'documents'>): boolean {
  return db.writesBeforeReturn !== true && db.documents.appendsRecords === true;
}
