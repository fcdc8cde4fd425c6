import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/testServer.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { connectMcp, toolData } from './mcpClient.js';

let t: TestServer;
let ada: TestUser;
let client: Client;
let boardId: string;

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const mcpHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.createUser({ name: 'Ada' });
  boardId = ((await (await t.api(ada.key, 'POST', '/boards', { title: 'Roadmap' })).json()) as { id: string }).id;
  await t.api(ada.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Beta in May' } });
  client = await connectMcp(t.url, ada.key);
});

afterAll(async () => {
  await client?.close();
  await t?.stop();
});

describe('/mcp access', () => {
  it('answers 401 with resource_metadata in WWW-Authenticate without a token, in the error envelope', async () => {
    const res = await fetch(`${t.url}/mcp`, { method: 'POST', headers: mcpHeaders, body: JSON.stringify(initialize) });
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe(`Bearer resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp"`);
    const body = (await res.json()) as { error: { code: string; docsUrl: string }; requestId: string };
    expect(body.error.code).toBe('unauthorized');
    expect(body.requestId).toMatch(/^req_/);
  });

  it('answers 401 with resource_metadata and invalid_token for an unknown token', async () => {
    const res = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, Authorization: 'Bearer bds_ak_unknown' }, body: JSON.stringify(initialize) });
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe(`Bearer resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp", error="invalid_token"`);
  });

  it('refuses the SDK client without a token', async () => {
    await expect(connectMcp(t.url, 'bds_ak_nope')).rejects.toThrow();
  });

  it('works with an API key and is stateless: no session id, GET and DELETE answer 405', async () => {
    const res = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, Authorization: `Bearer ${ada.key}` }, body: JSON.stringify(initialize) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Mcp-Session-Id')).toBeNull();
    const body = (await res.json()) as { result: { protocolVersion: string; serverInfo: { name: string } } };
    expect(body.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'boards' } });
    for (const method of ['GET', 'DELETE']) {
      const other = await fetch(`${t.url}/mcp`, { method, headers: { Authorization: `Bearer ${ada.key}`, Accept: 'text/event-stream' } });
      expect(other.status, method).toBe(405);
      expect(other.headers.get('Allow')).toBe('POST');
      expect(((await other.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    }
  });

  it('answers a body that is not JSON with 400 bad_request', async () => {
    const res = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, Authorization: `Bearer ${ada.key}` }, body: '{"jsonrpc":' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
  });

  it('answers a body in an unknown Content-Encoding with 415, and one over 1 MiB with 413, as /v1 does', async () => {
    const encoded = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, Authorization: `Bearer ${ada.key}`, 'Content-Encoding': 'zstd-x' }, body: JSON.stringify(initialize) });
    expect(encoded.status).toBe(415);
    expect(((await encoded.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
    const large = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, Authorization: `Bearer ${ada.key}` }, body: JSON.stringify({ ...initialize, padding: 'x'.repeat(1024 * 1024) }) });
    expect(large.status).toBe(413);
    expect(((await large.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('spends the same rate budget as /v1', async () => {
    const limited = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const carl = await limited.createUser();
      const answers: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        answers.push((await fetch(`${limited.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, Authorization: `Bearer ${carl.key}` }, body: JSON.stringify(initialize) })).status);
      }
      expect(answers).toEqual([200, 200, 200, 429]);
      expect((await limited.api(carl.key, 'GET', '/me')).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});

describe('/mcp resources and prompts', () => {
  it('lists each readable board as outline and structure resources, and reads them', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain(`boards://board/${boardId}/outline`);
    expect(uris).toContain(`boards://board/${boardId}/structure`);
    const outline = await client.readResource({ uri: `boards://board/${boardId}/outline` });
    expect(outline.contents[0]).toMatchObject({ mimeType: 'text/markdown' });
    expect(String((outline.contents[0] as { text: string }).text)).toContain('Beta in May');
    const structure = await client.readResource({ uri: `boards://board/${boardId}/structure` });
    expect(JSON.parse((structure.contents[0] as { text: string }).text)).toMatchObject({ boardId });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate)).toEqual(['boards://board/{boardId}/outline', 'boards://board/{boardId}/structure']);
  });

  it('pages the resource list', async () => {
    const many = await startTestServer();
    try {
      const dora = await many.createUser();
      for (let i = 0; i < 51; i += 1) await many.api(dora.key, 'POST', '/boards', { title: `Board ${i}` });
      const paged = await connectMcp(many.url, dora.key);
      const first = await paged.listResources();
      expect(first.resources).toHaveLength(100);
      expect(first.nextCursor).toBeTruthy();
      const second = await paged.listResources({ cursor: first.nextCursor });
      expect(second.resources).toHaveLength(2);
      expect(second.nextCursor).toBeUndefined();
      await paged.close();
    } finally {
      await many.stop();
    }
  });

  it("refuses another person's board and a malformed resource address", async () => {
    const bob = await t.createUser();
    const asBob = await connectMcp(t.url, bob.key);
    try {
      await expect(asBob.readResource({ uri: `boards://board/${boardId}/outline` })).rejects.toMatchObject({ code: -32002 });
      await expect(client.readResource({ uri: `boards://board/${boardId}/secrets` })).rejects.toMatchObject({ code: -32002 });
      expect((await asBob.listResources()).resources.map((r) => r.uri)).not.toContain(`boards://board/${boardId}/outline`);
    } finally {
      await asBob.close();
    }
  });

  it('offers the skills library as prompts', async () => {
    const { prompts } = await client.listPrompts();
    const skills = await toolData<{ data: { id: string; name: string }[] }>(client, 'list_skills', {});
    expect(prompts.map((p) => p.name)).toEqual(skills.data.map((s) => s.id));
    const first = prompts[0];
    expect(first?.arguments?.map((a) => a.name)).toEqual(['boardId', 'prompt']);
    const prompt = await client.getPrompt({ name: first?.name ?? '', arguments: { boardId, prompt: 'Q3 retro' } });
    const text = (prompt.messages[0]?.content as { text: string }).text;
    expect(text).toContain('apply_skill');
    expect(text).toContain('Q3 retro');
    await expect(client.getPrompt({ name: 'skl_pub_nothing', arguments: { boardId, prompt: 'x' } })).rejects.toMatchObject({ code: -32002 });
    await expect(client.getPrompt({ name: first?.name ?? '', arguments: { boardId } })).rejects.toMatchObject({ code: -32602 });
  });
});
