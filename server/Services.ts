import type { Logger } from 'pino';
import type { DocumentObserver, DocumentRegistry, RealtimeHub } from '../crdt/index.js';
import type { Clock, ClusterPorts, Database } from '../storage/index.js';
import { localCluster } from '../storage/index.js';
import { AccessChangeFeed } from './access/AccessChangeFeed.js';
import { recordAccessChanges } from './access/recordAccessChanges.js';
import { SharingNews } from './sharing/SharingNews.js';
import { AccountService } from './accounts/AccountService.js';
import type { AiService } from './ai/AiService.js';
import { createAiServices } from './ai/aiServices.js';
import { UsageService } from './accounts/UsageService.js';
import { ApiKeyService } from './auth/ApiKeyService.js';
import { Authenticator } from './auth/Authenticator.js';
import { credentialPrefixes } from './auth/secrets.js';
import type { BoardServices } from './boards/boardServices.js';
import type { ChatService } from './chat/ChatService.js';
import { createChatService } from './chat/chatServices.js';
import { createBoardServices } from './boards/boardServices.js';
import { ActivityService } from './boards/ActivityService.js';
import { RecordEventJournal } from './boards/RecordEventJournal.js';
import type { Config } from './config.js';
import { AssetService } from './assets/AssetService.js';
import type { BoardContentService } from './content/BoardContentService.js';
import { createContentService, createDocumentServices } from './content/contentServices.js';
import type { LiveEdits } from './content/LiveEdits.js';
import { DomainEvents } from './events/DomainEvents.js';
import { IdempotencyService } from './idempotency/IdempotencyService.js';
import { ForegroundRequests } from './ForegroundRequests.js';
import type { WebhookService } from './webhooks/WebhookService.js';
import type { WebhookDispatcher } from './webhooks/WebhookDispatcher.js';
import { createWebhookServices } from './webhooks/webhookServices.js';
import { createLogger } from './logger.js';
import { MeService } from './me/MeService.js';
import { NotificationService } from './notifications/NotificationService.js';
import type { NotificationServices } from './notifications/notificationServices.js';
import { createNotificationServices } from './notifications/notificationServices.js';
import { createOAuthServices } from './oauth/OAuthServices.js';
import type { SearchService } from './search/SearchService.js';
import { createSearchService } from './search/searchServices.js';
import { ImportService } from './jobs/ImportService.js';
import type { JobService } from './jobs/JobService.js';
import type { OAuthServices } from './oauth/OAuthServices.js';
import { SkillService } from './skills/SkillService.js';
import { SourceService } from './sources/SourceService.js';
import { WebSessionTokens, webTokenPrefix } from './signin/WebSessionTokens.js';
import { SingletonLease } from './cluster/SingletonLease.js';
import { ProcessLiveness } from './cluster/ProcessLiveness.js';
import { OrphanRecovery, orphanRecoveryIntervalMs, orphanRecoveryLease } from './cluster/OrphanRecovery.js';
import { PeerWatch } from './cluster/PeerWatch.js';

/** `{ lease }` when there is one, else nothing (options are exact: no `lease: undefined`). */
function withLease(lease: SingletonLease | undefined): { lease: SingletonLease } | Record<string, never> {
  return lease === undefined ? {} : { lease };
}

