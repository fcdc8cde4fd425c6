import type { CollectionSpec } from '../Collection.js';

/** One domain event of a journaled write, as it is emitted. */
export interface JournaledEventRecord {
  /** The event type (`item.created`, `items.batched`, ...). */
  readonly type: string;
  /** The event's payload, whole (JSON); in an entry with `items`, what the events of the run have alike. */
  readonly payload: Readonly<Record<string, unknown>>;
  /**
   * In a `write_events` row: a run of item events of this type alike but for their item (a
   * batch's hundred moves), one event per entry `[itemId, key]`, whose `changeKey` is
   * `<change>/<boardId>/<itemId>/<key>`, the row's id when `key` is empty.
   */
  readonly items?: readonly (readonly [string, string])[];
  /** In a `record_events` row: the event is recorded only when this record names the row (`MarkConditionRecord`). */
  readonly onlyIf?: MarkConditionRecord;
  /**
   * In a `record_events` row: the payload's `field` lists ids of records of `collection`, of which
   * only those that name the row are recorded (a space's `boardIds`: the boards its operation wrote).
   */
  readonly namedOnly?: { readonly field: string; readonly collection: string };
}

/**
 * A record that names a `record_events` row once the operation's write of it is stored (or named
 * it when it was deleted): what a part of an operation that writes several records, each carrying
 * the row's id, records only when that record's write happened.
 */
export interface MarkConditionRecord {
  /** The collection, by its key in the journal's closed list (`boards`, ...). */
  readonly collection: string;
  readonly id: string;
}

/**
 * The domain events of a service write to a board document (a REST item create, patch, delete or
 * batch, an AI write, a board duplicate) that have not all been emitted yet: written before the write's update is stored, removed
 * once its events are out, and replayed by whoever recovers a process that stopped in between
 * (docs/events.md "Durability of write events").
 */
export interface WriteEventsRecord {
  /** `wev_<time-ordered>`: replay order. */
  id: string;
  boardId: string;
  /**
   * Where the write's change is in the document (`ChangeMark`: a struct id, and whether the change
   * only deleted), or null when it changed nothing: a row whose change the stored document does
   * not hold was never stored, and is dropped without its events.
   */
  mark: { client: number; clock: number; deletion: boolean } | null;
  /**
   * The row of a board's creation with its content (a duplicate), written once its document is
   * stored and before its record: replayed when the board's record is stored, dropped when not.
   */
  boardCreated?: true;
  /**
   * The events, in the order they are emitted. In a row with `views: 'document'`, the payloads of
   * `item.created` and `item.updated` have no `item`: a replay reads each item from the stored
   * document (which holds the write once the row's mark is in it), as live-edit recovery does.
   */
  events: JournaledEventRecord[];
  /** Set on rows whose item events are stored without the item's view (above); absent on rows written whole (before it was introduced). */
  views?: 'document';
  /** Base fields (`workspaceId`, `boardId`, `actor`, `at`) every event of the row holds alike, stored once and left out of each payload; absent on rows written whole. */
  shared?: Record<string, unknown>;
  /** When the write was applied, epoch ms. */
  at: number;
  /** The server process that emits its events (with several processes); absent in rows of a process alone. */
  processId?: string;
}

/** A condition on a stored record that tells whether an operation's store happened. */
export interface StoredConditionRecord {
  /** The collection, by its key in the journal's closed list (`boards`, `boardMembers`, ...). */
  readonly collection: string;
  /** A filter that matches the record as the operation stores it. */
  readonly filter: Readonly<Record<string, unknown>>;
  /** Met when no record matches (the operation deletes it). */
  readonly absent?: true;
}

