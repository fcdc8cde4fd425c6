import type { OAuthAppRecord } from '../../storage/schema/oauth.js';
import { parseScopes } from '../auth/scopes.js';
import { AuthorizationPageError } from './OAuthError.js';
import { redirectUriMatches } from './redirectUris.js';

/** Raw query parameters as the HTTP layer parsed them (a repeated name yields an array). */
export type RawParams = Readonly<Record<string, string | readonly string[] | undefined>>;

/** An authorization request that passed every check; what the consent page decides on. */
export interface AuthorizationRequest {
  app: OAuthAppRecord;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string | null;
  /** The resource (RFC 8707) the token will be bound to, or null (unbound). */
  resource: string | null;
}

const singleParams = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'resource',
] as const;

/** RFC 7636 4.2: base64url of a SHA-256 digest is exactly 43 characters of this alphabet. */
const challengePattern = /^[A-Za-z0-9_-]{43}$/;
const maxStateLength = 2048;

function single(params: RawParams, name: string): string | null {
  const value = params[name];
  if (value === undefined) return null;
  if (typeof value !== 'string') {
    // RFC 6749 3.1: parameters must not be included more than once.
    throw new AuthorizationPageError('invalid_request', `The parameter ${name} is repeated.`);
  }
  return value;
}

/**
 * Checks an authorization request (SPEC "Authorization"; OAUTH-CHECKLIST A, B). Every problem
 * is an `AuthorizationPageError` shown on the page: the client is identified and the redirect
 * URI compared (`redirectUriMatches`: exact, or any loopback port for apps that cannot keep a
 * secret) before anything else, and nothing is ever redirected
 * (stricter than RFC 6749 4.1.2.1, as SPEC decides). `findApp` looks an app up by client ID.
 */
export async function checkAuthorizationRequest(
  params: RawParams,
  findApp: (clientId: string) => Promise<OAuthAppRecord | null>,
  resources: readonly string[] = [],
): Promise<AuthorizationRequest> {
  for (const name of Object.keys(params)) {
    if (typeof params[name] !== 'string' && params[name] !== undefined) {
      throw new AuthorizationPageError('invalid_request', `The parameter ${name} is repeated.`);
    }
  }
  const values = Object.fromEntries(singleParams.map((n) => [n, single(params, n)])) as Record<
    (typeof singleParams)[number],
    string | null
  >;
  const clientId = values.client_id;
  const app = clientId ? await findApp(clientId) : null;
  if (!app || app.deletedAt !== null) {
    throw new AuthorizationPageError('unknown_client', 'This link names an app that does not exist.');
  }
  const redirectUri = values.redirect_uri;
  const registered = app.redirectUris ?? [app.redirectUri];
  if (redirectUri === null || !registered.some((uri) => redirectUriMatches(uri, redirectUri, app.isPublic))) {
    throw new AuthorizationPageError(
      'redirect_mismatch',
      'The app asked to return you to an address it has not registered, so the request was stopped.',
    );
  }
  if (app.disabledAt !== null) {
    throw new AuthorizationPageError('disabled', `${app.name} is disabled by its developer and cannot be connected right now.`);
  }
  if (values.response_type !== 'code') {
    throw new AuthorizationPageError('invalid_request', 'The app sent an unsupported response_type (only "code" is supported).');
  }
  let scopes = app.scopes;
  if (values.scope !== null && values.scope.trim() !== '') {
    const { scopes: known, unknown } = parseScopes(values.scope);
    const unregistered = [...unknown, ...known.filter((s) => !app.scopes.includes(s))];
    if (unregistered.length > 0) {
      throw new AuthorizationPageError('invalid_scope', `The app asked for a permission it has not registered: ${unregistered[0]}.`);
    }
    scopes = known;
  }
  // RFC 6749 3.1: a parameter sent without a value is treated as omitted.
  const challenge = values.code_challenge === '' ? null : values.code_challenge;
  const method = values.code_challenge_method === '' ? null : values.code_challenge_method;
  if (challenge === null) {
    if (method !== null) throw new AuthorizationPageError('invalid_pkce', 'The app sent code_challenge_method without code_challenge.');
    if (app.isPublic) {
      throw new AuthorizationPageError('pkce_required', 'The app did not protect this request with PKCE (code_challenge), which it must.');
    }
  } else {
    // RFC 7636 4.3: an omitted method means "plain", which is refused (RFC 9700 2.1.1); the page
    // says exactly what to send instead of guessing that the challenge was meant as S256.
    if (method === null) {
      throw new AuthorizationPageError(
        'invalid_pkce',
        'The app sent a code_challenge without code_challenge_method. It must send code_challenge_method=S256 with it (the only supported method).',
      );
    }
    if (method !== 'S256') {
      throw new AuthorizationPageError('invalid_pkce', 'Only code_challenge_method=S256 is supported; the app must send that, with an S256 code_challenge.');
    }
    if (!challengePattern.test(challenge)) {
      throw new AuthorizationPageError('invalid_pkce', 'The code_challenge must be 43 characters of base64url (S256).');
    }
  }
  if (values.state !== null && values.state.length > maxStateLength) {
    throw new AuthorizationPageError('invalid_request', `The state parameter is longer than ${maxStateLength} characters.`);
  }
  const state = values.state === '' ? null : values.state;
  const resource = values.resource === '' ? null : values.resource;
  if (resource !== null && !resources.includes(resource)) {
    // RFC 8707 2: a resource this server does not serve is invalid_target (shown, not redirected, as SPEC decides).
    throw new AuthorizationPageError('invalid_target', `The app asked for access to ${resource}, which this service does not serve.`);
  }
  return { app, redirectUri, scopes: [...scopes], state, codeChallenge: challenge, resource };
}
