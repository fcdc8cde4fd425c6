import type { RecordEventMarks } from './writeEvents.js';
import type { CollectionSpec } from '../Collection.js';
import type { BoardRecord } from './boards.js';

/** A webhook subscription: where to send which events, for whom. */
export interface WebhookRecord extends RecordEventMarks {
  /** `whk_<random>`. */
  id: string;
  workspaceId: string;
  /** The person it belongs to: events of every board they can read go out, checked at the event and at delivery. */
  ownerId: string;
  /** The OAuth app (client id) whose connection made it; null for an API key. */
  clientId: string | null;
  url: string;
  /** Event type names it receives. */
  events: string[];
  description: string;
  /** Only these boards' events (null: every board the owner can read). */
  boardIds: string[] | null;
  /** Only events of boards in these spaces (null: any space). */
  spaceIds: string[] | null;
  enabled: boolean;
  /** Why it was disabled by the service (`failing`, `owner_left`, `connection_ended`), null when enabled or disabled by its owner. */
  disabledReason: string | null;
  /** The signing secret, sealed (JWE `dir` + A256GCM under a key derived from the server secret). */
  secretSealed: string;
  createdAt: number;
  updatedAt: number;
}

/** Delivery states: waiting for an attempt, delivered (2xx), given up, or dropped at delivery time. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped';

/** One event for one webhook: the durable outbox row and its delivery log. */
export interface WebhookDeliveryRecord {
  /** `msg_<time-ordered>`: the `webhook-id` header, the same on every attempt. */
  id: string;
  webhookId: string;
  workspaceId: string;
  /** The event this delivers (`evt_...`); one event may go to several webhooks. */
  eventId: string;
  eventType: string;
  boardId: string | null;
  /** The JSON body sent, exactly. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When the next attempt is due (epoch ms); null once settled. */
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  /** The start of the last response body (up to 1 KiB) or the error that ended the attempt. */
  lastResponse: string | null;
  createdAt: number;
  settledAt: number | null;
}

/**
 * One event recorded for the webhooks, before it is fanned out to the webhooks that hear it: the
 * one row an API write waits for, however many webhooks there are. Removed once its deliveries
 * are stored; a row a crash left behind is fanned out again (delivery ids derive from the row and
 * the webhook, so a second fan-out stores nothing twice).
 */
export interface WebhookEventRecord {
  /** `wev_<time-ordered>`. */
  id: string;
  /** The delivered event's id (`evt_...`). */
  eventId: string;
  eventType: string;
  workspaceId: string;
  boardId: string | null;
  /** The board's space when the event carried the board; absent: read at fan-out when a webhook filters by space. */
  spaceId?: string | null;
  /** The board as the event carried it (its readers, for a board already deleted for good), or null. */
  board: BoardRecord | null;
  /** Named by a change key (see `ItemEvent.changeKey`): delivered once per webhook however often it is recorded. */
  keyed: boolean;
  /** The JSON body to deliver, exactly. */
  payload: string;
  createdAt: number;
}

/**
 * The version of the store's webhook subscriptions: one record (`id` `subscriptions`) whose
 * `version` changes with every change of a webhook record, written before that change is
 * answered. A process compares it with the version of the list it holds (see `WebhookSubscriptions`).
 */
export interface WebhookVersionRecord {
  id: string;
  version: string;
}

/** Collections of the webhooks aggregate. */
export const webhookCollections = {
  webhooks: { name: 'webhooks', indexes: [{ fields: ['workspaceId', 'enabled'] }, { fields: ['ownerId', 'id'] }] },
  deliveries: {
    name: 'webhook_deliveries',
    indexes: [
      { fields: ['webhookId', 'status', 'nextAttemptAt'] },
      { fields: ['webhookId', 'id'] },
      { fields: ['status', 'nextAttemptAt'] },
      // A live change emitted twice finds its delivery by its event id (see `WebhookOutbox`).
      { fields: ['webhookId', 'eventId'] },
    ],
  },
  events: { name: 'webhook_events', indexes: [{ fields: ['createdAt'] }] },
  versions: { name: 'webhook_versions', indexes: [] },
} as const satisfies Record<string, CollectionSpec>;
