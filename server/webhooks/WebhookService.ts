import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId, TimeOrderedIds } from '../../storage/index.js';
import type { WebhookDeliveryRecord, WebhookRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { AccessService } from '../access/AccessService.js';
import { KeptMarks } from '../boards/KeptMarks.js';
import { planCapError } from '../accounts/planCap.js';
import { plans } from '../accounts/plans.js';
import type { Principal } from '../auth/Principal.js';
import { errors, ServiceError, ValidationError } from '../errors.js';
import type { Page } from '../pagination.js';
import { decodeCursor, encodeCursor } from '../pagination.js';
import { eventEnvelope, pendingDelivery } from './outboxRows.js';
import { isWebhookEventType } from './webhookEvents.js';
import type { WebhookSecrets } from './WebhookSecrets.js';
import { newWebhookSecret } from './webhookSigning.js';
import { checkWebhookUrl } from './webhookUrl.js';

/** A webhook as its owner sees it (never with the secret). */
export type WebhookView = Omit<WebhookRecord, 'secretSealed' | 'ownerId' | 'clientId'>;

/** A delivery as the deliveries list shows it. */
export type WebhookDeliveryView = Omit<WebhookDeliveryRecord, 'payload' | 'workspaceId'>;

/** Input of `create`. */
export interface CreateWebhookInput {
  url: string;
  events: readonly string[];
  description?: string | undefined;
  boardIds?: readonly string[] | undefined;
  spaceIds?: readonly string[] | undefined;
}

/** Input of `update`: at least one field. */
export interface UpdateWebhookInput {
  url?: string | undefined;
  events?: readonly string[] | undefined;
  description?: string | undefined;
  boardIds?: readonly string[] | null | undefined;
  spaceIds?: readonly string[] | null | undefined;
  enabled?: boolean | undefined;
}

/** Rotations one webhook may have per minute; more answer 429 `rate_limited`. */
export const rotationsPerMinute = 5;

/** Dependencies of `WebhookService`. */
export interface WebhookServiceOptions {
  access: AccessService;
  secrets: WebhookSecrets;
  clock: Clock;
  /** Allows http and private addresses (`BOARDS_WEBHOOKS_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  /** Called when deliveries of a webhook became due (ping, retry, re-enable). */
  wake: (webhookId: string) => void;
  /** Called once a change of which webhooks hear what is stored, before it is answered (`WebhookSubscriptions.changed`). */
  changed?: () => Promise<void>;
}

/**
 * Webhook subscriptions (issue 20): a webhook belongs to the person who made it, in their
 * workspace; only they see or change it (anyone else gets 404). Secrets are shown at creation and
 * rotation only. URL rules are checked here (and again at every delivery).
 */
export class WebhookService {
  readonly #webhooks: Collection<WebhookRecord>;
  readonly #deliveries: Collection<WebhookDeliveryRecord>;
  readonly #o: WebhookServiceOptions;
  readonly #ids = new TimeOrderedIds('msg_');
  readonly #rotations = new Map<string, number[]>();
  readonly #kept: KeptMarks;

  constructor(db: Database, options: WebhookServiceOptions) {
    this.#kept = new KeptMarks(db);
    this.#webhooks = db.collection<WebhookRecord>(webhookCollections.webhooks);
    this.#deliveries = db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries);
    this.#o = options;
  }

  /** Creates a webhook; 402 past the plan's cap, 422 naming the field for a bad URL, event type or filter. */
  async create(principal: Principal, input: CreateWebhookInput): Promise<{ webhook: WebhookView; secret: string }> {
    const url = await checkWebhookUrl(input.url, this.#o.allowPrivate);
    const events = checkEvents(input.events);
    const boardIds = input.boardIds === undefined ? null : await this.#checkBoards(principal, input.boardIds);
    const spaceIds = input.spaceIds === undefined ? null : await this.#checkSpaces(principal, input.spaceIds);
    const plan = principal.workspace.plan;
    const cap = plans[plan].webhooks;
    const used = await this.#webhooks.count({ workspaceId: principal.workspace.id });
    if (used >= cap) throw planCapError('webhooks', plan, `The ${plan} plan allows ${cap} webhooks per workspace.`, { used });
    const secret = newWebhookSecret();
    const now = this.#o.clock.now();
    const record: WebhookRecord = {
      id: newId('whk'),
      workspaceId: principal.workspace.id,
      ownerId: principal.user.id,
      clientId: principal.credential.clientId ?? null,
      url,
      events,
      description: (input.description ?? '').trim(),
      boardIds,
      spaceIds,
      enabled: true,
      disabledReason: null,
      secretSealed: await this.#o.secrets.seal(secret),
      createdAt: now,
      updatedAt: now,
    };
    await this.#webhooks.insert(record);
    await this.#o.changed?.();
    return { webhook: view(record), secret };
  }

  /** The caller's webhooks in the workspace, by id. */
  async list(principal: Principal, options: { limit: number; cursor?: string | undefined }): Promise<Page<WebhookView>> {
    const after = options.cursor === undefined ? null : decodeCursor(options.cursor).id;
    const rows = await this.#webhooks.find(
      { ownerId: principal.user.id, workspaceId: principal.workspace.id, ...(after === null ? {} : { id: { $gt: after } }) },
      { sort: [['id', 1]], limit: options.limit + 1 },
    );
    const data = rows.slice(0, options.limit);
    const last = data.at(-1);
    return { data: data.map(view), nextCursor: rows.length > options.limit && last ? encodeCursor({ k: last.id, id: last.id }) : null };
  }

  /** One of the caller's webhooks; 404 for anyone else's. */
  async get(principal: Principal, webhookId: string): Promise<WebhookView> {
    return view(await this.#own(principal, webhookId));
  }

  /** Changes URL, events, filters, description or `enabled`; enabling again clears the service's reason. */
  async update(principal: Principal, webhookId: string, input: UpdateWebhookInput): Promise<WebhookView> {
    const record = await this.#own(principal, webhookId);
    const set: Partial<WebhookRecord> = {};
    if (input.url !== undefined) set.url = await checkWebhookUrl(input.url, this.#o.allowPrivate);
    if (input.events !== undefined) set.events = checkEvents(input.events);
    if (input.description !== undefined) set.description = input.description.trim();
    if (input.boardIds !== undefined) set.boardIds = input.boardIds === null ? null : await this.#checkBoards(principal, input.boardIds);
    if (input.spaceIds !== undefined) set.spaceIds = input.spaceIds === null ? null : await this.#checkSpaces(principal, input.spaceIds);
    if (input.enabled !== undefined) {
      set.enabled = input.enabled;
      set.disabledReason = null;
    }
    if (Object.keys(set).length === 0) throw errors.invalid('body', 'must change at least one of url, events, description, boardIds, spaceIds, enabled');
    const updated = await this.#webhooks.updateOne({ id: record.id }, { $set: { ...set, updatedAt: this.#o.clock.now() } });
    if (!updated) throw errors.notFound('Webhook');
    await this.#o.changed?.();
    if (updated.enabled) this.#o.wake(updated.id);
    return view(updated);
  }

  /**
   * Deletes a webhook with its delivery log; pending deliveries are dropped. A webhook disabled
   * for failing names the journal row of its owner's notice (`RecordMark`): kept first, so that
   * the notice of a disabling a stop cut short is still sent when the row is recovered.
   */
  async delete(principal: Principal, webhookId: string): Promise<void> {
    const record = await this.#own(principal, webhookId);
    await this.#kept.deleteOne(this.#webhooks, record);
    await this.#o.changed?.();
    await this.#deliveries.deleteMany({ webhookId: record.id });
  }

  /**
   * A new signing secret (SPEC "Webhook secret rotation"): it signs the next delivery, including
   * retries of deliveries signed before. 429 `rate_limited` past `rotationsPerMinute`.
   */
  async rotateSecret(principal: Principal, webhookId: string): Promise<{ id: string; secret: string }> {
    const record = await this.#own(principal, webhookId);
    const now = this.#o.clock.now();
    const recent = (this.#rotations.get(record.id) ?? []).filter((at) => at > now - 60_000);
    if (recent.length >= rotationsPerMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil(((recent[0] ?? now) + 60_000 - now) / 1000));
      throw new ServiceError('rate_limited', 'Too many requests.', { details: { retryAfterSeconds } });
    }
    recent.push(now);
    this.#rotations.set(record.id, recent);
    if (this.#rotations.size > 10_000) this.#rotations.clear();
    const secret = newWebhookSecret();
    const updated = await this.#webhooks.updateOne({ id: record.id }, { $set: { secretSealed: await this.#o.secrets.seal(secret), updatedAt: now } });
    if (!updated) throw errors.notFound('Webhook');
    return { id: record.id, secret };
  }

  /** The webhook's deliveries, newest first. */
  async deliveries(principal: Principal, webhookId: string, options: { limit: number; cursor?: string | undefined }): Promise<Page<WebhookDeliveryView>> {
    const record = await this.#own(principal, webhookId);
    const before = options.cursor === undefined ? null : decodeCursor(options.cursor).id;
    const rows = await this.#deliveries.find(
      { webhookId: record.id, ...(before === null ? {} : { id: { $lt: before } }) },
      { sort: [['id', -1]], limit: options.limit + 1 },
    );
    const data = rows.slice(0, options.limit);
    const last = data.at(-1);
    return { data: data.map(deliveryView), nextCursor: rows.length > options.limit && last ? encodeCursor({ k: last.id, id: last.id }) : null };
  }

  /** Queues a delivery again now (any state), with a fresh attempt count. */
  async retry(principal: Principal, webhookId: string, deliveryId: string): Promise<WebhookDeliveryView> {
    const record = await this.#own(principal, webhookId);
    const updated = await this.#deliveries.updateOne(
      { id: deliveryId, webhookId: record.id },
      { $set: { status: 'pending', attempts: 0, nextAttemptAt: this.#o.clock.now(), settledAt: null } },
    );
    if (!updated) throw errors.notFound('Delivery');
    this.#o.wake(record.id);
    return deliveryView(updated);
  }

  /** Queues a `webhook.ping` delivery (even to a disabled webhook, to test it); returns it. */
  async ping(principal: Principal, webhookId: string): Promise<WebhookDeliveryView> {
    const record = await this.#own(principal, webhookId);
    const now = this.#o.clock.now();
    const envelope = eventEnvelope('webhook.ping', record.workspaceId, now, null, { webhookId: record.id });
    const delivery = pendingDelivery({ id: this.#ids.next(now), webhookId: record.id, workspaceId: record.workspaceId, eventType: 'webhook.ping', boardId: null, envelope, nowMs: now });
    await this.#deliveries.insert(delivery);
    this.#o.wake(record.id);
    return deliveryView(delivery);
  }

  async #own(principal: Principal, webhookId: string): Promise<WebhookRecord> {
    const record = await this.#webhooks.get(webhookId);
    if (!record || record.ownerId !== principal.user.id || record.workspaceId !== principal.workspace.id) throw errors.notFound('Webhook');
    return record;
  }

  async #checkBoards(principal: Principal, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    for (const [index, id] of unique.entries()) {
      try {
        await this.#o.access.requireBoard(principal.user.id, id, 'read');
      } catch {
        throw errors.invalid(`boardIds[${index}]`, 'must be a board you can read');
      }
    }
    return unique;
  }

  async #checkSpaces(principal: Principal, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    for (const [index, id] of unique.entries()) {
      try {
        await this.#o.access.requireSpace(principal.user.id, id, 'read');
      } catch {
        throw errors.invalid(`spaceIds[${index}]`, 'must be a space you can read');
      }
    }
    return unique;
  }
}

function checkEvents(events: readonly string[]): string[] {
  const issues = events.flatMap((name, index) => (isWebhookEventType(name) ? [] : [{ field: `events[${index}]`, message: `is not an event type (see GET /webhooks/event-types)` }]));
  if (issues.length > 0) throw new ValidationError(issues);
  if (events.length === 0) throw errors.invalid('events', 'must name at least one event type');
  return [...new Set(events)];
}

function view(record: WebhookRecord): WebhookView {
  const { secretSealed: _sealed, ownerId: _owner, clientId: _client, ...rest } = record;
  return rest;
}

function deliveryView(record: WebhookDeliveryRecord): WebhookDeliveryView {
  const { payload: _payload, workspaceId: _workspace, ...rest } = record;
  return rest;
}
