import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { freePort, json } from '../helpers/testServer.js';
import { boardsBin, runBoards, spawnBoardsServer } from '../helpers/spawnServer.js';

const root = mkdtempSync(path.join(tmpdir(), 'boards-startup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = (name: string) => path.join(root, name);
const base = { BOARDS_LOG_LEVEL: 'info', BOARDS_LOG_FORMAT: 'json' };

/** A start-up failure: exit 1 and one line on stderr naming the setting, no stack. */
function expectOneLine(run: { code: number; stderr: string }, setting: string): void {
  expect(run.code, run.stderr).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^boards: /);
  expect(lines[0]).toContain(setting);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

async function occupy(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('boards start: start-up failures', { timeout: 120_000 }, () => {
  test('a port in use stops start-up before the store is opened, naming BOARDS_PORT', async () => {
    const port = await freePort();
    const blocker = await occupy(port);
    try {
      const dataDir = folder('busy-port');
      const run = await runBoards(['start'], { ...base, BOARDS_DATA_DIR: dataDir, BOARDS_PORT: String(port) });
      expectOneLine(run, 'BOARDS_PORT');
      expect(existsSync(path.join(dataDir, 'boards.sqlite'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  test('a data folder held by a live server is refused; after that server is killed it opens', async () => {
    const dataDir = folder('held');
    const first = await spawnBoardsServer({ ...base, BOARDS_DATA_DIR: dataDir, BOARDS_PORT: String(await freePort()) });
    try {
      const second = await runBoards(['start'], { ...base, BOARDS_DATA_DIR: dataDir, BOARDS_PORT: String(await freePort()) });
      expectOneLine(second, 'BOARDS_DATA_DIR');
      expect(second.stderr).toContain(String(first.child.pid));
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    // The lock of a killed server is not stale: the next server takes the folder.
    const third = await spawnBoardsServer({ ...base, BOARDS_DATA_DIR: dataDir, BOARDS_PORT: String(await freePort()) });
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });

  test('BOARDS_DATA_DIR naming a file is one line naming it', async () => {
    const file = folder('a-file');
    writeFileSync(file, 'not a folder');
    expectOneLine(await runBoards(['start'], { ...base, BOARDS_DATA_DIR: file, BOARDS_PORT: String(await freePort()) }), 'BOARDS_DATA_DIR');
    expectOneLine(await runBoards(['admin', 'list-users'], { ...base, BOARDS_DATA_DIR: file }), 'BOARDS_DATA_DIR');
  });

  test('an unreachable MongoDB is one line naming BOARDS_MONGODB_URL, without its password', async () => {
    const port = await freePort();
    const run = await runBoards(['start'], {
      ...base,
      BOARDS_DATA_DIR: folder('mongo'),
      BOARDS_PORT: String(await freePort()),
      BOARDS_STORAGE: 'mongodb',
      BOARDS_MONGODB_URL: `mongodb://ada:hunter2secret@127.0.0.1:${port}/boards?serverSelectionTimeoutMS=300`,
    });
    expectOneLine(run, 'BOARDS_MONGODB_URL');
    expect(run.stderr).not.toContain('hunter2secret');
  });

  test('an unreachable PostgreSQL is one line naming BOARDS_POSTGRES_URL, without its password', async () => {
    const port = await freePort();
    const run = await runBoards(['start'], {
      ...base,
      BOARDS_DATA_DIR: folder('postgres'),
      BOARDS_PORT: String(await freePort()),
      BOARDS_STORAGE: 'postgres',
      BOARDS_POSTGRES_URL: `postgres://ada:hunter2secret@127.0.0.1:${port}/boards`,
    });
    expectOneLine(run, 'BOARDS_POSTGRES_URL');
    expect(run.stderr).toContain(`127.0.0.1:${port}`);
    expect(run.stderr).not.toContain('hunter2secret');
  });

  test('an unreachable Redis is one line naming BOARDS_REDIS_URL, without its password', async () => {
    const port = await freePort();
    const run = await runBoards(['start'], {
      ...base,
      BOARDS_DATA_DIR: folder('redis'),
      BOARDS_PORT: String(await freePort()),
      BOARDS_REDIS_URL: `redis://:hunter2secret@127.0.0.1:${port}`,
    });
    expectOneLine(run, 'BOARDS_REDIS_URL');
    expect(run.stderr).not.toContain('hunter2secret');
  });
});

describe('boards start: the start-up summary', { timeout: 120_000 }, () => {
  test('with BOARDS_PORT=0 links name the port actually bound; the summary says where things are', async () => {
    const dataDir = folder('port-zero');
    const server = await spawnBoardsServer({ ...base, BOARDS_DATA_DIR: dataDir, BOARDS_PORT: '0' });
    try {
      const port = new URL(server.url).port;
      expect(port).not.toBe('0');
      expect(server.publicUrl).toBe(`http://localhost:${port}`);
      const openapi = await json(await fetch(`${server.url}/v1/openapi.json`));
      expect(openapi.servers[0].url).toBe(`http://localhost:${port}/v1`);
      const listening = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((entry) => entry.msg === 'listening');
      expect(listening).toMatchObject({ web: `http://localhost:${port}/`, console: `http://localhost:${port}/console`, storage: 'sqlite', dataDir });
      expect(String(listening?.signInCodes)).toContain('dev-outbox.jsonl');
      // Each start-up step's duration, in the order they ran, so a slow start says which step it was.
      const startupMs = listening?.startupMs as Record<string, number>;
      expect(Object.keys(startupMs)).toEqual(['boot', 'listen', 'modules', 'store', 'services', 'recovery', 'liveSync', 'liveQueue', 'app']);
      for (const ms of Object.values(startupMs)) expect(ms).toBeGreaterThanOrEqual(0);
      expect(startupMs.boot).toBeGreaterThan(0);
      // Development defaults are warned about without NODE_ENV.
      expect(server.output()).toContain('BOARDS_SESSION_SECRET is not set');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  test('BOARDS_LOG_FORMAT=pretty prints lines for people, not JSON', async () => {
    const child = spawn(process.execPath, [boardsBin, 'start'], {
      env: { ...process.env, ...base, BOARDS_LOG_FORMAT: 'pretty', BOARDS_DATA_DIR: folder('pretty'), BOARDS_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await vi.waitFor(() => expect(out).toMatch(/INFO.*listening/), { timeout: 20_000, interval: 50 });
      expect(out).toMatch(/console: "http:\/\/localhost:\d+\/console"/);
      expect(out.split('\n').some((line) => line.startsWith('{'))).toBe(false);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
