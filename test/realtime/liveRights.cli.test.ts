import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { freePort, json } from '../helpers/testServer.js';
import { apiRequest, runBoards, spawnBoardsServer } from '../helpers/spawnServer.js';
import { destroyLiveClients, openLive } from './liveClient.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-live-cli-'));
const env = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'warn' };
/** Makes the spawned server's basic plan one without public links (see the fixture). */
const basicWithoutLinks = pathToFileURL(path.resolve('test/realtime/fixtures/basicWithoutLinks.mjs')).href;
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

describe('a plan changed by another process', { timeout: 180_000 }, () => {
  test('boards admin set-plan to a plan without public links, run while the server runs, closes the link guests 4404', async () => {
    const email = 'plan@example.com';
    await boards(['admin', 'create-user', '--email', email, '--name', 'Pia', '--plan', 'pro']);
    const key = (await boards(['admin', 'create-api-key', '--email', email, '--scopes', 'boards:read boards:write user:read', '--name', 'live'])).trim().split('\n').at(-1) ?? '';

    const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --import ${basicWithoutLinks}`.trim();
    const server = await spawnBoardsServer({ ...env, BOARDS_LOG_LEVEL: 'info', BOARDS_PORT: String(await freePort()), NODE_OPTIONS: nodeOptions });
    const api = (method: string, route: string, body?: unknown) => apiRequest(server.url, key, method, route, body);
    try {
      const created = await api('POST', '/boards', { title: 'Live' });
      expect(created.status).toBe(201);
      const boardId = (await json(created)).id as string;
      const link = await json(await api('PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer' }));
      const guest = await openLive(server, boardId, link.token);
      const member = await openLive(server, boardId, key);
      await Promise.all([guest.synced, member.synced]);

      await boards(['admin', 'set-plan', '--email', email, '--plan', 'basic']);
      // The running server serves the changed table: basic has no public links there.
      expect(await json(await api('GET', '/me/limits'))).toMatchObject({ plan: 'basic', limits: { publicLinks: false } });
      expect(await guest.closed).toBe(4404);
      expect(member.closeCode()).toBeUndefined();
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});
