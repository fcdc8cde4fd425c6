import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { OAuthAppRecord, OAuthCodeRecord, OAuthConnectionRecord, OAuthTokenRecord } from '../../storage/schema/oauth.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import { parseScopes } from '../auth/scopes.js';
import { constantTimeEqual, credentialPrefixes, digestSecret, newSecret } from '../auth/secrets.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import { errors, ServiceError } from '../errors.js';
import { OAuthError } from './OAuthError.js';

/** Authorization codes live 10 minutes (SPEC "Limits"). */
export const codeLifetimeMs = 10 * 60 * 1000;
/** Access tokens live 24 hours (`expires_in` 86400). */
export const accessTokenLifetimeMs = 24 * 60 * 60 * 1000;
/** A refresh token ends after 30 days without a refresh. */
export const refreshTokenLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** Prefix of authorization codes (type separation, secret scanning). */
export const codePrefix = 'bds_ac_';

/** The token endpoint's success body (RFC 6749 5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** What a code is issued for. */
export interface CodeGrant {
  clientId: string;
  userId: string;
  workspaceId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
  /** The resource (RFC 8707) the tokens will be bound to, or null. */
  resource: string | null;
}

/** RFC 7636 4.1: 43 to 128 unreserved characters. */
const verifierPattern = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Codes, connections and tokens: issuing codes, the two grants, revocation and ending
 * connections. Every credential is stored as a SHA-256 digest; single use is an atomic
 * find-and-modify, so two racing requests never both win.
 */
export class GrantService {
  readonly #codes: Collection<OAuthCodeRecord>;
  readonly #connections: Collection<OAuthConnectionRecord>;
  readonly #tokens: Collection<OAuthTokenRecord>;
  readonly #clock: Clock;
  readonly #logger: () => Logger | null;
  readonly #records: Pick<RecordEventJournal, 'record'> | null;

  /**
   * `records` journals `oauth.connection.ended` before the connection is marked ended and emits it
   * once it is (webhooks made through the connection are disabled); without it nothing is announced.
   */
  constructor(db: Database, clock: Clock, logger: () => Logger | null = () => null, records: Pick<RecordEventJournal, 'record'> | null = null) {
    this.#codes = db.collection<OAuthCodeRecord>(oauthCollections.codes);
    this.#connections = db.collection<OAuthConnectionRecord>(oauthCollections.connections);
    this.#tokens = db.collection<OAuthTokenRecord>(oauthCollections.tokens);
    this.#clock = clock;
    this.#logger = logger;
    this.#records = records;
  }

