import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { peersDir, projectRoot } from './paths.js';
import type { TrackedProcess } from './processes.js';
import type { Target } from './target.js';

/** The servers the bench compares; `relay` is the raw WebSocket relay of S0a. */
export const serverNames = ['ours', 'hocuspocus', 'yws', 'relay'] as const;
/** One of `serverNames`. */
export type ServerName = (typeof serverNames)[number];

/** Core of the server under test (`taskset -c 0`); the load generator runs on core 1. */
export const serverCore = 0;

/** Core of the load generator (the harness's process, and helper clients such as S7's REST client). */
export const loadGeneratorCore = 1;

/** A running server under test. */
export interface RunningServer {
  readonly name: ServerName;
  readonly version: string;
  readonly pid: number;
  readonly target: Target;
  /** Its data folder (reused by `restart`). */
  readonly dataDir: string;
  /** Creates `count` boards and returns their ids (REST for ours, fresh names for the peers). */
  createBoards(count: number): Promise<string[]>;
  /** The V8 heap in use and the documents held in memory, as last reported by the server process (ours); undefined when it cannot tell. */
  memReport?: () => { heapUsedMB: number; residentDocs: number | null } | undefined;
  /** Ours, started with `heapReport`: the V8 heap in use after a full collection, in MB (`bench/peers/heap-report.mjs`); undefined when it did not answer. */
  heapAfterGcMB?: () => Promise<number | undefined>;
  /** Document loads from storage counted in the server process so far; null when not countable. */
  storageReads(): number | null;
  /**
   * How long the server held each live update received between the host times `fromMs` and `toMs`
   * (from reading its message to the relay's first write; `bench/peers/sync-hold.mjs`), and how
   * many it did not relay from the flush that took them; undefined when the server cannot tell.
   */
  liveHold?: (fromMs: number, toMs: number) => Promise<LiveHold>;
  /** Readies a writer of server-side batches (S7), before the measured window; undefined when the server has none. */
  batchClient?: () => Promise<BatchClient>;
  /** SIGKILL (the crash of S6; also the teardown). */
  kill(): Promise<void>;
  /** Graceful stop (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** A fresh process on the same data folder (and port); `spawned` is told its pid as soon as it is started, before it is ready. */
  restart(spawned?: (pid: number) => void): Promise<RunningServer>;
}

/** Live updates held in the server over a window (see `RunningServer.liveHold`). */
export interface LiveHold {
  /** Hold of each update relayed, in ms. */
  heldMs: number[];
  /** Updates whose flush wrote nothing (relayed later, or to no one). */
  unrelayed: number;
}

/** Writes items on a board through the server's own write path (ours: REST; Hocuspocus: a direct connection). */
export interface BatchClient {
  /**
   * Creates `items` new items; resolves once the server answered the last call. `batches`
   * (default): sequential calls of at most 100; `import`: one import job, polled until done.
   */
  run(board: string, items: number, mode?: BatchMode): Promise<{ ms: number; calls: number }>;
  close(): Promise<void>;
}

/** How a `BatchClient` writes: sequential 100-item batches, or one import job. */
export type BatchMode = 'batches' | 'import';

/** Options of `startServer`. */
export interface StartOptions {
  /** API key of a restarted server of ours (its data folder already has the user). */
  token?: string;
  /** Reuse this data folder (seeded or after a crash); a fresh temp folder otherwise. */
  dataDir?: string;
  port?: number;
  /**
   * Ours: prints its heap and resident documents every 2 s (`bench/peers/mem-report.mjs`), for S8.
   * Off elsewhere: the report's timer is CPU the peers do not spend.
   */
  memReport?: boolean;
  /** Ours: answers `heapAfterGcMB` (`bench/peers/heap-report.mjs`; a signal handler, no timer), for S3. */
  heapReport?: boolean;
  /**
   * Our server's measuring preloads: all of them, or only the count of storage reads. Default: the
   * latter, unless `--hold` asked for the holds (`measureHolds`). S5 always takes the latter: the
   * hold preload imports the document layer before the server's own code runs, which delays when
   * it holds its port, as `npm start` never does.
   */
  preloads?: 'all' | 'storageReads';
  /** Told the process id once the process is started, before the server is ready (S5 samples its CPU from then). */
  spawned?: (pid: number) => void;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh temp data folder for one server run. */
export function freshDataDir(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
}

/** Removes a data folder made by `freshDataDir`. */
export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The installed version of a package of `bench/peers` (or of the project for `boards-server`). */
export function packageVersion(name: string): string {
  const file = name === 'boards-server' ? path.join(projectRoot(), 'package.json') : path.join(peersDir(), 'node_modules', name, 'package.json');
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'missing';
  }
}

/** SIGTERM, then SIGKILL when the process is still there after 5 s. */
export async function stopGracefully(proc: TrackedProcess): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.child.once('exit', () => resolve()));
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => void proc.kill(), 5_000);
  await exited;
  clearTimeout(timer);
  await proc.kill();
}
