import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { nginxMissing, nginxPorts, startNginx } from './nginx.js';
import type { TestNginx } from './nginx.js';
import { postgresMissing, startPostgres } from './postgres.js';
import type { PostgresCluster } from './postgres.js';
import { redisServerPath, startRedis } from './redis.js';
import type { TestRedis } from './redis.js';
import { apiRequest, createUserWithKey, spawnBoardsServer } from './spawnServer.js';
import type { SpawnedServer } from './spawnServer.js';
import { freePort, json } from './testServer.js';

const redisMissing = existsSync(redisServerPath) ? null : `redis-server is not installed (apt-get install redis-server: ${redisServerPath})`;

/** Why the multi-process suites cannot run here (PostgreSQL, Redis or nginx missing), or null when they can. */
export const clusterMissing: string | null = [postgresMissing, redisMissing, nginxMissing].filter((reason): reason is string => reason !== null).join('; ') || null;

/**
 * A suite on real processes: skipped with the reason in its name when PostgreSQL, Redis or nginx
 * is missing, except in CI (`CI=true`), where it fails.
 */
export function describeCluster(name: string, body: () => void): void {
  if (clusterMissing === null) {
    describe(`${name} (PostgreSQL, Redis, nginx)`, { timeout: 120_000 }, body);
    return;
  }
  // The test runner's environment: CI must not pass by skipping the cluster it is meant to prove.
  if (process.env['CI'] === 'true') {
    describe(name, () => {
      it('needs PostgreSQL, Redis and nginx', () => {
        expect.fail(`${clusterMissing}; CI must run these tests`);
      });
    });
  } else {
    describe.skip(`${name} — skipped because ${clusterMissing}`, body);
  }
}

/** One mail the development mailer of a process wrote. */
export interface OutboxMail {
  to: string;
  subject: string;
  text?: string;
}

