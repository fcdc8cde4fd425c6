import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientItemIds, clientItems, connectSyncClient } from '../../content/helpers/syncClient.js';
import { startTestServer } from '../../helpers/testServer.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { decide, openConsent, postForm, signIn } from '../../oauth/helpers/oauthFlow.js';

const redirectUri = 'http://127.0.0.1:9/callback';

/**
 * What an MCP client keeps between runs, as the SDK's `OAuthClientProvider` asks for it; its
 * "browser" opens the authorization URL with the person's session, approves, and keeps the code.
 */
class TestAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  code: string | undefined;
  consentPage = '';
  constructor(
    readonly server: TestServer,
    readonly cookie: string,
  ) {}

  get redirectUrl(): string {
    return redirectUri;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Flow Agent', redirect_uris: [redirectUri], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.client = info;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const { response, page, fields } = await openConsent(this.cookie, url.href);
    if (response.status !== 200 || !fields.request_id) throw new Error(`consent page answered ${response.status}: ${page.slice(0, 500)}`);
    this.consentPage = page;
    const decided = await decide(this.server, this.cookie, fields, 'approve');
    this.code = new URL(decided.headers.get('location') ?? '').searchParams.get('code') ?? undefined;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}

/** Connects the SDK's client with `auth` as a client with no set-up would: a 401, the sign-in, then the call again. */
async function connectWithSignIn(t: TestServer, auth: TestAuthProvider): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const url = new URL(`${t.url}/mcp`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: auth });
  await expect(new Client({ name: 'flow', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(auth.code).toBeDefined();
  await first.finishAuth(auth.code ?? '');
  const transport = new StreamableHTTPClientTransport(url, { authProvider: auth });
  const client = new Client({ name: 'flow', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

let t: TestServer;
let ada: TestUser;
let cookie: string;
let boardId: string;

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.createUser({ name: 'Ada' });
  cookie = await signIn(t, ada.email);
  boardId = ((await (await t.api(ada.key, 'POST', '/boards', { title: 'Agent board' })).json()) as { id: string }).id;
});

afterAll(() => t?.stop());

// The SDK's provider flow takes a Client ID Metadata Document only at an HTTPS address; that flow
// is driven with the SDK's own steps over loopback in test/oauth/mcpMetadataDocuments.test.ts.
describe('an MCP client with no set-up, driven by the SDK end to end', () => {
  it('registers itself from the 401 (RFC 7591), signs in with PKCE through the consent page, lists tools, makes a note a live provider sees, refreshes, and is refused once revoked', async () => {
    const auth = new TestAuthProvider(t, cookie);
    const { client, transport } = await connectWithSignIn(t, auth);
    try {
      // Registered by itself, and shown as unverified on the consent page.
      expect(auth.client?.client_id).toMatch(/^dcr_/);
      expect(auth.consentPage).toContain('Unverified');
      expect(auth.saved?.refresh_token).toBeDefined();

      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('create_item');

      const sync = connectSyncClient(t.url, boardId, ada.key);
      try {
        await sync.synced();
        const result = (await client.callTool({
          name: 'create_item',
          arguments: { boardId, type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'From a registered client' } },
        })) as CallToolResult;
        expect(result.isError).toBeFalsy();
        const id = (result.structuredContent as { id: string }).id;
        await expect.poll(() => clientItemIds(sync.doc)).toContain(id);
        expect((clientItems(sync.doc).get(id) as { get(key: string): unknown }).get('type')).toBe('sticky_note');
      } finally {
        sync.destroy();
      }

      // Refresh: a new access token that works; the old one is replaced.
      const before = auth.saved;
      const refreshed = await postForm(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: before?.refresh_token ?? '', client_id: auth.client?.client_id ?? '', resource: `${t.url}/mcp` });
      expect(refreshed.status).toBe(200);
      const fresh = (await refreshed.json()) as OAuthTokens;
      expect(fresh.access_token).not.toBe(before?.access_token);
      auth.saved = fresh;
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);

      // Revoked: the next call is refused with 401.
      const revoked = await postForm(t, '/oauth/revoke', { token: fresh.access_token, client_id: auth.client?.client_id ?? '' });
      expect(revoked.status).toBe(200);
      const after = await fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${fresh.access_token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(after.status).toBe(401);
      expect(after.headers.get('WWW-Authenticate')).toContain('resource_metadata=');
    } finally {
      await transport.close();
      await client.close();
    }
  });
});
