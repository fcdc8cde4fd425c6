import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import type { TestApp } from './helpers/oauthFlow.js';
import { authorizeAndApprove, authorizeUrl, basic, connect, insecure, postForm, registerApp, sessionFor, startWithDeveloper } from './helpers/oauthFlow.js';
import { squarePng } from './helpers/images.js';

let t: TestServer;
let as: oauth.AuthorizationServer;
let dev: TestUser;
let cookie: string;
let app: TestApp;
let other: TestApp;

beforeAll(async () => {
  ({ t, as, dev, cookie } = await startWithDeveloper());
  app = await registerApp(t, dev);
  other = await registerApp(t, dev);
});
afterAll(() => t.stop());
// Tests below move the clock by days; each starts with a session valid at the current time.
beforeEach(async () => {
  cookie = await sessionFor(t, dev.id);
});

async function refresh(target: TestApp, refreshToken: string, scope?: string): Promise<Response> {
  return oauth.refreshTokenGrantRequest(as, target.client, target.auth, refreshToken, { ...insecure, ...(scope ? { additionalParameters: { scope } } : {}) });
}

async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: string }).error;
}

const status = async (token: string) => (await t.api(token, 'GET', '/me')).status;
const day = 24 * 60 * 60 * 1000;

describe('F. refresh tokens', () => {
  test('49. refreshing returns a different RT and the old one fails', async () => {
    const tokens = await connect(t, as, cookie, app);
    const next = await oauth.processRefreshTokenResponse(as, app.client, await refresh(app, tokens.refresh_token ?? ''));
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    const old = await refresh(app, tokens.refresh_token ?? '');
    expect(old.status).toBe(400);
    expect(await errorOf(old)).toBe('invalid_grant');
  });

  test('50. replaying a rotated RT ends the connection: RT2 fails and every AT gets 401', async () => {
    const tokens = await connect(t, as, cookie, app);
    const next = await oauth.processRefreshTokenResponse(as, app.client, await refresh(app, tokens.refresh_token ?? ''));
    expect(await errorOf(await refresh(app, tokens.refresh_token ?? ''))).toBe('invalid_grant');
    expect(await errorOf(await refresh(app, next.refresh_token ?? ''))).toBe('invalid_grant');
    expect(await status(tokens.access_token)).toBe(401);
    expect(await status(next.access_token)).toBe(401);
  });

  test('51. two concurrent refreshes with one RT: one wins, the other counts as reuse and ends the connection', async () => {
    const tokens = await connect(t, as, cookie, app);
    const results = await Promise.all([refresh(app, tokens.refresh_token ?? ''), refresh(app, tokens.refresh_token ?? '')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = (await results.find((r) => r.status === 200)?.json()) as { access_token: string; refresh_token: string };
    expect(await status(winner.access_token)).toBe(401);
    expect(await errorOf(await refresh(app, winner.refresh_token))).toBe('invalid_grant');
  });

  test('52. no scope escalation on refresh; a narrower refresh narrows the AT and keeps the RT scope', async () => {
    const tokens = await connect(t, as, cookie, app, { scope: 'boards:read' });
    const wider = await refresh(app, tokens.refresh_token ?? '', 'boards:read boards:write');
    expect(wider.status).toBe(400);
    expect(await errorOf(wider)).toBe('invalid_scope');
    const full = await connect(t, as, cookie, app, { scope: 'user:read boards:read' });
    const narrow = (await (await refresh(app, full.refresh_token ?? '', 'boards:read')).json()) as { scope: string; access_token: string; refresh_token: string };
    expect(narrow.scope).toBe('boards:read');
    expect(await status(narrow.access_token)).toBe(403);
    const again = (await (await refresh(app, narrow.refresh_token)).json()) as { scope: string };
    expect(again.scope).toBe('user:read boards:read');
  });

  test("53. app B presenting app A's RT gets invalid_grant and A's grant survives", async () => {
    const tokens = await connect(t, as, cookie, app);
    expect(await errorOf(await refresh(other, tokens.refresh_token ?? ''))).toBe('invalid_grant');
    expect((await refresh(app, tokens.refresh_token ?? '')).status).toBe(200);
  });

  test('54. an RT unused for 30 days fails; a refresh at day 29 gives 30 more days', async () => {
    const idle = await connect(t, as, cookie, app);
    const active = await connect(t, as, cookie, app);
    t.clock.advance(29 * day);
    const renewed = (await (await refresh(app, active.refresh_token ?? '')).json()) as { refresh_token: string };
    t.clock.advance(2 * day);
    expect(await errorOf(await refresh(app, idle.refresh_token ?? ''))).toBe('invalid_grant');
    t.clock.advance(27 * day);
    expect((await refresh(app, renewed.refresh_token)).status).toBe(200);
  });

  test('55. a public app refreshes with client_id only, with rotation and reuse detection', async () => {
    const pub = await registerApp(t, dev, { isPublic: true });
    const tokens = await connect(t, as, cookie, pub);
    const next = await postForm(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '', client_id: pub.clientId });
    expect(next.status).toBe(200);
    const replay = await postForm(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '', client_id: pub.clientId });
    expect(await errorOf(replay)).toBe('invalid_grant');
    expect(await status(((await next.json()) as { access_token: string }).access_token)).toBe(401);
  });

  test('56. an RT as a bearer token is 401; an AT as a refresh token is invalid_grant', async () => {
    const tokens = await connect(t, as, cookie, app);
    expect(await status(tokens.refresh_token ?? '')).toBe(401);
    expect(await errorOf(await refresh(app, tokens.access_token))).toBe('invalid_grant');
    expect(await status(tokens.access_token)).toBe(200);
  });

  test('AT expiry: after 24 hours the API answers 401 and a refresh still works', async () => {
    const tokens = await connect(t, as, cookie, app);
    t.clock.advance(day + 1000);
    expect(await status(tokens.access_token)).toBe(401);
    const next = (await (await refresh(app, tokens.refresh_token ?? '')).json()) as { access_token: string };
    expect(await status(next.access_token)).toBe(200);
  });
});

