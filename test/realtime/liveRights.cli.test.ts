import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { freePort, json } from '../helpers/testServer.js';
import { runBoards, spawnBoardsServer } from '../helpers/spawnServer.js';
import { destroyLiveClients, openLive } from './liveClient.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-live-cli-'));
const env = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'warn' };
afterEach(() => destroyLiveClients());
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function boards(args: string[]): Promise<string> {
  const run = await runBoards(args, env);
  if (run.code !== 0) throw new Error(`boards ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  return run.stdout;
}

// Spawns the server and the command several times; a loaded machine makes each spawn slow.
describe('a key revoked by another process', { timeout: 180_000 }, () => {
  test('boards admin revoke-api-key, run while the server runs, closes the sockets opened with the key 4401', async () => {
    const email = 'live@example.com';
    await boards(['admin', 'create-user', '--email', email, '--name', 'Liv', '--plan', 'pro']);
    const live = (await boards(['admin', 'create-api-key', '--email', email, '--scopes', 'boards:read boards:write', '--name', 'live'])).trim().split('\n').at(-1) ?? '';
    const other = (await boards(['admin', 'create-api-key', '--email', email, '--scopes', 'boards:read boards:write', '--name', 'other'])).trim().split('\n').at(-1) ?? '';
    const rows = (await boards(['admin', 'list-api-keys', '--email', email])).trim().split('\n').map((line) => line.split('\t'));
    const liveId = rows.find((row) => row[1] === 'live')?.[0] ?? '';
    expect(liveId).toMatch(/^key_/);

    // The server logs at info: its "listening" line says where it is.
    const server = await spawnBoardsServer({ ...env, BOARDS_LOG_LEVEL: 'info', BOARDS_PORT: String(await freePort()) });
    try {
      const created = await fetch(`${server.url}/v1/boards`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${other}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Live' }),
      });
      expect(created.status).toBe(201);
      const boardId = (await json(created)).id as string;
      const revoked = await openLive(server, boardId, live);
      const kept = await openLive(server, boardId, other);
      await Promise.all([revoked.synced, kept.synced]);

      await boards(['admin', 'revoke-api-key', '--email', email, '--id', liveId]);
      expect(await revoked.closed).toBe(4401);
      expect((await fetch(`${server.url}/v1/me`, { headers: { Authorization: `Bearer ${live}` } })).status).toBe(401);
      expect(kept.closeCode()).toBeUndefined();
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});
