import type { Clock, Collection, Database } from '../../storage/index.js';
import { TimeOrderedIds, sharedDurability } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { WebhookEventRecord, WebhookRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { DomainEventMap } from '../events/eventTypes.js';
import { eventEnvelope, keyedEventId } from './outboxRows.js';
import type { WebhookAudience } from './WebhookAudience.js';
import type { WebhookEventType } from './webhookEvents.js';
import { webhookBody, webhookEventTypes } from './webhookEvents.js';
import { WebhookFanout } from './WebhookFanout.js';
import type { WebhookSubscriptions } from './WebhookSubscriptions.js';

/**
 * The webhooks' subscriber of the domain event bus. For each event some enabled webhook may want
 * (its type and board filters, against the enabled webhooks `WebhookSubscriptions` holds, which
 * costs the write no read of the store), one event row is written while the service that emitted
 * awaits the bus, so a change acknowledged to its client has its deliveries stored (they survive
 * `kill -9`) at the cost of one write however many webhooks there are. The fan-out to each
 * webhook that hears the event (its owner's right to read the board, its space filter, one
 * delivery row each) runs after the answer (`WebhookFanout`) and asks the subscriptions again, so
 * a webhook deleted or disabled meanwhile gets nothing; delivery itself runs later still
 * (`WebhookDispatcher`), which checks the webhook and its owner's right again before each attempt.
 * Rows are inserted with `shared` durability: stored against a crash of the process when the
 * insert resolves, and against power loss with the store's next group fsync, the one the write
 * that caused the event waits for before it is answered.
 */
export class WebhookOutbox {
  readonly #events: Collection<WebhookEventRecord>;
  readonly #clock: Clock;
  readonly #ids = new TimeOrderedIds('wev_');
  readonly #subscriptions: Pick<WebhookSubscriptions, 'known' | 'current'> | undefined;
  readonly #fanout: WebhookFanout;

  /**
   * `subscriptions`, when given, names the enabled webhooks, so events none of them wants are not
   * recorded; without it every event is (and the fan-out finds who hears it).
   */
  constructor(
    db: Database,
    options: {
      clock: Clock;
      wake: (webhookId: string) => void;
      spaceOf: (boardId: string) => Promise<string | null>;
      audience: Pick<WebhookAudience, 'hooksFor'>;
      subscriptions?: Pick<WebhookSubscriptions, 'known' | 'current'>;
      logger?: { error(context: object, message: string): void };
      quiet?: () => Promise<void>;
    },
  ) {
    this.#events = db.collection<WebhookEventRecord>(webhookCollections.events);
    this.#clock = options.clock;
    this.#subscriptions = options.subscriptions;
    this.#fanout = new WebhookFanout(db, options);
  }

  /** Subscribes to every webhook event type; returns the unsubscriber. */
  subscribe(events: DomainEvents): () => void {
    return events.onEach(webhookEventTypes, (type, payload) => this.record(type, payload));
  }

  /**
   * Writes the event row of one event. Returns nothing (no promise) when the enabled webhooks,
   * known without a read, want none of it: the usual case, and the hundred item events of a batch.
   */
  record<K extends WebhookEventType>(type: K, event: DomainEventMap[K]): Promise<void> | undefined {
    const known = this.#subscriptions?.known() ?? null;
    if (known !== null && !known.some((hook) => wants(hook, type, boardIdOf(event)))) return undefined;
    return this.#record(type, event);
  }

  /**
   * Fans out the event rows left by a process that stopped before it finished (this one before a
   * restart, or another of the cluster), recorded at least `graceMs` ago; returns how many.
   */
  recover(graceMs = 0): Promise<number> {
    return this.#fanout.recover(graceMs);
  }

  /** Resolves once every event recorded so far is fanned out to its webhooks' outbox rows. */
  idle(): Promise<void> {
    return this.#fanout.idle();
  }

  async #record<K extends WebhookEventType>(type: K, event: DomainEventMap[K]): Promise<void> {
    if (this.#subscriptions !== undefined) {
      const boardId = boardIdOf(event);
      if (!(await this.#subscriptions.current()).some((hook) => wants(hook, type, boardId))) return;
    }
    const body = webhookBody(type, event);
    const changeKey = (event as { changeKey?: string }).changeKey;
    const envelope = eventEnvelope(type, event.workspaceId, event.at, body.boardId, body.data, changeKey === undefined ? undefined : keyedEventId(changeKey));
    const now = this.#clock.now();
    const row: WebhookEventRecord = {
      id: this.#ids.next(now),
      eventId: envelope.id,
      eventType: type,
      workspaceId: event.workspaceId,
      boardId: body.boardId,
      ...(body.spaceId === undefined ? {} : { spaceId: body.spaceId }),
      board: (event as { board?: BoardRecord }).board ?? null,
      keyed: changeKey !== undefined,
      payload: envelope.json,
      createdAt: now,
    };
    await this.#events.insert(row, sharedDurability);
    this.#fanout.enqueue(row);
  }
}

/** Whether `hook` may want an event of `type` about board `boardId` (its type and board filters; rights and spaces are the fan-out's). */
function wants(hook: WebhookRecord, type: string, boardId: string | null): boolean {
  return hook.events.includes(type) && (hook.boardIds === null || (boardId !== null && hook.boardIds.includes(boardId)));
}

/** The board an event is about (what `webhookBody` reports as `boardId`), or null. */
function boardIdOf(event: { readonly boardId?: string | undefined }): string | null {
  return event.boardId ?? null;
}
