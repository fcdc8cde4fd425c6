import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maxRegistrationsPerHour } from '../../rest/oauth/clientThrottle.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import type { TestServer } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import { postForm } from './helpers/oauthFlow.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

describe('registration refusals (RFC 7591 3.2.2): nothing is stored', () => {
  const cases: [string, unknown, string][] = [
    ['no redirect_uris', { client_name: 'x' }, 'invalid_redirect_uri'],
    ['redirect_uris not an array', { redirect_uris: 'https://a.example/cb' }, 'invalid_redirect_uri'],
    ['an http redirect URI off loopback', { redirect_uris: ['http://agent.example/cb'] }, 'invalid_redirect_uri'],
    ['a redirect URI with a fragment', { redirect_uris: ['https://agent.example/cb#x'] }, 'invalid_redirect_uri'],
    ['a redirect URI with a wildcard', { redirect_uris: ['https://*.agent.example/cb'] }, 'invalid_redirect_uri'],
    ['a relative redirect URI', { redirect_uris: ['/cb'] }, 'invalid_redirect_uri'],
    ['eleven redirect URIs', { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://agent.example/cb${i}`) }, 'invalid_redirect_uri'],
    ['an unknown auth method', { redirect_uris: ['https://agent.example/cb'], token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata'],
    ['client_credentials grant', { redirect_uris: ['https://agent.example/cb'], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    ['implicit response type', { redirect_uris: ['https://agent.example/cb'], response_types: ['token'] }, 'invalid_client_metadata'],
    ['an empty client_name', { redirect_uris: ['https://agent.example/cb'], client_name: ' ' }, 'invalid_client_metadata'],
    ['a numeric client_name', { redirect_uris: ['https://agent.example/cb'], client_name: 5 }, 'invalid_client_metadata'],
    ['an unknown scope', { redirect_uris: ['https://agent.example/cb'], scope: 'boards:read admin:all' }, 'invalid_client_metadata'],
    ['an array body', [], 'invalid_client_metadata'],
  ];
  for (const [name, body, error] of cases) {
    test(`${name}: 400 ${error}`, async () => {
      const before = await t.server.services.db.collection(oauthCollections.apps).count({});
      const response = await fetch(`${t.url}/oauth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const answer = (await response.json()) as { error: string; error_description: string };
      expect(answer.error).toBe(error);
      expect(answer.error_description.length).toBeGreaterThan(0);
      expect(await t.server.services.db.collection(oauthCollections.apps).count({})).toBe(before);
    });
  }

  test('malformed JSON, another media type and a GET are refused', async () => {
    const bad = await fetch(`${t.url}/oauth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"redirect_uris": [' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_client_metadata');
    const form = await postForm(t, '/oauth/register', { redirect_uris: 'https://agent.example/cb' });
    expect(form.status).toBe(415);
    const get = await fetch(`${t.url}/oauth/register`);
    expect(get.status).toBe(405);
  });

  test('a body over 16 KB is refused with 413', async () => {
    const response = await fetch(`${t.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['https://agent.example/cb'], client_name: 'x'.repeat(17 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});


describe('registration rate limit', () => {
  test('an address that registers too often gets 429 with Retry-After, and nothing is stored', async () => {
    // Runs on its own server (each test file has one), after the refusals above spent part of the budget.
    const register = () =>
      fetch(`${t.url}/oauth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['https://agent.example/cb'] }) });
    let last: Response | null = null;
    for (let i = 0; i <= maxRegistrationsPerHour; i += 1) {
      last = await register();
      if (last.status === 429) break;
      expect(last.status).toBe(201);
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    const before = await t.server.services.db.collection(oauthCollections.apps).count({});
    expect((await register()).status).toBe(429);
    expect(await t.server.services.db.collection(oauthCollections.apps).count({})).toBe(before);
  });
});
