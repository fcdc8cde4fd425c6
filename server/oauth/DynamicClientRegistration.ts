import type { Clock, Collection, Database } from '../../storage/index.js';
import { BoardsError, newId } from '../../storage/index.js';
import type { OAuthAppRecord } from '../../storage/schema/oauth.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import { allScopes, parseScopes } from '../auth/scopes.js';
import { credentialPrefixes, digestSecret, newSecret } from '../auth/secrets.js';
import { flowProblem, redirectUrisProblem } from './clientMetadata.js';
import { unverifiedClientRecord } from './unverifiedClients.js';

/** Largest registration request body, in bytes. */
export const maxRegistrationBytes = 16 * 1024;

/** Error codes of the registration endpoint (RFC 7591 3.2.2). */
export type RegistrationErrorCode = 'invalid_redirect_uri' | 'invalid_client_metadata';

/** A refused registration, answered 400 `{error, error_description}` (RFC 7591 3.2.2). */
export class RegistrationError extends BoardsError<RegistrationErrorCode> {}

/** The registration response (RFC 7591 3.2.1). */
export interface RegistrationResponse {
  client_id: string;
  client_id_issued_at: number;
  client_secret?: string;
  client_secret_expires_at?: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none' | 'client_secret_basic';
  scope: string;
}

const knownAuthMethods = ['none', 'client_secret_basic'] as const;

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function invalid(message: string): RegistrationError {
  return new RegistrationError('invalid_client_metadata', message);
}

/**
 * Dynamic Client Registration (RFC 7591) for clients that cannot be set up by hand, such as MCP
 * clients: open registration, checked like the developer console's (redirect URIs by the same
 * rules, 1 to `maxClientRedirectUris`), public (`none`, PKCE required) or confidential (`client_secret_basic`).
 * The client is an unverified third party without a workspace; its consent page says so.
 */
export class DynamicClientRegistration {
  readonly #apps: Collection<OAuthAppRecord>;
  readonly #clock: Clock;

  constructor(db: Database, clock: Clock) {
    this.#apps = db.collection<OAuthAppRecord>(oauthCollections.apps);
    this.#clock = clock;
  }

  /** Registers a client from its metadata; throws `RegistrationError`. */
  async register(metadata: unknown): Promise<RegistrationResponse> {
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) throw invalid('The body must be a JSON object of client metadata.');
    const doc = metadata as Record<string, unknown>;
    const uris = doc.redirect_uris;
    const uriProblem = redirectUrisProblem(uris);
    if (uriProblem) throw new RegistrationError('invalid_redirect_uri', `${capitalised(uriProblem)}.`);
    const method = doc.token_endpoint_auth_method ?? 'client_secret_basic';
    if (typeof method !== 'string' || !(knownAuthMethods as readonly string[]).includes(method)) {
      throw invalid('token_endpoint_auth_method must be "none" or "client_secret_basic".');
    }
    const grantTypes = doc.grant_types ?? ['authorization_code'];
    const flow = flowProblem(grantTypes, doc.response_types);
    if (flow) throw invalid(`${flow}.`);
    const rawName = doc.client_name;
    if (rawName !== undefined && (typeof rawName !== 'string' || rawName.trim().length === 0 || rawName.trim().length > 200)) {
      throw invalid('client_name must be 1 to 200 characters.');
    }
    let scopes = [...allScopes];
    if (doc.scope !== undefined) {
      if (typeof doc.scope !== 'string') throw invalid('scope must be a space-separated string.');
      const parsed = parseScopes(doc.scope);
      if (parsed.unknown.length > 0) throw invalid(`scope names an unknown scope: ${parsed.unknown[0]}.`);
      if (parsed.scopes.length > 0) scopes = parsed.scopes;
    }
    const redirectUris = [...(uris as string[])];
    const name = typeof rawName === 'string' ? rawName.trim() : new URL(redirectUris[0] ?? '').host;
    const isPublic = method === 'none';
    const clientId = newId('dcr');
    const secret = isPublic ? null : newSecret(credentialPrefixes.clientSecret);
    const now = this.#clock.now();
    await this.#apps.insert(
      unverifiedClientRecord({
        id: clientId,
        name,
        redirectUris,
        scopes,
        isPublic,
        secretDigest: secret === null ? null : digestSecret(secret),
        registration: 'dynamic',
        createdAt: now,
        updatedAt: now,
      }),
    );
    return {
      client_id: clientId,
      client_id_issued_at: Math.floor(now / 1000),
      ...(secret === null ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
      client_name: name,
      redirect_uris: redirectUris,
      grant_types: grantTypes as string[],
      response_types: ['code'],
      token_endpoint_auth_method: method as 'none' | 'client_secret_basic',
      scope: scopes.join(' '),
    };
  }
}
