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

describe('Idempotency-Key from the typed client', () => {
  test('every write carries a fresh key, a caller may pass its own, and a retry of the client reuses the key', async () => {
    const ada = await t.createUser({ plan: 'pro', scopes: 'boards:read boards:write' });
    const sent: { method: string; key: string | null }[] = [];
    let failNextWrite = false;
    // A network that loses the first answer of a write after the server handled it: the client retries.
    const flaky: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push({ method: request.method, key: request.headers.get('Idempotency-Key') });
      const response = await fetch(request);
      if (failNextWrite && request.method === 'POST') {
        failNextWrite = false;
        throw new TypeError('fetch failed');
      }
      return response;
    };
    const api = createBoardsClient({ baseUrl: t.baseUrl, token: ada.key, fetch: flaky, maxRetryDelayMs: 10 });

    const board = await api.POST('/boards', { body: { title: 'Keys' } });
    const boardId = board.data?.id ?? '';
    await api.GET('/boards/{boardId}/items', { params: { path: { boardId } } });
    const own = await api.POST('/boards/{boardId}/items', {
      params: { path: { boardId }, header: { 'Idempotency-Key': 'my-own-key' } },
      body: { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Mine' } },
    });
    expect(own.response.status).toBe(201);
    expect(sent.map((s) => s.method)).toEqual(['POST', 'GET', 'POST']);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).toBeNull();
    expect(sent[2]?.key).toBe('my-own-key');

    sent.length = 0;
    failNextWrite = true;
    const retried = await api.POST('/boards/{boardId}/items', {
      params: { path: { boardId } },
      body: { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Once' } },
    });
    expect(retried.response.status).toBe(201);
    expect(retried.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    const items = await api.GET('/boards/{boardId}/items', { params: { path: { boardId } } });
    expect(items.data?.data.map((item) => item.type)).toEqual(['sticky_note', 'sticky_note']);
  });
});
