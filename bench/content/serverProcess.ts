import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { startNodeOptions } from '../realtime/paths.js';
import { clockTicksPerSecond, readTreeCpuTicks } from '../realtime/procStats.js';
import type { EventLoopDelay, MemoryFigures, ProbeMessage } from './eventLoopProbe.js';

/** The `boards` command of this checkout (`bin/boards.js`, which runs `dist/`). */
export const boardsBin = path.resolve('bin', 'boards.js');

/** A `boards start` child process. */
export interface BoardsProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Graceful stop (SIGTERM: flush and close), resolved on exit. */
  stop(): Promise<void>;
  /** Starts measuring the server's event-loop delay (servers started with `probe: true`); resolves once it runs. */
  startProbe(): Promise<void>;
  /** Stops measuring and resolves with the delay since `startProbe`. */
  stopProbe(): Promise<EventLoopDelay>;
  /** The server's memory after a full collection (servers started with `probe: true` and `--expose-gc`). */
  memory(): Promise<MemoryFigures>;
  /**
   * Resolves once the server (all its threads) used under 5% of a core over 300 ms, at most
   * `maxMs` (default 15 s) later, with the ms waited: a section then measures its own requests,
   * not the compaction or indexing the previous section left running.
   */
  whenQuiet(maxMs?: number): Promise<number>;
}

/** Pins this process (the load generator) to core 1, leaving core 0 to the server (BENCHMARK.md topology); false when not possible. */
export function pinLoadGenerator(): boolean {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Options of `startBoards`. */
export interface StartBoardsOptions {
  dataDir: string;
  /** CPU core to pin the server to with `taskset -c`; none when undefined. */
  core?: number;
  /** Milliseconds to wait for the "listening" log line. Default 20000. */
  timeoutMs?: number;
  /** Preloads `eventLoopProbe.js` into the server, with an IPC channel to drive it. Default false. */
  probe?: boolean;
  /** More environment variables (e.g. the AI provider's). */
  env?: Record<string, string>;
  /** More arguments to node before the script, e.g. `--cpu-prof` to profile the server. */
  nodeArgs?: readonly string[];
  /** The `boards` command to start; default this checkout's (`boardsBin`). Another checkout's, to compare two versions. */
  bin?: string;
}

/** The compiled probe module, next to this file in `dist/bench/content`. */
const probeModule = fileURLToPath(new URL('./eventLoopProbe.js', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Environment of every bench server: its data dir, a rate limit out of the way, quiet logs. */
export function benchEnv(dataDir: string): Record<string, string> {
  return { BOARDS_DATA_DIR: dataDir, BOARDS_RATE_LIMIT_PER_MINUTE: '100000000', BOARDS_LOG_LEVEL: 'info' };
}

/** Runs `boards <args>` to completion; resolves with stdout, rejects on a non-zero exit. */
export function runBoardsCommand(args: readonly string[], dataDir: string, bin = boardsBin): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...benchEnv(dataDir) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`boards ${args.join(' ')} exited ${code}: ${stderr}`))));
  });
}

/** Creates a business-plan user and returns an API key with `boards:read boards:write ai:write` (the admin CLI prints it last). */
export async function createBenchUser(dataDir: string, bin = boardsBin): Promise<string> {
  await runBoardsCommand(['admin', 'create-user', '--email', 'bench@example.com', '--plan', 'business'], dataDir, bin);
  const out = await runBoardsCommand(['admin', 'create-api-key', '--email', 'bench@example.com', '--scopes', 'boards:read boards:write ai:write'], dataDir, bin);
  const key = out.trim().split('\n').at(-1);
  if (key === undefined || !key.startsWith('bds_ak_')) throw new Error(`no API key in: ${out}`);
  return key;
}

/** Starts the server as `npm start` does (`node [its options] bin/boards.js start`) on a free port; resolves once it logs "listening". */
export async function startBoards(options: StartBoardsOptions): Promise<BoardsProcess> {
  const port = await freePort();
  const env = { ...process.env, ...benchEnv(options.dataDir), ...options.env, BOARDS_PORT: String(port), BOARDS_HOST: '127.0.0.1' };
  const node = [process.execPath, ...startNodeOptions(), ...(options.nodeArgs ?? []), ...(options.probe === true ? ['--import', probeModule] : []), options.bin ?? boardsBin, 'start'];
  const [file, ...args] = options.core === undefined ? node : ['taskset', '-c', String(options.core), ...node];
  const child = spawn(file ?? process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe', ...(options.probe === true ? (['ipc'] as const) : [])] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`boards start did not listen: ${output}`)), options.timeoutMs ?? 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.length > 100_000) output = output.slice(-50_000);
      if (/"msg":"listening"/.test(output)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining the pipes so a chatty server never blocks on a full pipe.
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`boards start exited: ${output}`));
    });
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    startProbe: async () => {
      await askProbe(child, exited, { probe: 'start' });
    },
    stopProbe: async () => {
      const reply = await askProbe(child, exited, { probe: 'stop' });
      if (reply.probe !== 'result') throw new Error('unexpected probe reply');
      return reply.delay;
    },
    memory: async () => {
      const reply = await askProbe(child, exited, { probe: 'memory' });
      if (reply.probe !== 'memoryResult') throw new Error('unexpected probe reply');
      return reply.memory;
    },
    whenQuiet: (maxMs = 15_000) => whenQuiet(child.pid, maxMs),
  };
}

/** Quiet: under this share of one core over `quietWindowMs`. */
const quietCpuShare = 0.05;
const quietWindowMs = 300;

async function whenQuiet(pid: number | undefined, maxMs: number): Promise<number> {
  const started = performance.now();
  if (pid === undefined) return 0;
  while (performance.now() - started < maxMs) {
    const before = readTreeCpuTicks(pid);
    await sleep(quietWindowMs);
    const after = readTreeCpuTicks(pid);
    if (before === undefined || after === undefined) break;
    if (((after - before) / clockTicksPerSecond) * 1000 < quietCpuShare * quietWindowMs) break;
  }
  return performance.now() - started;
}

/** Sends `message` to the server's probe and resolves with its answer (`started`, `result` or `memoryResult`). */
function askProbe(child: ChildProcess, exited: Promise<void>, message: ProbeMessage): Promise<ProbeMessage> {
  const answer = message.probe === 'memory' ? 'memoryResult' : message.probe === 'start' ? 'started' : 'result';
  return new Promise<ProbeMessage>((resolve, reject) => {
    const onMessage = (reply: ProbeMessage): void => {
      if (reply.probe !== answer) return;
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    void exited.then(() => reject(new Error('the server exited before its probe answered')));
    probeMessage(child, message);
  });
}

function probeMessage(child: ChildProcess, message: ProbeMessage): void {
  if (child.send === undefined || !child.connected) throw new Error('the server was not started with probe: true');
  child.send(message);
}