/** Every service of the server, wired over one store; what `rest/` and the CLI call. */
export interface Services extends BoardServices {
  readonly config: Config;
  readonly db: Database;
  readonly clock: Clock;
  /** What this process shares with the others besides the store (bus, leases, rate limits); in-process by default. Closed by its owner. */
  readonly cluster: ClusterPorts;
  readonly accounts: AccountService;
  readonly usage: UsageService;
  readonly notifications: NotificationService;
  /** Board update and mention producers, digest emails and their unsubscribe links. */
  readonly notificationDelivery: NotificationServices;
  readonly sources: SourceService;
  readonly apiKeys: ApiKeyService;
  readonly authenticator: Authenticator;
  readonly me: MeService;
  /** OAuth apps, grants and tokens, consent, and sign-in. */
  readonly oauth: OAuthServices;
  /** Short-lived `bds_wt_` tokens the web app gets for its signed-in session. */
  readonly webTokens: WebSessionTokens;
  /** The board documents loaded in this process (one `Y.Doc` per board). */
  readonly documents: DocumentRegistry;
  /** Live rooms of the sync endpoint. */
  readonly hub: RealtimeHub;
  /** Items, batch, views and duplication through the REST API. */
  readonly content: BoardContentService;
  /** Uploaded images of boards. */
  readonly assets: AssetService;
  /** Changes of rights, for this process's live connections at once and, through the store, for every other process (and from the CLI). */
  readonly accessChanges: AccessChangeFeed;
  /** News that the people of a board or space changed, from every process (the web app's event streams follow it). */
  readonly sharingNews: SharingNews;
  /** The domain event bus: services emit on it; search, activity, notifications, recent boards (and webhooks) subscribe. */
  readonly events: DomainEvents;
  /** Live edits as domain events: the sync gateway calls `liveEdits.edited(boardId, userId)` per document message. */
  readonly liveEdits: LiveEdits;
  readonly logger: Logger;
  /** Board team chat. */
  readonly chat: ChatService;
  /** `GET /search` and the index upkeep: call `search.boardChanged(boardId)` after a board's title or content changed. */
  readonly search: SearchService;
  /** The AI assistant (ask, plan, generate, modify, review, convert). */
  readonly ai: AiService;
  /** Stored background jobs (`Prefer: respond-async`). */
  readonly jobs: JobService;
  /** Bulk imports of items, run as jobs (`POST /boards/{boardId}/imports`). */
  readonly imports: ImportService;
  /** AI skills: the curated library, custom skills, drafts and apply. */
  readonly skills: SkillService;
  /** Webhook subscriptions, rotation, deliveries and pings. */
  readonly webhooks: WebhookService;
  /** Delivers the webhook outbox in the background. */
  readonly webhookDispatcher: WebhookDispatcher;
  /** The requests being handled (the HTTP application counts them); webhook fan-out and deliveries yield to them. */
  readonly foreground: ForegroundRequests;
  /** `Idempotency-Key` claims and stored answers of the API's writes. */
  readonly idempotency: IdempotencyService;
  /** With several processes, settles the jobs and live-edit journal rows of processes that died; null for a process alone. */
  readonly orphans: OrphanRecovery | null;
  /** With several processes, catches the loaded boards up from the store when another process dies; null for a process alone. */
  readonly peerWatch: PeerWatch | null;
  /** With several processes, this process's liveness lease (its id is `cluster.bus.processId`); undefined for a process alone. */
  readonly liveness: ProcessLiveness | undefined;
  /** Stops background work if it was started (timers, deliveries, sweeps), flushes documents; the store is closed by its owner. */
  close(): Promise<void>;
}

/** What the services report their measurements to (the server's metrics); each is optional. */
export interface ServiceObservers {
  /** Hears of board documents' store appends and compactions. */
  readonly documents?: DocumentObserver;
}

/** Options of `createServices`. */
export interface ServicesOptions {
  /** What the services report their measurements to (the server's metrics). */
  readonly observers?: ServiceObservers;
  /**
   * `server` (default): this process owns the board documents. `command`: a short process beside
   * a server that may own them (`boards admin`): documents are only read, never compacted.
   */
  role?: 'server' | 'command';
  /** The update bus, leases and rate limiters shared with other processes; default a process alone (in-process ports). */
  readonly cluster?: ClusterPorts;
}

/**
 * Builds the services over an open store, and starts nothing: no timer, sweep, recovery,
 * dispatcher or worker runs until `startBackgroundWork(services)` (the server only). `boards
 * admin` uses the services as built, beside a server that may be running on the same store.
 */
