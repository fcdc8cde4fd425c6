import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { SpawnedServer } from '../helpers/spawnServer.js';
import { createUserWithKey, apiRequest, runBoards, spawnBoardsServer } from '../helpers/spawnServer.js';
import { freePort, json } from '../helpers/testServer.js';
import type { TestReceiver } from './webhooks/receiver.js';
import { startReceiver } from './webhooks/receiver.js';

/**
 * `boards admin` run while a server uses the same data folder does admin work only: with the
 * server's webhook deliveries pending (attempts in flight, held by the receiver), admin commands
 * attempt none of them (no request arrives while the server's own for the same delivery is
 * held) and log nothing of the server's background work; once the receiver answers, each delivery
 * was accepted exactly once.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-cli-beside-'));
const env = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'info', BOARDS_RATE_LIMIT_PER_MINUTE: '1000000', BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };
let key = '';
let server: SpawnedServer | undefined;
let receiver: TestReceiver;

function api(method: string, route: string, body?: unknown): Promise<Response> {
  return apiRequest(server!.url, key, method, route, body);
}

beforeAll(async () => {
  key = await createUserWithKey('ops@example.com', 'user:read boards:read boards:write', env);
  receiver = await startReceiver();
  server = await spawnBoardsServer({ ...env, BOARDS_PORT: String(await freePort()) });
}, 120_000);

afterAll(async () => {
  if (server) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('boards admin beside a running server', { timeout: 180_000 }, () => {
  test('attempts none of the pending webhook deliveries, logs no background work, and each delivery is accepted exactly once', async () => {
    expect((await api('POST', '/webhooks', { url: receiver.url, events: ['item.created'] })).status).toBe(201);
    const boardId = (await json(api('POST', '/boards', { title: 'Admin beside' }))).id as string;

    // The server's attempts stay in flight (pending and due in the store) while the commands run.
    receiver.respond('hang');
    const itemIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await api('POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: i * 10, y: 0 }, data: { text: `pending ${i}` } });
      expect(response.status).toBe(201);
      itemIds.push((await json(response)).id as string);
    }
    await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(3), { timeout: 30_000 });

    const commands = [
      ['admin', 'create-api-key', '--email', 'ops@example.com', '--scopes', 'user:read'],
      ['admin', 'list-users'],
      ['admin', 'set-plan', '--email', 'ops@example.com', '--plan', 'pro'],
      ['admin', 'reindex'],
    ];
    const runs = await Promise.all(commands.map((args) => runBoards(args, env)));
    for (const [index, run] of runs.entries()) {
      expect(run.code, `${commands[index]!.join(' ')}: ${run.stderr}`).toBe(0);
      // At the info level the command logs nothing: no webhook attempt, no sweep, no recovery.
      expect(run.stderr, commands[index]!.join(' ')).toBe('');
    }

    receiver.release(204);
    const accepted = (itemId: string) => receiver.received.filter((d) => d.json.data.id === itemId && d.answered === 204);
    await vi.waitFor(() => expect(itemIds.map((id) => accepted(id).length > 0)).toEqual(itemIds.map(() => true)), { timeout: 60_000 });
    for (const itemId of itemIds) expect(accepted(itemId), itemId).toHaveLength(1);
    // The server sends a delivery again only after its attempt gave up: a request arriving while another
    // with the same webhook-id is still held came from a second process.
    expect(receiver.received.filter((d) => d.alongside > 0).map((d) => d.headers['webhook-id'])).toEqual([]);
    expect(server!.output()).not.toContain('webhook attempt failed');
    expect((await api('GET', '/me')).status).toBe(200);
  });
});
