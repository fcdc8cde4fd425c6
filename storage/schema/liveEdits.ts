import type { CollectionSpec } from '../Collection.js';

/** One change a live edit made to one item. */
export interface LiveItemChangeStep {
  readonly id: string;
  readonly change: 'created' | 'updated' | 'deleted';
}

/**
 * The item changes of live (WebSocket) edits whose domain events have not gone out yet: written
 * in the event-loop turn that stores the edit, removed once its item events are emitted, and
 * replayed at start-up when a crash came in between (DESIGN "Durability contract").
 */
export interface LiveItemChangeRecord {
  /** `lic_<time-ordered>`: replay order. */
  id: string;
  boardId: string;
  /** The person whose message was applied last in that turn. */
  actorId: string;
  /** The item changes, in the order they were applied. */
  steps: LiveItemChangeStep[];
  /** When the edit was applied, epoch ms. */
  at: number;
  /** The server process that emits its events (with several processes); absent in rows of a process alone. */
  processId?: string;
}

/** Collections of live-edit bookkeeping. */
export const liveEditCollections = {
  changes: { name: 'live_item_changes', indexes: [{ fields: ['boardId', 'id'] }] },
} as const satisfies Record<string, CollectionSpec>;
