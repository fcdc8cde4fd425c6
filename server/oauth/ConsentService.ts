import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { OAuthAppRecord, OAuthPendingRecord } from '../../storage/schema/oauth.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { AuthorizationRequest } from './authorizationRequest.js';
import type { GrantService } from './GrantService.js';
import type { OAuthAppService } from './OAuthAppService.js';
import { AuthorizationPageError } from './OAuthError.js';
import { isUnverifiedClient } from './unverifiedClients.js';
import type { WorkspacePolicyService } from './WorkspacePolicyService.js';

/** A pending request lives as long as a code: 10 minutes. */
export const pendingLifetimeMs = 10 * 60 * 1000;

/** What the consent page shows and decides on. */
export interface PendingConsent {
  pending: OAuthPendingRecord;
  app: OAuthAppRecord;
}

/**
 * The consent step: a checked authorization request becomes a server-side pending request
 * referenced by an opaque id (so tampered form fields change nothing), decided once by the
 * person who opened it.
 */
export class ConsentService {
  readonly #pending: Collection<OAuthPendingRecord>;
  readonly #apps: OAuthAppService;
  readonly #grants: GrantService;
  readonly #accounts: AccountService;
  readonly #issuer: string;
  readonly #clock: Clock;
  readonly #policies: WorkspacePolicyService;

  constructor(options: {
    db: Database;
    apps: OAuthAppService;
    grants: GrantService;
    accounts: AccountService;
    issuer: string;
    clock: Clock;
    policies: WorkspacePolicyService;
  }) {
    this.#policies = options.policies;
    this.#pending = options.db.collection<OAuthPendingRecord>(oauthCollections.pending);
    this.#apps = options.apps;
    this.#grants = options.grants;
    this.#accounts = options.accounts;
    this.#issuer = options.issuer;
    this.#clock = options.clock;
  }

  /** Opens a pending request for a signed-in person; throws the page error when they may not connect the app. */
  async begin(request: AuthorizationRequest, userId: string): Promise<PendingConsent> {
    await this.#requireConnectable(request.app, userId);
    const now = this.#clock.now();
    await this.#pending.deleteMany({ expiresAt: { $lt: now } });
    const pending: OAuthPendingRecord = {
      id: newId('authz'),
      clientId: request.app.id,
      userId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      state: request.state,
      codeChallenge: request.codeChallenge,
      resource: request.resource,
      createdAt: now,
      expiresAt: now + pendingLifetimeMs,
      usedAt: null,
    };
    await this.#pending.insert(pending);
    return { pending, app: request.app };
  }

  /**
   * Applies the person's decision once and returns the redirect: `code`, `state`, `iss` on
   * approval; `error=access_denied`, `state`, `iss` on denial (RFC 6749 4.1.2, RFC 9207).
   * Throws a page error for a used, expired or foreign request or an app that can no longer be connected.
   */
  async decide(pendingId: string, userId: string, approve: boolean): Promise<string> {
    const now = this.#clock.now();
    const pending = await this.#pending.updateOne({ id: pendingId, userId, usedAt: null }, { $set: { usedAt: now } });
    if (!pending || pending.expiresAt <= now) {
      throw new AuthorizationPageError('expired_request', 'This request was already answered or has expired. Start again from the app.');
    }
    const app = await this.#apps.find(pending.clientId);
    if (!app || app.deletedAt !== null) throw new AuthorizationPageError('unknown_client', 'This app no longer exists.');
    await this.#requireConnectable(app, userId);
    const params: Record<string, string> = {};
    if (approve) {
      const user = await this.#accounts.getUser(userId);
      if (!user) throw new AuthorizationPageError('expired_request', 'Sign in again to continue.');
      params.code = await this.#grants.issueCode({
        clientId: app.id,
        userId,
        workspaceId: user.workspaceId,
        redirectUri: pending.redirectUri,
        scopes: pending.scopes,
        codeChallenge: pending.codeChallenge,
        resource: pending.resource ?? null,
      });
    } else {
      params.error = 'access_denied';
    }
    if (pending.state !== null) params.state = pending.state;
    params.iss = this.#issuer;
    // The registered URI's own query is kept byte for byte (RFC 6749 3.1.2).
    const separator = pending.redirectUri.includes('?') ? '&' : '?';
    return `${pending.redirectUri}${separator}${new URLSearchParams(params).toString()}`;
  }

  async #requireConnectable(app: OAuthAppRecord, userId: string): Promise<void> {
    if (app.disabledAt !== null) {
      throw new AuthorizationPageError('disabled', `${app.name} is disabled by its developer and cannot be connected right now.`);
    }
    if (isUnverifiedClient(app)) {
      const user = await this.#accounts.getUser(userId);
      if (!user || !(await this.#policies.mcpClientsAllowed(user.workspaceId))) {
        throw new AuthorizationPageError(
          'mcp_clients_off',
          'An admin of your workspace has turned off connecting MCP clients and other apps that register themselves, so this request was stopped.',
          403,
        );
      }
      return;
    }
    if (!(await this.#apps.mayConnect(app, userId))) {
      throw new AuthorizationPageError(
        'in_development',
        `${app.name} is still in development: only its developer's workspace can connect it.`,
        403,
      );
    }
  }
}
