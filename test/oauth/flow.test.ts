import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { connect, insecure, registerApp, startWithDeveloper } from './helpers/oauthFlow.js';

let t: TestServer;
let as: oauth.AuthorizationServer;
let dev: TestUser;
let devCookie: string;

beforeAll(async () => {
  ({ t, as, dev, cookie: devCookie } = await startWithDeveloper({ name: 'Dev' }));
});
afterAll(() => t.stop());

function expectNoStore(response: Response): void {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('pragma')).toBe('no-cache');
  expect(response.headers.get('content-type')).toContain('application/json');
}

describe('end to end with oauth4webapi', () => {
  test('confidential app with HTTP Basic: code exchange, API call, refresh rotation, revoke', async () => {
    const app = await registerApp(t, dev, {
      imported: { clientId: 'my-app_id~v1.test', clientSecret: 'se-cr_et~with+plus%percent:colon and space 0123456789' },
    });
    const tokens = await connect(t, as, devCookie, app);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(86400);
    expect(tokens.scope).toBe('user:read boards:read boards:write');
    expect(tokens.access_token.startsWith('bds_at_')).toBe(true);
    expect(tokens.refresh_token?.startsWith('bds_rt_')).toBe(true);

    const me = await t.api(tokens.access_token, 'GET', '/me');
    expect(me.status).toBe(200);
    const body = (await me.json()) as { user: { id: string }; credential: { kind: string; scopes: string[] } };
    expect(body.user.id).toBe(dev.id);
    expect(body.credential.kind).toBe('access_token');

    const refreshed = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token ?? '', insecure);
    expectNoStore(refreshed);
    const next = await oauth.processRefreshTokenResponse(as, app.client, refreshed);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await t.api(next.access_token, 'GET', '/me')).status).toBe(200);

    const revoked = await oauth.revocationRequest(as, app.client, app.auth, next.refresh_token ?? '', insecure);
    expectNoStore(revoked);
    await oauth.processRevocationResponse(revoked);
    expect((await t.api(next.access_token, 'GET', '/me')).status).toBe(401);
  });

  test('confidential app with the secret in the body', async () => {
    const app = await registerApp(t, dev, { basic: false });
    const tokens = await connect(t, as, devCookie, app, { pkce: false });
    expect((await t.api(tokens.access_token, 'GET', '/me')).status).toBe(200);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      app.client,
      await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token ?? '', insecure),
    );
    expect(refreshed.access_token).toMatch(/^bds_at_/);
  });

  test('public app with PKCE only', async () => {
    const app = await registerApp(t, dev, { isPublic: true, imported: { clientId: 'cli-tool_v2~public' } });
    expect(app.clientSecret).toBeNull();
    const tokens = await connect(t, as, devCookie, app, { scope: 'boards:read' });
    expect(tokens.scope).toBe('boards:read');
    expect((await t.api(tokens.access_token, 'GET', '/me')).status).toBe(403);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      app.client,
      await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token ?? '', insecure),
    );
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, app.client, app.auth, refreshed.access_token, insecure));
    const again = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, refreshed.refresh_token ?? '', insecure);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
  });
});
