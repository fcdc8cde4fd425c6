import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/testServer.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { connectMcp, toolData, toolError } from './mcpClient.js';

let t: TestServer;
let ada: TestUser;
let bob: TestUser;
let viewer: TestUser;
let reader: TestUser;
let clients: Client[] = [];
let asAda: Client;
let asBob: Client;
let asViewer: Client;
let asReader: Client;
let boardId: string;
let itemId: string;
let spaceId: string;
let skillId: string;

/** Arguments each tool accepts on Ada's board: the base every refusal below changes one thing of. */
function validArgs(): Record<string, Record<string, unknown>> {
  const onBoard = { boardId };
  const onItem = { boardId, itemId };
  return {
    list_boards: { limit: 5 },
    get_board: onBoard,
    list_spaces: { limit: 5 },
    get_space: { spaceId },
    get_board_outline: onBoard,
    get_board_structure: onBoard,
    list_items: onBoard,
    get_item: onItem,
    get_item_text: onItem,
    list_item_types: {},
    get_item_type: { type: 'sticky_note' },
    create_item: { boardId, type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'x' } },
    update_item: { ...onItem, data: { text: 'changed' } },
    delete_item: onItem,
    batch_items: { boardId, operations: [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'x' } }] },
    search: { q: 'roadmap' },
    add_comment: { boardId, position: { x: 0, y: 0 }, data: { text: 'x' } },
    list_chat_messages: onBoard,
    post_chat_message: { boardId, text: 'hello' },
    list_board_members: onBoard,
    list_board_activity: onBoard,
    ai_ask: { boardId, question: 'What is here?' },
    ai_plan: { boardId, prompt: 'A roadmap', position: { x: 0, y: 0 } },
    ai_generate: { boardId, prompt: 'A roadmap', position: { x: 0, y: 0 } },
    ai_modify: { boardId, itemId, instruction: 'shorter' },
    ai_review: onBoard,
    convert_item: { ...onItem, targetType: 'card' },
    get_job: { jobId: 'job_0000000000' },
    list_skills: {},
    get_skill: { skillId },
    apply_skill: { boardId, skillId, prompt: 'A retro', position: { x: 0, y: 0 } },
  };
}