  /** Issues a single-use authorization code; returns the code (only its digest is stored). */
  async issueCode(grant: CodeGrant): Promise<string> {
    if (grant.codeChallenge !== null && (await this.#codes.findOne({ codeChallenge: grant.codeChallenge }))) {
      // RFC 9700 2.1.1: a repeated challenge suggests a client using a constant verifier.
      this.#logger()?.warn({ clientId: grant.clientId }, 'code_challenge repeated: the client may reuse its PKCE verifier');
    }
    const code = newSecret(codePrefix);
    const now = this.#clock.now();
    await this.#codes.insert({
      id: newId('cod'),
      digest: digestSecret(code),
      ...grant,
      createdAt: now,
      expiresAt: now + codeLifetimeMs,
      usedAt: null,
      connectionId: null,
    });
    return code;
  }

  /** The `authorization_code` grant for an authenticated app (RFC 6749 4.1.3, RFC 7636 4.6). */
  async exchangeCode(
    app: OAuthAppRecord,
    input: { code: string; redirectUri: string; codeVerifier: string | null; resource?: string | null },
  ): Promise<TokenResponse> {
    const code = await this.#codes.findOne({ digest: digestSecret(input.code) });
    if (!code) throw new OAuthError('invalid_grant', 'unknown code');
    // Another client's code is refused without touching the grant (no cross-client denial of service).
    if (code.clientId !== app.id) throw new OAuthError('invalid_grant', 'code of another client');
    if (code.usedAt !== null) {
      if (code.connectionId) await this.endConnection(code.connectionId);
      throw new OAuthError('invalid_grant', 'code reused: its connection is revoked');
    }
    const now = this.#clock.now();
    if (code.expiresAt <= now) throw new OAuthError('invalid_grant', 'code expired');
    if (input.redirectUri !== code.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri differs');
    if (code.codeChallenge === null) {
      // RFC 9700 4.8.2: a verifier for a code issued without a challenge is a downgrade attempt.
      if (input.codeVerifier !== null) throw new OAuthError('invalid_grant', 'code_verifier without a challenge');
    } else {
      if (input.codeVerifier === null) throw new OAuthError('invalid_grant', 'code_verifier missing');
      if (!verifierPattern.test(input.codeVerifier)) throw new OAuthError('invalid_grant', 'code_verifier malformed');
      const computed = createHash('sha256').update(input.codeVerifier, 'ascii').digest('base64url');
      if (!constantTimeEqual(computed, code.codeChallenge)) throw new OAuthError('invalid_grant', 'code_verifier mismatch');
    }
    // RFC 8707 2.2: a resource at the token endpoint must be the one authorized.
    if ((input.resource ?? null) !== null && input.resource !== (code.resource ?? null)) {
      throw new OAuthError('invalid_target', 'resource differs from the authorized one');
    }
    // The connection exists before the code names it, so a racing redemption can always revoke it.
    const connection: OAuthConnectionRecord = {
      id: newId('con'),
      clientId: app.id,
      userId: code.userId,
      workspaceId: code.workspaceId,
      scopes: code.scopes,
      resource: code.resource ?? null,
      createdAt: now,
      lastRefreshedAt: now,
      revokedAt: null,
    };
    await this.#connections.insert(connection);
    const consumed = await this.#codes.updateOne({ id: code.id, usedAt: null }, { $set: { usedAt: now, connectionId: connection.id } });
    if (!consumed) {
      await this.#connections.deleteMany({ id: connection.id });
      const winner = await this.#codes.get(code.id);
      if (winner?.connectionId) await this.endConnection(winner.connectionId);
      throw new OAuthError('invalid_grant', 'code redeemed concurrently: its connection is revoked');
    }
    return this.#issuePair(connection, connection.scopes);
  }

  /** The `refresh_token` grant: rotation, reuse detection, no scope escalation (RFC 6749 6, RFC 9700 4.14.2). */
  async refresh(app: OAuthAppRecord, input: { refreshToken: string; scope: string | null; resource?: string | null }): Promise<TokenResponse> {
    const token = await this.#tokens.findOne({ digest: digestSecret(input.refreshToken) });
    if (!token || token.kind !== 'refresh') throw new OAuthError('invalid_grant', 'unknown refresh token');
    if (token.clientId !== app.id) throw new OAuthError('invalid_grant', 'refresh token of another client');
    const connection = await this.#connections.get(token.connectionId);
    if (!connection || connection.revokedAt !== null) throw new OAuthError('invalid_grant', 'connection revoked');
    if (token.rotatedAt !== null) {
      await this.endConnection(connection.id);
      throw new OAuthError('invalid_grant', 'rotated refresh token replayed: connection revoked');
    }
    const now = this.#clock.now();
    if (token.expiresAt <= now) throw new OAuthError('invalid_grant', 'refresh token expired');
    if ((input.resource ?? null) !== null && input.resource !== (connection.resource ?? null)) {
      throw new OAuthError('invalid_target', 'resource differs from the authorized one');
    }
    let scopes = connection.scopes;
    if (input.scope !== null && input.scope.trim() !== '') {
      const { scopes: asked, unknown } = parseScopes(input.scope);
      if (unknown.length > 0 || asked.some((s) => !connection.scopes.includes(s))) {
        throw new OAuthError('invalid_scope', 'refresh asked for scopes beyond the grant');
      }
      scopes = asked;
    }
    const rotated = await this.#tokens.updateOne({ id: token.id, rotatedAt: null }, { $set: { rotatedAt: now } });
    if (!rotated) {
      // Two refreshes with one token: the loser counts as a replay (OAUTH-CHECKLIST 51).
      await this.endConnection(connection.id);
      throw new OAuthError('invalid_grant', 'refresh token used concurrently: connection revoked');
    }
    await this.#connections.updateOne({ id: connection.id }, { $set: { lastRefreshedAt: now } });
    return this.#issuePair(connection, scopes);
  }

  /**
   * Revokes the connection behind a token of this app (RFC 7009; SPEC: either token ends the
   * connection). Unknown tokens and tokens of other apps are ignored.
   */
  async revoke(app: OAuthAppRecord, token: string): Promise<void> {
    if (!token.startsWith(credentialPrefixes.accessToken) && !token.startsWith(credentialPrefixes.refreshToken)) return;
    const record = await this.#tokens.findOne({ digest: digestSecret(token) });
    if (!record || record.clientId !== app.id) return;
    await this.endConnection(record.connectionId);
  }

  /**
   * Ends one connection: marks it revoked and deletes its tokens. Idempotent. The call that ends
   * it announces `oauth.connection.ended`, journaled before the connection is marked.
   */
  async endConnection(connectionId: string): Promise<void> {
    const connection = await this.#connections.get(connectionId);
    const ended = connection !== null && connection.revokedAt === null && (await this.#end(connection));
    if (!ended) await this.#tokens.deleteMany({ connectionId });
  }

  /** Marks a live connection ended and deletes its tokens; false when another call ended it first. */
  async #end(connection: OAuthConnectionRecord): Promise<boolean> {
    const now = this.#clock.now();
    const { id, userId, clientId, workspaceId } = connection;
    // Counted while this connection is live: another live one makes more than one.
    const appStillConnected = (await this.#connections.count({ userId, clientId, revokedAt: null })) > 1;
    const plan = {
      stored: [{ collection: 'oauthConnections', filter: { id, revokedAt: now } }],
      events: [{ type: 'oauth.connection.ended', payload: { workspaceId, actor: { userId }, at: now, userId, clientId, connectionId: id, appStillConnected } }],
    } as const;
    const store = async (): Promise<void> => {
      if ((await this.#connections.updateOne({ id, revokedAt: null }, { $set: { revokedAt: now } })) === null) throw errors.conflict('The connection ended meanwhile.');
      await this.#tokens.deleteMany({ connectionId: id });
    };
    try {
      await (this.#records === null ? store() : this.#records.record(plan, store));
      return true;
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'conflict') return false;
      throw error;
    }
  }

  /** Ends the app's live connections and unused codes whose person matches `which`. */
  async endConnections(clientId: string, which: (userId: string) => boolean): Promise<number> {
    const live = await this.#connections.find({ clientId, revokedAt: null });
    const ended = live.filter((c) => which(c.userId));
    for (const connection of ended) await this.endConnection(connection.id);
    const codes = await this.#codes.find({ clientId, usedAt: null });
    const stale = codes.filter((c) => which(c.userId)).map((c) => c.id);
    if (stale.length > 0) await this.#codes.deleteMany({ id: { $in: stale } });
    return ended.length;
  }

  /** The person's live connections, newest first. */
  async connectionsOf(userId: string): Promise<OAuthConnectionRecord[]> {
    return this.#connections.find({ userId, revokedAt: null }, { sort: [['createdAt', -1]] });
  }

  /** Ends every connection between the person and the app ("Connected apps" disconnect); returns how many. */
  async disconnect(userId: string, clientId: string): Promise<number> {
    const live = await this.#connections.find({ userId, clientId, revokedAt: null });
    for (const connection of live) await this.endConnection(connection.id);
    return live.length;
  }

  /** A live access token's record and connection, or null (unknown, expired, revoked). */
  async resolveAccessToken(token: string): Promise<{ token: OAuthTokenRecord; connection: OAuthConnectionRecord } | null> {
    const record = await this.#tokens.findOne({ digest: digestSecret(token) });
    if (!record || record.kind !== 'access' || record.expiresAt <= this.#clock.now()) return null;
    const connection = await this.#connections.get(record.connectionId);
    if (!connection || connection.revokedAt !== null) return null;
    return { token: record, connection };
  }

  async #issuePair(connection: OAuthConnectionRecord, accessScopes: string[]): Promise<TokenResponse> {
    const now = this.#clock.now();
    const accessToken = newSecret(credentialPrefixes.accessToken);
    const refreshToken = newSecret(credentialPrefixes.refreshToken);
    const base = { connectionId: connection.id, clientId: connection.clientId, createdAt: now, rotatedAt: null };
    await this.#tokens.insert({
      ...base,
      id: newId('tok'),
      digest: digestSecret(accessToken),
      kind: 'access',
      scopes: accessScopes,
      expiresAt: now + accessTokenLifetimeMs,
    });
    // The new refresh token keeps the connection's whole scope, even after a narrower refresh.
    await this.#tokens.insert({
      ...base,
      id: newId('tok'),
      digest: digestSecret(refreshToken),
      kind: 'refresh',
      scopes: connection.scopes,
      expiresAt: now + refreshTokenLifetimeMs,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: accessTokenLifetimeMs / 1000,
      refresh_token: refreshToken,
      scope: accessScopes.join(' '),
    };
  }
}
