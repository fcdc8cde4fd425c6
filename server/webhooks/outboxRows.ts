import { createHash } from 'node:crypto';
import { newId } from '../../storage/index.js';
import type { WebhookDeliveryRecord } from '../../storage/schema/webhooks.js';

/** The delivered JSON of one event: `{id, type, createdAt, workspaceId, boardId?, data}`, with its `evt_` id. */
export function eventEnvelope(type: string, workspaceId: string, atMs: number, boardId: string | null, data: Readonly<Record<string, unknown>>, id = newId('evt')): { id: string; json: string } {
  return {
    id,
    json: JSON.stringify({ id, type, createdAt: new Date(atMs).toISOString(), workspaceId, ...(boardId === null ? {} : { boardId }), data }),
  };
}

/** A fresh outbox row: pending, due at `nowMs`, nothing attempted yet. */
export function pendingDelivery(input: {
  id: string;
  webhookId: string;
  workspaceId: string;
  eventType: string;
  boardId: string | null;
  envelope: { id: string; json: string };
  nowMs: number;
}): WebhookDeliveryRecord {
  return {
    id: input.id,
    webhookId: input.webhookId,
    workspaceId: input.workspaceId,
    eventId: input.envelope.id,
    eventType: input.eventType,
    boardId: input.boardId,
    payload: input.envelope.json,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: input.nowMs,
    lastStatusCode: null,
    lastDurationMs: null,
    lastResponse: null,
    createdAt: input.nowMs,
    settledAt: null,
  };
}

/** The `evt_` id of the event of a change named by `changeKey` (see `ItemEvent.changeKey`): the same in every process, shaped like a random one. */
export function keyedEventId(changeKey: string): string {
  return `evt_${createHash('sha256').update(changeKey).digest('hex').slice(0, 20)}`;
}
