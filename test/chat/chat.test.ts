import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageRecord } from '../../storage/schema/chat.js';
import { chatCollections } from '../../storage/schema/chat.js';
import type { ActivityBody, PageBody } from '../boards/helpers/api.js';
import { createBoard, read } from '../boards/helpers/api.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';

interface MessageBody {
  id: string;
  boardId: string;
  author: { id: string; name: string };
  text: string;
  createdAt: string;
}

let t: TestServer;
let owner: TestUser;
let commenter: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let boardId: string;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ plan: 'pro', name: 'Olga Owner' });
  commenter = await t.createUser({ plan: 'pro', name: 'Cem Commenter' });
  viewer = await t.createUser({ plan: 'pro', name: 'Vi Viewer' });
  stranger = await t.createUser({ plan: 'pro' });
  boardId = (await createBoard(t, owner, { title: 'Chatty' })).id;
  await t.server.services.boardMembers.share(owner.id, boardId, { email: commenter.email, role: 'commenter' });
  await t.server.services.boardMembers.share(owner.id, boardId, { email: viewer.email, role: 'viewer' });
});
afterAll(async () => t.stop());

async function post(user: TestUser, board: string, text: unknown): Promise<Response> {
  return t.api(user.key, 'POST', `/boards/${board}/chat`, { text });
}

async function list(user: TestUser, board: string, query = ''): Promise<PageBody<MessageBody>> {
  return read<PageBody<MessageBody>>(await t.api(user.key, 'GET', `/boards/${board}/chat${query}`), 200);
}

describe('POST /boards/{boardId}/chat', () => {
  it("posts as the token's owner, trimmed, and records an activity row", async () => {
    const message = await read<MessageBody>(await post(owner, boardId, '  Hello team  \n'), 201);
    expect(message).toMatchObject({ boardId, author: { id: owner.id, name: 'Olga Owner' }, text: 'Hello team' });
    expect(message.id).toMatch(/^msg_/);
    expect(new Date(message.createdAt).getTime()).toBe(t.clock.now());
    const byCommenter = await read<MessageBody>(await post(commenter, boardId, 'Hi!'), 201);
    expect(byCommenter.author).toEqual({ id: commenter.id, name: 'Cem Commenter' });
    const feed = await read<PageBody<ActivityBody>>(await t.api(owner.key, 'GET', `/boards/${boardId}/activity`), 200);
    const rows = feed.data.filter((row) => row.action === 'chat.posted');
    expect(rows.map((row) => row.data['messageId'])).toEqual(expect.arrayContaining([message.id, byCommenter.id]));
  });

  it('accepts 4000 characters and refuses empty, longer, missing or mistyped text, storing nothing', async () => {
    const board = (await createBoard(t, owner, { title: 'Limits' })).id;
    expect((await read<MessageBody>(await post(owner, board, `${'x'.repeat(4000)}   `), 201)).text).toHaveLength(4000);
    for (const bad of ['', '   \n\t', 'y'.repeat(4001)]) {
      expect((await expectEnvelope(await post(owner, board, bad), 422, 'validation_failed')).error.field).toBe('text');
    }
    expect((await expectEnvelope(await post(owner, board, 42), 422, 'validation_failed')).error.field).toBe('text');
    expect((await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${board}/chat`, {}), 422, 'validation_failed')).error.field).toBe('text');
    await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${board}/chat`, { text: 'a', pinned: true }), 422, 'validation_failed');
    expect((await list(owner, board)).data).toHaveLength(1);
  });

  it('refuses viewers (403), people who cannot read the board (404) and tokens without boards:write (403)', async () => {
    await expectEnvelope(await post(viewer, boardId, 'let me in'), 403, 'forbidden');
    await expectEnvelope(await post(stranger, boardId, 'hello?'), 404, 'not_found');
    await expectEnvelope(await post(owner, 'brd_missing', 'hello?'), 404, 'not_found');
    const readOnly = await t.createUser({ plan: 'pro', scopes: 'boards:read' });
    const board = (await createBoard(t, owner, { title: 'Scopes' })).id;
    await t.server.services.boardMembers.share(owner.id, board, { email: readOnly.email, role: 'editor' });
    await expectEnvelope(await post(readOnly, board, 'hi'), 403, 'insufficient_scope');
    expect((await list(readOnly, board)).data).toEqual([]);
    await expectEnvelope(await t.api(null, 'POST', `/boards/${board}/chat`, { text: 'hi' }), 401, 'unauthorized');
    expect((await list(owner, board)).data).toEqual([]);
  });
});

