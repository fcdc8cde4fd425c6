import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import type { TestClient } from './helpers.js';
import { connectClient, createBoard, sticky, synced } from './helpers.js';

let t: TestServer;
let alice: TestUser;
const sockets: WebSocket[] = [];
const clients: TestClient[] = [];

beforeAll(async () => {
  t = await startTestServer({
    env: {
      BOARDS_SYNC_MAX_MESSAGE_BYTES: '4096',
      BOARDS_SYNC_MAX_CONNECTIONS_PER_BOARD: '3',
      BOARDS_SYNC_MESSAGES_PER_SECOND: '20',
      BOARDS_MAX_DOCUMENT_BYTES: '60000',
    },
  });
  alice = await t.createUser({ plan: 'pro' });
});
afterEach(() => {
  for (const ws of sockets.splice(0)) ws.terminate();
  for (const c of clients.splice(0)) c.destroy();
});
afterAll(() => t.stop());

/** A raw socket on a board, resolved once open. */
function open(boardId: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/v1/sync/${boardId}?token=${alice.key}`);
    sockets.push(ws);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

// Sync step 1 with an empty state vector: the smallest valid y-websocket message.
const syncStep1 = new Uint8Array([0, 0, 1, 0]);

describe('limits of live sync', () => {
  test('a message over the size limit closes the socket with 1009; others carry on', async () => {
    const boardId = await createBoard(t, alice.key);
    const bystander = connectClient(t, boardId, alice.key);
    clients.push(bystander);
    await synced(bystander);
    const ws = await open(boardId);
    const code = closed(ws);
    ws.send(new Uint8Array(8192));
    expect(await code).toBe(1009);
    const item = await json(t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('still live')));
    await expect.poll(() => bystander.itemIds().includes(item.id)).toBe(true);
  });

  test('connections over the per-board limit are refused with 4429', async () => {
    const boardId = await createBoard(t, alice.key);
    await Promise.all([open(boardId), open(boardId), open(boardId)]);
    const fourth = await open(boardId);
    expect(await closed(fourth)).toBe(4429);
    // Another board is not affected.
    const other = await createBoard(t, alice.key);
    const c = connectClient(t, other, alice.key);
    clients.push(c);
    await synced(c);
  });

  test('a client over the message rate is closed with 4429; others carry on', async () => {
    const boardId = await createBoard(t, alice.key);
    const bystander = connectClient(t, boardId, alice.key);
    clients.push(bystander);
    await synced(bystander);
    const flooder = await open(boardId);
    const code = closed(flooder);
    for (let i = 0; i < 200; i += 1) flooder.send(syncStep1);
    expect(await code).toBe(4429);
    const item = await json(t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('after the flood')));
    await expect.poll(() => bystander.itemIds().includes(item.id)).toBe(true);
  });
});

describe('document size limit', () => {
  test('REST writes past the limit answer 413 and are not applied', async () => {
    const boardId = await createBoard(t, alice.key);
    let status = 201;
    let created = 0;
    for (let i = 0; i < 40 && status === 201; i += 1) {
      const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('x'.repeat(5000), i * 10));
      status = res.status;
      if (status === 201) created += 1;
      else await expectEnvelope(res, 413, 'payload_too_large');
    }
    expect(status).toBe(413);
    const listed = (await json(t.api(alice.key, 'GET', `/boards/${boardId}/items?limit=1000`))).data;
    expect(listed).toHaveLength(created);
  });
});
