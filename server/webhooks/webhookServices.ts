import type { Clock, Database } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccessService } from '../access/AccessService.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { Config } from '../config.js';
import type { ForegroundRequests } from '../ForegroundRequests.js';
import type { SingletonLease } from '../cluster/SingletonLease.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import { loadServerSecret } from '../oauth/serverKeys.js';
import { WebhookAudience } from './WebhookAudience.js';
import { WebhookDispatcher } from './WebhookDispatcher.js';
import { WebhookOutbox } from './WebhookOutbox.js';
import { WebhookSecrets } from './WebhookSecrets.js';
import { disableOrphanedWebhooks } from './webhookOwnership.js';
import { WebhookService } from './WebhookService.js';
import { WebhookSubscriptions } from './WebhookSubscriptions.js';

/** What `createWebhookServices` wires. */
export interface WebhookServices {
  readonly webhooks: WebhookService;
  readonly dispatcher: WebhookDispatcher;
}

/**
 * Wires webhooks: the service behind `/webhooks`, the outbox subscribed to the domain event bus,
 * the subscriber that disables webhooks whose maker can no longer act, and the dispatcher (call `dispatcher.start()` once the store's indexes exist; `stop()` at shutdown).
 */
export function createWebhookServices(options: {
  config: Pick<Config, 'sessionSecret' | 'dataDir' | 'webhooks'>;
  db: Database;
  clock: Clock;
  logger: { warn(context: object, message: string): void; error(context: object, message: string): void };
  events: DomainEvents;
  access: AccessService;
  accounts: AccountService;
  notifications: NotificationService;
  /** Where a webhook disabled for failing journals its owner's notification (the boards' `RecordEventJournal`). */
  records?: Pick<RecordEventJournal, 'record'>;
  /** Of several processes, the one holding it delivers; default none (this process does). */
  lease?: SingletonLease;
  /** The requests being handled, which the fan-out and the deliveries yield to; default none. */
  foreground?: Pick<ForegroundRequests, 'quiet'>;
}): WebhookServices {
  const { config, db, clock, events, foreground } = options;
  const quiet = foreground === undefined ? undefined : () => foreground.quiet();
  const allowPrivate = config.webhooks.allowPrivate;
  const secrets = new WebhookSecrets(loadServerSecret(config));
  const boards = db.collection<BoardRecord>(boardCollections.boards);
  const audience = new WebhookAudience(db, { access: options.access, accounts: options.accounts });
  // With several processes (a lease to share), others change webhooks in the same store.
  const subscriptions = new WebhookSubscriptions(db, { read: () => audience.listening(), shared: options.lease !== undefined });
  const changed = (): Promise<void> => subscriptions.changed();
  const wake = (webhookId: string): void => dispatcher.wake(webhookId);
  const outbox = new WebhookOutbox(db, { clock, wake, spaceOf: async (boardId) => (await boards.get(boardId))?.spaceId ?? null, audience, subscriptions, logger: options.logger, ...(quiet ? { quiet } : {}) });
  outbox.subscribe(events);
  const dispatcher = new WebhookDispatcher(db, { ...options, secrets, allowPrivate, recover: (graceMs) => outbox.recover(graceMs), fannedOut: () => outbox.idle(), changed, ...(quiet ? { quiet } : {}) });
  disableOrphanedWebhooks(db, events, clock, changed);
  const webhooks = new WebhookService(db, { access: options.access, secrets, clock, allowPrivate, wake, changed });
  return { webhooks, dispatcher };
}