describe('GET /boards/{boardId}/chat', () => {
  it('shows the most recent page first, oldest first within it, and pages back in time', async () => {
    const board = (await createBoard(t, owner, { title: 'History' })).id;
    await t.server.services.boardMembers.share(owner.id, board, { email: viewer.email, role: 'viewer' });
    const texts = ['one', 'two', 'three', 'four', 'five'];
    for (const text of texts) {
      await read(await post(owner, board, text), 201);
      t.clock.advance(1000);
    }
    // Two in the same millisecond keep their posting order.
    await read(await post(owner, board, 'six'), 201);
    await read(await post(owner, board, 'seven'), 201);

    const first = await list(viewer, board, '?limit=3');
    expect(first.data.map((m) => m.text)).toEqual(['five', 'six', 'seven']);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(viewer, board, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.data.map((m) => m.text)).toEqual(['two', 'three', 'four']);
    const third = await list(viewer, board, `?limit=3&cursor=${second.nextCursor}`);
    expect(third.data.map((m) => m.text)).toEqual(['one']);
    expect(third.nextCursor).toBeNull();
    const whole = await list(viewer, board);
    expect(whole.data.map((m) => m.text)).toEqual([...texts, 'six', 'seven']);
    expect(whole.nextCursor).toBeNull();
    const times = whole.data.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('refuses bad cursors and limits', async () => {
    for (const cursor of ['garbage', Buffer.from('{"k":1,"id":"act_1"}').toString('base64url'), Buffer.from('[]').toString('base64url')]) {
      const body = await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${boardId}/chat?cursor=${cursor}`), 422, 'validation_failed');
      expect(body.error.field).toBe('cursor');
    }
    for (const limit of ['0', '101', 'ten', '2.5']) {
      const body = await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${boardId}/chat?limit=${limit}`), 422, 'validation_failed');
      expect(body.error.field).toBe('limit');
    }
  });

  it('hides the chat of unreadable and unknown boards, needs boards:read; a trashed board\'s chat is read-only', async () => {
    await expectEnvelope(await t.api(stranger.key, 'GET', `/boards/${boardId}/chat`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'GET', '/boards/brd_missing/chat'), 404, 'not_found');
    const noBoards = await t.createUser({ plan: 'pro', scopes: 'user:read' });
    await expectEnvelope(await t.api(noBoards.key, 'GET', `/boards/${boardId}/chat`), 403, 'insufficient_scope');
    const board = (await createBoard(t, owner, { title: 'Soon trashed' })).id;
    await read(await post(owner, board, 'bye'), 201);
    await read(await t.api(owner.key, 'DELETE', `/boards/${board}`), 200);
    const kept = await read<{ data: { text: string }[] }>(await t.api(owner.key, 'GET', `/boards/${board}/chat`), 200);
    expect(kept.data.map((m) => m.text)).toEqual(['bye']);
    await expectEnvelope(await post(owner, board, 'anyone?'), 409, 'trashed');
  });

  it('deletes the chat with a board deleted for good', async () => {
    const basic = await t.createUser({ plan: 'basic' });
    const board = (await createBoard(t, basic, { title: 'Short-lived' })).id;
    await read(await post(basic, board, 'first and last'), 201);
    const messages = t.server.services.db.collection<ChatMessageRecord>(chatCollections.messages);
    expect(await messages.count({ boardId: board })).toBe(1);
    await read(await t.api(basic.key, 'DELETE', `/boards/${board}`), 200);
    await expect.poll(() => messages.count({ boardId: board })).toBe(0);
  });
});
