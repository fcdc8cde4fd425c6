import type { Clock, Database } from '../storage/index.js';
import { AccountService } from './accounts/AccountService.js';
import { UsageService } from './accounts/UsageService.js';
import { ApiKeyService } from './auth/ApiKeyService.js';
import { Authenticator } from './auth/Authenticator.js';
import { credentialPrefixes } from './auth/secrets.js';
import type { BoardServices } from './boards/boardServices.js';
import { createBoardServices } from './boards/boardServices.js';
import type { Config } from './config.js';
import { createLogger } from './logger.js';
import { MeService } from './me/MeService.js';
import { NotificationService } from './notifications/NotificationService.js';
import { createOAuthServices } from './oauth/OAuthServices.js';
import type { OAuthServices } from './oauth/OAuthServices.js';
import { SourceService } from './sources/SourceService.js';

/** Every service of the server, wired over one store; what `rest/` and the CLI call. */
export interface Services extends BoardServices {
  readonly config: Config;
  readonly db: Database;
  readonly clock: Clock;
  readonly accounts: AccountService;
  readonly usage: UsageService;
  readonly notifications: NotificationService;
  readonly sources: SourceService;
  readonly apiKeys: ApiKeyService;
  readonly authenticator: Authenticator;
  readonly me: MeService;
  /** OAuth apps, grants and tokens, consent, and sign-in. */
  readonly oauth: OAuthServices;
  /** Stops background work (timers, document flushes); the store is closed by its owner. */
  close(): Promise<void>;
}

/** Builds the services over an open store. */
export async function createServices(config: Config, db: Database, clock: Clock): Promise<Services> {
  const accounts = new AccountService(db, clock);
  const usage = new UsageService(db, clock);
  const notifications = new NotificationService(db, clock);
  const sources = new SourceService(db, clock);
  const apiKeys = new ApiKeyService(db, accounts, clock);
  const authenticator = new Authenticator();
  authenticator.register(credentialPrefixes.apiKey, (secret) => apiKeys.authenticate(secret));
  const me = new MeService({ accounts, usage, notifications, sources });
  const oauth = createOAuthServices({ config, db, clock, accounts, authenticator });
  const boardServices = createBoardServices(db, {
    accounts,
    notifications,
    clock,
    trash: { onError: (error) => createLogger(config).error({ err: error }, 'trash sweep failed') },
  });
  await db.ensureIndexes();
  boardServices.trash.start();
  return {
    config,
    db,
    clock,
    accounts,
    usage,
    notifications,
    sources,
    apiKeys,
    authenticator,
    me,
    oauth,
    ...boardServices,
    close: async () => {
      await boardServices.trash.stop();
    },
  };
}
