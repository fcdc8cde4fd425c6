import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { idempotencyKeyTtlMs } from '../../server/idempotency/IdempotencyService.js';
import { idempotencyCollections } from '../../storage/schema/idempotency.js';
import type { IdempotencyRecord } from '../../storage/schema/idempotency.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

let t: TestServer;
let ada: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.createUser({ plan: 'business' });
});
afterAll(() => t.stop());

const note = (text: string) => ({ type: 'sticky_note', position: { x: 0, y: 0 }, data: { text } });
const keyed = (key: string) => ({ 'Idempotency-Key': key });
let keyCounter = 0;
const freshKey = () => `key-${Date.now()}-${(keyCounter += 1)}`;

async function newBoard(user: TestUser = ada): Promise<string> {
  const res = await t.api(user.key, 'POST', '/boards', { title: 'Idempotency' });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

async function itemIds(boardId: string, user: TestUser = ada): Promise<string[]> {
  const page = await json(t.api(user.key, 'GET', `/boards/${boardId}/items?limit=1000`));
  return (page.data as { id: string }[]).map((item) => item.id);
}

async function activityCount(boardId: string): Promise<number> {
  const page = await json(t.api(ada.key, 'GET', `/boards/${boardId}/activity?limit=100`));
  return (page.data as unknown[]).length;
}

function storedKeys() {
  return t.server.services.db.collection<IdempotencyRecord>(idempotencyCollections.keys);
}

describe('a retry with the same Idempotency-Key and request', () => {
  test('answers the first answer again with Idempotent-Replayed: true and writes nothing (no item, no activity row)', async () => {
    const boardId = await newBoard();
    const key = freshKey();
    const first = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Once'), keyed(key));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await json(first);
    await expect.poll(() => activityCount(boardId)).toBeGreaterThan(0);
    const activityBefore = await activityCount(boardId);

    const again = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Once'), keyed(key));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(again)).toEqual(firstBody);
    expect(await itemIds(boardId)).toEqual([firstBody.id]);
    expect(await activityCount(boardId)).toBe(activityBefore);
  });

  test('a body with its keys in another order is the same request', async () => {
    const boardId = await newBoard();
    const key = freshKey();
    const first = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 1, y: 2 }, data: { text: 'a' } }, keyed(key));
    expect(first.status).toBe(201);
    const again = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, `{"data":{"text":"a"},"position":{"y":2,"x":1},"type":"sticky_note"}`, keyed(key));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await itemIds(boardId)).length).toBe(1);
  });

  test('replays a creation of a board (not a board-document write) with its status and body, and makes no second board', async () => {
    const key = freshKey();
    const first = await t.api(ada.key, 'POST', '/boards', { title: 'Only one' }, keyed(key));
    expect(first.status).toBe(201);
    const body = await json(first);
    const again = await t.api(ada.key, 'POST', '/boards', { title: 'Only one' }, keyed(key));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(again)).toEqual(body);
    const boards = await json(t.api(ada.key, 'GET', '/boards?limit=100'));
    expect((boards.data as { title: string }[]).filter((b) => b.title === 'Only one')).toHaveLength(1);
  });

  test('replays a DELETE and a handler 404 the same way', async () => {
    const boardId = await newBoard();
    const created = await json(t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Gone soon')));
    const key = freshKey();
    const deleted = await t.api(ada.key, 'DELETE', `/boards/${boardId}/items/${created.id}`, undefined, keyed(key));
    expect(deleted.status).toBe(200);
    const deletedBody = await json(deleted);
    const again = await t.api(ada.key, 'DELETE', `/boards/${boardId}/items/${created.id}`, undefined, keyed(key));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(again)).toEqual(deletedBody);

    const missingKey = freshKey();
    const missing = await t.api(ada.key, 'PATCH', `/boards/${boardId}/items/itm_missing`, { position: { x: 1, y: 1 } }, keyed(missingKey));
    const missingBody = await expectEnvelope(missing, 404, 'not_found');
    const missingAgain = await t.api(ada.key, 'PATCH', `/boards/${boardId}/items/itm_missing`, { position: { x: 1, y: 1 } }, keyed(missingKey));
    expect(missingAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(missingAgain)).toEqual(missingBody);
  });
});

