import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort, json } from '../helpers/testServer.js';
import { runBoards, spawnBoardsServer } from '../helpers/spawnServer.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-cli-'));
const env = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'info' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each test spawns the command several times; a loaded machine makes each spawn slow.
describe('boards command line', { timeout: 120_000 }, () => {
  test('create-user, create-api-key and set-plan, then the key works on a started server', async () => {
    const created = await runBoards(['admin', 'create-user', '--email', 'Ada@Example.com', '--name', 'Ada', '--plan', 'pro'], env);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('ada@example.com');

    const keyRun = await runBoards(['admin', 'create-api-key', '--email', 'ada@example.com', '--scopes', 'user:read boards:read'], env);
    expect(keyRun.code, keyRun.stderr).toBe(0);
    const key = keyRun.stdout.trim().split('\n').at(-1) ?? '';
    expect(key).toMatch(/^bds_ak_[A-Za-z0-9_-]{43}$/);

    const plan = await runBoards(['admin', 'set-plan', '--email', 'ada@example.com', '--plan', 'business'], env);
    expect(plan.code, plan.stderr).toBe(0);

    const port = await freePort();
    const server = await spawnBoardsServer({ ...env, BOARDS_PORT: String(port) });
    try {
      expect(existsSync(path.join(dataDir, 'boards.sqlite'))).toBe(true);
      const me = await fetch(`${server.url}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
      expect(me.status).toBe(200);
      const body = await json(me);
      expect(body.user.email).toBe('ada@example.com');
      expect(body.workspace.plan).toBe('business');
      expect(body.credential.scopes).toEqual(['user:read', 'boards:read']);
      // SIGTERM stops the server gracefully with exit code 0.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"stopped"');
      expect(server.output()).not.toContain(key);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  test.each([
    [['admin', 'create-user'], 2, '--email is required'],
    [['admin', 'create-user', '--email', 'not-an-email'], 1, 'email'],
    [['admin', 'create-user', '--email', 'x@example.com', '--plan', 'gold'], 2, '--plan must be one of'],
    [['admin', 'create-api-key', '--email', 'nobody@example.com', '--scopes', 'user:read'], 1, 'User not found'],
    [['admin', 'create-api-key', '--email', 'ada@example.com', '--scopes', 'user:read admin:all'], 1, 'unknown scope admin:all'],
    [['admin', 'set-plan', '--email', 'ada@example.com', '--plan', 'free'], 2, '--plan must be one of'],
    [['admin', 'teleport'], 2, 'Unknown admin command'],
    [['admin', 'create-user', '--bogus', 'x'], 2, 'bogus'],
    [['launch'], 2, 'Unknown command'],
  ])('boards %j exits %i with a clear message', async (args, code, message) => {
    const run = await runBoards(args, env);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
  });

  test('reindex rebuilds the search index and reports progress', async () => {
    const run = await runBoards(['admin', 'reindex'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Search index rebuilt for \d+ boards?\./);
    const one = await runBoards(['admin', 'reindex', '--board', 'brd_missing'], env);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toContain('Search index rebuilt for 1 board.');
  });

  test('a bad configuration stops start-up naming the variable', async () => {
    const run = await runBoards(['start'], { ...env, BOARDS_PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('BOARDS_PORT');
  });

  test('a duplicate user is refused', async () => {
    await runBoards(['admin', 'create-user', '--email', 'dup@example.com'], env);
    const again = await runBoards(['admin', 'create-user', '--email', 'dup@example.com'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });
});
