import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBoardsClient } from '../../client/index.js';
import type { Schema } from '../../client/index.js';
import type { TestServer } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

describe('the typed client', () => {
  test("performs the README's walk-through: who am I, a board, a note on it, the board's items", async () => {
    const ada = await t.createUser({ email: 'ada@example.com', name: 'Ada Lovelace', plan: 'pro', scopes: 'user:read boards:read boards:write' });
    const api = createBoardsClient({ baseUrl: t.baseUrl, token: ada.key });

    const me = await api.GET('/me');
    expect(me.response.status).toBe(200);
    expect(me.data?.user.email).toBe('ada@example.com');

    const created = await api.POST('/boards', { body: { title: 'Sprint planning' } });
    expect(created.response.status).toBe(201);
    const board: Schema<'Board'> | undefined = created.data;
    expect(board?.title).toBe('Sprint planning');
    const boardId = board?.id ?? '';

    const note = await api.POST('/boards/{boardId}/items', {
      params: { path: { boardId } },
      body: { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Ship the beta' } },
    });
    expect(note.response.status).toBe(201);
    expect(note.data?.type).toBe('sticky_note');

    const items = await api.GET('/boards/{boardId}/items', { params: { path: { boardId } } });
    expect(items.data?.data.map((item) => item.id)).toEqual([note.data?.id]);

    // Errors come back typed as the envelope.
    const missing = await api.GET('/boards/{boardId}', { params: { path: { boardId: 'brd_missing' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('not_found');
  });
});
