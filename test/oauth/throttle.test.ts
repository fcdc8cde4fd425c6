import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maxClientFailuresPerMinute, maxRevocationsPerMinute } from '../../rest/oauth/clientThrottle.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import type { TestApp } from './helpers/oauthFlow.js';
import { basic, formFields, postForm, registerApp } from './helpers/oauthFlow.js';

let t: TestServer;
let dev: TestUser;
let app: TestApp;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '30' } });
  dev = await t.createUser();
  app = await registerApp(t, dev);
});
afterAll(() => t.stop());

describe('K. rate limiting and brute force', () => {
  test('87. repeated invalid_client for one client_id ends in 429 with Retry-After', async () => {
    const attempt = () => postForm(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: 'x' }, { Authorization: basic(app.clientId, 'wrong') });
    for (let i = 0; i < maxClientFailuresPerMinute; i += 1) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.get('cache-control')).toBe('no-store');
    // Even the right secret waits until the window passes.
    const right = await postForm(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: 'x' }, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
    expect(right.status).toBe(429);
  });

  test('88. repeated wrong sign-in codes end in 429, with the same generic message before that', async () => {
    const person = await t.createUser();
    const ticketPage = await postForm(t, '/oauth/signin/email', { email: person.email });
    const { ticket = '' } = formFields(await ticketPage.text(), '/oauth/signin/code');
    const messages = new Set<string>();
    let last: Response | null = null;
    for (let i = 0; i < 12; i += 1) {
      last = await postForm(t, '/oauth/signin/code', { ticket, code: String(100000 + i) });
      if (last.status === 429) break;
      expect(last.status).toBe(422);
      messages.add(/role="alert">([^<]+)</.exec(await last.text())?.[1] ?? '');
    }
    expect(last?.status).toBe(429);
    expect(messages.size).toBe(1);
    // An unknown ticket reads exactly like a wrong code: nothing tells whether an account exists.
    const unknown = await postForm(t, '/oauth/signin/code', { ticket: 'sic_unknown', code: '123456' });
    expect(/role="alert">([^<]+)</.exec(await unknown.text())?.[1]).toBe([...messages][0]);
  });

  test('89/90. floods of random tokens at /revoke and the API end in 429, and X-Forwarded-For does not reset the budget', async () => {
    let revokeStatus = 0;
    for (let i = 0; i <= maxRevocationsPerMinute && revokeStatus !== 429; i += 1) {
      revokeStatus = (await postForm(t, '/oauth/revoke', { token: `bds_at_random${i}` }, { Authorization: basic(app.clientId, app.clientSecret ?? '') })).status;
    }
    expect(revokeStatus).toBe(429);
    const spoofed = await postForm(t, '/oauth/revoke', { token: 'x' }, { Authorization: basic(app.clientId, app.clientSecret ?? ''), 'X-Forwarded-For': '1.2.3.4' });
    expect(spoofed.status).toBe(429);

    let apiStatus = 0;
    for (let i = 0; i <= 30 && apiStatus !== 429; i += 1) apiStatus = (await t.api(`bds_at_random${i}`, 'GET', '/me')).status;
    expect(apiStatus).toBe(429);
    expect((await t.api('bds_at_other', 'GET', '/me', undefined, { 'X-Forwarded-For': '5.6.7.8' })).status).toBe(429);
  });
});
