import type { SingletonLease } from '../cluster/SingletonLease.js';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { sharedDurability } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { WebhookDeliveryRecord, WebhookRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { AccessService } from '../access/AccessService.js';
import { roleOnBoard } from '../access/grants.js';
import { atLeast, boardPermissions } from '../access/roles.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import type { RecordMark } from '../boards/RecordMark.js';
import { unmarkedWrites } from '../boards/RecordMark.js';
import { errors, ServiceError } from '../errors.js';
import type { NewNotification, NotificationService } from '../notifications/NotificationService.js';
import { nextAttemptAt } from './retrySchedule.js';
import type { WebhookSecrets } from './WebhookSecrets.js';
import type { SendOutcome } from './WebhookSender.js';
import { sendWebhook } from './WebhookSender.js';
import { ownershipDisabledReasons } from './webhookOwnership.js';
import { signWebhook } from './webhookSigning.js';

/** Options of `WebhookDispatcher`. */
export interface WebhookDispatcherOptions {
  access: AccessService;
  accounts: AccountService;
  notifications: NotificationService;
  /** Where a webhook disabled for failing journals its owner's notification before it is stored; without it the notification follows the store. */
  records?: Pick<RecordEventJournal, 'record'> | undefined;
  secrets: WebhookSecrets;
  clock: Clock;
  logger: { warn(context: object, message: string): void; error(context: object, message: string): void };
  allowPrivate: boolean;
  /** Attempts in flight per webhook; default 4. A slow endpoint holds at most this many. */
  maxInFlightPerWebhook?: number;
  /** Attempts in flight in all; default 64. */
  maxInFlight?: number;
  /** How often the outbox is scanned for due deliveries (retries, and rows left by a crash), in ms; default 1000. */
  pollMs?: number;
  /** Limit of one attempt, in ms; default 10 s. */
  timeoutMs?: number;
  /** Jitter source of the retry schedule; default `Math.random`. */
  random?: () => number;
  /** Sends one attempt; default `sendWebhook` (tests may count or slow it). */
  send?: typeof sendWebhook;
  /** Of several processes, only the one holding it attempts deliveries (checked at each scan); default none: this process does. */
  lease?: SingletonLease | undefined;
  /**
   * Called at each scan by the delivering process: fans out the events recorded at least
   * `graceMs` ago and left behind (`WebhookOutbox.recover`); 0 at the first scan after `start`.
   */
  recover?: (graceMs: number) => Promise<unknown>;
  /** Resolves once the events recorded so far have their outbox rows (`WebhookOutbox.idle`); `idle` and `stop` wait for it. */
  fannedOut?: () => Promise<void>;
  /** Resolves when the next step of a delivery may run (`ForegroundRequests.quiet`): the requests being handled go first. Default: at once. */
  quiet?: () => Promise<void>;
  /** Called after this dispatcher disabled a webhook (`WebhookSubscriptions.changed`). */
  changed?: () => Promise<void>;
}

/** How old an event row left unfanned must be before a scan takes it over from the process that recorded it, in ms. */
const recoverGraceMs = 5_000;

/** Totals of `WebhookDispatcher.stats()` since the process started. */
export interface WebhookDeliveryStats {
  /** Attempts the endpoint answered with a 2xx. */
  attemptsSucceeded: number;
  /** Attempts that failed (non-2xx, timeout, refused address, connection error); most are retried. */
  attemptsFailed: number;
  /** Deliveries failed for good: their retry schedule was used up (or a ping's one attempt failed). */
  deliveriesFailed: number;
}

/**
 * Delivers the outbox: at least once, each attempt signed (Standard Webhooks) with the webhook's
 * current secret, retried on failure on `retrySchedule` and, when the schedule is used up, failed
 * with the webhook disabled and its owner notified. Each webhook has its own bounded number of
 * attempts in flight, so a slow or dead endpoint delays only its own deliveries. Before each
 * attempt the owner's rights are checked again: events of boards they can no longer read are
 * skipped, and a webhook whose owner left its workspace is disabled. Each step of a delivery
 * waits for a pause in the requests being handled (`quiet`). Rows are claimed in memory
 * only (one process owns the store); after a crash every pending row is simply due again.
 */
export class WebhookDispatcher {
  readonly #webhooks: Collection<WebhookRecord>;
  readonly #deliveries: Collection<WebhookDeliveryRecord>;
  readonly #boards: Collection<BoardRecord>;
  readonly #o: WebhookDispatcherOptions;
  readonly #perWebhook: number;
  readonly #total: number;
  /** Webhooks that may have due deliveries. */
  readonly #active = new Set<string>();
  /** Delivery ids being attempted, by webhook. */
  readonly #inFlight = new Map<string, Set<string>>();
  readonly #running = new Set<Promise<void>>();
  #inFlightCount = 0;
  readonly #stats: WebhookDeliveryStats = { attemptsSucceeded: 0, attemptsFailed: 0, deliveriesFailed: 0 };
  #timer: NodeJS.Timeout | null = null;
  #scheduled = false;
  #ticking = false;
  #again = false;
  /** Whether a scan ran since `start` (the first also takes over every event row left unfanned). */
  #scannedOnce = false;
  /** True until `start` (a process that never starts it, such as `boards admin`, attempts nothing) and after `stop`. */
  #stopped = true;
  /** Whether this process holds the outbox lease, as of the last scan (always, without one). */
  #holder: boolean;

  constructor(db: Database, options: WebhookDispatcherOptions) {
    this.#holder = options.lease === undefined;
    this.#webhooks = db.collection<WebhookRecord>(webhookCollections.webhooks);
    this.#deliveries = db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries);
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#o = options;
    this.#perWebhook = options.maxInFlightPerWebhook ?? 4;
    this.#total = options.maxInFlight ?? 64;
  }

  /** Starts the periodic scan (which also picks up what a previous process left pending). */
  start(): void {
    this.#stopped = false;
    this.#scannedOnce = false;
    this.#timer = setInterval(() => this.#scan(), this.#o.pollMs ?? 1_000);
    this.#timer.unref();
    this.#scan();
  }

  /**
   * Stops scanning and waits up to `graceMs` (default 2 s) for attempts in flight (and events
   * being fanned out to their outbox rows); whatever is not
   * settled by then stays pending in storage and is attempted again after the restart.
   */
  async stop(graceMs = 2_000): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([...this.#running, this.#o.fannedOut?.()]), grace]);
    clearTimeout(timer);
    await this.#o.lease?.release();
  }

  /** Attempt and delivery totals since the process started (metrics). */
  stats(): WebhookDeliveryStats {
    return { ...this.#stats };
  }

  /** Deliveries waiting in the outbox (pending: due now or scheduled for a retry); one count of the store's index. */
  outboxDepth(): Promise<number> {
    return this.#deliveries.count({ status: 'pending' });
  }

  /** Deliveries of `webhookId` became due: attempt them soon (once started; before, the next `start` scan finds them). */
  wake(webhookId: string): void {
    this.#active.add(webhookId);
    this.#schedule();
  }

  /** Resolves once no attempt is in flight and nothing is due now (for tests and benchmarks). */
  async idle(): Promise<void> {
    await this.#o.fannedOut?.();
    while (this.#running.size > 0 || this.#ticking || this.#scheduled) {
      await Promise.allSettled([...this.#running]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#stopped) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#run(() => this.#tick());
    });
  }

  #scan(): void {
    const first = !this.#scannedOnce;
    this.#scannedOnce = true;
    this.#run(async () => {
      if (this.#o.lease !== undefined) this.#holder = await this.#o.lease.held();
      if (!this.#holder) return;
      await this.#o.recover?.(first ? 0 : recoverGraceMs);
      const due = await this.#deliveries.find({ status: 'pending', nextAttemptAt: { $lte: this.#o.clock.now() } }, { sort: [['nextAttemptAt', 1]], limit: 1_000 });
      for (const row of due) this.#active.add(row.webhookId);
      if (due.length > 0) this.#schedule();
    });
  }

  #run(fn: () => Promise<void>): void {
    fn().catch((error: unknown) => this.#o.logger.error({ err: error }, 'webhook dispatch failed'));
  }

  async #tick(): Promise<void> {
    // Another process delivers: what this one was woken for is in the outbox, where it scans.
    if (!this.#holder) {
      this.#active.clear();
      return;
    }
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#ticking = true;
    try {
      do {
        this.#again = false;
        for (const webhookId of [...this.#active]) {
          await this.#o.quiet?.();
          if (this.#stopped) return;
          const flying = this.#inFlight.get(webhookId) ?? new Set<string>();
          const free = Math.min(this.#perWebhook - flying.size, this.#total - this.#inFlightCount);
          if (free <= 0) continue;
          // Rows in flight when the query starts may settle before it answers: they read as pending then.
          const before = new Set(flying);
          const rows = await this.#deliveries.find(
            { webhookId, status: 'pending', nextAttemptAt: { $lte: this.#o.clock.now() } },
            { sort: [['nextAttemptAt', 1], ['id', 1]], limit: free + before.size },
          );
          const fresh = rows.filter((row) => !before.has(row.id) && !flying.has(row.id)).slice(0, free);
          if (fresh.length === 0 && flying.size === 0) this.#active.delete(webhookId);
          for (const row of fresh) this.#launch(row, flying);
        }
      } while (this.#again && !this.#stopped);
    } finally {
      this.#ticking = false;
    }
  }

  #launch(row: WebhookDeliveryRecord, flying: Set<string>): void {
    flying.add(row.id);
    this.#inFlight.set(row.webhookId, flying);
    this.#inFlightCount += 1;
    const attempt = this.#attempt(row)
      .catch((error: unknown) => this.#o.logger.error({ err: error, webhookId: row.webhookId, deliveryId: row.id }, 'webhook attempt failed'))
      .finally(() => {
        flying.delete(row.id);
        if (flying.size === 0) this.#inFlight.delete(row.webhookId);
        this.#inFlightCount -= 1;
        this.#running.delete(attempt);
        // The webhook may have more due; the others may have been waiting for a global slot.
        this.#active.add(row.webhookId);
        this.#schedule();
      });
    this.#running.add(attempt);
  }

  async #attempt(row: WebhookDeliveryRecord): Promise<void> {
    await this.#o.quiet?.();
    const hook = await this.#webhooks.get(row.webhookId);
    if (!hook) {
      await this.#deliveries.deleteMany({ id: row.id });
      return;
    }
    const ping = row.eventType === 'webhook.ping';
    if (!hook.enabled && !ping) return this.#settle(row, 'skipped', 'the webhook is disabled');
    // Also caught here for a removal the bus did not carry (e.g. a membership deleted by an older process).
    if ((await this.#o.accounts.getMembership(hook.workspaceId, hook.ownerId)) === null) {
      await this.#webhooks.updateOne({ id: hook.id }, { $set: { enabled: false, disabledReason: ownershipDisabledReasons.ownerLeft, updatedAt: this.#o.clock.now() } });
      await this.#o.changed?.();
      return this.#settle(row, 'skipped', 'the owner is no longer in the workspace');
    }
    if (row.boardId !== null && !(await this.#mayRead(hook, row))) return this.#settle(row, 'skipped', 'the owner can no longer read the board');

    const secret = await this.#o.secrets.open(hook.secretSealed);
    const headers = signWebhook(secret, row.id, Math.floor(this.#o.clock.now() / 1000), row.payload);
    const send = this.#o.send ?? sendWebhook;
    const outcome = await send(hook.url, row.payload, { ...headers }, { allowPrivate: this.#o.allowPrivate, timeoutMs: this.#o.timeoutMs ?? 10_000 });
    await this.#o.quiet?.();
    await this.#record(hook, row, outcome);
  }

  /** The owner's read right on the event's board now; a board deleted for good counts for `board.deleted` only. */
  async #mayRead(hook: WebhookRecord, row: WebhookDeliveryRecord): Promise<boolean> {
    const board = await this.#boards.get(row.boardId ?? '');
    if (!board) return row.eventType === 'board.deleted';
    const role = roleOnBoard(await this.#o.access.grants(hook.ownerId), board);
    return role !== null && atLeast(role, boardPermissions.read);
  }

  /**
   * Records an attempt's outcome. It shares the store's next fsync: losing it to power loss only
   * means the delivery is attempted again, which at-least-once allows.
   */
  async #record(hook: WebhookRecord, row: WebhookDeliveryRecord, outcome: SendOutcome): Promise<void> {
    const now = this.#o.clock.now();
    const attempts = row.attempts + 1;
    const logged = { attempts, lastStatusCode: outcome.statusCode, lastDurationMs: outcome.durationMs, lastResponse: outcome.response.slice(0, 1024) };
    if (outcome.ok) this.#stats.attemptsSucceeded += 1;
    else this.#stats.attemptsFailed += 1;
    if (outcome.ok) {
      await this.#deliveries.updateOne({ id: row.id }, { $set: { ...logged, status: 'delivered', nextAttemptAt: null, settledAt: now } }, sharedDurability);
      return;
    }
    const next = row.eventType === 'webhook.ping' ? null : nextAttemptAt(now, attempts, this.#o.random);
    if (next !== null) {
      await this.#deliveries.updateOne({ id: row.id }, { $set: { ...logged, nextAttemptAt: next } }, sharedDurability);
      return;
    }
    await this.#deliveries.updateOne({ id: row.id }, { $set: { ...logged, status: 'failed', nextAttemptAt: null, settledAt: now } }, sharedDurability);
    this.#stats.deliveriesFailed += 1;
    if (row.eventType === 'webhook.ping') return;
    const notice: NewNotification = {
      userId: hook.ownerId,
      workspaceId: hook.workspaceId,
      kind: 'webhook_disabled',
      title: 'A webhook was disabled',
      body: `Deliveries to ${hook.url} failed for about three days (last: ${outcome.statusCode ?? outcome.response}). Fix the endpoint, then enable the webhook again.`.slice(0, 280),
      boardId: null,
      itemId: null,
      actorId: null,
    };
    const disable = async (mark: RecordMark = unmarkedWrites): Promise<void> => {
      const disabled = await mark.update(this.#webhooks, { id: hook.id, enabled: true }, { $set: { enabled: false, disabledReason: 'failing', updatedAt: now } });
      // Disabled meanwhile (by its owner, or for another reason): nobody is told twice.
      if (!disabled) throw errors.conflict('The webhook was disabled meanwhile.');
    };
    try {
      // The notification is journaled before the webhook is disabled: a stop in between notifies at the next start.
      if (this.#o.records === undefined) {
        await disable();
        await this.#o.notifications.notify(notice);
      } else await this.#o.records.record({ marked: { collection: 'webhooks', id: hook.id, read: hook }, stored: [], notifications: [notice] }, disable);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'conflict') return;
      throw error;
    }
    await this.#o.changed?.();
    this.#o.logger.warn({ webhookId: hook.id, workspaceId: hook.workspaceId }, 'webhook disabled after its deliveries kept failing');
  }

  async #settle(row: WebhookDeliveryRecord, status: 'skipped', reason: string): Promise<void> {
    await this.#deliveries.updateOne({ id: row.id }, { $set: { status, nextAttemptAt: null, settledAt: this.#o.clock.now(), lastResponse: reason } }, sharedDurability);
  }
}
