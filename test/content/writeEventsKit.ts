import { vi } from 'vitest';
import type { DomainEventMap, DomainEventType } from '../../server/events/index.js';
import type { Collection } from '../../storage/index.js';
import type { ActivityRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { WebhookDeliveryRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { WriteEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import type { TestServer } from '../helpers/testServer.js';

/** Activity rows and webhook outbox rows of `boardIds`, each as a sorted list of `<action|type> <item id>` lines. */
export async function recordedEvents(server: TestServer, boardIds: readonly string[]): Promise<{ activity: string[]; deliveries: string[] }> {
  const db = server.server.services.db;
  const activity = await db.collection<ActivityRecord>(boardCollections.activity).find({ boardId: { $in: [...boardIds] } });
  const deliveries = await db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries).find({ boardId: { $in: [...boardIds] } });
  return {
    activity: activity.map((row) => `${row.action} ${row.itemId ?? '-'}`).sort(),
    deliveries: deliveries.map((row) => `${row.eventType} ${(JSON.parse(row.payload) as { data: { id: string } }).data.id}`).sort(),
  };
}

/** The server's write-events journal. */
export function writeEventsJournal(server: TestServer): Collection<WriteEventsRecord> {
  return server.server.services.db.collection<WriteEventsRecord>(writeEventCollections.events);
}

/**
 * From now on, every event `halts` picks never reaches a listener (its emit never settles), as
 * if the process were killed there: what was stored before it stays stored, and nothing after it
 * in the same write is heard.
 */
export function haltEventsWhere(server: TestServer, halts: <K extends DomainEventType>(type: K, payload: DomainEventMap[K]) => boolean): void {
  const events = server.server.services.events;
  const emit = events.emit.bind(events);
  vi.spyOn(events, 'emit').mockImplementation(<K extends DomainEventType>(type: K, payload: DomainEventMap[K]) =>
    halts(type, payload) ? new Promise<void>(() => undefined) : emit(type, payload),
  );
}

/** Whether the event is a content `board.changed` of `boardId` made by a service write (not a live edit). */
export function isServiceWriteOf(boardId: string, type: DomainEventType, payload: unknown): boolean {
  const changed = payload as Partial<DomainEventMap['board.changed']>;
  return type === 'board.changed' && changed.boardId === boardId && changed.kind === 'content' && changed.source !== 'live';
}
