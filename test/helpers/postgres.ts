import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testServer.js';

/**
 * The folder of PostgreSQL's server programs (`initdb`, `pg_ctl`): `BOARDS_TEST_POSTGRES_BIN`
 * when set (another layout than Debian's), else the newest of Debian's; null when none is there.
 */
export function postgresBinDir(): string | null {
  // The test runner's environment, not server configuration.
  const chosen = process.env['BOARDS_TEST_POSTGRES_BIN'];
  if (chosen !== undefined && chosen !== '') return hasServerPrograms(chosen) ? chosen : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (hasServerPrograms(bin)) return bin;
  }
  return null;
}

function hasServerPrograms(bin: string): boolean {
  return existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'));
}

/** Why the PostgreSQL suites cannot run here, or null when they can. */
export const postgresMissing: string | null =
  postgresBinDir() === null ? 'PostgreSQL is not installed (apt-get install postgresql: its initdb and pg_ctl are used, no system cluster is started)' : null;

/** A throwaway PostgreSQL cluster on 127.0.0.1, its files and socket in a temp folder. */
export interface PostgresCluster {
  /** `postgres://boards@127.0.0.1:<port>/<database>` */
  url(database: string): string;
  /** Creates an empty database (`extra` is appended to CREATE DATABASE) and returns its URL. */
  createDatabase(extra?: string): Promise<string>;
  /** Refuses new connections to the database at `url` and ends those open (`allow` false), or allows them again. */
  allowConnections(url: string, allow: boolean): Promise<void>;
  /** Stops the server as a crash would (`pg_ctl stop -m immediate`), keeping its files and port. */
  halt(): void;
  /** Starts a halted server again on the same port and waits until it accepts connections. */
  resume(): void;
  stop(): void;
}

/** The user the cluster's programs run as: `postgres` when this process is root (PostgreSQL refuses to run as root). */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function run(bin: string, program: string, args: string[], asPostgres: boolean): void {
  const command = path.join(bin, program);
  if (asPostgres) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

/**
 * Starts a cluster: initdb into a temp folder (owned by `postgres` when running as root), then
 * pg_ctl start listening on 127.0.0.1 at a free port, with the unix socket in the same folder.
 * fsync and synchronous_commit keep their defaults: the suites test the durable configuration.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (bin === null) throw new Error(postgresMissing ?? 'PostgreSQL is not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'boards-pg-'));
  const owner = runAs();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const asPostgres = owner !== null;
  // --no-sync skips only initdb's flush of the files it wrote (seconds on a busy disk); the server keeps fsync on.
  run(bin, 'initdb', ['-D', data, '-U', 'boards', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions'], asPostgres);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`;
  const start = (): void => run(bin, 'pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start'], asPostgres);
  start();
  let stopped = false;
  let halted = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      if (!halted) run(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'], asPostgres);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A worker that dies without its afterAll must not leave a server running.
  process.once('exit', stop);
  const url = (database: string): string => `postgres://boards@127.0.0.1:${port}/${database}`;
  const admin = async (fn: (client: pg.Client) => Promise<void>): Promise<void> => {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      await fn(client);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    async createDatabase(extra = '') {
      const name = `boards_${randomBytes(5).toString('hex')}`;
      await admin((client) => client.query(`CREATE DATABASE ${name} ${extra}`).then(() => undefined));
      return url(name);
    },
    async allowConnections(databaseUrl, allow) {
      const name = new URL(databaseUrl).pathname.slice(1);
      await admin(async (client) => {
        await client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allow}`);
        if (!allow) await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      });
    },
    halt() {
      run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], asPostgres);
      halted = true;
    },
    resume() {
      start();
      halted = false;
    },
    stop,
  };
}

/**
 * A suite that needs PostgreSQL: a cluster started for it (`cluster()` in its tests) and stopped
 * after. Without PostgreSQL the suite is skipped with the reason in its name, except in CI
 * (`CI=true`), where it fails.
 */
export function describePostgres(name: string, body: (cluster: () => PostgresCluster) => void): void {
  if (postgresMissing !== null) {
    // The test runner's environment: CI must not pass by skipping the store it is meant to test.
    if (process.env['CI'] === 'true') {
      describe(name, () => {
        it('needs PostgreSQL', () => {
          expect.fail(`${postgresMissing}; CI must run these tests`);
        });
      });
    } else {
      describe.skip(`${name} — skipped because ${postgresMissing}`, () => body(() => undefined as never));
    }
    return;
  }
  describe(name, () => {
    let started: PostgresCluster | undefined;
    beforeAll(async () => {
      started = await startPostgres();
    });
    afterAll(() => {
      started?.stop();
    });
    body(() => {
      if (!started) throw new Error('The PostgreSQL cluster did not start.');
      return started;
    });
  });
}
