import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { oauthErrorDescriptions } from '../../server/oauth/OAuthError.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import type { OAuthTokenRecord } from '../../storage/schema/oauth.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import type { TestApp } from './helpers/oauthFlow.js';
import { basic, connect, insecure, postForm, registerApp, signIn, startWithDeveloper } from './helpers/oauthFlow.js';

let t: TestServer;
let as: oauth.AuthorizationServer;
let dev: TestUser;
let cookie: string;
let app: TestApp;

beforeAll(async () => {
  ({ t, as, dev, cookie } = await startWithDeveloper());
  app = await registerApp(t, dev);
});
afterAll(() => t.stop());

describe('A5. registration rules', () => {
  test.each([
    ['relative', '/callback'],
    ['fragment', 'https://app.example/cb#frag'],
    ['wildcard', 'https://*.app.example/cb'],
    ['userinfo', 'https://user:pw@app.example/cb'],
    ['http on a public host', 'http://app.example/cb'],
    ['custom scheme', 'myapp://callback'],
    ['two URIs', 'https://app.example/cb https://app.example/cb2'],
  ])('5. a redirect URI that is %s is rejected with a field error', async (_label, redirectUri) => {
    await expect(registerApp(t, dev, { redirectUri })).rejects.toMatchObject({ code: 'validation_failed', issues: [{ field: 'redirectUri' }] });
  });

  test('5. http on localhost and 127.0.0.1 is allowed for development', async () => {
    await expect(registerApp(t, dev, { redirectUri: 'http://localhost:3000/cb' })).resolves.toBeTruthy();
    await expect(registerApp(t, dev, { redirectUri: 'http://127.0.0.1:3000/cb' })).resolves.toBeTruthy();
  });
});

describe('I. leakage, storage, entropy, format', () => {
  test('76. the logs of a full flow contain no secret, code, verifier, token, API key or sign-in code', async () => {
    const someone = await t.createUser();
    await t.server.services.accounts.setMembership(dev.workspaceId, someone.id, 'member');
    const before = t.logs.length;
    const someoneCookie = await signIn(t, someone.email);
    const signInCodeSubject = t.server.services.oauth.devOutbox?.messages.at(-1)?.subject ?? '';
    const tokens = await connect(t, as, someoneCookie, app);
    const refreshed = await oauth.processRefreshTokenResponse(as, app.client, await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token ?? '', insecure));
    await t.api(refreshed.access_token, 'GET', '/me');
    await t.api(someone.key, 'GET', '/me');
    await postForm(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '', client_id: app.clientId, client_secret: 'wrong' });
    await oauth.revocationRequest(as, app.client, app.auth, refreshed.refresh_token ?? '', insecure);
    // The development mailer logs the sign-in code by design; only the OAuth credentials must be absent.
    const logged = t.logs.slice(before).filter((line) => !line.includes('development mail')).join('\n');
    const secrets = [app.clientSecret ?? '', tokens.access_token, tokens.refresh_token ?? '', tokens.verifier ?? '', refreshed.access_token, refreshed.refresh_token ?? '', someone.key, someoneCookie.split('=')[1] ?? ''];
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(logged).not.toContain(/(\d{6})/.exec(signInCodeSubject)?.[1] ?? 'none');
    expect(logged).not.toMatch(/bds_ac_/);
  });

  test('77. ?access_token= on the API is refused', async () => {
    const tokens = await connect(t, as, cookie, app);
    const response = await fetch(`${t.baseUrl}/me?access_token=${tokens.access_token}`);
    expect(response.status).toBe(401);
  });

  test('78. tokens are stored only as SHA-256 digests', async () => {
    const tokens = await connect(t, as, cookie, app);
    const records = await t.server.services.db.collection<OAuthTokenRecord>(oauthCollections.tokens).find({});
    const dump = JSON.stringify(records);
    expect(dump).not.toContain(tokens.access_token);
    expect(dump).not.toContain(tokens.refresh_token ?? '');
    expect(dump).toContain(createHash('sha256').update(tokens.access_token).digest('hex'));
  });

  test('79. access and refresh tokens are a type prefix plus 256 bits of base64url', async () => {
    const tokens = await connect(t, as, cookie, app);
    expect(tokens.access_token).toMatch(/^bds_at_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^bds_rt_[A-Za-z0-9_-]{43}$/);
    expect(dev.key).toMatch(/^bds_ak_[A-Za-z0-9_-]{43}$/);
  });

  test('80. every invalid_grant cause reads the same; a server error is generic', async () => {
    const bodies = new Set<string>();
    for (const form of [
      { grant_type: 'refresh_token', refresh_token: 'bds_rt_unknown' },
      { grant_type: 'authorization_code', code: 'bds_ac_unknown', redirect_uri: app.redirectUri },
    ]) {
      const response = await postForm(t, '/oauth/token', form, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
      bodies.add(await response.text());
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0] ?? '{}')).toEqual({ error: 'invalid_grant', error_description: oauthErrorDescriptions.invalid_grant });
  });

  test('81. access tokens are opaque and checked against their connection on every request', async () => {
    const tokens = await connect(t, as, cookie, app);
    expect(tokens.access_token.split('.')).toHaveLength(1);
    await t.server.services.oauth.grants.disconnect(dev.id, app.clientId);
    expect((await t.api(tokens.access_token, 'GET', '/me')).status).toBe(401);
  });
});

