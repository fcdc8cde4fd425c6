import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { freePort, startTestServer } from '../helpers/testServer.js';
import { squarePng } from './helpers/images.js';
import type { TestApp } from './helpers/oauthFlow.js';
import { authorizeUrl, decide, discover, formFields, insecure, registerApp } from './helpers/oauthFlow.js';
import type { TestOidcProvider, Visit } from './helpers/oidcProvider.js';
import { CookieJar, browse, providerFormAction, providerLink, startOidcProvider } from './helpers/oidcProvider.js';

// Sign-in with an OpenID Connect identity provider, end to end: a real oidc-provider on
// loopback (its development login and consent pages), our server configured with
// BOARDS_OIDC_1_* (claims from userinfo, the provider's default) and BOARDS_OIDC_2_* (claims
// in the ID token), and a fetch-driven browser with a cookie jar.

const genericFailure = 'Sign-in with the provider did not succeed. Try again.';

const people = {
  alice: { email: 'alice.oidc@example.com', emailVerified: true, name: 'Alice Provider' },
  dev: { email: 'Dev.OIDC@Example.com', emailVerified: true, name: 'Dev At Provider' },
  mallory: { email: 'mallory.oidc@example.com', emailVerified: false, name: 'Mallory' },
  carol: { email: 'carol.oidc@example.com', emailVerified: true },
  dave: { email: 'dave.oidc@example.com', emailVerified: true },
  erin: { email: 'erin.oidc@example.com', emailVerified: true },
  frank: { email: 'frank.oidc@example.com', emailVerified: true },
  grace: { email: 'grace.oidc@example.com', emailVerified: true, name: 'Grace Id Token' },
};

let t: TestServer;
let idp: TestOidcProvider;
let idp2: TestOidcProvider;
let dev: TestUser;
let app: TestApp;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  idp = await startOidcProvider({ redirectUri: `${publicUrl}/oauth/signin/oidc/1/callback`, people });
  idp2 = await startOidcProvider({ redirectUri: `${publicUrl}/oauth/signin/oidc/2/callback`, people, idTokenClaims: true });
  t = await startTestServer({
    env: {
      BOARDS_PORT: String(port),
      BOARDS_PUBLIC_URL: publicUrl,
      BOARDS_OIDC_1_ISSUER: idp.issuer,
      BOARDS_OIDC_1_CLIENT_ID: idp.clientId,
      BOARDS_OIDC_1_CLIENT_SECRET: idp.clientSecret,
      BOARDS_OIDC_1_NAME: 'Acme ID',
      BOARDS_OIDC_2_ISSUER: idp2.issuer,
      BOARDS_OIDC_2_CLIENT_ID: idp2.clientId,
      BOARDS_OIDC_2_CLIENT_SECRET: idp2.clientSecret,
      BOARDS_OIDC_2_NAME: 'Other ID',
    },
  });
  dev = await t.createUser({ email: 'dev.oidc@example.com', name: 'Dev' });
  // Published, so people outside the developer's workspace (new accounts) may connect it.
  app = await registerApp(t, dev, { name: 'Acme Planner', redirectUri: 'https://planner.example.com/cb', logo: squarePng, description: 'Plans your week.' });
  await t.server.services.oauth.apps.publish(dev.id, app.clientId, true);
  as = await discover(t);
});

afterAll(async () => {
  await t?.stop();
  await idp?.stop();
  await idp2?.stop();
});

const isCallback = (slot: number) => (url: URL) => url.href.startsWith(`${t.url}/oauth/signin/oidc/${slot}/callback`);
const isApp = (url: URL) => url.href.startsWith(app.redirectUri);

/** An authorization request of the app with PKCE and state. */
async function appRequest(): Promise<{ url: string; state: string; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  return { url: authorizeUrl(t, app, { state, codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) }), state, verifier };
}

/**
 * From our sign-in page: follows "Continue with <name>" to the provider, signs in there as
 * `login` and gives consent; stops at our callback (unrequested) so tests can replay or tamper.
 */
