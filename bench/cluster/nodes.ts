import path from 'node:path';
import { oursNodeOptions, peersDir, projectRoot } from '../realtime/paths.js';
import { runToCompletion, spawnTracked } from '../realtime/processes.js';
import type { RunningServer } from '../realtime/serverKit.js';
import { freePort, freshDataDir, packageVersion, removeDataDir, stopGracefully } from '../realtime/serverKit.js';
import { sleep } from '../realtime/target.js';
import { benchMetricsToken } from './processMetrics.js';

/** What every process of one cluster of ours shares: the store, Redis, the session secret, and an API key. */
export interface OursCluster {
  postgresUrl: string;
  redisUrl: string;
  sessionSecret: string;
  /** Set by `createClusterKey`. */
  token: string;
}

/** A process of ours in a cluster, with its HTTP base (`http://127.0.0.1:<port>`). */
export type OursNode = RunningServer & { readonly http: string };

/** The environment that makes a `boards` command a member of `cluster`. */
function clusterEnv(cluster: OursCluster, dataDir: string): Record<string, string> {
  return {
    BOARDS_STORAGE: 'postgres',
    BOARDS_POSTGRES_URL: cluster.postgresUrl,
    BOARDS_REDIS_URL: cluster.redisUrl,
    BOARDS_SESSION_SECRET: cluster.sessionSecret,
    BOARDS_DATA_DIR: dataDir,
    BOARDS_LOG_LEVEL: 'warn',
    BOARDS_RATE_LIMIT_PER_MINUTE: '1000000',
    // `/metrics` on the main port (127.0.0.1): what each process did in a fan-out window.
    BOARDS_METRICS_TOKEN: benchMetricsToken,
  };
}

/** Creates the bench user and an API key in the cluster's store through the `boards` command; sets `cluster.token`. */
export async function createClusterKey(cluster: OursCluster): Promise<void> {
  const cwd = projectRoot();
  const dataDir = freshDataDir('cluster-admin');
  const env = clusterEnv(cluster, dataDir);
  const bin = path.join(cwd, 'bin', 'boards.js');
  try {
    await runToCompletion(process.execPath, [bin, 'admin', 'create-user', '--email', 'bench@example.com', '--plan', 'business'], { cwd, env }, 60_000);
    const out = await runToCompletion(process.execPath, [bin, 'admin', 'create-api-key', '--email', 'bench@example.com', '--scopes', 'user:read boards:read boards:write'], { cwd, env }, 60_000);
    const key = out.trim().split('\n').at(-1)?.trim();
    if (!key) throw new Error('bench: create-api-key printed no key');
    cluster.token = key;
  } finally {
    removeDataDir(dataDir);
  }
}

/**
 * One `boards start` of `cluster` on 127.0.0.1 with a data folder of its own, not pinned to a
 * core (the processes of a cluster share the machine's cores, as they would a host's); resolves
 * once `/readyz` answers 200.
 */
export async function startOursNode(cluster: OursCluster, label: string): Promise<OursNode> {
  const dataDir = freshDataDir(`cluster-${label}`);
  const port = await freePort();
  const root = projectRoot();
  const env = { ...clusterEnv(cluster, dataDir), BOARDS_PORT: String(port), BOARDS_HOST: '127.0.0.1', NODE_OPTIONS: oursNodeOptions() };
  const proc = spawnTracked(process.execPath, [path.join(root, 'bin', 'boards.js'), 'start'], { cwd: root, env });
  const http = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 60_000;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`boards start (${label}) exited ${proc.child.exitCode}: ${proc.stderrTail.join(' | ')}`);
    if (await fetch(`${http}/readyz`).then((r) => r.ok, () => false)) break;
    if (performance.now() > deadline) {
      await proc.kill();
      throw new Error(`boards start (${label}) not ready within 60 s: ${proc.stderrTail.join(' | ')}`);
    }
    await sleep(100);
  }
  return {
    http,
    name: 'ours',
    version: packageVersion('boards-server'),
    pid: proc.pid,
    dataDir,
    target: { dialect: 'y-websocket', wsBase: `ws://127.0.0.1:${port}/v1/sync`, token: cluster.token },
    async createBoards(count) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await createBoard(http, cluster.token, `bench ${i}`));
      return ids;
    },
    storageReads: () => null,
    kill: async () => {
      await proc.kill();
      removeDataDir(dataDir);
    },
    stop: async () => {
      await stopGracefully(proc);
      removeDataDir(dataDir);
    },
    restart: () => startOursNode(cluster, label),
  };
}

/** `POST /v1/boards`; the new board's id. */
export async function createBoard(http: string, token: string, title: string): Promise<string> {
  const response = await fetch(`${http}/v1/boards`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /v1/boards: ${response.status} ${text.slice(0, 300)}`);
  const created = JSON.parse(text) as { id?: unknown };
  if (typeof created.id !== 'string') throw new Error('POST /v1/boards answered without an id');
  return created.id;
}


/**
 * One Hocuspocus 4.7 process of a cluster (`bench/peers/hocuspocus-redis.mjs`): Redis between
 * the processes, one SQLite file shared by all of them as the store.
 */
export async function startHocuspocusNode(redisUrl: string, sqliteFile: string, label: string): Promise<RunningServer> {
  const port = await freePort();
  const proc = spawnTracked(process.execPath, ['hocuspocus-redis.mjs'], { cwd: peersDir(), env: { PORT: String(port), HP_DB: sqliteFile, REDIS_URL: redisUrl } });
  await proc.waitFor((e) => typeof e.port === 'number', 30_000).catch(async (error: unknown) => {
    await proc.kill();
    throw new Error(`hocuspocus (${label}) did not start: ${error instanceof Error ? error.message : String(error)}`);
  });
  let boardSeq = 0;
  const server: RunningServer = {
    name: 'hocuspocus',
    version: `${packageVersion('@hocuspocus/server')} + extension-redis ${packageVersion('@hocuspocus/extension-redis')}`,
    pid: proc.pid,
    dataDir: path.dirname(sqliteFile),
    target: { dialect: 'hocuspocus', wsBase: `ws://127.0.0.1:${port}`, token: 'bench' },
    createBoards: async (count) => Array.from({ length: count }, () => `board-${process.pid}-${label}-${++boardSeq}`),
    storageReads: () => null,
    kill: () => proc.kill(),
    stop: () => stopGracefully(proc),
    restart: () => startHocuspocusNode(redisUrl, sqliteFile, label),
  };
  return server;
}
