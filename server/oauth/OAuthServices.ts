import type { Logger } from 'pino';
import type { Clock, Database, RateLimiterFactory } from '../../storage/index.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { Authenticator } from '../auth/Authenticator.js';
import { credentialPrefixes } from '../auth/secrets.js';
import type { Config } from '../config.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import { DevOutboxMailer, SmtpMailer } from '../signin/Mailer.js';
import type { Mailer } from '../signin/Mailer.js';
import { EmailSignIn } from '../signin/EmailSignIn.js';
import { OidcSignIn } from '../signin/OidcSignIn.js';
import { SessionService } from '../signin/SessionService.js';
import { accessTokenResolver } from './accessTokens.js';
import { ClientMetadataDocuments } from './ClientMetadataDocuments.js';
import { ConsentService } from './ConsentService.js';
import { DynamicClientRegistration } from './DynamicClientRegistration.js';
import { GrantService } from './GrantService.js';
import { OAuthAppService } from './OAuthAppService.js';
import type { OAuthAppRecord } from '../../storage/schema/oauth.js';
import { supportedResources } from './resourceIndicators.js';
import { deriveServerKeys, loadServerSecret } from './serverKeys.js';
import { WorkspacePolicyService } from './WorkspacePolicyService.js';

/** The OAuth and sign-in services, wired together. */
export interface OAuthServices {
  /** The authorization server's issuer identifier: the public URL (RFC 8414, RFC 9207 `iss`). */
  readonly issuer: string;
  readonly apps: OAuthAppService;
  readonly grants: GrantService;
  readonly consent: ConsentService;
  /** Clients named by a Client ID Metadata Document URL. */
  readonly metadataDocuments: ClientMetadataDocuments;
  /** Dynamic Client Registration (RFC 7591). */
  readonly registration: DynamicClientRegistration;
  /** Workspace settings for unverified (MCP) clients. */
  readonly policies: WorkspacePolicyService;
  /** Resources a client may name with `resource` (RFC 8707). */
  readonly resources: readonly string[];
  /**
   * The client a `client_id` names: a registered app, or the client a metadata document URL
   * describes (fetched or cached); null when unknown. Throws `AuthorizationPageError`
   * `client_metadata` when a metadata document cannot be used.
   */
  findClient(clientId: string): Promise<OAuthAppRecord | null>;
  readonly sessions: SessionService;
  readonly emailSignIn: EmailSignIn;
  readonly oidc: OidcSignIn;
  readonly mailer: Mailer;
  /** The development outbox when no SMTP is configured (tests read sign-in codes here), else null. */
  readonly devOutbox: DevOutboxMailer | null;
  /** Gives the services the request logger (mail in development, PKCE warnings). */
  attachLogger(logger: Logger): void;
}

/** Builds the OAuth services and registers `bds_at_` access tokens with the authenticator. */
export function createOAuthServices(options: {
  config: Config;
  db: Database;
  clock: Clock;
  accounts: AccountService;
  authenticator: Authenticator;
  /** Where sign-ins journal `account.signed_in` and ended connections `oauth.connection.ended` (the boards' `RecordEventJournal`). */
  records?: Pick<RecordEventJournal, 'record'>;
  /** Where sign-in throttles count (default in this process). */
  limiters?: RateLimiterFactory;
}): OAuthServices {
  const { config, db, clock, accounts } = options;
  let logger: Logger | null = null;
  const currentLogger = () => logger;
  const keys = deriveServerKeys(loadServerSecret(config));
  const issuer = config.publicUrl;
  const grants = new GrantService(db, clock, currentLogger, options.records ?? null);
  const apps = new OAuthAppService({ db, accounts, grants, sealingKey: keys.sealing, publicUrl: config.publicUrl, clock });
  const policies = new WorkspacePolicyService(db, clock);
  const consent = new ConsentService({ db, apps, grants, accounts, issuer, clock, policies });
  const metadataDocuments = new ClientMetadataDocuments({ db, clock, allowPrivate: config.webhooks.allowPrivate });
  const registration = new DynamicClientRegistration(db, clock);
  const findClient = async (clientId: string): Promise<OAuthAppRecord | null> =>
    metadataDocuments.isDocumentUrl(clientId) ? metadataDocuments.resolve(clientId) : apps.find(clientId);
  const sessions = new SessionService(keys.signing, clock, issuer);
  const devOutbox = config.smtpUrl ? null : new DevOutboxMailer(config.devOutboxPath, currentLogger, () => clock.now());
  const mailer: Mailer = devOutbox ?? new SmtpMailer(config.smtpUrl ?? '', config.mailFrom);
  const records = options.records;
  const emailSignIn = new EmailSignIn({ db, accounts, mailer, clock, ...(records ? { records } : {}), ...(options.limiters ? { limiters: options.limiters } : {}) });
  const oidc = new OidcSignIn({ providers: config.oidcProviders, accounts, sessions, publicUrl: config.publicUrl, clock, ...(records ? { records } : {}) });
  options.authenticator.register(credentialPrefixes.accessToken, accessTokenResolver(grants, apps, accounts, policies));
  return {
    issuer,
    apps,
    grants,
    consent,
    metadataDocuments,
    registration,
    policies,
    resources: supportedResources(config.publicUrl),
    findClient,
    sessions,
    emailSignIn,
    oidc,
    mailer,
    devOutbox,
    attachLogger(l) {
      logger = l;
    },
  };
}