describe('a key bound to another request', () => {
  test('another body, path or method is 422 idempotency_key_reused, and nothing is written', async () => {
    const boardId = await newBoard();
    const key = freshKey();
    expect((await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('First'), keyed(key))).status).toBe(201);
    const otherBody = await expectEnvelope(await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Second'), keyed(key)), 422, 'idempotency_key_reused');
    expect(otherBody.error).toMatchObject({ header: 'Idempotency-Key' });
    const otherBoard = await newBoard();
    await expectEnvelope(await t.api(ada.key, 'POST', `/boards/${otherBoard}/items`, note('First'), keyed(key)), 422, 'idempotency_key_reused');
    await expectEnvelope(await t.api(ada.key, 'POST', '/boards', { title: 'First' }, keyed(key)), 422, 'idempotency_key_reused');
    expect((await itemIds(boardId)).length).toBe(1);
    expect(await itemIds(otherBoard)).toEqual([]);
  });
});

describe('a retry while the first request runs', () => {
  test('is 409 idempotency_key_in_use with Retry-After, then replays once the first is answered', async () => {
    const boardId = await newBoard();
    const content = t.server.services.content;
    const original = content.createItem.bind(content);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let entered = false;
    content.createItem = async (...args) => {
      entered = true;
      await gate;
      return original(...args);
    };
    try {
      const key = freshKey();
      const first = t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Slow'), keyed(key));
      await vi.waitFor(() => expect(entered).toBe(true));
      const duplicate = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Slow'), keyed(key));
      await expectEnvelope(duplicate, 409, 'idempotency_key_in_use');
      expect(Number(duplicate.headers.get('retry-after'))).toBeGreaterThan(0);
      open();
      const answered = await first;
      expect(answered.status).toBe(201);
      const replay = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Slow'), keyed(key));
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await json(replay)).toEqual(await json(answered));
      expect((await itemIds(boardId)).length).toBe(1);
    } finally {
      content.createItem = original;
      open();
    }
  });
});

describe('keys are per credential', () => {
  test('the same key and request sent with another API key of the same person is another request', async () => {
    const boardId = await newBoard();
    const { secret: secondKey } = await t.server.services.apiKeys.create({ userId: ada.id, scopes: 'boards:read boards:write' });
    const key = freshKey();
    const first = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Twice'), keyed(key));
    const second = await t.api(secondKey, 'POST', `/boards/${boardId}/items`, note('Twice'), keyed(key));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect((await itemIds(boardId)).length).toBe(2);
  });
});

describe('what does not consume a key', () => {
  test('a 422 of request validation stores nothing: the key then serves the corrected request', async () => {
    const boardId = await newBoard();
    const key = freshKey();
    await expectEnvelope(await t.api(ada.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note' }, keyed(key)), 422, 'validation_failed');
    const fixed = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Fixed'), keyed(key));
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  test('a 403 of a role the caller lacks frees the key: once given the role, the same key runs', async () => {
    const boardId = await newBoard();
    const bob = await t.createUser({ plan: 'business' });
    expect((await t.api(ada.key, 'POST', `/boards/${boardId}/members`, { email: bob.email, role: 'viewer' })).status).toBeLessThan(300);
    const key = freshKey();
    await expectEnvelope(await t.api(bob.key, 'POST', `/boards/${boardId}/items`, note('Bob'), keyed(key)), 403, 'forbidden');
    expect((await t.api(ada.key, 'PATCH', `/boards/${boardId}/members/${encodeURIComponent(bob.email)}`, { role: 'editor' })).status).toBe(200);
    const allowed = await t.api(bob.key, 'POST', `/boards/${boardId}/items`, note('Bob'), keyed(key));
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('idempotent-replayed')).toBeNull();
  });

  test('a 429 of the rate limit stores nothing: the key is not consumed', async () => {
    const limited = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const user = await limited.createUser();
      const board = await json(limited.api(user.key, 'POST', '/boards', { title: 'Limited' }));
      expect((await limited.api(user.key, 'GET', `/boards/${board.id}`)).status).toBe(200);
      const refused = await limited.api(user.key, 'POST', `/boards/${board.id}/items`, note('Too many'), keyed('limited-key'));
      await expectEnvelope(refused, 429, 'rate_limited');
      expect(await limited.server.services.db.collection<IdempotencyRecord>(idempotencyCollections.keys).count({})).toBe(0);
    } finally {
      await limited.stop();
    }
  });

  test('a 5xx stores no answer: the retry runs again, and writes once', async () => {
    const boardId = await newBoard();
    const content = t.server.services.content;
    const original = content.createItem.bind(content);
    content.createItem = async () => {
      throw new Error('disk on fire');
    };
    const key = freshKey();
    try {
      await expectEnvelope(await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('After a 500'), keyed(key)), 500, 'internal_error');
    } finally {
      content.createItem = original;
    }
    const retry = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('After a 500'), keyed(key));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await itemIds(boardId)).length).toBe(1);
  });
});

