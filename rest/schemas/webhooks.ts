import { z } from 'zod';
import type { WebhookDeliveryView, WebhookView } from '../../server/webhooks/WebhookService.js';
import { webhookEventTypes } from '../../server/webhooks/webhookEvents.js';
import { iso, isoOrNull, timestamp } from './common.js';

const eventNames = z
  .array(z.string().min(1).max(100))
  .min(1)
  .max(webhookEventTypes.length)
  .describe('Event types to receive (`GET /webhooks/event-types`).');
const ids = z.array(z.string().min(1).max(100)).min(1).max(100);

/** Body of `POST /webhooks`. */
export const createWebhookBody = z
  .object({
    url: z.string().min(1).max(2048).describe('`https` URL of the receiver; no credentials, no private addresses.'),
    events: eventNames,
    description: z.string().max(500).optional(),
    boardIds: ids.optional().describe('Only events of these boards.'),
    spaceIds: ids.optional().describe('Only events of boards in these spaces.'),
  })
  .strict()
  .refine((body) => body.boardIds === undefined || body.spaceIds === undefined, { message: 'give boardIds or spaceIds, not both', path: ['spaceIds'] });

/** Body of `PATCH /webhooks/{webhookId}`. */
export const patchWebhookBody = z
  .object({
    url: z.string().min(1).max(2048).optional(),
    events: eventNames.optional(),
    description: z.string().max(500).optional(),
    boardIds: ids.nullable().optional().describe('null: every board again.'),
    spaceIds: ids.nullable().optional().describe('null: every space again.'),
    enabled: z.boolean().optional().describe('`true` also re-enables a webhook the service disabled.'),
  })
  .strict();

/** A webhook (never with its secret). */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  boardIds: z.array(z.string()).nullable(),
  spaceIds: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  disabledReason: z
    .enum(['failing', 'owner_left', 'connection_ended'])
    .nullable()
    .describe('Why the service disabled it: deliveries failed for about three days, its owner left the workspace, or the OAuth app connection that made it ended.'),
  workspaceId: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A webhook with its secret: the answer of `POST /webhooks` only. */
export const createdWebhookSchema = webhookSchema.extend({
  secret: z.string().describe('`whsec_` + base64 signing key. Shown only now and on rotation.'),
});

/** One delivery of the log. */
export const deliverySchema = z.object({
  id: z.string().describe('The `webhook-id` header: the same on every attempt, so receivers can drop duplicates.'),
  eventId: z.string(),
  eventType: z.string(),
  boardId: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed', 'skipped']).describe('`skipped`: the owner could no longer read the board, or the webhook was disabled.'),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable().describe('HTTP status of the last attempt; null when none came (timeout, refused).'),
  durationMs: z.number().int().nullable(),
  nextRetryAt: timestamp.nullable(),
  response: z.string().nullable().describe('The first 1 KiB of the last response body, or what ended the attempt.'),
  createdAt: timestamp,
  settledAt: timestamp.nullable(),
});

/** A webhook as the API shows it. */
export function webhookBody(view: WebhookView): z.input<typeof webhookSchema> {
  return {
    id: view.id,
    url: view.url,
    events: view.events,
    description: view.description,
    boardIds: view.boardIds,
    spaceIds: view.spaceIds,
    enabled: view.enabled,
    disabledReason: view.disabledReason === 'failing' || view.disabledReason === 'owner_left' || view.disabledReason === 'connection_ended' ? view.disabledReason : null,
    workspaceId: view.workspaceId,
    createdAt: iso(view.createdAt),
    updatedAt: iso(view.updatedAt),
  };
}

/** A delivery as the API shows it. */
export function deliveryBody(view: WebhookDeliveryView): z.input<typeof deliverySchema> {
  return {
    id: view.id,
    eventId: view.eventId,
    eventType: view.eventType,
    boardId: view.boardId,
    status: view.status,
    attempts: view.attempts,
    statusCode: view.lastStatusCode,
    durationMs: view.lastDurationMs,
    nextRetryAt: isoOrNull(view.nextAttemptAt),
    response: view.lastResponse,
    createdAt: iso(view.createdAt),
    settledAt: isoOrNull(view.settledAt),
  };
}
