import { refreshAuthorization, registerClient } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createBoard } from '../content/helpers.js';
import { destroyLiveClients, openLive } from '../realtime/liveClient.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import { authorizeWithSdk, discoverFromChallenge } from './helpers/mcpClient.js';
import type { McpDiscovery } from './helpers/mcpClient.js';
import { formFields, openConsent, postForm, signIn } from './helpers/oauthFlow.js';

let t: TestServer;
let user: TestUser;
let cookie: string;
let discovery: McpDiscovery;
const redirectUri = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  t = await startTestServer();
  user = await t.createUser();
  cookie = await signIn(t, user.email);
  discovery = await discoverFromChallenge(t);
});
afterEach(() => destroyLiveClients());
afterAll(() => t.stop());

function mcpUrl(): string {
  return `${t.url}/mcp`;
}

describe('discovery', () => {
  test('protected resource metadata names the MCP resource, this authorization server, the scopes and header bearer tokens', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.resource).toBe(mcpUrl());
      expect(body.authorization_servers).toEqual([t.url]);
      expect(body.bearer_methods_supported).toEqual(['header']);
      expect(body.scopes_supported).toContain('boards:write');
    }
    expect(discovery.resource).toBe(mcpUrl());
  });

  test('authorization server metadata advertises registration and client ID metadata documents', () => {
    expect(discovery.metadata.registration_endpoint).toBe(`${t.url}/oauth/register`);
    expect(discovery.metadata.client_id_metadata_document_supported).toBe(true);
    expect(discovery.metadata.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe('dynamic client registration with the SDK, then the whole flow', () => {
  test('register, authorize with PKCE through the consent page, token bound to /mcp, refresh, revoke', async () => {
    const client = await registerClient(t.url, {
      metadata: discovery.metadata,
      clientMetadata: { client_name: 'Agent <One>', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
    });
    expect(client.client_id).toMatch(/^dcr_/);
    expect(client.client_secret).toBeUndefined();

    let consentPage = '';
    const tokens = await authorizeWithSdk(t, cookie, discovery, client, redirectUri, { onConsent: (page) => (consentPage = page) });
    expect(consentPage).toContain('Unverified');
    expect(consentPage).toContain('Agent &lt;One&gt;');
    expect(consentPage).toContain(redirectUri);
    expect(tokens.scope).toBe('boards:read boards:write');

    const { authenticator } = t.server.services;
    const principal = await authenticator.authenticate(tokens.access_token, mcpUrl());
    expect(principal?.audience).toBe(mcpUrl());
    expect(principal?.user.id).toBe(user.id);
    // Bound to /mcp: the REST API refuses it.
    const me = await t.api(tokens.access_token, 'GET', '/me');
    expect(me.status).toBe(401);

    const refreshed = await refreshAuthorization(t.url, { metadata: discovery.metadata, clientInformation: client, refreshToken: tokens.refresh_token ?? '', resource: new URL(mcpUrl()) });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await authenticator.authenticate(refreshed.access_token, mcpUrl()))?.audience).toBe(mcpUrl());
    expect(await authenticator.authenticate(tokens.access_token, mcpUrl())).not.toBeNull();

    const revoked = await postForm(t, '/oauth/revoke', { client_id: client.client_id, token: refreshed.refresh_token ?? '' });
    expect(revoked.status).toBe(200);
    expect(await authenticator.authenticate(refreshed.access_token, mcpUrl())).toBeNull();
  });

  test('a confidential client registered with client_secret_basic gets a secret and must use it', async () => {
    const response = await fetch(`${t.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['https://agent.example/cb'], token_endpoint_auth_method: 'client_secret_basic', client_name: 'Server agent' }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { client_id: string; client_secret: string; token_endpoint_auth_method: string };
    expect(body.client_secret.startsWith('bds_cs_')).toBe(true);
    expect(body.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(t.logs.join('\n')).not.toContain(body.client_secret);
    const noSecret = await postForm(t, '/oauth/token', { grant_type: 'refresh_token', client_id: body.client_id, refresh_token: 'bds_rt_x' });
    expect(noSecret.status).toBe(401);
    expect(((await noSecret.json()) as { error: string }).error).toBe('invalid_client');
  });

  test('the person sees the client under connected apps and disconnecting ends its tokens', async () => {
    const client = await registerClient(t.url, { metadata: discovery.metadata, clientMetadata: { client_name: 'Listed agent', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' } });
    const tokens = await authorizeWithSdk(t, cookie, discovery, client, redirectUri);
    const page = await (await fetch(`${t.url}/account/apps`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('Listed agent');
    const action = `/account/apps/${encodeURIComponent(client.client_id)}/disconnect`;
    const fields = formFields(page, action);
    const disconnected = await fetch(`${t.url}${action}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: t.url },
      body: new URLSearchParams(fields),
    });
    expect(disconnected.status).toBe(303);
    expect(await t.server.services.authenticator.authenticate(tokens.access_token, mcpUrl())).toBeNull();
  });
});

describe('resource indicators (RFC 8707)', () => {
  let shared: { client_id: string } | null = null;
  async function publicClient(): Promise<{ client_id: string }> {
    shared ??= await registerClient(t.url, { metadata: discovery.metadata, clientMetadata: { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' } });
    return shared;
  }

  test('live sync refuses a token bound to /mcp (4401), as the REST API does', async () => {
    const client = await publicClient();
    const boardId = await createBoard(t, user.key);
    const tokens = await authorizeWithSdk(t, cookie, discovery, client, redirectUri, { resource: mcpUrl(), scope: 'boards:read' });
    const live = await openLive(t, boardId, tokens.access_token);
    expect(await live.closed).toBe(4401);
    const control = await openLive(t, boardId, user.key);
    await control.synced;
    expect(control.closeCode()).toBeUndefined();
  });

  test('a token issued without resource works at the REST API and is refused for /mcp', async () => {
    const client = await publicClient();
    const tokens = await authorizeWithSdk(t, cookie, discovery, client, redirectUri, { resource: null, scope: 'user:read boards:read' });
    expect((await t.api(tokens.access_token, 'GET', '/me')).status).toBe(200);
    const { authenticator } = t.server.services;
    expect(await authenticator.authenticate(tokens.access_token, mcpUrl())).toBeNull();
    expect((await authenticator.authenticate(tokens.access_token))?.audience).toBeUndefined();
    // API keys are not OAuth tokens: they work at both.
    expect(await authenticator.authenticate(user.key, mcpUrl())).not.toBeNull();
  });

  test('a resource this server does not serve is refused on the page (invalid_target), never redirected', async () => {
    const client = await publicClient();
    const query = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      resource: 'https://other.example/api',
    });
    const { response, page } = await openConsent(cookie, `${t.url}/oauth/?${query.toString()}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(page).toContain('https://other.example/api');
  });

  test('a token request naming another resource than the authorized one is invalid_target', async () => {
    const client = await publicClient();
    const tokens = await authorizeWithSdk(t, cookie, discovery, client, redirectUri, { resource: mcpUrl() });
    const refresh = (resource: string) =>
      postForm(t, '/oauth/token', { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.refresh_token ?? '', resource });
    const bad = await refresh(`${t.url}/v1`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_target');
    // Refused before rotation: the refresh token still works for the resource it was issued for.
    const good = await refresh(mcpUrl());
    expect(good.status).toBe(200);
  });
});
