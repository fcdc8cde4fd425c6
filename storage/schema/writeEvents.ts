import type { CollectionSpec } from '../Collection.js';

/** One domain event of a journaled write, as it is emitted. */
export interface JournaledEventRecord {
  /** The event type (`item.created`, `items.batched`, ...). */
  readonly type: string;
  /** The event's payload, whole (JSON). */
  readonly payload: Readonly<Record<string, unknown>>;
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
  /** The events, in the order they are emitted. */
  events: JournaledEventRecord[];
  /** When the write was applied, epoch ms. */
  at: number;
  /** The server process that emits its events (with several processes); absent in rows of a process alone. */
  processId?: string;
}

/** Collections of the write-event journal. */
export const writeEventCollections = {
  events: { name: 'write_events', indexes: [{ fields: ['boardId', 'id'] }] },
} as const satisfies Record<string, CollectionSpec>;