export async function createServices(config: Config, db: Database, clock: Clock, logger: Logger = createLogger(config), options: ServicesOptions = {}): Promise<Services> {
  const cluster = options.cluster ?? localCluster(clock);
  const events = new DomainEvents(logger);
  // Started before recovery below, so a process starting next leaves this one's jobs and journal rows alone.
  const liveness = cluster.shared ? new ProcessLiveness(cluster.leases, cluster.bus.processId, (error) => logger.warn({ err: error }, 'The process lease could not be renewed')) : undefined;
  await liveness?.start((listener) => cluster.bus.onReconnected(listener));
  const notifications = new NotificationService(db, clock);
  const activity = new ActivityService(db, clock);
  // Workspace-level operations journal their events here as board operations do.
  const records = new RecordEventJournal({ db, events, activity, notifications, clock, logger, owner: liveness });
  const accounts = new AccountService(db, clock, records);
  const usage = new UsageService(db, clock);
  const sources = new SourceService(db, clock);
  const accessChanges = new AccessChangeFeed(db, clock);
  recordAccessChanges(events, accessChanges);
  const apiKeys = new ApiKeyService(db, accounts, clock, records);
  const authenticator = new Authenticator();
  authenticator.register(credentialPrefixes.apiKey, (secret) => apiKeys.authenticate(secret));
  const me = new MeService({ accounts, usage, notifications, sources });
  const oauth = createOAuthServices({ config, db, clock, accounts, authenticator, records, limiters: cluster.rateLimiters });
  const singleton = (name: string, ttlMs: number): SingletonLease | undefined =>
    cluster.shared ? new SingletonLease(cluster.leases, name, ttlMs, (error) => logger.warn({ err: error, lease: name }, 'The lease service failed; the work it guards is skipped this time')) : undefined;
  const documentServices = createDocumentServices(db, clock, logger, config.sync, {
    compaction: (options.role ?? 'server') === 'server',
    ...(options.observers?.documents ? { observer: options.observers.documents } : {}),
    cluster,
  });
  const boardServices = createBoardServices(db, {
    accounts,
    notifications,
    clock,
    documents: documentServices.boardDocuments,
    // The lease outlives two hourly sweeps: a process that dies hands the purge on within two hours.
    trash: { onError: (error) => logger.error({ err: error }, 'trash sweep failed'), ...withLease(singleton('trash-purge', 2 * 3_600_000)) },
    events,
    mailer: oauth.mailer,
    publicUrl: config.publicUrl,
    logger,
    activity,
    records,
  });
  const { content, liveEdits, journal } = createContentService({
    db,
    clock,
    logger,
    documents: documentServices.documents,
    accounts,
    boards: boardServices,
    events,
    owner: liveness,
  });
  const { access } = boardServices;
  const sharingNews = new SharingNews({ events, invitations: boardServices.invitations, bus: cluster.bus, logger });
  const assets = new AssetService({ db, access, clock, events });
  const webTokens = new WebSessionTokens({ sessions: oauth.sessions, accounts, access, now: () => clock.now() });
  authenticator.register(webTokenPrefix, webTokens.resolver());
  const chat = createChatService({ db, access, accounts, clock, documents: documentServices.documents, logger, records: boardServices.records });
  const search = createSearchService({ db, access, documents: documentServices.documents, logger });
  events.on('board.changed', (event) => search.boardChanged(event.boardId, event.kind));
  events.on('board.duplicated', (event) => search.boardCopied(event.boardId, event.items));
  const { ai, jobs } = await createAiServices({ config, db, clock, logger, access, accounts, usage, documents: documentServices.documents, events, journal, records: boardServices.records, owner: liveness });
  const skills = new SkillService(db, { ai, clock });
  const foreground = new ForegroundRequests();
  const imports = new ImportService({ db, clock, access, accounts, documents: documentServices.documents, content, jobs });
  const { webhooks, dispatcher: webhookDispatcher } = createWebhookServices({ config, db, clock, logger, events, access, accounts, notifications, records, foreground, ...withLease(singleton('webhook-outbox', 10_000)) });
  const notificationDelivery = createNotificationServices({
    config,
    db,
    clock,
    logger,
    events,
    accounts,
    access,
    members: boardServices.boardMembers,
    notifications,
    mailer: oauth.mailer,
    sessions: oauth.sessions,
    ...withLease(singleton('notification-sweep', 120_000)),
  });
  // Servers of one test process may share a sqlite store: only a process alone owns its claims outright.
  const idempotency = new IdempotencyService({ db, documents: documentServices.documents, clock, logger, singleProcess: db.kind === 'sqlite' && !cluster.shared, owner: liveness });
  await db.ensureIndexes();
  // A process that dies leaves its jobs and journal rows to the others, who settle them within 15 to 30 s of its liveness lease lapsing.
  const orphanLease = singleton(orphanRecoveryLease.name, orphanRecoveryLease.ttlMs);
  const orphans =
    orphanLease === undefined
      ? null
      : new OrphanRecovery({ lease: orphanLease, recoverJobs: () => jobs.recoverInterrupted(), recoverLiveEdits: () => liveEdits.recover(), logger }, orphanRecoveryIntervalMs);
  // An update a dying process stored but never published reaches the boards loaded here within seconds of its liveness lease lapsing.
  const replication = documentServices.documents.replication;
  const peerWatch = liveness === undefined || replication === undefined ? null : new PeerWatch(replication, liveness, logger, 5_000);
  return {
    config,
    db,
    clock,
    cluster,
    liveness,
    peerWatch,
    accounts,
    usage,
    notifications,
    notificationDelivery,
    sources,
    apiKeys,
    authenticator,
    me,
    oauth,
    webTokens,
    ...boardServices,
    documents: documentServices.documents,
    hub: documentServices.hub,
    content,
    assets,
    accessChanges,
    sharingNews,
    events,
    liveEdits,
    logger,
    chat,
    search,
    webhooks,
    webhookDispatcher,
    foreground,
    idempotency,
    ai,
    jobs,
    imports,
    skills,
    orphans,
    close: async () => {
      sharingNews.stop();
      await peerWatch?.stop();
      await orphans?.stop();
      await jobs.close();
      idempotency.stop();
      await webhookDispatcher.stop();
      await notificationDelivery.sweeper.stop();
      await boardServices.trash.stop();
      await liveEdits.close();
      documentServices.hub.close();
      await search.close();
      await documentServices.documents.close();
      await liveness?.stop();
    },
  };
}