describe('J. API keys in the console', () => {
  const consoleApi = (method: string, path: string, body?: unknown) =>
    fetch(`${t.url}/console/api${path}`, {
      method,
      headers: { Cookie: cookie, 'X-Requested-With': 'boards-console', Origin: t.url, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  test('82. a key is shown once; lists show only prefix, last four, scopes and timestamps', async () => {
    const created = (await (await consoleApi('POST', '/keys', { name: 'ci', scopes: 'boards:read' })).json()) as { secret: string; key: { id: string } };
    expect(created.secret).toMatch(/^bds_ak_/);
    const list = await (await consoleApi('GET', '/keys')).text();
    expect(list).not.toContain(created.secret);
    expect(list).toContain(`bds_ak_…${created.secret.slice(-4)}`);
  });

  test("83. a key's rights are its scopes intersected with its creator's current rights", async () => {
    const { secret } = (await (await consoleApi('POST', '/keys', { scopes: 'boards:read' })).json()) as { secret: string };
    expect((await t.api(secret, 'GET', '/me')).status).toBe(403);
  });

  test('84. a boards:read key writing gets 403 with insufficient_scope', async () => {
    const { secret } = (await (await consoleApi('POST', '/keys', { scopes: 'boards:read' })).json()) as { secret: string };
    const response = await t.api(secret, 'PUT', '/me/notification-settings', { emailEnabled: false, events: { comments: true, replies: true, shares: true, boardUpdates: true } });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  test('85. a revoked key fails on the next request', async () => {
    const { secret, key } = (await (await consoleApi('POST', '/keys', { scopes: 'user:read' })).json()) as { secret: string; key: { id: string } };
    expect((await t.api(secret, 'GET', '/me')).status).toBe(200);
    expect((await consoleApi('DELETE', `/keys/${key.id}`)).status).toBe(200);
    expect((await t.api(secret, 'GET', '/me')).status).toBe(401);
  });

  test('86. an API key as client_secret, code, refresh_token or query is refused; at /revoke it does nothing', async () => {
    const key = dev.key;
    const asSecret = await postForm(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: 'x', client_id: app.clientId, client_secret: key });
    expect(asSecret.status).toBe(401);
    const asCode = await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: key, redirect_uri: app.redirectUri }, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
    expect(((await asCode.json()) as { error: string }).error).toBe('invalid_grant');
    const asRefresh = await postForm(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: key }, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
    expect(((await asRefresh.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await fetch(`${t.baseUrl}/me?api_key=${key}`)).status).toBe(401);
    const revoked = await postForm(t, '/oauth/revoke', { token: key }, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
    expect(await revoked.json()).toEqual({});
    expect((await t.api(key, 'GET', '/me')).status).toBe(200);
  });
});

describe('L. metadata', () => {
  test('91. the metadata document has every field and oauth4webapi accepts it', async () => {
    expect(as.issuer).toBe(t.url);
    expect(as).toMatchObject({
      authorization_endpoint: `${t.url}/oauth/`,
      token_endpoint: `${t.url}/oauth/token`,
      revocation_endpoint: `${t.url}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(as.scopes_supported).toContain('boards:read');
  });
});
