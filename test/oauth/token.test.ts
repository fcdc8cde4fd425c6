import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { oauthCollections } from '../../storage/schema/oauth.js';
import type { OAuthAppRecord, OAuthCodeRecord } from '../../storage/schema/oauth.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import type { TestApp } from './helpers/oauthFlow.js';
import { authorizeAndApprove, basic, connect, insecure, postForm, registerApp, startWithDeveloper } from './helpers/oauthFlow.js';

let t: TestServer;
let as: oauth.AuthorizationServer;
let dev: TestUser;
let cookie: string;
let app: TestApp;
let other: TestApp;
let publicApp: TestApp;

beforeAll(async () => {
  ({ t, as, dev, cookie } = await startWithDeveloper());
  app = await registerApp(t, dev);
  other = await registerApp(t, dev);
  publicApp = await registerApp(t, dev, { isPublic: true });
});
afterAll(() => t.stop());

/** A fresh code for the app; with a challenge when a verifier is given. */
async function codeFor(target: TestApp, verifier: string | null = null): Promise<string> {
  const callback = await authorizeAndApprove(t, cookie, target, verifier ? { codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) } : {});
  return callback.searchParams.get('code') ?? '';
}

async function exchange(target: TestApp, code: string, extra: Record<string, string> = {}): Promise<Response> {
  const form: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: target.redirectUri, client_id: target.clientId, ...extra };
  if (target.clientSecret !== null && !('client_secret' in extra)) form.client_secret = target.clientSecret;
  return postForm(t, '/oauth/token', form);
}

async function expectError(response: Response, status: number, error: string): Promise<{ error: string; error_description: string }> {
  const body = (await response.json()) as { error: string; error_description: string };
  expect({ status: response.status, error: body.error }).toEqual({ status, error });
  expect(typeof body.error_description).toBe('string');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('pragma')).toBe('no-cache');
  return body;
}

const verifier = () => oauth.generateRandomCodeVerifier();

