import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { basic, connect, postForm, registerApp, startWithDeveloper } from '../../oauth/helpers/oauthFlow.js';
import { connectMcp, toolData, toolError } from './mcpClient.js';

let t: TestServer;
let as: oauth.AuthorizationServer;
let dev: TestUser;
let cookie: string;

beforeAll(async () => {
  ({ t, as, dev, cookie } = await startWithDeveloper());
});
afterAll(() => t?.stop());

describe('/mcp with OAuth access tokens', () => {
  it("acts as the person with the token's scopes, and a revoked token gets 401", async () => {
    const app = await registerApp(t, dev, { scopes: 'user:read boards:read' });
    const boardId = ((await (await t.api(dev.key, 'POST', '/boards', { title: 'Shared plan' })).json()) as { id: string }).id;
    const tokens = await connect(t, as, cookie, app, { scope: 'boards:read', resource: `${t.url}/mcp` });
    const client = await connectMcp(t.url, tokens.access_token);
    try {
      const boards = await toolData<{ data: { id: string }[] }>(client, 'list_boards', {});
      expect(boards.data.map((b) => b.id)).toContain(boardId);
      const refused = await toolError(client, 'create_item', { boardId, type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'no' } });
      expect(refused).toMatchObject({ code: 'insufficient_scope', requiredScope: 'boards:write' });
      const items = (await (await t.api(dev.key, 'GET', `/boards/${boardId}/items`)).json()) as { data: unknown[] };
      expect(items.data).toEqual([]);
      const revoked = await postForm(t, '/oauth/revoke', { token: tokens.access_token }, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
      expect(revoked.status).toBe(200);
      await expect(client.listTools()).rejects.toThrow();
      const res = await fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toContain(`resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp"`);
    } finally {
      await client.close();
    }
  });

  it('refuses a token issued for the REST API (no resource), and the REST API refuses one issued for /mcp', async () => {
    const app = await registerApp(t, dev, { scopes: 'user:read boards:read' });
    const unbound = await connect(t, as, cookie, app, { scope: 'boards:read' });
    const bound = await connect(t, as, cookie, app, { scope: 'boards:read', resource: `${t.url}/mcp` });
    const listTools = (token: string) =>
      fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const refused = await listTools(unbound.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('WWW-Authenticate')).toContain(`resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    expect((await listTools(bound.access_token)).status).toBe(200);
    expect((await t.api(unbound.access_token, 'GET', '/boards')).status).toBe(200);
    expect((await t.api(bound.access_token, 'GET', '/boards')).status).toBe(401);
  });
});
