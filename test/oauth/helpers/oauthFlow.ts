import * as oauth from 'oauth4webapi';
import type { RegisterAppInput } from '../../../server/oauth/OAuthAppService.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { startTestServer } from '../../helpers/testServer.js';

/** An app registered for a test, with what a client needs. */
export interface TestApp {
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  client: oauth.Client;
  auth: oauth.ClientAuth;
}

/** Registers an app directly through the service (defaults: confidential, all scopes, loopback redirect). */
export async function registerApp(
  t: TestServer,
  owner: TestUser,
  options: Partial<Omit<RegisterAppInput, 'userId'>> & { basic?: boolean } = {},
): Promise<TestApp> {
  const { app, clientSecret } = await t.server.services.oauth.apps.register({
    userId: owner.id,
    name: options.name ?? 'Test App',
    description: options.description ?? 'Does test things.',
    redirectUri: options.redirectUri ?? 'http://127.0.0.1:9/callback',
    scopes: options.scopes ?? 'user:read boards:read boards:write',
    isPublic: options.isPublic ?? false,
    acceptedTerms: true,
    ...(options.imported ? { imported: options.imported } : {}),
    ...(options.logo ? { logo: options.logo } : {}),
  });
  const auth =
    clientSecret === null
      ? oauth.None()
      : options.basic === false
        ? oauth.ClientSecretPost(clientSecret)
        : oauth.ClientSecretBasic(clientSecret);
  return { clientId: app.id, clientSecret, redirectUri: app.redirectUri, client: { client_id: app.id }, auth };
}

/** RFC 8414 discovery with oauth4webapi, as an independent client does it. */
export async function discover(t: TestServer): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(t.url);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', [oauth.allowInsecureRequests]: true });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** Options that let oauth4webapi talk to the loopback http server. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The `name=value` of the session cookie from a response, or null. */
export function sessionCookieOf(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const match = /^(bds_session=[^;]+)/.exec(line);
    if (match?.[1] && !line.includes('Max-Age=0')) return match[1];
  }
  return null;
}

/** Reads the hidden fields of the page's form that posts to `action`. */
export function formFields(page: string, action: string): Record<string, string> {
  const start = page.indexOf(`action="${action}"`);
  if (start === -1) throw new Error(`no form posting to ${action} in page:\n${page.slice(0, 2000)}`);
  const end = page.indexOf('</form>', start);
  const form = page.slice(start, end);
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }
  return fields;
}

/** Signs a person in with an email code through the pages; returns the session cookie. */
export async function signIn(t: TestServer, email: string, returnTo = '/console'): Promise<string> {
  const outbox = t.server.services.oauth.devOutbox;
  if (!outbox) throw new Error('no development outbox');
  const before = outbox.messages.length;
  const started = await fetch(`${t.url}/oauth/signin/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, return_to: returnTo }),
  });
  if (started.status !== 200) throw new Error(`sign-in start answered ${started.status}`);
  const fields = formFields(await started.text(), '/oauth/signin/code');
  const message = outbox.messages.slice(before).find((m) => m.to === email.toLowerCase());
  const code = /(\d{6})/.exec(message?.subject ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  const verified = await fetch(`${t.url}/oauth/signin/code`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, code }),
  });
  const cookie = sessionCookieOf(verified);
  if (verified.status !== 303 || !cookie) throw new Error(`sign-in answered ${verified.status}`);
  return cookie;
}

/** Authorization request parameters. */
export interface AuthorizeParams {
  scope?: string;
  state?: string;
  codeChallenge?: string;
  redirectUri?: string;
  extra?: Record<string, string>;
}

/** The authorization URL for an app. */
export function authorizeUrl(t: TestServer, app: TestApp, params: AuthorizeParams = {}): string {
  const query = new URLSearchParams({ client_id: app.clientId, redirect_uri: params.redirectUri ?? app.redirectUri, response_type: 'code' });
  if (params.scope !== undefined) query.set('scope', params.scope);
  if (params.state !== undefined) query.set('state', params.state);
  if (params.codeChallenge !== undefined) {
    query.set('code_challenge', params.codeChallenge);
    query.set('code_challenge_method', 'S256');
  }
  for (const [k, v] of Object.entries(params.extra ?? {})) query.set(k, v);
  return `${t.url}/oauth/?${query.toString()}`;
}

/** Opens the consent page signed in; returns the page and its form fields. */
export async function openConsent(cookie: string, url: string): Promise<{ response: Response; page: string; fields: Record<string, string> }> {
  const response = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' });
  const page = await response.text();
  const fields = response.status === 200 && page.includes('action="/oauth/consent"') ? formFields(page, '/oauth/consent') : {};
  return { response, page, fields };
}

/** Posts a consent decision; returns the response (expect 303). */
export async function decide(t: TestServer, cookie: string, fields: Record<string, string>, decision: 'approve' | 'deny'): Promise<Response> {
  return fetch(`${t.url}/oauth/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: t.url },
    body: new URLSearchParams({ ...fields, decision }),
  });
}

