import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeCluster } from '../helpers/cluster.js';
import { apiRequest, createUserWithKey } from '../helpers/spawnServer.js';
import { freePort, json } from '../helpers/testServer.js';

/** `npm run cluster:local` is `node scripts/clusterLocal.mjs`; run directly, so that signals reach it and not npm. */
const script = path.resolve('scripts', 'clusterLocal.mjs');

/** The temp folders of runs of the script (`boards-cluster-*`). */
const clusterDirs = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith('boards-cluster-'));

/** Runs the script with `args` to its end. */
function runScript(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Processes (pids) whose command line or environment names `dir`: every part the script started for one run. */
function processesUsing(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    for (const file of ['cmdline', 'environ']) {
      try {
        if (readFileSync(path.join('/proc', entry, file), 'latin1').includes(dir)) {
          pids.push(Number(entry));
          break;
        }
      } catch {
        // Gone meanwhile, or not ours to read.
      }
    }
  }
  return pids;
}

describe('npm run cluster:local: its options', () => {
  it.each([
    [['--nodes', '0'], '--nodes must be a whole number from 1 to 8 (got "0").'],
    [['--nodes', '9'], '--nodes must be a whole number from 1 to 8 (got "9").'],
    [['--nodes', '2.5'], '--nodes must be a whole number from 1 to 8 (got "2.5").'],
    [['--nodes'], '--nodes must be a whole number from 1 to 8 (got nothing).'],
    [['--port', '70000'], '--port must be a whole number from 1 to 65535 (got "70000").'],
    [['--port=http'], '--port must be a whole number from 1 to 65535 (got "http").'],
    [['--replicas', '2'], 'Unknown option "--replicas".'],
  ])('refuses %j with one line and the usage, starting nothing', async (args, message) => {
    const before = clusterDirs();
    const { code, stdout, stderr } = await runScript(args);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(message);
    expect(stderr).toContain('Usage: npm run cluster:local -- [--nodes N] [--port PORT]');
    expect(clusterDirs().filter((name) => !before.includes(name))).toEqual([]);
  });
});

describeCluster('npm run cluster:local', () => {
  let child: ChildProcess | undefined;
  let dir: string | undefined;
  const adminDir = mkdtempSync(path.join(tmpdir(), 'boards-cluster-local-admin-'));

  afterAll(() => {
    // Only when the test failed before its SIGINT: the script then stops what it started.
    if (child !== undefined && child.exitCode === null) child.kill('SIGINT');
    rmSync(adminDir, { recursive: true, force: true });
  });

  it('refuses a --port something already listens on, in one line, starting nothing', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (taken.address() as AddressInfo).port;
      const before = clusterDirs();
      const { code, stderr } = await runScript(['--nodes', '1', '--port', String(port)]);
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`Port ${port} is in use: choose another with --port.`);
      expect(clusterDirs().filter((name) => !before.includes(name))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('starts two processes behind nginx, serves REST through it, and on SIGINT stops every process and removes its folder', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const started = spawn(process.execPath, [script, '--nodes', '2', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let out = '';
    started.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    await vi.waitFor(() => {
      if (started.exitCode !== null) throw new Error(`cluster:local exited with ${started.exitCode}: ${out}`);
      expect(out).toContain('Ctrl+C stops everything');
    }, { timeout: 240_000, interval: 200 });

    // Every address, and how to sign in.
    const address = (label: string): string => {
      const match = new RegExp(`^  ${label}\\s+(\\S+)`, 'm').exec(out);
      if (match?.[1] === undefined) throw new Error(`No ${label} line in: ${out}`);
      return match[1];
    };
    const balanced = address('balanced');
    expect(balanced).toBe(`http://127.0.0.1:${port}`);
    const processes = [address('process 1'), address('process 2')];
    expect(address('redis')).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    const postgresUrl = address('postgres');
    expect(postgresUrl).toMatch(/^postgres:\/\/boards@127\.0\.0\.1:\d+\/boards$/);
    dir = address('files');
    expect(existsSync(dir)).toBe(true);
    expect(out).toMatch(new RegExp(`^Sign in at ${balanced}/ .*${path.join(dir, 'dev-outbox.jsonl')}$`, 'm'));

    // A REST write through nginx is read by each process from the one store.
    const key = await createUserWithKey('local@example.com', 'user:read boards:read boards:write', {
      BOARDS_STORAGE: 'postgres',
      BOARDS_POSTGRES_URL: postgresUrl,
      BOARDS_DATA_DIR: adminDir,
    });
    const created = await apiRequest(balanced, key, 'POST', '/boards', { title: 'Local cluster' });
    expect(created.status).toBe(201);
    const boardId = (await json(created)).id as string;
    for (const url of processes) expect((await json(apiRequest(url, key, 'GET', `/boards/${boardId}`))).title).toBe('Local cluster');

    // The processes, Redis, PostgreSQL and nginx all run now (so that the check after SIGINT can fail).
    const running = processesUsing(dir);
    const commands = running.map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ');
      } catch {
        return '';
      }
    });
    expect(commands.filter((command) => command.includes('boards.js start'))).toHaveLength(2);
    for (const program of ['redis-server', 'postgres', 'nginx']) expect(commands.some((command) => command.includes(program))).toBe(true);

    started.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toContain(`SIGINT: stopping every process and removing ${dir}`);
    expect(processesUsing(dir)).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });
});
