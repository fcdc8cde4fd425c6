import * as Y from 'yjs';
import { DocumentRegistry } from '../../crdt/index.js';
import { LiveEdits } from '../../server/content/LiveEdits.js';
import { DomainEvents } from '../../server/events/index.js';
import type { DomainEventMap } from '../../server/events/index.js';
import { WebhookOutbox } from '../../server/webhooks/WebhookOutbox.js';
import type { Database } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import { webhookRecord } from '../server/webhooks/webhookRecord.js';

const logger = { error: (): void => undefined, warn: (): void => undefined };

export type ItemEventType = 'item.created' | 'item.updated' | 'item.deleted';

/** The webhook every `liveEditProcess` records outbox rows for: it hears the three item events. */
export const itemEventsHook = webhookRecord('whk_1', ['item.created', 'item.updated', 'item.deleted']);

/**
 * One server process over `db` (each process its own copy of the board): a registry, the bus,
 * the webhook outbox writing rows for `itemEventsHook` (unless `outbox` is false: a test of the
 * store's writes in order, which its rows would join), and `LiveEdits`, with the item events it
 * emitted.
 */
export function liveEditProcess(db: Database, coalesceMs: number, { outbox = true }: { outbox?: boolean } = {}) {
  const clock = new ManualClock(1_000);
  const documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0 });
  const events = new DomainEvents(logger);
  const seen: { type: ItemEventType; payload: DomainEventMap[ItemEventType] }[] = [];
  events.onEach(['item.created', 'item.updated', 'item.deleted'], (type, payload) => void seen.push({ type, payload }));
  if (outbox) new WebhookOutbox(db, { clock, wake: () => undefined, spaceOf: () => Promise.resolve(null), audience: { hooksFor: () => Promise.resolve([itemEventsHook]) } }).subscribe(events);
  const live = new LiveEdits({ db, documents, events, clock, logger, coalesceMs });
  return { documents, live, seen };
}

/** The update a client made on its copy since `before`, as it arrives at a server. */
export function clientChange(client: Y.Doc, change: () => void): Uint8Array {
  const before = Y.encodeStateVector(client);
  change();
  return Y.encodeStateAsUpdate(client, before);
}
