import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './testServer.js';

/** The `boards` command of this checkout (built into `dist/` by the test global setup). */
export const boardsBin = path.resolve('bin', 'boards.js');

/** Runs `boards <args>` to completion with extra environment variables. */
export function runBoards(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [boardsBin, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** A `boards start` child process, resolved once it logs that it listens. */
export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  /** The public URL the server logged (links and OAuth metadata use it). */
  publicUrl: string;
  output: () => string;
  /** Waits for the process to exit. */
  exited: Promise<number | null>;
}

/**
 * Starts `boards start` with extra environment variables and waits for the "listening" log line.
 * `onSpawn` receives the child at once, so a caller can kill a start that never gets there.
 */
export function spawnBoardsServer(env: Record<string, string>, onSpawn?: (child: ChildProcess) => void): Promise<SpawnedServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [boardsBin, 'start'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    onSpawn?.(child);
    let out = '';
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string; publicUrl?: string };
          if (entry.msg === 'listening' && entry.url) {
            resolve({ child, url: entry.url, publicUrl: entry.publicUrl ?? entry.url, output: () => out, exited });
            return;
          }
        } catch {
          // A partial line; wait for the rest.
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    void exited.then((code) => reject(new Error(`boards start exited with ${code}: ${out}`)));
  });
}

/**
 * Creates a person on the business plan with `boards admin create-user`, and an API key for
 * them with the given scopes; returns the key (the last line the command prints).
 */
export async function createUserWithKey(email: string, scopes: string, env: Record<string, string>): Promise<string> {
  const user = await runBoards(['admin', 'create-user', '--email', email, '--plan', 'business'], env);
  if (user.code !== 0) throw new Error(`create-user failed: ${user.stderr}`);
  const created = await runBoards(['admin', 'create-api-key', '--email', email, '--scopes', scopes], env);
  if (created.code !== 0) throw new Error(`create-api-key failed: ${created.stderr}`);
  return created.stdout.trim().split('\n').at(-1) ?? '';
}

/** `boards start` on one data folder, killed with SIGKILL and started again (on a fresh port each time) by a crash test. */
export interface KillableBoards {
  /** Starts the server on a free port. */
  start(): Promise<SpawnedServer>;
  /** Kills it with SIGKILL and waits for the exit. */
  kill(server: SpawnedServer): Promise<void>;
  /** Kills the server still running, if one is (for `afterAll`). */
  killRunning(): Promise<void>;
  /** Creates a person with `boards admin create-user` and returns an API key of theirs with `scopes`. */
  createKey(email: string, scopes: string): Promise<string>;
}

/** A `KillableBoards` with extra environment variables (`BOARDS_DATA_DIR` among them). */
export function killableBoards(env: Record<string, string>): KillableBoards {
  let running: SpawnedServer | undefined;
  const kill = async (server: SpawnedServer): Promise<void> => {
    server.child.kill('SIGKILL');
    await server.exited;
    if (running === server) running = undefined;
  };
  return {
    async start() {
      running = await spawnBoardsServer({ ...env, BOARDS_PORT: String(await freePort()) });
      return running;
    },
    kill,
    async killRunning() {
      if (running) await kill(running);
    },
    createKey: (email, scopes) => createUserWithKey(email, scopes, env),
  };
}

/** A request to the API of a running server (`url` is `http://host:port`) with a bearer key; JSON bodies are serialised. */
export function apiRequest(url: string, key: string, method: string, route: string, body?: unknown): Promise<Response> {
  return fetch(`${url}/v1${route}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
