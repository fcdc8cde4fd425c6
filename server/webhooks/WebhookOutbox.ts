import type { Clock, Collection, Database } from '../../storage/index.js';
import { TimeOrderedIds, sharedDurability } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { WebhookDeliveryRecord, WebhookRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { DomainEventMap } from '../events/eventTypes.js';
import { eventEnvelope, keyedEventId, pendingDelivery } from './outboxRows.js';
import type { WebhookAudience } from './WebhookAudience.js';
import type { WebhookEventType } from './webhookEvents.js';
import { webhookBody, webhookEventTypes } from './webhookEvents.js';

/**
 * The webhooks' subscriber of the domain event bus: for each event, one outbox row per enabled
 * webhook that may hear it (`WebhookAudience`: its owner can read the event's board at the time of
 * the event) and wants it (event type, board and space filters). Rows are written while the
 * service that emitted awaits the bus, so a change acknowledged to its client has its deliveries
 * stored (they survive `kill -9`); delivery itself runs later (`WebhookDispatcher`), which checks
 * the owner's right again before each attempt.
 * Rows are inserted with `shared` durability: stored against a crash of the process when the
 * insert resolves, and against power loss with the store's next group fsync (milliseconds later),
 * so ten webhooks do not add ten fsyncs to an API write.
 */
export class WebhookOutbox {
  readonly #deliveries: Collection<WebhookDeliveryRecord>;
  readonly #clock: Clock;
  readonly #ids = new TimeOrderedIds('msg_');
  readonly #wake: (webhookId: string) => void;
  readonly #spaceOf: (boardId: string) => Promise<string | null>;
  readonly #audience: Pick<WebhookAudience, 'hooksFor'>;
  /** The webhooks that may hear each board's (or board-less workspace's) events, as read in this event-loop turn (see `#hooksFor`). */
  readonly #hooksThisTurn = new Map<string, Promise<WebhookRecord[]>>();
  /** The same once the read has finished, for the events that need not wait for it. */
  readonly #hooksReadThisTurn = new Map<string, WebhookRecord[]>();

  constructor(
    db: Database,
    options: { clock: Clock; wake: (webhookId: string) => void; spaceOf: (boardId: string) => Promise<string | null>; audience: Pick<WebhookAudience, 'hooksFor'> },
  ) {
    this.#deliveries = db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries);
    this.#clock = options.clock;
    this.#wake = options.wake;
    this.#spaceOf = options.spaceOf;
    this.#audience = options.audience;
  }

  /** Subscribes to every webhook event type; returns the unsubscriber. */
  subscribe(events: DomainEvents): () => void {
    return events.onEach(webhookEventTypes, (type, payload) => this.record(type, payload));
  }

  /**
   * Writes the outbox rows of one event. Returns nothing (no promise) when the webhooks that may
   * hear the event, already read this turn, want none of it: the usual case for the hundred item
   * events of a batch.
   */
  record<K extends WebhookEventType>(type: K, event: DomainEventMap[K]): Promise<void> | undefined {
    const known = this.#hooksReadThisTurn.get(audienceKey(event.workspaceId, boardIdOf(event)));
    if (known !== undefined && !known.some((hook) => hook.events.includes(type))) return undefined;
    return this.#record(type, event);
  }

  async #record<K extends WebhookEventType>(type: K, event: DomainEventMap[K]): Promise<void> {
    const board = (event as { board?: BoardRecord }).board;
    const hooks = (await this.#hooksFor(event.workspaceId, boardIdOf(event), board)).filter((hook) => hook.events.includes(type));
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
    const changeKey = (event as { changeKey?: string }).changeKey;
    const envelope = eventEnvelope(type, event.workspaceId, event.at, body.boardId, body.data, changeKey === undefined ? undefined : keyedEventId(changeKey));
    const written: WebhookRecord[] = [];
    for (const hook of wanted) {
      // A change emitted a second time (see `ItemEvent.changeKey`) finds its delivery already stored.
      if (changeKey !== undefined && (await this.#deliveries.findOne({ webhookId: hook.id, eventId: envelope.id })) !== null) continue;
      await this.#deliveries.insert(
        pendingDelivery({ id: this.#ids.next(now), webhookId: hook.id, workspaceId: hook.workspaceId, eventType: type, boardId: body.boardId, envelope, nowMs: now }),
        sharedDurability,
      );
      written.push(hook);
    }
    for (const hook of written) this.#wake(hook.id);
  }

  /**
   * The webhooks that may hear events of a board (or of a workspace, for events without a board),
   * read once per event-loop turn: a batch emits up to a hundred item events in one turn, and they
   * all see the webhooks and rights as they were when the first was recorded (the request that
   * caused them has not been answered yet, so a webhook or share changed meanwhile is a concurrent
   * change either way). The next turn reads again.
   */
  #hooksFor(workspaceId: string, boardId: string | null, board: BoardRecord | undefined): Promise<WebhookRecord[]> {
    const key = audienceKey(workspaceId, boardId);
    const known = this.#hooksThisTurn.get(key);
    if (known !== undefined) return known;
    const hooks = this.#audience.hooksFor(workspaceId, boardId, board);
    if (this.#hooksThisTurn.size === 0) {
      setImmediate(() => {
        this.#hooksThisTurn.clear();
        this.#hooksReadThisTurn.clear();
      });
    }
    this.#hooksThisTurn.set(key, hooks);
    hooks.then(
      (read) => {
        if (this.#hooksThisTurn.get(key) === hooks) this.#hooksReadThisTurn.set(key, read);
      },
      // A failed read is not remembered: the next event reads again.
      () => this.#hooksThisTurn.delete(key),
    );
    return hooks;
  }
}

/** The key of the audience cache: the board, or the workspace for events without a board. */
function audienceKey(workspaceId: string, boardId: string | null): string {
  return boardId === null ? `workspace:${workspaceId}` : `board:${boardId}`;
}

/** The board an event is about (what `webhookBody` reports as `boardId`), or null. */
function boardIdOf(event: { readonly boardId?: string | undefined }): string | null {
  return event.boardId ?? null;
}
