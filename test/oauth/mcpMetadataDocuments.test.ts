import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import { authorizeWithSdk, discoverFromChallenge } from './helpers/mcpClient.js';
import type { McpDiscovery } from './helpers/mcpClient.js';
import { openConsent, signIn } from './helpers/oauthFlow.js';

/** Serves client metadata documents on 127.0.0.1; `routes` maps a path to how it answers. */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const hits = new Map<string, number>();
let docs: Server;
let docsUrl: string;

let t: TestServer;
let user: TestUser;
let cookie: string;
let discovery: McpDiscovery;
const redirectUri = 'http://127.0.0.1:9/callback';
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function json(body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
}

function document(path: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { client_id: `${docsUrl}${path}`, client_name: 'Doc Agent', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', ...extra };
}

beforeAll(async () => {
  docs = createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) return handler(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
  docsUrl = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  // The development opt-in lets the server fetch documents from loopback over http (tests only).
  t = await startTestServer({ env: { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  user = await t.createUser();
  cookie = await signIn(t, user.email);
  discovery = await discoverFromChallenge(t);
});
afterAll(async () => {
  await t.stop();
  docs.closeAllConnections();
  await new Promise((resolve) => docs.close(resolve));
});

function authorizeUrl(clientId: string, redirect = redirectUri): string {
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: redirect, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', resource: `${t.url}/mcp` });
  return `${t.url}/oauth/?${query.toString()}`;
}

describe('client ID metadata documents', () => {
  test('the SDK connects with its document URL as client_id; the consent page names it as unverified; the document is cached per Cache-Control', async () => {
    routes.set('/agent.json', json(document('/agent.json'), { 'Cache-Control': 'max-age=3600' }));
    const client = { client_id: `${docsUrl}/agent.json` };
    let consent = '';
    const tokens = await authorizeWithSdk(t, cookie, discovery, client, redirectUri, { onConsent: (page) => (consent = page) });
    expect(consent).toContain('Unverified');
    expect(consent).toContain('Doc Agent');
    expect(consent).toContain(`${docsUrl}/agent.json`);
    expect(consent).toContain(new URL(docsUrl).host);
    expect(consent).toContain(redirectUri);
    expect((await t.server.services.authenticator.authenticate(tokens.access_token, `${t.url}/mcp`))?.credential.clientId).toBe(client.client_id);
    const fetched = hits.get('/agent.json') ?? 0;
    expect(fetched).toBeGreaterThan(0);

    // Within max-age: no new fetch.
    expect((await openConsent(cookie, authorizeUrl(client.client_id))).response.status).toBe(200);
    expect(hits.get('/agent.json')).toBe(fetched);
    // Past max-age: fetched again.
    t.clock.advance(3601 * 1000);
    expect((await openConsent(cookie, authorizeUrl(client.client_id))).response.status).toBe(200);
    expect(hits.get('/agent.json')).toBe(fetched + 1);
  });

  /** Each refusal: its name and how the document at `path` answers (null: not found). */
  const refusals: [string, (path: string) => Handler | null][] = [
    ['too large', (path) => json(document(path, { client_name: 'x'.repeat(6 * 1024) }))],
    ['not JSON', () => (_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html></html>')],
    ['invalid JSON', () => (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"client_id":')],
    ['a client_id that differs from its URL', (path) => json(document(path, { client_id: 'https://elsewhere.example/agent.json' }))],
    ['a secret-based auth method', (path) => json(document(path, { token_endpoint_auth_method: 'client_secret_basic' }))],
    ['no redirect_uris', (path) => json(document(path, { redirect_uris: [] }))],
    ['not found', () => null],
    ['a redirect instead of the document', () => (_req, res) => res.writeHead(302, { Location: `${docsUrl}/agent.json` }).end()],
  ];
  for (const [name, answer] of refusals) {
    test(`a document that is ${name} is refused with a page, no redirect, nothing stored`, async () => {
      const path = `/refused-${name.replace(/\W+/g, '-')}.json`;
      const handler = answer(path);
      if (handler) routes.set(path, handler);
      const clientId = `${docsUrl}${path}`;
      const { response, page } = await openConsent(cookie, authorizeUrl(clientId));
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(page).toContain('cannot be used');
      expect(page).not.toContain('action="/oauth/consent"');
      expect(await t.server.services.oauth.apps.find(clientId)).toBeNull();
      expect(hits.get(path) ?? 0).toBeGreaterThan(0);
    });
  }

  test('a document whose redirect_uris do not include the request redirect URI is refused like any wrong redirect URI', async () => {
    routes.set('/other.json', json(document('/other.json', { redirect_uris: ['https://agent.example/cb'] })));
    const { response, page } = await openConsent(cookie, authorizeUrl(`${docsUrl}/other.json`));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(page).toContain('has not registered');
  });

  test('a document that does not answer within 5 s is refused with a page', async () => {
    const pending: ServerResponse[] = [];
    routes.set('/slow.json', (_req, res) => void pending.push(res));
    const { response, page } = await openConsent(cookie, authorizeUrl(`${docsUrl}/slow.json`));
    expect(response.status).toBe(400);
    expect(page).toContain('did not answer');
    for (const res of pending) res.destroy();
  });

  test('the token endpoint refuses a metadata-document client whose document no longer checks out', async () => {
    routes.set('/gone.json', (_req, res) => res.writeHead(404).end());
    const response = await fetch(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: `${docsUrl}/gone.json`, refresh_token: 'bds_rt_x' }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_client');
  });
});

describe('workspace switch for MCP clients', () => {
  test('an admin turns MCP clients off: authorization shows a page and existing tokens stop working; on again, they work', async () => {
    routes.set('/switch.json', json(document('/switch.json')));
    const client = { client_id: `${docsUrl}/switch.json` };
    const tokens = await authorizeWithSdk(t, cookie, discovery, client, redirectUri);
    const { authenticator } = t.server.services;
    expect(await (await t.api(user.key, 'GET', '/me/oauth-settings')).json()).toEqual({ mcpClientsAllowed: true });
    const off = await t.api(user.key, 'PUT', '/me/oauth-settings', { mcpClientsAllowed: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ mcpClientsAllowed: false });

    const { response, page } = await openConsent(cookie, authorizeUrl(client.client_id));
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
    expect(page).toContain('turned off');
    expect(await authenticator.authenticate(tokens.access_token, `${t.url}/mcp`)).toBeNull();

    // Turning the switch off suspends; disconnecting is what ends a connection.
    expect((await t.api(user.key, 'PUT', '/me/oauth-settings', { mcpClientsAllowed: true })).status).toBe(200);
    expect(await authenticator.authenticate(tokens.access_token, `${t.url}/mcp`)).not.toBeNull();
  });

  test('bad input to the setting answers a 4xx envelope and changes nothing', async () => {
    const owner = await t.createUser();
    const cases: [unknown, number, string][] = [
      [{}, 422, 'validation_failed'],
      [{ mcpClientsAllowed: 'no' }, 422, 'validation_failed'],
      [{ mcpClientsAllowed: false, extra: 1 }, 422, 'validation_failed'],
      [[false], 422, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const response = await t.api(owner.key, 'PUT', '/me/oauth-settings', body);
      expect(response.status).toBe(status);
      const envelope = (await response.json()) as { error: { code: string; message: string; docsUrl: string }; requestId: string };
      expect(envelope.error.code).toBe(code);
      expect(envelope.error.docsUrl).toContain(code);
      expect(envelope.requestId).toBeTruthy();
    }
    const text = await fetch(`${t.baseUrl}/me/oauth-settings`, { method: 'PUT', headers: { Authorization: `Bearer ${owner.key}`, 'Content-Type': 'text/plain' }, body: 'false' });
    expect(text.status).toBe(415);
    const narrow = await t.createUser({ scopes: 'user:read' });
    const refused = await t.api(narrow.key, 'PUT', '/me/oauth-settings', { mcpClientsAllowed: false });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('insufficient_scope');
    expect(await (await t.api(owner.key, 'GET', '/me/oauth-settings')).json()).toEqual({ mcpClientsAllowed: true });
    expect(await (await t.api(narrow.key, 'GET', '/me/oauth-settings')).json()).toEqual({ mcpClientsAllowed: true });
  });

  test('a member who is not an admin cannot change the switch', async () => {
    const other = await t.createUser();
    const owner = await t.server.services.authenticator.authenticate(other.key);
    if (!owner) throw new Error('no principal');
    const member = { ...owner, workspaceRole: 'member' as const };
    await expect(t.server.services.oauth.policies.set(member, { mcpClientsAllowed: false })).rejects.toMatchObject({ code: 'forbidden' });
    expect(await t.server.services.oauth.policies.mcpClientsAllowed(owner.workspace.id)).toBe(true);
  });
});

describe('without the development opt-in', () => {
  let strict: TestServer;
  let strictCookie: string;
  beforeAll(async () => {
    strict = await startTestServer();
    const person = await strict.createUser();
    strictCookie = await signIn(strict, person.email);
  });
  afterAll(() => strict.stop());

  test('a document URL on a private or loopback address is refused before any request is made', async () => {
    routes.set('/private.json', json(document('/private.json')));
    const port = new URL(docsUrl).port;
    for (const clientId of [`https://127.0.0.1:${port}/private.json`, `https://10.0.0.1/private.json`, `https://[::1]:${port}/private.json`, `https://localhost:${port}/private.json`]) {
      const query = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' });
      const { response, page } = await openConsent(strictCookie, `${strict.url}/oauth/?${query.toString()}`);
      expect(response.status).toBe(400);
      expect(page).toContain('private, loopback or link-local');
    }
    expect(hits.get('/private.json') ?? 0).toBe(0);
  });

  test('an http document URL is not a metadata document: the client is unknown', async () => {
    const query = new URLSearchParams({ client_id: `${docsUrl}/private.json`, redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' });
    const { response } = await openConsent(strictCookie, `${strict.url}/oauth/?${query.toString()}`);
    expect(response.status).toBe(400);
    expect(hits.get('/private.json') ?? 0).toBe(0);
  });
});