/** Several `boards start` processes on one PostgreSQL and one Redis, behind one nginx. */
export interface TestCluster {
  readonly names: readonly string[];
  readonly postgres: PostgresCluster;
  readonly redis: TestRedis;
  readonly nginx: TestNginx;
  /** The database every process uses. */
  readonly databaseUrl: string;
  /** An API key (user:read boards:read boards:write) of the person `userId`, on the business plan. */
  readonly key: string;
  readonly userId: string;
  /** `http://127.0.0.1:<port>` of one process, past nginx. */
  direct(name: string): string;
  /** The environment of one process (for `boards admin` too). */
  env(name: string): Record<string, string>;
  /** Whether the process is running now. */
  running(name: string): boolean;
  /**
   * Starts the process again on its port, its data folder kept, and waits until it listens. Its
   * lease holder is known only when no other process started meanwhile.
   */
  start(name: string): Promise<SpawnedServer>;
  /** Kills the process with SIGKILL and waits for its exit. */
  kill(name: string): Promise<void>;
  /** Stops the process with SIGTERM (it gives its leases up) and waits for its exit. */
  terminate(name: string): Promise<void>;
  /** The process holding the singleton lease `lease` now, or null. */
  holderOf(lease: string): Promise<string | null>;
  /** Whether the liveness lease the process took at its start is still in Redis. */
  alive(name: string): Promise<boolean>;
  /** What the development mailers of every process wrote, in no particular order. */
  mails(): OutboxMail[];
  /** Creates a board through nginx as the person of `key` and returns its id. */
  newBoard(title: string): Promise<string>;
  /** Ids of the board's items (sorted) as the server at `url` reads them, with `key` by default. */
  itemIds(url: string, boardId: string, key?: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** Every `boards start` child of a test file, killed at the end (also when a start never finished). */
const children = new Set<ChildProcess>();
// A worker that dies without its afterAll must not leave servers running.
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return exited;
}

/** The Redis key of a lease (the `boards:` prefix of storage/redis). */
const leaseKey = (name: string): string => `boards:lease:${name}`;

/**
 * Starts PostgreSQL, Redis, the processes `names` (one after the other, the first creating the
 * schema) with `extraEnv`, and nginx over them in that order; creates a person with an API key.
 */
export async function startCluster(names: readonly string[], extraEnv: Record<string, string> = {}): Promise<TestCluster> {
  const dirs: string[] = [];
  const servers = new Map<string, SpawnedServer>();
  const ports = new Map<string, number>();
  const envs = new Map<string, Record<string, string>>();
  const holders = new Map<string, string>();
  let postgres: PostgresCluster | undefined;
  let redis: TestRedis | undefined;
  let nginx: TestNginx | undefined;
  let redisClient: Redis | undefined;
  const stop = async (): Promise<void> => {
    redisClient?.disconnect();
    await Promise.allSettled([...children].map(killChild));
    await Promise.allSettled([nginx?.stop(), redis?.stop()]);
    try {
      postgres?.stop();
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  };
  const found = <T>(map: Map<string, T>, name: string): T => {
    const value = map.get(name);
    if (value === undefined) throw new Error(`No process ${name} in the cluster`);
    return value;
  };
  const processKeys = async (): Promise<Map<string, string>> => {
    const client = redisClient as Redis;
    const keys = (await client.keys(leaseKey('process:*'))).filter((key) => !key.endsWith(':fence'));
    const values = await Promise.all(keys.map((key) => client.get(key)));
    return new Map(keys.map((key, index) => [key, (values[index] ?? '').split(':')[0] ?? '']));
  };
  const start = async (name: string): Promise<SpawnedServer> => {
    const before = await processKeys();
    const server = await spawnBoardsServer(found(envs, name), (child) => children.add(child));
    servers.set(name, server);
    // The liveness lease is taken before the process listens: the one key new since is its own.
    const fresh = [...(await processKeys()).entries()].filter(([key]) => !before.has(key));
    if (fresh.length === 1) holders.set(name, fresh[0]?.[1] ?? '');
    else holders.delete(name);
    return server;
  };
  try {
    postgres = await startPostgres();
    redis = await startRedis();
    redisClient = new Redis(redis.url, { maxRetriesPerRequest: 1, lazyConnect: true });
    redisClient.on('error', () => undefined);
    await redisClient.connect();
    const databaseUrl = await postgres.createDatabase();
    const listen = await nginxPorts();
    for (const name of names) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `boards-proc-${name}-`));
      dirs.push(dataDir);
      ports.set(name, await freePort());
      envs.set(name, {
        BOARDS_STORAGE: 'postgres',
        BOARDS_POSTGRES_URL: databaseUrl,
        BOARDS_REDIS_URL: redis.url,
        BOARDS_SESSION_SECRET: 'a-session-secret-shared-by-every-process-0123456789',
        BOARDS_DATA_DIR: dataDir,
        BOARDS_PUBLIC_URL: `http://127.0.0.1:${listen.port}`,
        BOARDS_PORT: String(found(ports, name)),
        BOARDS_LOG_LEVEL: 'info',
        BOARDS_LOG_FORMAT: 'json',
        BOARDS_RATE_LIMIT_PER_MINUTE: '1000000',
        // Webhook receivers in the tests are on 127.0.0.1.
        BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true',
        ...extraEnv,
      });
    }
    for (const name of names) await start(name);
    nginx = await startNginx(names.map((name) => `127.0.0.1:${found(ports, name)}`), listen);
    const first = names[0] ?? '';
    const key = await createUserWithKey('cluster@example.com', 'user:read boards:read boards:write', found(envs, first));
    const me = await json(apiRequest(nginx.url, key, 'GET', '/me'));
    const front = nginx;
    const commands = redisClient;
    const itemIds = async (url: string, boardId: string, as = key): Promise<string[]> => {
      const res = await apiRequest(url, as, 'GET', `/boards/${boardId}/items?limit=200`);
      expect(res.status).toBe(200);
      return ((await json(res)).data as { id: string }[]).map((item) => item.id).sort();
    };
    const held = postgres;
    const bus = redis;
    return {
      names,
      postgres: held,
      redis: bus,
      nginx: front,
      databaseUrl,
      key,
      userId: me.user.id as string,
      newBoard: async (title) => {
        const res = await apiRequest(front.url, key, 'POST', '/boards', { title });
        expect(res.status).toBe(201);
        return (await json(res)).id as string;
      },
      itemIds,
      direct: (name) => `http://127.0.0.1:${found(ports, name)}`,
      env: (name) => found(envs, name),
      running: (name) => {
        const child = servers.get(name)?.child;
        return child !== undefined && child.exitCode === null && child.signalCode === null;
      },
      start,
      kill: async (name) => {
        const server = servers.get(name);
        if (server) await killChild(server.child);
      },
      terminate: async (name) => {
        const child = servers.get(name)?.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await exited;
      },
      holderOf: async (lease) => {
        const value = await commands.get(leaseKey(lease));
        if (value === null) return null;
        const holder = value.split(':')[0];
        return [...holders.entries()].find(([, known]) => known === holder)?.[0] ?? null;
      },
      alive: async (name) => [...(await processKeys()).values()].includes(found(holders, name)),
      mails: () =>
        names.flatMap((name) => {
          const file = path.join(found(envs, name)['BOARDS_DATA_DIR'] ?? '', 'dev-outbox.jsonl');
          if (!existsSync(file)) return [];
          return readFileSync(file, 'utf8')
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((line) => JSON.parse(line) as OutboxMail);
        }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
