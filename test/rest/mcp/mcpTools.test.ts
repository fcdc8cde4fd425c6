import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientItemIds, clientItems, connectSyncClient } from '../../content/helpers/syncClient.js';
import { startTestServer } from '../../helpers/testServer.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { connectMcp, toolData } from './mcpClient.js';

let t: TestServer;
let ada: TestUser;
let client: Client;
let boardId: string;

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.createUser({ name: 'Ada' });
  const board = await t.api(ada.key, 'POST', '/boards', { title: 'Launch plan' });
  boardId = ((await board.json()) as { id: string }).id;
  client = await connectMcp(t.url, ada.key);
});

afterAll(async () => {
  await client?.close();
  await t?.stop();
});

describe('MCP tools over Streamable HTTP', () => {
  it('lists tools with annotations and JSON Schemas from the REST schemas', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const create = byName.get('create_item');
    expect(create?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(create?.inputSchema.required).toEqual(expect.arrayContaining(['boardId', 'type', 'position']));
    expect(Object.keys(create?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['boardId', 'type', 'position', 'size', 'data']));
    expect(byName.get('get_board_outline')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('delete_item')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    const comment = byName.get('add_comment');
    expect(Object.keys(comment?.inputSchema.properties ?? {}).sort()).toEqual(['boardId', 'data', 'position']);
    for (const tool of tools) {
      const defs = (tool.inputSchema as { $defs?: Record<string, unknown> }).$defs ?? {};
      for (const match of JSON.stringify(tool.inputSchema).matchAll(/"\$ref":"([^"]+)"/g)) {
        const name = /^#\/\$defs\/(.+)$/.exec(match[1] ?? '')?.[1];
        expect(name !== undefined && name in defs, `${tool.name}: ${match[1]}`).toBe(true);
      }
    }
    expect(JSON.stringify(byName.get('batch_items')?.inputSchema)).toContain('BatchCreateOperation');
    for (const name of ['list_boards', 'list_spaces', 'get_board_structure', 'list_items', 'get_item', 'update_item', 'batch_items', 'search', 'list_chat_messages', 'post_chat_message', 'ai_generate', 'apply_skill', 'list_board_members', 'list_board_activity']) {
      expect(byName.has(name), name).toBe(true);
    }
  });

  it('creates a sticky note that a stock y-websocket provider on the board sees', async () => {
    const sync = connectSyncClient(t.url, boardId, ada.key);
    try {
      await sync.synced();
      const item = await toolData<{ id: string; type: string }>(client, 'create_item', {
        boardId,
        type: 'sticky_note',
        position: { x: 10, y: 20 },
        data: { text: 'Ship on Friday' },
      });
      expect(item.type).toBe('sticky_note');
      await expect.poll(() => clientItemIds(sync.doc)).toContain(item.id);
      const map = clientItems(sync.doc).get(item.id) as { get(key: string): unknown };
      expect(map.get('type')).toBe('sticky_note');
      const rest = await t.api(ada.key, 'GET', `/boards/${boardId}/items/${item.id}`);
      expect(rest.status).toBe(200);
    } finally {
      sync.destroy();
    }
  });

  it('reads boards, spaces, outline, structure, items and members', async () => {
    const boards = await toolData<{ data: { id: string }[]; nextCursor: string | null }>(client, 'list_boards', { limit: 10 });
    expect(boards.data.map((b) => b.id)).toContain(boardId);
    const spaces = await toolData<{ data: unknown[] }>(client, 'list_spaces', {});
    expect(spaces.data.length).toBeGreaterThan(0);
    const note = await toolData<{ id: string }>(client, 'create_item', { boardId, type: 'sticky_note', position: { x: 500, y: 0 }, data: { text: 'Outline me' } });
    const outline = await toolData<{ outline: string }>(client, 'get_board_outline', { boardId });
    expect(outline.outline).toContain('Outline me');
    const structure = await toolData<{ standalone: unknown[] }>(client, 'get_board_structure', { boardId });
    expect(JSON.stringify(structure.standalone)).toContain(note.id);
    const got = await toolData<{ id: string; data: { text: string } }>(client, 'get_item', { boardId, itemId: note.id });
    expect(got.data.text).toBe('Outline me');
    const page = await toolData<{ data: { id: string }[]; nextCursor: string | null }>(client, 'list_items', { boardId, limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    const members = await toolData<{ data: { email: string }[] }>(client, 'list_board_members', { boardId });
    expect(members.data.map((m) => m.email)).toContain(ada.email);
    const activity = await toolData<{ data: unknown[] }>(client, 'list_board_activity', { boardId });
    expect(activity.data.length).toBeGreaterThan(0);
  });

  it('updates and deletes an item', async () => {
    const note = await toolData<{ id: string }>(client, 'create_item', { boardId, type: 'sticky_note', position: { x: 0, y: 900 }, data: { text: 'Draft' } });
    const updated = await toolData<{ data: { text: string } }>(client, 'update_item', { boardId, itemId: note.id, data: { text: 'Final' } });
    expect(updated.data.text).toBe('Final');
    const deleted = await toolData<{ outcome: string; deletedIds: string[] }>(client, 'delete_item', { boardId, itemId: note.id });
    expect(deleted).toMatchObject({ outcome: 'deleted', deletedIds: [note.id] });
    expect((await t.api(ada.key, 'GET', `/boards/${boardId}/items/${note.id}`)).status).toBe(404);
  });

  it('runs the batch as one change', async () => {
    const result = await toolData<{ results: { id: string }[] }>(client, 'batch_items', {
      boardId,
      operations: [
        { op: 'create', ref: 'a', type: 'sticky_note', position: { x: 0, y: 1500 }, data: { text: 'A' } },
        { op: 'create', ref: 'b', type: 'sticky_note', position: { x: 400, y: 1500 }, data: { text: 'B' } },
        { op: 'create', type: 'connector', position: { x: 200, y: 1500 }, data: { from: 'a', to: 'b' } },
      ],
    });
    expect(result.results).toHaveLength(3);
    const items = await (await t.api(ada.key, 'GET', `/boards/${boardId}/items?limit=1000`)).json() as { data: { id: string }[] };
    for (const r of result.results) expect(items.data.map((i) => i.id)).toContain(r.id);
  });

  it('searches, comments and chats', async () => {
    await toolData(client, 'create_item', { boardId, type: 'sticky_note', position: { x: 0, y: 2500 }, data: { text: 'zebracorn milestone' } });
    await expect
      .poll(async () => (await toolData<{ items: unknown[] }>(client, 'search', { q: 'zebracorn' })).items.length)
      .toBeGreaterThan(0);
    const comment = await toolData<{ id: string; type: string }>(client, 'add_comment', { boardId, position: { x: 50, y: 50 }, data: { text: 'Is Friday realistic?' } });
    expect(comment.type).toBe('comment');
    const replied = await toolData<{ data: Record<string, unknown> }>(client, 'update_item', { boardId, itemId: comment.id, reply: { text: 'Yes' } });
    expect(JSON.stringify(replied.data)).toContain('Yes');
    await toolData(client, 'post_chat_message', { boardId, text: 'Board is ready' });
    const chat = await toolData<{ data: { text: string }[] }>(client, 'list_chat_messages', { boardId });
    expect(chat.data.map((m) => m.text)).toContain('Board is ready');
  });

  it('runs the AI operations and skills', async () => {
    const answer = await toolData<{ answer: string }>(client, 'ai_ask', { boardId, question: 'When do we ship?' });
    expect(typeof answer.answer).toBe('string');
    const skills = await toolData<{ data: { id: string }[] }>(client, 'list_skills', {});
    const skillId = skills.data[0]?.id ?? '';
    expect(skillId).not.toBe('');
    const applied = await toolData<Record<string, unknown>>(client, 'apply_skill', { boardId, skillId, prompt: 'Retro: went well; to improve', position: { x: 0, y: 4000 } });
    expect(JSON.stringify(applied)).toContain('itm_');
  });
});
