import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { freePort, json } from '../helpers/testServer.js';
import { runBoards, spawnBoardsServer } from '../helpers/spawnServer.js';
import { destroyLiveClients, openLive } from './liveClient.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-live-plan-'));
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
describe('a plan changed by another process', { timeout: 180_000 }, () => {
  test('boards admin set-plan to a plan without public links, run while the server runs, closes the link guests 4404', async () => {
    const email = 'plan@example.com';
    await boards(['admin', 'create-user', '--email', email, '--name', 'Pia', '--plan', 'pro']);
    const key = (await boards(['admin', 'create-api-key', '--email', email, '--scopes', 'boards:read boards:write user:read', '--name', 'live'])).trim().split('\n').at(-1) ?? '';

    const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --import ${basicWithoutLinks}`.trim();
    const server = await spawnBoardsServer({ ...env, BOARDS_LOG_LEVEL: 'info', BOARDS_PORT: String(await freePort()), NODE_OPTIONS: nodeOptions });
    const api = (method: string, route: string, body?: unknown) =>
      fetch(`${server.url}/v1${route}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
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
