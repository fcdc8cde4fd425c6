import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { clientCreateSticky, connectSyncClient } from '../../content/helpers/syncClient.js';
import type { SpawnedServer } from '../../helpers/spawnServer.js';
import { runBoards, spawnBoardsServer } from '../../helpers/spawnServer.js';
import { freePort, json } from '../../helpers/testServer.js';
import type { TestReceiver } from './receiver.js';
import { startReceiver } from './receiver.js';

/**
 * Issue 20 "a restart (and kill -9) loses no pending delivery": the real server process (the CLI)
 * is killed with SIGKILL while deliveries are pending (their attempts hang), retrying (the
 * receiver answered 500) and still being made (REST creates in flight), and within a second of
 * live edits (whose item events are coalesced for about a second). After a restart on the same
 * data folder, every acknowledged change has its event delivered at least once, verified with
 * `standardwebhooks`, and a redelivered event keeps its `webhook-id`.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-webhook-restart-'));
const env = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'info', BOARDS_RATE_LIMIT_PER_MINUTE: '1000000', BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };
let key = '';
let userId = '';
let running: SpawnedServer | undefined;
let receiver: TestReceiver;

async function start(): Promise<SpawnedServer> {
  running = await spawnBoardsServer({ ...env, BOARDS_PORT: String(await freePort()) });
  return running;
}

function api(server: SpawnedServer, method: string, route: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/v1${route}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  const user = await runBoards(['admin', 'create-user', '--email', 'hooks@example.com', '--plan', 'business'], env);
  expect(user.code, user.stderr).toBe(0);
  const created = await runBoards(['admin', 'create-api-key', '--email', 'hooks@example.com', '--scopes', 'user:read boards:read boards:write'], env);
  expect(created.code, created.stderr).toBe(0);
  key = created.stdout.trim().split('\n').at(-1) ?? '';
  receiver = await startReceiver();
});

afterAll(async () => {
  if (running) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('webhook deliveries across kill -9', () => {
  test('every acknowledged change is delivered after the restart, with the same webhook-id on redelivery', async () => {
    let server = await start();
    const me = await json(api(server, 'GET', '/me'));
    userId = me.user.id as string;
    const hook = await json(api(server, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] }));
    const secret = hook.secret as string;
    const boardId = (await json(api(server, 'POST', '/boards', { title: 'Crash hooks' }))).id as string;

    // Retrying: the first deliveries are answered 500 and wait for their backoff.
    receiver.respond(500);
    const acknowledged = new Set<string>();
    const create = async (text: string): Promise<void> => {
      const response = await api(server, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text } }).catch(() => null);
      if (response?.status === 201) acknowledged.add((await json(response)).id as string);
    };
    for (let i = 0; i < 5; i++) await create(`retrying ${i}`);
    await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(5), { timeout: 10_000 });
    const firstTries = new Map(receiver.received.map((d) => [d.json.data.id as string, d.headers['webhook-id']]));

    // Pending: the next attempts hang until the process dies.
    receiver.respond('hang');
    for (let i = 0; i < 5; i++) await create(`pending ${i}`);

    // Live edits whose item events are still inside the coalescing second when the process dies.
    const writer = connectSyncClient(server.url, boardId, key);
    const probe = connectSyncClient(server.url, boardId, key);
    await Promise.all([writer.synced(), probe.synced()]);
    const liveIds = [0, 1, 2].map((i) => `itm_live${i}${Date.now().toString(36)}`);
    for (const [i, id] of liveIds.entries()) clientCreateSticky(writer.doc, id, { x: i * 300, y: 0, text: `live ${i}` }, userId);
    // The server relays a client update only once it is stored: the probe seeing them acknowledges them.
    await vi.waitFor(() => expect(liveIds.every((id) => probe.doc.getMap('items').has(id))).toBe(true));

    // Mid-stream: REST creates keep going while the process is killed.
    const stream = (async () => {
      for (let i = 0; i < 200 && server === running; i++) await create(`stream ${i}`);
    })();
    await vi.waitFor(() => expect(acknowledged.size).toBeGreaterThanOrEqual(15), { timeout: 20_000 });
    server.child.kill('SIGKILL');
    await server.exited;
    running = undefined;
    await stream;
    writer.destroy();
    probe.destroy();

    receiver.respond(204);
    const before = receiver.received.length;
    server = await start();
    const delivered = (): Set<string> => new Set(receiver.received.slice(before).map((d) => d.json.data.id as string));
    // Retries are due about 5 s after the failed attempt; rows a crash left in flight are due at once.
    await vi.waitFor(() => expect([...acknowledged, ...liveIds].filter((id) => !delivered().has(id))).toEqual([]), { timeout: 30_000, interval: 200 });

    const verifier = new Webhook(secret);
    const webhookIdOf = new Map<string, string>();
    for (const delivery of receiver.received.slice(before)) {
      const event = verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { id: string; type: string; data: { id: string; source: string } };
      expect(event.type).toBe('item.created');
      const webhookId = String(delivery.headers['webhook-id']);
      // One webhook-id per event: a second delivery of the same event is a duplicate, never a new message.
      expect(webhookIdOf.get(event.id) ?? webhookId).toBe(webhookId);
      webhookIdOf.set(event.id, webhookId);
      if (firstTries.has(event.data.id)) expect(webhookId).toBe(firstTries.get(event.data.id));
      if (liveIds.includes(event.data.id)) expect(event.data.source).toBe('live');
    }
    for (const id of firstTries.keys()) expect(delivered().has(id)).toBe(true);
    console.info(
      `webhook restart: ${acknowledged.size} REST creates and ${liveIds.length} live creates acknowledged before kill -9; ` +
        `${receiver.received.length - before} deliveries after the restart, none missing`,
    );
  }, 90_000);
});
