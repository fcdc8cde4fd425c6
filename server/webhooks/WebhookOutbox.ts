import type { Clock, Collection, Database } from '../../storage/index.js';
import { TimeOrderedIds, sharedDurability } from '../../storage/index.js';
import type { WebhookDeliveryRecord, WebhookRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { DomainEventMap } from '../events/eventTypes.js';
import { eventEnvelope, pendingDelivery } from './outboxRows.js';
import type { WebhookEventType } from './webhookEvents.js';
import { webhookBody, webhookEventTypes } from './webhookEvents.js';

/**
 * The webhooks' subscriber of the domain event bus: for each event, one outbox row per enabled
 * webhook of the workspace that wants it (event type, board and space filters). Rows are written
 * while the service that emitted awaits the bus, so a change acknowledged to its client has its
 * deliveries stored (they survive `kill -9`); delivery itself runs later (`WebhookDispatcher`).
 * Rows are inserted with `shared` durability: stored against a crash of the process when the
 * insert resolves, and against power loss with the store's next group fsync (milliseconds later),
 * so ten webhooks do not add ten fsyncs to an API write.
 * Rights are not checked here but at every delivery.
 */
export class WebhookOutbox {
  readonly #webhooks: Collection<WebhookRecord>;
  readonly #deliveries: Collection<WebhookDeliveryRecord>;
  readonly #clock: Clock;
  readonly #ids = new TimeOrderedIds('msg_');
  readonly #wake: (webhookId: string) => void;
  readonly #spaceOf: (boardId: string) => Promise<string | null>;
  /** Enabled webhooks per workspace as read in this event-loop turn (see `#enabledHooks`). */
  readonly #hooksThisTurn = new Map<string, Promise<WebhookRecord[]>>();
  /** The same once the read has finished, for the events that need not wait for it. */
  readonly #hooksReadThisTurn = new Map<string, WebhookRecord[]>();

  constructor(db: Database, options: { clock: Clock; wake: (webhookId: string) => void; spaceOf: (boardId: string) => Promise<string | null> }) {
    this.#webhooks = db.collection<WebhookRecord>(webhookCollections.webhooks);
    this.#deliveries = db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries);
    this.#clock = options.clock;
    this.#wake = options.wake;
    this.#spaceOf = options.spaceOf;
  }

  /** Subscribes to every webhook event type; returns the unsubscriber. */
  subscribe(events: DomainEvents): () => void {
    return events.onEach(webhookEventTypes, (type, payload) => this.record(type, payload));
  }

  /**
   * Writes the outbox rows of one event. Returns nothing (no promise) when the workspace's
   * webhooks, already read this turn, want none of it: the usual case for the hundred item
   * events of a batch.
   */
  record<K extends WebhookEventType>(type: K, event: DomainEventMap[K]): Promise<void> | undefined {
    const known = this.#hooksReadThisTurn.get(event.workspaceId);
    if (known !== undefined && !known.some((hook) => hook.events.includes(type))) return undefined;
    return this.#record(type, event);
  }

  async #record<K extends WebhookEventType>(type: K, event: DomainEventMap[K]): Promise<void> {
    const hooks = (await this.#enabledHooks(event.workspaceId)).filter((hook) => hook.events.includes(type));
    if (hooks.length === 0) return;
    const body = webhookBody(type, event);
    let spaceId = body.spaceId;
    const wanted: WebhookRecord[] = [];
    for (const hook of hooks) {
      if (hook.boardIds !== null && (body.boardId === null || !hook.boardIds.includes(body.boardId))) continue;
      if (hook.spaceIds !== null) {
        if (body.boardId === null) continue;
        spaceId ??= await this.#spaceOf(body.boardId);
        if (spaceId === null || !hook.spaceIds.includes(spaceId)) continue;
      }
      wanted.push(hook);
    }
    if (wanted.length === 0) return;
    const now = this.#clock.now();
    const envelope = eventEnvelope(type, event.workspaceId, event.at, body.boardId, body.data);
    for (const hook of wanted) {
      await this.#deliveries.insert(
        pendingDelivery({ id: this.#ids.next(now), webhookId: hook.id, workspaceId: hook.workspaceId, eventType: type, boardId: body.boardId, envelope, nowMs: now }),
        sharedDurability,
      );
    }
    for (const hook of wanted) this.#wake(hook.id);
  }

  /**
   * The workspace's enabled webhooks, read once per event-loop turn: a batch emits up to a
   * hundred item events in one turn, and they all see the webhooks as they were when the first
   * was recorded (the request that caused them has not been answered yet, so a webhook changed
   * meanwhile is a concurrent change either way). The next turn reads again.
   */
  #enabledHooks(workspaceId: string): Promise<WebhookRecord[]> {
    const known = this.#hooksThisTurn.get(workspaceId);
    if (known !== undefined) return known;
    const hooks = this.#webhooks.find({ workspaceId, enabled: true });
    if (this.#hooksThisTurn.size === 0) {
      setImmediate(() => {
        this.#hooksThisTurn.clear();
        this.#hooksReadThisTurn.clear();
      });
    }
    this.#hooksThisTurn.set(workspaceId, hooks);
    hooks.then(
      (read) => {
        if (this.#hooksThisTurn.get(workspaceId) === hooks) this.#hooksReadThisTurn.set(workspaceId, read);
      },
      // A failed read is not remembered: the next event reads again.
      () => this.#hooksThisTurn.delete(workspaceId),
    );
    return hooks;
  }
}
