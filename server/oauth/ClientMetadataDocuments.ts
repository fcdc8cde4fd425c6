import type { Clock, Collection, Database } from '../../storage/index.js';
import type { OAuthAppRecord } from '../../storage/schema/oauth.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import { allScopes, parseScopes } from '../auth/scopes.js';
import { ClientMetadataFetchError, fetchClientMetadata } from './clientMetadataFetch.js';
import { AuthorizationPageError } from './OAuthError.js';
import { unverifiedClientRecord } from './unverifiedClients.js';
import { flowProblem, redirectUrisProblem } from './clientMetadata.js';
import { isLoopbackHost } from './redirectUris.js';

/** Shortest time a fetched document is reused, in ms, whatever its `Cache-Control` says (no refetch storms). */
export const minMetadataCacheMs = 60_000;
/** Longest time a fetched document is reused, in ms, whatever its `Cache-Control` says. */
export const maxMetadataCacheMs = 24 * 60 * 60 * 1000;
/** Reuse time of a document without `max-age`, in ms. */
export const defaultMetadataCacheMs = 10 * 60 * 1000;

/** Options of `ClientMetadataDocuments`. */
export interface ClientMetadataOptions {
  db: Database;
  clock: Clock;
  /** `BOARDS_WEBHOOKS_ALLOW_PRIVATE`: private addresses, and `http` on a loopback host, for development and tests. */
  allowPrivate: boolean;
  /** Per-fetch limits (defaults 5 s, 5 KB). */
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, as MCP
 * 2025-11-25 uses it): a `client_id` that is an HTTPS URL names a JSON document describing the
 * client, fetched when the client is used and cached within bounds. Such a client is public
 * (`token_endpoint_auth_method` "none", PKCE S256) and unverified; its record lives among the
 * apps under its URL so connections, "Connected apps" and revocation treat it like any app.
 */
export class ClientMetadataDocuments {
  readonly #apps: Collection<OAuthAppRecord>;
  readonly #o: ClientMetadataOptions;

  constructor(options: ClientMetadataOptions) {
    this.#apps = options.db.collection<OAuthAppRecord>(oauthCollections.apps);
    this.#o = options;
  }

  /** Whether a client ID names a metadata document (an `https` URL; `http` too under the development opt-in). */
  isDocumentUrl(clientId: string): boolean {
    return clientId.startsWith('https://') || (this.#o.allowPrivate && clientId.startsWith('http://'));
  }

  /**
   * The client the URL names: the cached record while fresh, else the document fetched,
   * checked and stored. Throws `AuthorizationPageError` `client_metadata` saying what is wrong.
   */
  async resolve(clientId: string): Promise<OAuthAppRecord> {
    const url = this.#checkUrl(clientId);
    const now = this.#o.clock.now();
    const cached = await this.#apps.get(clientId);
    if (cached && cached.registration === 'metadata_document' && (cached.metadataExpiresAt ?? 0) > now) return cached;
    let fetched;
    try {
      fetched = await fetchClientMetadata(url, {
        allowPrivate: this.#o.allowPrivate,
        ...(this.#o.timeoutMs !== undefined ? { timeoutMs: this.#o.timeoutMs } : {}),
        ...(this.#o.maxBytes !== undefined ? { maxBytes: this.#o.maxBytes } : {}),
      });
    } catch (error) {
      if (error instanceof ClientMetadataFetchError) throw refused(clientId, error.message);
      throw error;
    }
    const record = this.#record(clientId, fetched.json, cached, now + cacheLifetimeMs(fetched.cacheControl));
    await this.#apps.put(record);
    return record;
  }

  #checkUrl(clientId: string): URL {
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      throw refused(clientId, 'the client_id is not a valid URL');
    }
    // draft-ietf-oauth-client-id-metadata-document 3: https, a path, no fragment, no credentials, no dot segments.
    if (url.protocol === 'http:' && !(this.#o.allowPrivate && isLoopbackHost(url.hostname))) throw refused(clientId, 'the client_id must use https');
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused(clientId, 'the client_id must use https');
    if (url.pathname === '/' || url.hash !== '' || clientId.includes('#')) throw refused(clientId, 'the client_id must have a path and no fragment');
    if (url.username !== '' || url.password !== '') throw refused(clientId, 'the client_id must not contain credentials');
    if (url.href !== clientId || /\/\.\.?(\/|$)/.test(clientId.slice(url.origin.length))) {
      throw refused(clientId, 'the client_id must be written in normal form, without dot segments');
    }
    if (clientId.length > 2000) throw refused(clientId, 'the client_id is longer than 2000 characters');
    return url;
  }

  #record(clientId: string, json: unknown, previous: OAuthAppRecord | null, expiresAt: number): OAuthAppRecord {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw refused(clientId, 'the document is not a JSON object');
    const doc = json as Record<string, unknown>;
    if (doc.client_id !== clientId) throw refused(clientId, 'the client_id in the document differs from its URL');
    const method = doc.token_endpoint_auth_method ?? 'none';
    if (method !== 'none') throw refused(clientId, 'token_endpoint_auth_method must be "none" (only public clients are supported this way)');
    if ('client_secret' in doc || 'client_secret_expires_at' in doc) throw refused(clientId, 'the document must not contain a client secret');
    const uris = doc.redirect_uris;
    const problem = redirectUrisProblem(uris) ?? flowProblem(doc.grant_types, doc.response_types);
    if (problem) throw refused(clientId, problem);
    const host = new URL(clientId).host;
    const rawName = typeof doc.client_name === 'string' ? doc.client_name.trim() : '';
    const name = rawName === '' ? host : rawName.slice(0, 200);
    const scopes = typeof doc.scope === 'string' ? parseScopes(doc.scope).scopes : [];
    const now = this.#o.clock.now();
    return unverifiedClientRecord({
      id: clientId,
      name,
      redirectUris: [...(uris as string[])],
      scopes: scopes.length > 0 ? scopes : [...allScopes],
      isPublic: true,
      secretDigest: null,
      registration: 'metadata_document',
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      metadataExpiresAt: expiresAt,
    });
  }
}

function refused(clientId: string, why: string): AuthorizationPageError {
  return new AuthorizationPageError('client_metadata', `The app's client metadata document at ${clientId} cannot be used: ${why}.`);
}

/** How long to reuse a document: its `max-age`, within `minMetadataCacheMs`..`maxMetadataCacheMs`. */
export function cacheLifetimeMs(cacheControl: string): number {
  const directives = cacheControl.toLowerCase();
  if (/\bno-store\b|\bno-cache\b/.test(directives)) return minMetadataCacheMs;
  const maxAge = /\bmax-age=(\d+)/.exec(directives)?.[1];
  const ms = maxAge === undefined ? defaultMetadataCacheMs : Number(maxAge) * 1000;
  return Math.min(maxMetadataCacheMs, Math.max(minMetadataCacheMs, ms));
}
