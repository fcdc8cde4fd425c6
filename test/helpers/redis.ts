import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { accepts } from '../../bench/realtime/serverKit.js';
import { freePort } from './testServer.js';

/** Debian's Redis server, which the cluster tests start a throwaway instance of. */
export const redisServerPath = '/usr/bin/redis-server';

/**
 * True when redis-server is installed. Suites skip without it, except in CI (`CI=true`), where a
 * missing Redis is an error (.ci/run installs it).
 */
export function redisAvailable(suite: string): boolean {
  const available = existsSync(redisServerPath);
  if (!available && process.env.CI) {
    throw new Error(`redis-server is required in CI for ${suite} but ${redisServerPath} is missing (.ci/run installs it).`);
  }
  if (!available) console.warn(`Skipping ${suite}: ${redisServerPath} is not installed (apt-get install redis-server).`);
  return available;
}

/** A throwaway Redis on 127.0.0.1 (no persistence); `restart` keeps its port and loses its data. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** Kills the server (SIGKILL) and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts redis-server on a free loopback port with nothing saved to disk. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'boards-redis-'));
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const started = spawn(redisServerPath, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    child = started;
    await vi.waitFor(async () => {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}`);
      if (!(await accepts(port))) throw new Error('redis-server is not accepting connections yet');
    }, { timeout: 15_000, interval: 50 });
  };
  const kill = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