/** The write `RecordEventsRecord.finish` makes again: `updateMany(filter, { $set: set })` while `when` holds. */
export interface FinishingWriteRecord {
  /** The collection, by its key in the journal's closed list. */
  readonly collection: string;
  /**
   * The records of `filter` the operation read and writes one by one, each write carrying the
   * row's id (`RecordMark`), before the `updateMany` that takes the others; absent on rows written
   * before it was introduced (the `updateMany` alone).
   */
  readonly ids?: readonly string[];
  readonly filter: Readonly<Record<string, unknown>>;
  readonly set: Readonly<Record<string, unknown>>;
  readonly when: StoredConditionRecord;
}

/** One activity row an operation records, with its `changeKey`. */
export interface JournaledActivityRecord {
  readonly boardId: string;
  readonly actorId: string | null;
  readonly action: string;
  readonly data: Readonly<Record<string, string | number | boolean | null>>;
  readonly changeKey: string;
  /** Recorded only when this record names the row (`MarkConditionRecord`); absent: whenever the row is. */
  readonly onlyIf?: MarkConditionRecord;
}

/**
 * What an operation on a stored record (a board's record, a member, an invitation, a chat
 * message) records about itself that has not all been recorded yet: written before the record
 * is stored, removed once its activity rows, notifications and events are out, and replayed by
 * whoever recovers a process that stopped in between when its `marked` record names it and
 * `stored` holds, dropped when not
 * (docs/events.md "Durability of record events").
 */
export interface RecordEventsRecord {
  /** `rev_<time-ordered>`: replay order. */
  id: string;
  /** The board the operation is about, when it is about one (logs). */
  boardId: string | null;
  /**
   * The record whose write names this row in its `recordEvents` (by collection key and id): the
   * operation was stored when it does. Absent on rows of operations told by `stored` alone.
   */
  marked?: { collection: string; id: string };
  /** All of them hold once the operation's writes are stored. */
  stored: StoredConditionRecord[];
  /**
   * A write the operation makes after its `marked` record's, on other records (a space's boards
   * trashed or restored with it): the replay of a row whose record names it makes that write
   * again while `when` holds (the marked record still as the operation left it), so the rest of
   * the operation is stored before its plan is recorded. Absent on operations of one write.
   */
  finish?: FinishingWriteRecord;
  activity: JournaledActivityRecord[];
  /** Notifications to record (each with its `changeKey`), in the shape `NotificationService.notify` takes. */
  notifications: Record<string, unknown>[];
  /** The events, in the order they are emitted (each payload with its `changeKey`). */
  events: JournaledEventRecord[];
  /** When the operation was made, epoch ms. */
  at: number;
  /** The server process that records it (with several processes); absent in rows of a process alone. */
  processId?: string;
}

/**
 * The field of a record that names the `record_events` rows of the operations that wrote it (row
 * ids separated by spaces, newest first), written in the operation's own write: a row is stored
 * when its record names it (`RecordMark` in `server/boards/`). Absent on records no such
 * operation wrote.
 */
export interface RecordEventMarks {
  recordEvents?: string;
}

/**
 * A `record_events` row id named by a record that was deleted while the row was waiting: kept
 * before the delete, so the row's replay finds its write happened although the record is gone
 * (`KeptMarks` in `server/boards/`). Removed once the row is settled.
 */
export interface KeptMarkRecord {
  /**
   * `<row id> <collection> <record id>`: a row's operation may mark several records (a space's
   * trash marks the space and each of its boards). Kept by an earlier version: the row id alone.
   */
  id: string;
  /** The row id; absent on marks kept by an earlier version (whose `id` is the row id). */
  rowId?: string;
  /** The store's name of the deleted record's collection (`boards`, `board_members`, ...). */
  collection: string;
  /** The deleted record's id. */
  recordId: string;
}

/** Collections of the write-event journals. */
export const writeEventCollections = {
  events: { name: 'write_events', indexes: [{ fields: ['boardId', 'id'] }] },
  records: { name: 'record_events', indexes: [] },
  marksKept: { name: 'record_marks_kept', indexes: [] },
} as const satisfies Record<string, CollectionSpec>;