async function toCallback(jar: CookieJar, signInPage: Visit | string, login: string, slot = 1, name = 'Acme ID'): Promise<URL> {
  const start = typeof signInPage === 'string' ? signInPage : providerLink(signInPage.page, name);
  const atProvider = await browse(jar, new URL(start, t.url));
  const issuer = slot === 1 ? idp.issuer : idp2.issuer;
  expect(atProvider.url.origin, `provider errors: ${(slot === 1 ? idp : idp2).errors.join('; ')}`).toBe(issuer);
  expect(atProvider.page).toContain('name="login"');
  const consent = await browse(jar, providerFormAction(atProvider), { form: { prompt: 'login', login, password: 'any password' } });
  expect(consent.url.origin).toBe(issuer);
  const done = await browse(jar, providerFormAction(consent), { form: { prompt: 'consent' }, stopAt: isCallback(slot) });
  expect(done.status, `expected to reach the callback, got ${done.url.href}: ${done.page.slice(0, 500)}`).toBe(0);
  return done.url;
}

function sessionOf(jar: CookieJar): string | undefined {
  return jar.get(t.url, 'bds_session')?.value;
}

async function userBySession(jar: CookieJar): Promise<string | null> {
  const session = await t.server.services.oauth.sessions.readSession(sessionOf(jar));
  return session?.userId ?? null;
}