/** Runs authorize + consent (approve) and returns the callback URL the server redirected to. */
export async function authorizeAndApprove(t: TestServer, cookie: string, app: TestApp, params: AuthorizeParams = {}): Promise<URL> {
  const { response, fields, page } = await openConsent(cookie, authorizeUrl(t, app, params));
  if (response.status !== 200 || !fields.request_id) throw new Error(`consent page answered ${response.status}: ${page.slice(0, 500)}`);
  const decided = await decide(t, cookie, fields, 'approve');
  const location = decided.headers.get('location');
  if (decided.status !== 303 || !location) throw new Error(`decision answered ${decided.status}`);
  return new URL(location);
}

/** The whole flow to a token response with oauth4webapi: PKCE, consent, code exchange. */
export async function connect(
  t: TestServer,
  as: oauth.AuthorizationServer,
  cookie: string,
  app: TestApp,
  options: { scope?: string; pkce?: boolean; resource?: string } = {},
): Promise<oauth.TokenEndpointResponse & { verifier: string | null }> {
  const verifier = options.pkce === false ? null : oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const callback = await authorizeAndApprove(t, cookie, app, {
    state,
    ...(verifier ? { codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.resource ? { extra: { resource: options.resource } } : {}),
  });
  const params = oauth.validateAuthResponse(as, app.client, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, app.redirectUri, verifier ?? oauth.nopkce, {
    ...insecure,
    ...(options.resource ? { additionalParameters: { resource: options.resource } } : {}),
  });
  const tokens = await oauth.processAuthorizationCodeResponse(as, app.client, response);
  return { ...tokens, verifier };
}

/** POSTs a form to an OAuth endpoint. */
export async function postForm(t: TestServer, path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
}

/** HTTP Basic credentials, form-urlencoded first as RFC 6749 2.3.1 asks. */
export function basic(clientId: string, secret: string): string {
  const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(clientId)}:${enc(secret)}`).toString('base64')}`;
}

/** Everyone's favourite test user setup: a server person signed in. */
export async function signedInUser(t: TestServer): Promise<{ user: TestUser; cookie: string }> {
  const user = await t.createUser();
  return { user, cookie: await signIn(t, user.email) };
}

/** A session cookie minted by the server for a person, valid at the clock's current time (for tests that move the clock). */
export async function sessionFor(t: TestServer, userId: string): Promise<string> {
  const { token } = await t.server.services.oauth.sessions.createSession(userId);
  return `bds_session=${token}`;
}

/** What most OAuth suites start from: a server, its discovered metadata, and a signed-in developer. */
export interface DeveloperSetup {
  t: TestServer;
  as: oauth.AuthorizationServer;
  dev: TestUser;
  cookie: string;
}

/** Starts a test server, discovers its authorization server and signs a new developer in. */
export async function startWithDeveloper(options: { name?: string } = {}): Promise<DeveloperSetup> {
  const t = await startTestServer();
  const as = await discover(t);
  const dev = await t.createUser(options.name ? { name: options.name } : {});
  const cookie = await signIn(t, dev.email);
  return { t, as, dev, cookie };
}