describe('G. revocation', () => {
  const revoke = (target: TestApp, token: string, extra: Record<string, string> = {}) =>
    postForm(t, '/oauth/revoke', { token, ...extra }, { Authorization: basic(target.clientId, target.clientSecret ?? '') });

  test.each(['garbage', 'bds_at_doesnotexist', 'bds_rt_' + 'A'.repeat(43), ''.padEnd(40, 'x')])('57. revoking %s answers 200 {}', async (token) => {
    const response = await revoke(app, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  test('57. an expired or already revoked token answers 200 {}', async () => {
    const tokens = await connect(t, as, cookie, app);
    expect((await revoke(app, tokens.refresh_token ?? '')).status).toBe(200);
    expect(await (await revoke(app, tokens.refresh_token ?? '')).json()).toEqual({});
    const expiring = await connect(t, as, cookie, app);
    t.clock.advance(day + 1);
    expect((await revoke(app, expiring.access_token)).status).toBe(200);
  });

  test('58. a wrong secret is 401 invalid_client, with WWW-Authenticate for Basic', async () => {
    const viaBasic = await postForm(t, '/oauth/revoke', { token: 'x' }, { Authorization: basic(app.clientId, 'wrong') });
    expect(viaBasic.status).toBe(401);
    expect(await errorOf(viaBasic)).toBe('invalid_client');
    expect(viaBasic.headers.get('www-authenticate')).toMatch(/^Basic /);
    const viaBody = await postForm(t, '/oauth/revoke', { token: 'x', client_id: app.clientId, client_secret: 'wrong' });
    expect(viaBody.status).toBe(401);
    expect(await errorOf(viaBody)).toBe('invalid_client');
  });

  test('59. revoking the RT kills the ATs; revoking the AT kills the RT', async () => {
    const a = await connect(t, as, cookie, app);
    await revoke(app, a.refresh_token ?? '');
    expect(await status(a.access_token)).toBe(401);
    const b = await connect(t, as, cookie, app);
    await revoke(app, b.access_token);
    expect(await errorOf(await refresh(app, b.refresh_token ?? ''))).toBe('invalid_grant');
  });

  test("60. app B revoking app A's token answers 200 {} and changes nothing", async () => {
    const tokens = await connect(t, as, cookie, app);
    const response = await revoke(other, tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(await status(tokens.access_token)).toBe(200);
  });

  test.each(['refresh_token', 'foo'])('61. token_type_hint=%s does not stop the token being found', async (hint) => {
    const tokens = await connect(t, as, cookie, app);
    await revoke(app, tokens.access_token, { token_type_hint: hint });
    expect(await status(tokens.access_token)).toBe(401);
  });

  test('62. a missing token is 400 invalid_request', async () => {
    const response = await postForm(t, '/oauth/revoke', {}, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('invalid_request');
  });

  test('63. a public app revokes its own tokens with client_id only', async () => {
    const pub = await registerApp(t, dev, { isPublic: true });
    const tokens = await connect(t, as, cookie, pub);
    const response = await postForm(t, '/oauth/revoke', { token: tokens.access_token, client_id: pub.clientId });
    expect(response.status).toBe(200);
    expect(await status(tokens.access_token)).toBe(401);
  });
});

describe('H. app lifecycle and connections', () => {
  test('39. after rotating the secret the old one fails, the new one works, and old RTs still refresh', async () => {
    const mine = await registerApp(t, dev);
    const tokens = await connect(t, as, cookie, mine);
    const secret = await t.server.services.oauth.apps.rotateSecret(dev.id, mine.clientId);
    const old = await refresh(mine, tokens.refresh_token ?? '');
    expect(old.status).toBe(401);
    expect(await errorOf(old)).toBe('invalid_client');
    const fresh = { ...mine, auth: oauth.ClientSecretBasic(secret) };
    expect((await refresh(fresh, tokens.refresh_token ?? '')).status).toBe(200);
    expect(await t.server.services.oauth.apps.revealSecret(dev.id, mine.clientId)).toBe(secret);
  });

  test('64. disabling ends every token at once, refuses /token and /authorize, and re-enabling does not revive them', async () => {
    const mine = await registerApp(t, dev);
    const tokens = await connect(t, as, cookie, mine);
    const { apps } = t.server.services.oauth;
    await apps.disable(dev.id, mine.clientId);
    expect(await status(tokens.access_token)).toBe(401);
    expect(await errorOf(await refresh(mine, tokens.refresh_token ?? ''))).toBe('invalid_client');
    const page = await fetch(authorizeUrl(t, mine), { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('disabled');
    await apps.enable(dev.id, mine.clientId);
    expect(await status(tokens.access_token)).toBe(401);
    expect(await errorOf(await refresh(mine, tokens.refresh_token ?? ''))).toBe('invalid_grant');
    expect((await connect(t, as, cookie, mine)).access_token).toMatch(/^bds_at_/);
  });

  test('65. deleting ends tokens and pending codes, and the client ID is never reused', async () => {
    const mine = await registerApp(t, dev, { imported: { clientId: 'deleted-app-id' } });
    const tokens = await connect(t, as, cookie, mine);
    const pendingCode = (await authorizeAndApprove(t, cookie, mine)).searchParams.get('code') ?? '';
    await t.server.services.oauth.apps.delete(dev.id, mine.clientId);
    expect(await status(tokens.access_token)).toBe(401);
    const exchange = await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: pendingCode, redirect_uri: mine.redirectUri }, { Authorization: basic(mine.clientId, mine.clientSecret ?? '') });
    expect(await errorOf(exchange)).toBe('invalid_client');
    await expect(registerApp(t, dev, { imported: { clientId: 'deleted-app-id' } })).rejects.toThrow();
    expect((await fetch(authorizeUrl(t, mine), { headers: { Cookie: cookie }, redirect: 'manual' })).status).toBe(400);
  });

  test('67. disconnecting in Connected apps equals revocation', async () => {
    const tokens = await connect(t, as, cookie, app);
    const page = await fetch(`${t.url}/account/apps`, { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain('Test App');
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const response = await fetch(`${t.url}/account/apps/${encodeURIComponent(app.clientId)}/disconnect`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.url },
      body: new URLSearchParams({ csrf }),
    });
    expect(response.status).toBe(303);
    expect(await status(tokens.access_token)).toBe(401);
    expect(await errorOf(await refresh(app, tokens.refresh_token ?? ''))).toBe('invalid_grant');
  });

  test('unpublishing disconnects people outside the workspace at once and keeps members connected', async () => {
    const published = await registerApp(t, dev, { redirectUri: 'https://pub.example.com/cb', logo: squarePng, description: 'Public app.' });
    await t.server.services.oauth.apps.publish(dev.id, published.clientId, true);
    const outsider = await t.createUser();
    const outsiderCookie = await sessionFor(t, outsider.id);
    const code = async (c: string) => (await authorizeAndApprove(t, c, published)).searchParams.get('code') ?? '';
    const exchange = async (c: string) =>
      (await (await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: await code(c), redirect_uri: published.redirectUri }, { Authorization: basic(published.clientId, published.clientSecret ?? '') })).json()) as { access_token: string };
    const outsiderTokens = await exchange(outsiderCookie);
    const ownTokens = await exchange(cookie);
    await t.server.services.oauth.apps.unpublish(dev.id, published.clientId);
    expect(await status(outsiderTokens.access_token)).toBe(401);
    expect(await status(ownTokens.access_token)).toBe(200);
  });
});