describe('bad keys', () => {
  test.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé-été'],
    ['with a control character', 'tab\there'],
  ])('a key that is %s is 400 invalid_idempotency_key naming the header, and nothing is stored', async (_name, key) => {
    const boardId = await newBoard();
    const keysBefore = await storedKeys().count({});
    const res = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Bad key'), { 'Idempotency-Key': key });
    const body = await expectEnvelope(res, 400, 'invalid_idempotency_key');
    expect(body.error).toMatchObject({ header: 'Idempotency-Key' });
    expect(await itemIds(boardId)).toEqual([]);
    expect(await storedKeys().count({})).toBe(keysBefore);
  });

  test('255 printable ASCII characters are a good key', async () => {
    const boardId = await newBoard();
    const res = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Long key'), keyed(`${'~ '.repeat(127)}!`));
    expect(res.status).toBe(201);
  });
});

describe('methods that ignore the header', () => {
  test('GET answers as usual with any Idempotency-Key, even a malformed one, and stores nothing', async () => {
    const boardId = await newBoard();
    const keysBefore = await storedKeys().count({});
    for (const key of ['', 'x'.repeat(300), freshKey()]) {
      const res = await t.api(ada.key, 'GET', `/boards/${boardId}/items`, undefined, { 'Idempotency-Key': key });
      expect(res.status).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await storedKeys().count({})).toBe(keysBefore);
  });

  test('PUT (idempotent already) runs every time with any Idempotency-Key, and stores nothing', async () => {
    const keysBefore = await storedKeys().count({});
    const settings = { emailEnabled: true, events: { comments: true, replies: true, shares: true, boardUpdates: false } };
    for (const key of ['', 'same-key', 'same-key']) {
      const res = await t.api(ada.key, 'PUT', '/me/notification-settings', settings, { 'Idempotency-Key': key });
      expect(res.status).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await storedKeys().count({})).toBe(keysBefore);
  });
});

describe('expiry', () => {
  test('after 24 h by the service clock a key is forgotten: swept, and free for a new request', async () => {
    const boardId = await newBoard();
    const key = freshKey();
    expect((await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Day one'), keyed(key))).status).toBe(201);
    t.clock.advance(idempotencyKeyTtlMs - 1);
    await expectEnvelope(await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Day two'), keyed(key)), 422, 'idempotency_key_reused');
    t.clock.advance(1);
    expect(await t.server.services.idempotency.sweep()).toBeGreaterThan(0);
    const later = await t.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Day two'), keyed(key));
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect((await itemIds(boardId)).length).toBe(2);
  });
});

describe('OpenAPI', () => {
  test('declares Idempotency-Key on every POST, PATCH and DELETE (not on GET or PUT), and Idempotent-Replayed on their success answers', async () => {
    const doc = await json(fetch(`${t.baseUrl}/openapi.json`));
    let writes = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        const declared = operation.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
        const isWrite = ['post', 'patch', 'delete'].includes(method);
        expect(declared, `${method} ${path}`).toBe(isWrite);
        if (!isWrite) continue;
        writes += 1;
        const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        for (const [status, response] of success) expect(response.headers?.['Idempotent-Replayed'], `${method} ${path} ${status}`).toBeDefined();
        expect(operation.responses['409']?.headers?.['Retry-After'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(writes).toBeGreaterThan(20);
  });
});