/** What Ada's board holds and says, to show a refused call wrote nothing. */
async function boardState(): Promise<string> {
  const items = await (await t.api(ada.key, 'GET', `/boards/${boardId}/items?limit=1000`)).json();
  const chat = await (await t.api(ada.key, 'GET', `/boards/${boardId}/chat`)).json();
  const board = await (await t.api(ada.key, 'GET', `/boards/${boardId}`)).json() as Record<string, unknown>;
  return JSON.stringify({ items, chat, title: board.title });
}

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.createUser({ name: 'Ada' });
  bob = await t.createUser({ name: 'Bob' });
  viewer = await t.createUser({ name: 'Vi' });
  reader = await t.createUser({ name: 'Rea', scopes: 'boards:read skills:read' });
  const board = (await (await t.api(ada.key, 'POST', '/boards', { title: 'Private plan' })).json()) as { id: string };
  boardId = board.id;
  spaceId = 'default';
  const note = (await (await t.api(ada.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Keep me' } })).json()) as { id: string };
  itemId = note.id;
  expect((await t.api(ada.key, 'POST', `/boards/${boardId}/members`, { email: viewer.email, role: 'viewer' })).status).toBeLessThan(300);
  expect((await t.api(ada.key, 'POST', `/boards/${boardId}/members`, { email: reader.email, role: 'editor' })).status).toBeLessThan(300);
  asAda = await connectMcp(t.url, ada.key);
  asBob = await connectMcp(t.url, bob.key);
  asViewer = await connectMcp(t.url, viewer.key);
  asReader = await connectMcp(t.url, reader.key);
  clients = [asAda, asBob, asViewer, asReader];
  const skills = await toolData<{ data: { id: string }[] }>(asAda, 'list_skills', {});
  skillId = skills.data[0]?.id ?? '';
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await t?.stop();
});

describe('MCP tool refusals', () => {
  it('covers every tool the server lists', async () => {
    const { tools } = await asAda.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(validArgs()).sort());
  });

  it('answers a wrong type with validation_failed naming the field, for every tool, and writes nothing', async () => {
    const before = await boardState();
    for (const [name, args] of Object.entries(validArgs())) {
      const [field, value] = Object.entries(args)[0] ?? ['unexpected', 1];
      const wrong = typeof value === 'object' ? 'not an object' : { not: 'a scalar' };
      const error = await toolError(asAda, name, { ...args, [field]: wrong });
      expect(error.code, name).toBe('validation_failed');
      expect(error.field?.startsWith(field), `${name}: ${error.field}`).toBe(true);
    }
    for (const name of Object.keys(validArgs())) {
      const error = await toolError(asAda, name, { ...validArgs()[name], surplusField: 1 });
      expect(error.code, name).toBe('validation_failed');
      expect(error.field, name).toBe('surplusField');
    }
    expect(await boardState()).toBe(before);
  });

  it('answers unknown ids and another person\'s board with not_found, and writes nothing', async () => {
    const before = await boardState();
    for (const [name, args] of Object.entries(validArgs())) {
      if (!('boardId' in args)) continue;
      expect((await toolError(asAda, name, { ...args, boardId: 'brd_doesnotexist' })).code, name).toBe('not_found');
      expect((await toolError(asBob, name, args)).code, name).toBe('not_found');
    }
    for (const [name, args] of Object.entries(validArgs())) {
      if (!('itemId' in args)) continue;
      expect((await toolError(asAda, name, { ...args, itemId: 'itm_doesnotexist' })).code, name).toBe('not_found');
    }
    expect((await toolError(asAda, 'get_skill', { skillId: 'skl_doesnotexist' })).code).toBe('not_found');
    expect((await toolError(asAda, 'get_job', { jobId: 'job_doesnotexist' })).code).toBe('not_found');
    expect((await toolError(asAda, 'get_item_type', { type: 'hologram' })).code).toBe('not_found');
    expect((await toolError(asAda, 'no_such_tool', {})).code).toBe('not_found');
    expect(await boardState()).toBe(before);
  });

  it("refuses a viewer's write with forbidden, and writes nothing", async () => {
    const before = await boardState();
    const { tools } = await asViewer.listTools();
    const readersMay = new Set(['ai_ask', 'ai_plan', 'ai_review']);
    let refused = 0;
    for (const tool of tools) {
      const args = validArgs()[tool.name] ?? {};
      if (tool.annotations?.readOnlyHint || !('boardId' in args) || readersMay.has(tool.name)) continue;
      expect((await toolError(asViewer, tool.name, args)).code, tool.name).toBe('forbidden');
      refused += 1;
    }
    expect(refused).toBeGreaterThanOrEqual(10);
    expect(await boardState()).toBe(before);
  });

  it('refuses every write tool for a token without its scope before it runs, and writes nothing', async () => {
    const before = await boardState();
    const { tools } = await asReader.listTools();
    for (const tool of tools) {
      if (tool.annotations?.readOnlyHint) continue;
      // Even with arguments that are wrong: the scope is checked first.
      const error = await toolError(asReader, tool.name, { ...validArgs()[tool.name], boardId: 42 });
      expect(error.code, tool.name).toBe('insufficient_scope');
      expect(error.requiredScope, tool.name).toMatch(/^(boards|ai|skills):write$/);
    }
    expect(await boardState()).toBe(before);
  });

  it('refuses every tool to a token with only user:read (each needs a boards, ai or skills scope)', async () => {
    const profileOnly = await t.createUser({ scopes: 'user:read' });
    await t.api(ada.key, 'POST', `/boards/${boardId}/members`, { email: profileOnly.email, role: 'editor' });
    const client = await connectMcp(t.url, profileOnly.key);
    clients.push(client);
    const before = await boardState();
    for (const [name, args] of Object.entries(validArgs())) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBe(true);
      expect((result.structuredContent as { error: { code: string } }).error.code, name).toBe('insufficient_scope');
    }
    expect(await boardState()).toBe(before);
  });

  it('refuses with the code and message of the REST operation it mirrors', async () => {
    const body = { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 7 } };
    const rest = (await (await t.api(ada.key, 'POST', `/boards/${boardId}/items`, body)).json()) as { error: { code: string; message: string } };
    const tool = await toolError(asAda, 'create_item', { boardId, ...body });
    expect({ code: tool.code, message: tool.message }).toEqual({ code: rest.error.code, message: rest.error.message });
    const restScope = (await (await t.api(reader.key, 'POST', `/boards/${boardId}/chat`, { text: 'hi' })).json()) as { error: { code: string; message: string } };
    const toolScope = await toolError(asReader, 'post_chat_message', { boardId, text: 'hi' });
    expect({ code: toolScope.code, message: toolScope.message }).toEqual({ code: restScope.error.code, message: restScope.error.message });
    expect(toolScope.docsUrl).toBe(`${t.url}/docs/errors/insufficient_scope`);
  });
});
