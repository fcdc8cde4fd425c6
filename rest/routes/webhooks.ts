import { z } from 'zod';
import { ServiceError } from '../../server/errors.js';
import type { Services } from '../../server/Services.js';
import { webhookEventCatalogue, webhookEventTypes } from '../../server/webhooks/webhookEvents.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { idParam, pageOf, pageQuery } from '../schemas/common.js';
import { createdWebhookSchema, createWebhookBody, deliveryBody, deliverySchema, patchWebhookBody, webhookBody, webhookSchema } from '../schemas/webhooks.js';

const tag = 'Webhooks';
const webhookParams = z.object({ webhookId: idParam });

/** The services the webhook operations use: all a route factory receives. */
export type WebhookRouteServices = Pick<Services, 'webhooks'>;

/**
 * Webhooks (issue 20; SPEC names rotation): subscriptions, the event catalogue, the deliveries
 * log, retry, ping and secret rotation. Every operation needs `boards:read`, the scope SPEC gives
 * rotation: a webhook only ever reads boards, for boards its owner can read.
 */
export function webhookRoutes(services: WebhookRouteServices): Route[] {
  const { webhooks } = services;
  return [
    defineRoute({
      operationId: 'listWebhookEventTypes',
      method: 'GET',
      path: '/webhooks/event-types',
      tag,
      summary: 'The events a webhook can subscribe to.',
      description:
        'Every delivery is a POST with the JSON `{id, type, createdAt, workspaceId, boardId?, data}`, `data` in the shape of the REST resource, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`).',
      scope: 'boards:read',
      response: z.object({ data: z.array(z.object({ type: z.enum(webhookEventTypes), description: z.string() })) }),
      handler: async () => ({ data: webhookEventTypes.map((type) => ({ type, description: webhookEventCatalogue[type] })) }),
    }),
    defineRoute({
      operationId: 'createWebhook',
      method: 'POST',
      path: '/webhooks',
      tag,
      summary: 'Subscribe a URL to events; the answer holds the signing secret, shown only here and on rotation.',
      description:
        "The webhook belongs to the caller and receives the events of every board they can read: their workspace's boards and boards shared with them from other workspaces, directly or through a space. The right is checked when the event happens and again before each delivery: nothing is delivered for a board they could not read when the event happened, and a delivery still queued when they lose access is dropped (`status: skipped`). Events without a board go to the webhooks of the workspace they happened in. `https` only; URLs with credentials or resolving to private, loopback or link-local addresses are refused. The plan caps webhooks per workspace (`GET /me/limits`).",
      scope: 'boards:read',
      body: createWebhookBody,
      bodyExample: { url: 'https://hooks.example.com/boards', events: ['item.created', 'item.updated'], description: 'Sync to the tracker' },
      status: 201,
      response: createdWebhookSchema,
      errors: ['validation_failed', 'payment_required'],
      handler: async ({ principal, body }) => {
        const { webhook, secret } = await webhooks.create(principal, body);
        return { ...webhookBody(webhook), secret };
      },
    }),
    defineRoute({
      operationId: 'listWebhooks',
      method: 'GET',
      path: '/webhooks',
      tag,
      summary: "The caller's webhooks in the workspace, in a stable order (by id).",
      scope: 'boards:read',
      query: pageQuery,
      response: pageOf(webhookSchema),
      errors: ['validation_failed'],
      handler: async ({ principal, query }) => {
        const page = await webhooks.list(principal, query);
        return { data: page.data.map(webhookBody), nextCursor: page.nextCursor };
      },
    }),
    defineRoute({
      operationId: 'getWebhook',
      method: 'GET',
      path: '/webhooks/{webhookId}',
      tag,
      summary: 'One webhook (404 for anyone but its owner).',
      scope: 'boards:read',
      params: webhookParams,
      response: webhookSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => webhookBody(await webhooks.get(principal, params.webhookId)),
    }),
    defineRoute({
      operationId: 'updateWebhook',
      method: 'PATCH',
      path: '/webhooks/{webhookId}',
      tag,
      summary: 'Change the URL, events, filters or description, or disable and enable.',
      scope: 'boards:read',
      params: webhookParams,
      body: patchWebhookBody,
      bodyExample: { events: ['item.created', 'item.updated', 'item.deleted'], enabled: true },
      response: webhookSchema,
      errors: ['not_found', 'validation_failed'],
      handler: async ({ principal, params, body }) => webhookBody(await webhooks.update(principal, params.webhookId, body)),
    }),
    defineRoute({
      operationId: 'deleteWebhook',
      method: 'DELETE',
      path: '/webhooks/{webhookId}',
      tag,
      summary: 'Delete a webhook with its deliveries log; pending deliveries are dropped.',
      scope: 'boards:read',
      params: webhookParams,
      response: null,
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        await webhooks.delete(principal, params.webhookId);
      },
    }),
    defineRoute({
      operationId: 'listWebhookDeliveries',
      method: 'GET',
      path: '/webhooks/{webhookId}/deliveries',
      tag,
      summary: 'Deliveries, newest first: event, attempts, last status code and duration, next retry, the start of the response.',
      scope: 'boards:read',
      params: webhookParams,
      query: pageQuery,
      response: pageOf(deliverySchema),
      errors: ['not_found', 'validation_failed'],
      handler: async ({ principal, params, query }) => {
        const page = await webhooks.deliveries(principal, params.webhookId, query);
        return { data: page.data.map(deliveryBody), nextCursor: page.nextCursor };
      },
    }),
    defineRoute({
      operationId: 'retryWebhookDelivery',
      method: 'POST',
      path: '/webhooks/{webhookId}/deliveries/{deliveryId}/retry',
      tag,
      summary: 'Attempt a delivery again now, whatever its state, with a fresh retry schedule.',
      scope: 'boards:read',
      params: webhookParams.extend({ deliveryId: idParam }),
      status: 202,
      response: deliverySchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => deliveryBody(await webhooks.retry(principal, params.webhookId, params.deliveryId)),
    }),
    defineRoute({
      operationId: 'pingWebhook',
      method: 'POST',
      path: '/webhooks/{webhookId}/ping',
      tag,
      summary: 'Send a `webhook.ping` event now (also to a disabled webhook), to test the receiver.',
      scope: 'boards:read',
      params: webhookParams,
      status: 202,
      response: deliverySchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => deliveryBody(await webhooks.ping(principal, params.webhookId)),
    }),
    defineRoute({
      operationId: 'rotateWebhookSecret',
      method: 'POST',
      path: '/webhooks/{webhookId}/rotate-secret',
      tag,
      summary: 'A new signing secret (SPEC "Webhook secret rotation").',
      description:
        'No body. The new secret signs the next delivery, including retries of deliveries signed with the old one, so update the receiver first. At most 5 rotations per webhook per minute (429 `rate_limited` with `Retry-After`).',
      scope: 'boards:read',
      params: webhookParams,
      response: z.object({ id: z.string(), secret: z.string() }),
      errors: ['not_found', 'rate_limited'],
      handler: async ({ principal, params, ctx }) => {
        try {
          return await webhooks.rotateSecret(principal, params.webhookId);
        } catch (error) {
          const wait = error instanceof ServiceError && error.code === 'rate_limited' ? error.details?.retryAfterSeconds : undefined;
          if (typeof wait === 'number') ctx.set('Retry-After', String(wait));
          throw error;
        }
      },
    }),
  ];
}
