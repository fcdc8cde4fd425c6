import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runBoards } from '../helpers/spawnServer.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-cli-admin-'));
const env = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'warn' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const adminCommands = ['create-user', 'list-users', 'create-api-key', 'list-api-keys', 'revoke-api-key', 'set-plan', 'create-app', 'reindex', 'backup', 'restore'];

// Each test spawns the command several times; a loaded machine makes each spawn slow.
describe('boards admin', { timeout: 240_000 }, () => {
  test('list-users, list-api-keys and revoke-api-key', async () => {
    const empty = await runBoards(['admin', 'list-users'], env);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('No users yet');

    expect((await runBoards(['admin', 'create-user', '--email', 'grace@example.com', '--name', 'Grace', '--plan', 'pro'], env)).code).toBe(0);
    const users = await runBoards(['admin', 'list-users'], env);
    expect(users.code, users.stderr).toBe(0);
    const [row] = users.stdout.trim().split('\n');
    expect(row?.split('\t')).toEqual([expect.stringMatching(/^usr_/), 'grace@example.com', 'Grace', expect.any(String), 'pro']);

    const created = await runBoards(['admin', 'create-api-key', '--email', 'grace@example.com', '--scopes', 'user:read', '--name', 'ci'], env);
    expect(created.code, created.stderr).toBe(0);
    const secret = created.stdout.trim().split('\n').at(-1) ?? '';

    const listed = await runBoards(['admin', 'list-api-keys', '--email', 'grace@example.com'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).not.toContain(secret);
    const [id, name, scopes, , state] = listed.stdout.trim().split('\t');
    expect([name, scopes, state]).toEqual(['ci', 'user:read', 'active']);

    const revoked = await runBoards(['admin', 'revoke-api-key', '--email', 'grace@example.com', '--id', id ?? ''], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    const after = await runBoards(['admin', 'list-api-keys', '--email', 'grace@example.com'], env);
    expect(after.stdout).toMatch(/\trevoked \d{4}-/);
  });

  test('prints only its answer on standard output at the default log level, so scripts can read it', async () => {
    const run = await runBoards(['admin', 'list-users'], { BOARDS_DATA_DIR: dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('"level"');
    expect(run.stderr).not.toContain('AI assistant ready');
  });

  test.each([
    [['admin', 'list-api-keys'], 2, '--email is required'],
    [['admin', 'list-api-keys', '--email', 'nobody@example.com'], 1, 'User not found'],
    [['admin', 'revoke-api-key', '--email', 'grace@example.com'], 2, '--id is required'],
    [['admin', 'revoke-api-key', '--email', 'grace@example.com', '--id', 'key_missing'], 1, 'not found'],
    [['start', 'now'], 2, 'takes no arguments'],
  ])('boards %j exits %i with a clear message', async (args, code, message) => {
    const run = await runBoards(args, env);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
  });

  test.each(adminCommands)('boards admin %s --help describes the command, even with a bad configuration', async (command) => {
    const run = await runBoards(['admin', command, '--help'], { ...env, BOARDS_PORT: 'not-a-port' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: boards admin ${command}`));
    expect(run.stdout.split('\n').length).toBeGreaterThan(2);
  });

  test('boards --help, boards admin --help and boards start --help', async () => {
    for (const args of [['--help'], ['admin', '--help'], ['start', '--help']]) {
      const run = await runBoards(args, env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Usage:');
    }
    const all = await runBoards(['admin', '--help'], env);
    for (const command of adminCommands) expect(all.stdout).toContain(`boards admin ${command}`);
  });
});