describe('OIDC sign-in end to end', () => {
  test('a new person signs in with the provider, lands signed in on the consent page, and the app gets a working token', async () => {
    expect(await t.server.services.accounts.findUserByEmail(people.alice.email)).toBeNull();
    const jar = new CookieJar();
    const request = await appRequest();
    const signIn = await browse(jar, request.url);
    expect(signIn.status).toBe(200);
    expect(signIn.page).toContain('Sign in to connect Acme Planner');
    expect(signIn.page).toContain('Continue with Acme ID');
    expect(signIn.page).toContain('Continue with Other ID');

    const callback = await toCallback(jar, signIn, 'alice');
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('iss')).toBe(idp.issuer);

    // Back through our callback to the app's authorization request, now signed in.
    const consent = await browse(jar, callback);
    expect(consent.trail.map((u) => u.pathname)).toEqual(['/oauth/signin/oidc/1/callback', '/oauth/']);
    expect(consent.status).toBe(200);
    expect(consent.page).toContain('<h1>Connect Acme Planner</h1>');
    expect(consent.page).toContain(people.alice.email);

    // The first sign-in created the account, with the provider's name.
    const user = await t.server.services.accounts.findUserByEmail(people.alice.email);
    expect(user).toMatchObject({ email: people.alice.email, name: 'Alice Provider' });
    expect(await userBySession(jar)).toBe(user?.id);

    // Authorize, exchange the code, and the token acts for the provider's person.
    const decided = await decide(t, jar.header(new URL(`${t.url}/oauth/consent`)), formFields(consent.page, '/oauth/consent'), 'approve');
    expect(decided.status).toBe(303);
    const location = new URL(decided.headers.get('location') ?? '');
    expect(isApp(location)).toBe(true);
    const params = oauth.validateAuthResponse(as, app.client, location, request.state);
    const response = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, app.redirectUri, request.verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, app.client, response);
    const me: Body = await (await t.api(tokens.access_token, 'GET', '/me')).json();
    expect(me.user).toMatchObject({ id: user?.id, email: people.alice.email });
    expect(me.credential.kind).toBe('access_token');
    // Our server authenticated at the provider with HTTP Basic (the secret has '+', '~', '.', '_', '-').
    expect(idp.tokenAuth).toEqual(['basic']);
  });

  test('a person who already has an account signs into it (email matched without case); no second account', async () => {
    const jar = new CookieJar();
    const signIn = await browse(jar, (await appRequest()).url);
    const consent = await browse(jar, await toCallback(jar, signIn, 'dev'));
    expect(consent.status).toBe(200);
    expect(consent.page).toContain('<h1>Connect Acme Planner</h1>');
    expect(await userBySession(jar)).toBe(dev.id);
    expect((await t.server.services.accounts.getUser(dev.id))?.name).toBe('Dev');
  });

  test('claims in the ID token work too (second provider slot)', async () => {
    const jar = new CookieJar();
    const signIn = await browse(jar, (await appRequest()).url);
    const consent = await browse(jar, await toCallback(jar, signIn, 'grace', 2, 'Other ID'));
    expect(consent.status).toBe(200);
    expect(consent.page).toContain('<h1>Connect Acme Planner</h1>');
    const user = await t.server.services.accounts.findUserByEmail(people.grace.email);
    expect(user?.name).toBe('Grace Id Token');
    expect(await userBySession(jar)).toBe(user?.id);
  });

  test('an email the provider does not vouch for (email_verified false) signs nobody in and creates no account', async () => {
    const jar = new CookieJar();
    const signIn = await browse(jar, (await appRequest()).url);
    const result = await browse(jar, await toCallback(jar, signIn, 'mallory'));
    expect(result.status).toBe(401);
    expect(result.page).toContain(genericFailure);
    expect(sessionOf(jar)).toBeUndefined();
    expect(await t.server.services.accounts.findUserByEmail(people.mallory.email)).toBeNull();
  });

  test('cancelling at the provider (error=access_denied) shows a generic error, signs nobody in, and keeps the way back to the app', async () => {
    const jar = new CookieJar();
    const request = await appRequest();
    const signIn = await browse(jar, request.url);
    const atProvider = await browse(jar, new URL(providerLink(signIn.page, 'Acme ID'), t.url));
    const abort = /href="([^"]*\/abort)"/.exec(atProvider.page)?.[1];
    expect(abort).toBeTruthy();
    const callback = await browse(jar, new URL(abort ?? '', atProvider.url), { stopAt: isCallback(1) });
    expect(callback.url.searchParams.get('error')).toBe('access_denied');
    const result = await browse(jar, callback.url);
    expect(result.status).toBe(401);
    expect(result.page).toContain(genericFailure);
    expect(result.page).not.toContain('End-User aborted');
    expect(sessionOf(jar)).toBeUndefined();
    // The sign-in offered again still leads back to the app's request, not elsewhere.
    expect(providerLink(result.page, 'Acme ID')).toBe(providerLink(signIn.page, 'Acme ID'));
    expect(formFields(result.page, '/oauth/signin/email').return_to).toBe(new URL(request.url).pathname + new URL(request.url).search);
  });

  test('a provider error on the callback with our state shows the generic error', async () => {
    const jar = new CookieJar();
    const signIn = await browse(jar, (await appRequest()).url);
    const toProvider = await browse(jar, new URL(providerLink(signIn.page, 'Acme ID'), t.url), { stopAt: (u) => u.origin === idp.issuer });
    const state = toProvider.url.searchParams.get('state') ?? '';
    const callback = new URL(`${t.url}/oauth/signin/oidc/1/callback`);
    callback.search = new URLSearchParams({ error: 'access_denied', error_description: '<b>evil</b> text', state, iss: idp.issuer }).toString();
    const result = await browse(jar, callback);
    expect(result.status).toBe(401);
    expect(result.page).toContain(genericFailure);
    expect(result.page).not.toContain('evil');
    expect(sessionOf(jar)).toBeUndefined();
  });

  test('a tampered state signs nobody in, and the untampered callback cannot be used afterwards', async () => {
    const jar = new CookieJar();
    const signIn = await browse(jar, (await appRequest()).url);
    const callback = await toCallback(jar, signIn, 'carol');
    const untouched = jar.clone();
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state') ?? ''}x`);
    const result = await browse(jar, tampered);
    expect(result.status).toBe(401);
    expect(result.page).toContain(genericFailure);
    expect(sessionOf(jar)).toBeUndefined();
    // The state cookie is spent: the genuine callback no longer works in this browser.
    expect((await browse(jar, callback)).status).toBe(401);
    expect(sessionOf(jar)).toBeUndefined();
    expect(await t.server.services.accounts.findUserByEmail(people.carol.email)).toBeNull();
    // Control: only the tampering failed it; the same callback works where the cookie is unspent.
    expect((await browse(untouched, callback)).status).toBe(200);
    expect(await userBySession(untouched)).toBe((await t.server.services.accounts.findUserByEmail(people.carol.email))?.id);
  });

  test("a callback in another browser (no state cookie: login CSRF) signs nobody in; the provider's code is single use", async () => {
    const jar = new CookieJar();
    const signIn = await browse(jar, (await appRequest()).url);
    const callback = await toCallback(jar, signIn, 'dave');
    const copy = jar.clone();

    const victim = new CookieJar();
    const planted = await browse(victim, callback);
    expect(planted.status).toBe(401);
    expect(sessionOf(victim)).toBeUndefined();

    const first = await browse(jar, callback);
    expect(first.status).toBe(200);
    expect(sessionOf(jar)).toBeDefined();
    // Replaying the same callback with the same (copied) state cookie fails at the code exchange.
    const replay = await browse(copy, callback);
    expect(replay.status).toBe(401);
    expect(replay.page).toContain(genericFailure);
    expect(sessionOf(copy)).toBeUndefined();
  });

  test('8. an off-site return_to through the provider lands on the console, never elsewhere', async () => {
    for (const [login, returnTo] of [['erin', '//evil.test/x'], ['erin', 'https://evil.test/'], ['erin', '/\\evil.test']] as const) {
      const jar = new CookieJar();
      const callback = await toCallback(jar, `/oauth/signin/oidc/1?return_to=${encodeURIComponent(returnTo)}`, login);
      const landed = await browse(jar, callback, { stopAt: (u) => u.origin !== t.url });
      expect(landed.status).toBe(200);
      expect(landed.url.href).toBe(`${t.url}/console`);
    }
  });

  test('71. the sign-in state cookie is HttpOnly, Secure, SameSite=Lax, scoped to the OIDC paths, and cleared on the callback', async () => {
    const jar = new CookieJar();
    const toProvider = await browse(jar, `${t.url}/oauth/signin/oidc/1?return_to=%2Fconsole`, { stopAt: (u) => u.origin === idp.issuer });
    const line = toProvider.setCookies.find((l) => l.startsWith('bds_oidc='));
    expect(line).toMatch(/; Path=\/oauth\/signin\/oidc; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/);
    const authorize = toProvider.url;
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.url}/oauth/signin/oidc/1/callback`);
    const landed = await browse(jar, await toCallback(jar, '/oauth/signin/oidc/1?return_to=%2Fconsole', 'frank'));
    expect(landed.url.href).toBe(`${t.url}/console`);
    expect(landed.setCookies.some((l) => l.startsWith('bds_oidc=;') && l.includes('Max-Age=0'))).toBe(true);
    expect(landed.setCookies.find((l) => l.startsWith('bds_session='))).toMatch(/HttpOnly; Secure; SameSite=Lax$/);
  });

  test("76. the logs of OIDC sign-ins contain no provider code or client secret", () => {
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(idp.clientSecret);
    expect(logs).not.toContain(idp2.clientSecret);
    const callbacks = t.logs.map((line) => /"url":"([^"]*\/oauth\/signin\/oidc\/\d\/callback[^"]*)"/.exec(line)?.[1]).filter((u) => u !== undefined);
    expect(callbacks.length).toBeGreaterThan(5);
    for (const url of callbacks) expect(new URLSearchParams(url.split('?')[1]).get('code') ?? '[redacted]').toBe('[redacted]');
  });

  test('an unconfigured provider slot answers a page, not a crash', async () => {
    const result = await browse(new CookieJar(), `${t.url}/oauth/signin/oidc/3?return_to=%2Fconsole`);
    expect(result.status).toBe(502);
    expect(result.page).toContain('That sign-in provider is not available right now.');
    const callback = await browse(new CookieJar(), `${t.url}/oauth/signin/oidc/3/callback?code=x&state=y`);
    expect(callback.status).toBe(401);
    expect(callback.page).toContain(genericFailure);
  });
});

describe('OIDC provider configuration', () => {
  const full = {
    BOARDS_OIDC_1_ISSUER: 'https://id.example.com',
    BOARDS_OIDC_1_CLIENT_ID: 'boards',
    BOARDS_OIDC_1_CLIENT_SECRET: 'secret',
    BOARDS_OIDC_1_NAME: 'Example ID',
  };

  function configError(env: Record<string, string>): ConfigError {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
    throw new Error('expected a ConfigError');
  }

  test('all four variables configure a provider', () => {
    expect(loadConfig(full).oidcProviders).toEqual([{ slot: 1, issuer: 'https://id.example.com', clientId: 'boards', clientSecret: 'secret', name: 'Example ID' }]);
  });

  test.each(Object.keys(full))('without %s start-up stops naming it', async (variable) => {
    const env: Record<string, string> = { ...full };
    delete env[variable];
    expect(configError(env).variables).toEqual([variable]);
    await expect(startTestServer({ env })).rejects.toThrow(variable);
  });

  test('every missing variable of a slot is named', () => {
    const error = configError({ BOARDS_OIDC_3_NAME: 'Half configured' });
    expect(error.variables.sort()).toEqual(['BOARDS_OIDC_3_CLIENT_ID', 'BOARDS_OIDC_3_CLIENT_SECRET', 'BOARDS_OIDC_3_ISSUER']);
  });
});