describe('B. PKCE at the token endpoint', () => {
  test('18. a code issued with a challenge needs code_verifier', async () => {
    await expectError(await exchange(app, await codeFor(app, verifier())), 400, 'invalid_grant');
  });

  test('19. a different verifier fails and does not consume the code', async () => {
    const v = verifier();
    const code = await codeFor(app, v);
    await expectError(await exchange(app, code, { code_verifier: verifier() }), 400, 'invalid_grant');
    expect((await exchange(app, code, { code_verifier: v })).status).toBe(200);
  });

  test.each([
    ['42 chars', 'a'.repeat(42)],
    ['129 chars', 'a'.repeat(129)],
    ['plus', `${'a'.repeat(43)}+`],
    ['slash', `${'a'.repeat(43)}/`],
    ['equals', `${'a'.repeat(43)}=`],
    ['space', `${'a'.repeat(43)} b`],
    ['percent', `${'a'.repeat(43)}%`],
  ])('20. a verifier with %s is invalid_grant, never 500', async (_label, bad) => {
    await expectError(await exchange(app, await codeFor(app, verifier()), { code_verifier: bad }), 400, 'invalid_grant');
  });

  test('21. a verifier for a code issued without a challenge is invalid_grant (downgrade)', async () => {
    await expectError(await exchange(app, await codeFor(app), { code_verifier: verifier() }), 400, 'invalid_grant');
  });

  test('22. a repeated code_challenge is logged', async () => {
    const v = verifier();
    await codeFor(app, v);
    await codeFor(app, v);
    expect(t.logs.some((line) => line.includes('code_challenge repeated'))).toBe(true);
  });

  test('23. metadata lists S256 only', () => {
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe('C. authorization codes', () => {
  test('24. a code works at 9:59 and not at 10:01', async () => {
    const early = await codeFor(app);
    t.clock.advance(9 * 60 * 1000 + 59 * 1000);
    expect((await exchange(app, early)).status).toBe(200);
    const late = await codeFor(app);
    t.clock.advance(10 * 60 * 1000 + 1000);
    await expectError(await exchange(app, late), 400, 'invalid_grant');
  });

  test('25. redeeming twice fails and revokes what the first redemption produced', async () => {
    const code = await codeFor(app);
    const first = (await (await exchange(app, code)).json()) as { access_token: string; refresh_token: string };
    expect((await t.api(first.access_token, 'GET', '/me')).status).toBe(200);
    await expectError(await exchange(app, code), 400, 'invalid_grant');
    expect((await t.api(first.access_token, 'GET', '/me')).status).toBe(401);
    await expectError(await postForm(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token }, { Authorization: basic(app.clientId, app.clientSecret ?? '') }), 400, 'invalid_grant');
  });

  test('26. two racing redemptions: exactly one 200, and the grant ends', async () => {
    const code = await codeFor(app);
    const results = await Promise.all([exchange(app, code), exchange(app, code)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = results.find((r) => r.status === 200);
    const tokens = (await winner?.json()) as { access_token: string };
    expect((await t.api(tokens.access_token, 'GET', '/me')).status).toBe(401);
  });

  test("27. app B cannot redeem app A's code, and A's grant survives", async () => {
    const code = await codeFor(app);
    await expectError(await exchange(other, code, { redirect_uri: app.redirectUri }), 400, 'invalid_grant');
    expect((await exchange(app, code)).status).toBe(200);
  });

  test.each(['http://127.0.0.1:9/callback/', 'http://127.0.0.1:9/Callback', 'http://127.0.0.1:10/callback'])(
    '28. a different redirect_uri (%s) is invalid_grant',
    async (redirectUri) => {
      await expectError(await exchange(app, await codeFor(app), { redirect_uri: redirectUri }), 400, 'invalid_grant');
    },
  );

  test('28. a token request without redirect_uri is refused', async () => {
    const response = await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: await codeFor(app), client_id: app.clientId, client_secret: app.clientSecret ?? '' });
    await expectError(response, 400, 'invalid_request');
  });

  test("29. an attacker's verifier cannot redeem the victim's code", async () => {
    const code = await codeFor(publicApp, verifier());
    await expectError(await exchange(publicApp, code, { code_verifier: verifier() }), 400, 'invalid_grant');
  });

  test('30. codes carry 256 random bits and only their digest is stored', async () => {
    const code = await codeFor(app);
    expect(code).toMatch(/^bds_ac_[A-Za-z0-9_-]{43}$/);
    const stored = await t.server.services.db.collection<OAuthCodeRecord>(oauthCollections.codes).find({});
    const dump = JSON.stringify(stored);
    expect(dump).not.toContain(code);
    expect(dump).toContain(createHash('sha256').update(code).digest('hex'));
  });
});

describe('D. client authentication', () => {
  test('31. Basic with form-urlencoded id and secret containing - _ . ~ + % : and space succeeds', async () => {
    const odd = await registerApp(t, dev, { imported: { clientId: 'odd-id_with.dots~tilde', clientSecret: 'p+l%u:s~ space and more to reach thirty-two' } });
    const tokens = await connect(t, as, cookie, odd);
    expect(tokens.access_token).toMatch(/^bds_at_/);
  });

  test('31. a raw, unencoded Basic header works for alphanumeric credentials', async () => {
    const plain = await registerApp(t, dev, { imported: { clientId: 'PlainClient123', clientSecret: 'PlainSecretOnlyLettersAndDigits0123456789' } });
    const code = await codeFor(plain);
    const response = await postForm(
      t,
      '/oauth/token',
      { grant_type: 'authorization_code', code, redirect_uri: plain.redirectUri },
      { Authorization: `Basic ${Buffer.from('PlainClient123:PlainSecretOnlyLettersAndDigits0123456789').toString('base64')}` },
    );
    expect(response.status).toBe(200);
  });

  test('32. Basic and client_secret together are invalid_request', async () => {
    const response = await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: 'x', redirect_uri: app.redirectUri, client_secret: app.clientSecret ?? '' }, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
    await expectError(response, 400, 'invalid_request');
  });

  test('33. a Basic client_id that differs from the body client_id is invalid_request', async () => {
    const response = await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: 'x', redirect_uri: app.redirectUri, client_id: other.clientId }, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
    await expectError(response, 400, 'invalid_request');
  });

  test('34. a wrong secret: 401 invalid_client, with WWW-Authenticate for Basic', async () => {
    const viaBasic = await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: 'x', redirect_uri: app.redirectUri }, { Authorization: basic(app.clientId, 'wrong') });
    await expectError(viaBasic, 401, 'invalid_client');
    expect(viaBasic.headers.get('www-authenticate')).toMatch(/^Basic /);
    const viaBody = await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: 'x', redirect_uri: app.redirectUri, client_id: app.clientId, client_secret: 'wrong' });
    await expectError(viaBody, 401, 'invalid_client');
  });

  test('35. unknown client and wrong secret answer identically', async () => {
    const ask = (clientId: string) =>
      postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: 'x', redirect_uri: app.redirectUri }, { Authorization: basic(clientId, 'wrong-secret') });
    const [unknown, wrong] = [await ask('app_doesnotexist'), await ask(other.clientId)];
    const strip = (r: Response) => [...r.headers].filter(([k]) => !['request-id', 'date', 'content-length'].includes(k));
    expect(unknown.status).toBe(wrong.status);
    expect(strip(unknown)).toEqual(strip(wrong));
    expect(await unknown.text()).toBe(await wrong.text());
  });

  test('36. a confidential app sending only client_id and a verifier is invalid_client', async () => {
    const v = verifier();
    const code = await codeFor(app, v);
    await expectError(await exchange(app, code, { client_secret: '', code_verifier: v }), 401, 'invalid_client');
    const revoke = await postForm(t, '/oauth/revoke', { token: 'x', client_id: app.clientId });
    await expectError(revoke, 401, 'invalid_client');
  });

  test('37. a public app presenting any client_secret is invalid_client', async () => {
    const v = verifier();
    const code = await codeFor(publicApp, v);
    await expectError(await exchange(publicApp, code, { code_verifier: v, client_secret: 'anything' }), 401, 'invalid_client');
  });

  test('38. client secrets are stored only as SHA-256 digests (plus a sealed copy under a key outside the store)', async () => {
    const record = await t.server.services.db.collection<OAuthAppRecord>(oauthCollections.apps).get(app.clientId);
    const dump = JSON.stringify(record);
    expect(dump).not.toContain(app.clientSecret ?? '');
    expect(record?.secretDigest).toBe(createHash('sha256').update(app.clientSecret ?? '').digest('hex'));
    expect(record?.secretSealed?.split('.')).toHaveLength(5);
  });

  test('40. secrets carry 256 random bits after the bds_cs_ prefix', () => {
    expect(app.clientSecret).toMatch(/^bds_cs_[A-Za-z0-9_-]{43}$/);
  });

  test.each(['Basic !!notbase64', `Basic ${Buffer.from('nocolon').toString('base64')}`, 'Bearer x', `Basic ${Buffer.from('a:b').toString('base64')}!`])(
    '41. Authorization %s is invalid_request',
    async (header) => {
      const response = await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code: 'x', redirect_uri: app.redirectUri }, { Authorization: header });
      await expectError(response, 400, 'invalid_request');
    },
  );

  test('42. client_secret in the query string is never accepted', async () => {
    const code = await codeFor(app);
    const response = await fetch(`${t.url}/oauth/token?client_secret=${encodeURIComponent(app.clientSecret ?? '')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, client_id: app.clientId }),
    });
    expect(response.status).toBe(400);
  });
});

describe('E. token endpoint', () => {
  const good = () => new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: app.clientId, client_secret: app.clientSecret ?? '' });

  test('43. JSON, multipart or no content type: invalid_request; charset form is fine; GET is 405', async () => {
    const json = await fetch(`${t.url}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(Object.fromEntries(good())) });
    await expectError(json, 400, 'invalid_request');
    const multipart = new FormData();
    for (const [k, v] of good()) multipart.set(k, v);
    await expectError(await fetch(`${t.url}/oauth/token`, { method: 'POST', body: multipart }), 400, 'invalid_request');
    await expectError(await fetch(`${t.url}/oauth/token`, { method: 'POST', body: new Blob([good().toString()]) }), 400, 'invalid_request');
    const charset = await fetch(`${t.url}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }, body: good().toString() });
    await expectError(charset, 400, 'invalid_grant');
    const get = await fetch(`${t.url}/oauth/token`);
    expect(get.status).toBe(405);
  });

  test.each(['grant_type', 'code', 'refresh_token'])('44. a repeated %s is invalid_request', async (name) => {
    const body = `${good().toString()}&${name}=a&${name}=b`;
    const response = await fetch(`${t.url}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    await expectError(response, 400, 'invalid_request');
  });

  test.each(['password', 'client_credentials', 'foo'])('45. grant_type=%s is unsupported_grant_type', async (grantType) => {
    const response = await postForm(t, '/oauth/token', { grant_type: grantType, client_id: app.clientId, client_secret: app.clientSecret ?? '' });
    await expectError(response, 400, 'unsupported_grant_type');
  });

  test('46. every token and revoke answer is JSON with no-store and no-cache', async () => {
    const tokens = await connect(t, as, cookie, app);
    const responses = [
      await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token ?? '', insecure),
      await postForm(t, '/oauth/token', { grant_type: 'foo' }),
      await postForm(t, '/oauth/token', {}),
      await postForm(t, '/oauth/revoke', { token: 'x', client_id: app.clientId, client_secret: app.clientSecret ?? '' }),
      await postForm(t, '/oauth/revoke', { token: 'x', client_id: app.clientId, client_secret: 'bad' }),
    ];
    for (const response of responses) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('pragma')).toBe('no-cache');
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  test('47. a successful exchange has every field with expires_in 86400 as a number', async () => {
    const response = await exchange(app, await codeFor(app));
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^bds_at_/),
      token_type: 'Bearer',
      expires_in: 86400,
      refresh_token: expect.stringMatching(/^bds_rt_/),
      scope: 'user:read boards:read boards:write',
    });
  });

  test('48. a 1 MB form body is 413', async () => {
    const response = await fetch(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=authorization_code&code=${'a'.repeat(1024 * 1024)}`,
    });
    expect(response.status).toBe(413);
  });
});
