import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import type { Body, TestServer } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import type { SharedBoard } from './fixtures.js';
import { sharedBoard } from './fixtures.js';
import type { TestClient } from './helpers.js';
import { clientStickyNote, connectClient, createBoard, sticky, synced } from './helpers.js';

let t: TestServer;
let s: SharedBoard;
const clients: TestClient[] = [];

beforeAll(async () => {
  t = await startTestServer();
  s = await sharedBoard(t);
});
afterEach(() => {
  for (const c of clients.splice(0)) c.destroy();
});
afterAll(() => t.stop());

function client(boardId: string, token: string): TestClient {
  const c = connectClient(t, boardId, token);
  clients.push(c);
  return c;
}

/** Opens a raw socket and resolves with the close code the server sends. */
function closeCodeOf(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}${path}`, { headers });
    ws.on('close', (code) => resolve(code));
    ws.on('error', reject);
  });
}

/** Adds an item the way a browser client would (same layout as the server's). */
function clientAddsItem(c: TestClient, id: string, text: string): void {
  c.doc.transact(() => c.doc.getMap('items').set(id, clientStickyNote(text)));
}

describe('one document, two doors', () => {
  test('an item created through REST appears at connected clients without reload', async () => {
    const c = client(s.boardId, s.viewer.key);
    await synced(c);
    const item = await json(t.api(s.editor.key, 'POST', `/boards/${s.boardId}/items`, sticky('from REST')));
    await expect.poll(() => c.itemIds().includes(item.id)).toBe(true);
  });

  test("a client's edit is visible to the next REST read", async () => {
    const c = client(s.boardId, s.editor.key);
    await synced(c);
    clientAddsItem(c, 'itm_fromclient0001', 'from a browser');
    await expect
      .poll(async () => (await json(t.api(s.owner.key, 'GET', `/boards/${s.boardId}/items/itm_fromclient0001`))).data?.text)
      .toBe('from a browser');
  });

  test('a batch of 100 lands as exactly one update at a connected client', async () => {
    const boardId = await createBoard(t, s.owner.key);
    const c = client(boardId, s.owner.key);
    await synced(c);
    let updates = 0;
    c.doc.on('update', () => {
      updates += 1;
    });
    const operations = Array.from({ length: 100 }, (_, i) => ({ op: 'create', type: 'text', position: { x: i * 10, y: 0 }, data: { text: `n${i}` } }));
    expect((await t.api(s.owner.key, 'POST', `/boards/${boardId}/items:batch`, { operations })).status).toBe(200);
    await expect.poll(() => c.itemIds().length).toBe(100);
    expect(updates).toBe(1);
  });
});

describe('read-only connections', () => {
  test.each(['viewer', 'commenter'] as const)("a %s's edit is refused: not applied on the server nor at others", async (role) => {
    const boardId = s.boardId;
    const writer = client(boardId, s[role].key);
    const watcher = client(boardId, s.owner.key);
    await Promise.all([synced(writer), synced(watcher)]);
    clientAddsItem(writer, `itm_readonly_${role}`, 'should not land');
    // A later REST write reaching the watcher proves the refused edit had its chance to arrive first.
    const marker = await json(t.api(s.owner.key, 'POST', `/boards/${boardId}/items`, sticky('marker')));
    await expect.poll(() => watcher.itemIds().includes(marker.id)).toBe(true);
    expect(watcher.itemIds()).not.toContain(`itm_readonly_${role}`);
    const serverDoc = await t.server.services.documents.open(boardId);
    expect(serverDoc.getMap('items').has(`itm_readonly_${role}`)).toBe(false);
  });

  test('a token without boards:write connects read-only', async () => {
    const { secret } = await t.server.services.apiKeys.create({ userId: s.editor.id, scopes: 'boards:read' });
    const c = client(s.boardId, secret);
    await synced(c);
    clientAddsItem(c, 'itm_scope_readonly', 'no');
    const marker = await json(t.api(s.owner.key, 'POST', `/boards/${s.boardId}/items`, sticky('marker2')));
    await expect.poll(() => c.itemIds().includes(marker.id)).toBe(true);
    expect((await t.server.services.documents.open(s.boardId)).getMap('items').has('itm_scope_readonly')).toBe(false);
  });
});

describe('authorisation close codes', () => {
  test('4401 without a token or with a bad one', async () => {
    expect(await closeCodeOf(`/v1/sync/${s.boardId}`)).toBe(4401);
    expect(await closeCodeOf(`/v1/sync/${s.boardId}?token=bds_ak_wrong`)).toBe(4401);
  });

  test('4403 for a token without boards:read', async () => {
    const { secret } = await t.server.services.apiKeys.create({ userId: s.owner.id, scopes: 'user:read' });
    expect(await closeCodeOf(`/v1/sync/${s.boardId}`, { Authorization: `Bearer ${secret}` })).toBe(4403);
  });

  test('4404 for an unknown board and for a board the person cannot read', async () => {
    expect(await closeCodeOf(`/v1/sync/brd_missing?token=${s.owner.key}`)).toBe(4404);
    expect(await closeCodeOf(`/v1/sync/${s.boardId}?token=${s.stranger.key}`)).toBe(4404);
  });

  test('other upgrade paths answer 404', async () => {
    await expect(closeCodeOf('/v1/elsewhere')).rejects.toThrow(/404/);
  });

  test('the token in the URL is never logged', async () => {
    const c = client(s.boardId, s.owner.key);
    await synced(c);
    expect(t.logs.join('\n')).not.toContain(s.owner.key);
  });
});

describe('public links and presence', () => {
  test('a public link token opens the board read-only without an account', async () => {
    const link: Body = await json(t.api(s.owner.key, 'PUT', `/boards/${s.boardId}/public-link`, { enabled: true, role: 'viewer' }));
    expect(link.token).toMatch(/^bds_pl_/);
    const guest = client(s.boardId, link.token);
    await synced(guest);
    const marker = await json(t.api(s.owner.key, 'POST', `/boards/${s.boardId}/items`, sticky('for guests')));
    await expect.poll(() => guest.itemIds().includes(marker.id)).toBe(true);
    clientAddsItem(guest, 'itm_guest_write', 'no');
    const marker2 = await json(t.api(s.owner.key, 'POST', `/boards/${s.boardId}/items`, sticky('again')));
    await expect.poll(() => guest.itemIds().includes(marker2.id)).toBe(true);
    expect((await t.server.services.documents.open(s.boardId)).getMap('items').has('itm_guest_write')).toBe(false);
    await t.api(s.owner.key, 'PUT', `/boards/${s.boardId}/public-link`, { enabled: false });
    expect(await closeCodeOf(`/v1/sync/${s.boardId}?token=${link.token}`)).toBe(4404);
  });

  test('presence lists who has the board open, by server-side identity', async () => {
    const boardId = await createBoard(t, s.owner.key);
    expect((await json(t.api(s.owner.key, 'GET', `/boards/${boardId}/presence`))).data).toEqual([]);
    const c = client(boardId, s.owner.key);
    await synced(c);
    c.provider.awareness.setLocalStateField('user', { name: 'Somebody Else', id: 'usr_forged' });
    await expect
      .poll(async () => (await json(t.api(s.owner.key, 'GET', `/boards/${boardId}/presence`))).data)
      .toEqual([expect.objectContaining({ user: { id: s.owner.id, name: 'Olive' }, guest: false })]);
    c.destroy();
    await expect.poll(async () => (await json(t.api(s.owner.key, 'GET', `/boards/${boardId}/presence`))).data).toEqual([]);
    expect((await t.api(s.stranger.key, 'GET', `/boards/${boardId}/presence`)).status).toBe(404);
  });
});
