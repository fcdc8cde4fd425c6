import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnTracked } from '../realtime/processes.js';
import type { TrackedProcess } from '../realtime/processes.js';
import { accepts, freePort } from '../realtime/serverKit.js';
import { sleep } from '../realtime/target.js';
import { parseStatementCalls } from './statementCounts.js';
import type { StatementCalls } from './statementCounts.js';

/** The shared components of a cluster on this machine: a throwaway PostgreSQL and Redis on 127.0.0.1. */
export interface SharedInfra {
  /** A `postgres://` URL of a fresh, empty database. */
  createDatabase(): string;
  readonly redisUrl: string;
  /** The PostgreSQL server's main process (the postmaster; its backends are its children). */
  readonly postgresPid: number;
  /** The Redis server's process. */
  readonly redisPid: number;
  /**
   * Transactions committed or rolled back in every database so far (`pg_stat_database`): a
   * statement outside a transaction counts one, and so does a transaction of several. Backends report them at most once a second, so
   * a difference over a run of several seconds is close, not exact.
   */
  transactions(): number;
  /** With `statements`: calls so far per statement (`pg_stat_statements`, every database); else null. */
  statementCalls(): StatementCalls | null;
  stop(): void;
}

/** The folder of PostgreSQL's server programs: `BOARDS_TEST_POSTGRES_BIN`, else the newest of Debian's, else the PATH's. */
function postgresBin(): string {
  const chosen = process.env.BOARDS_TEST_POSTGRES_BIN;
  if (chosen) return chosen;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (existsSync(path.join(root, version, 'bin', 'initdb'))) return path.join(root, version, 'bin');
  const onPath = ['/usr/local/bin', '/usr/bin'].find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (onPath === undefined) throw new Error('bench:cluster needs PostgreSQL (apt-get install postgresql): initdb and pg_ctl are used, no system cluster');
  return onPath;
}

/** Runs a PostgreSQL program, as `postgres` when this process is root (PostgreSQL refuses to run as root). */
function runPostgres(bin: string, program: string, args: string[], asPostgres: boolean): string {
  const command = path.join(bin, program);
  return asPostgres
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', stdio: 'pipe' })
    : execFileSync(command, args, { encoding: 'utf8', stdio: 'pipe' });
}

/**
 * Starts a throwaway PostgreSQL cluster (initdb into a temp folder, pg_ctl on 127.0.0.1 at a free
 * port, fsync on) and a Redis without persistence, both removed by `stop`. With `statements`,
 * PostgreSQL loads `pg_stat_statements` (statements inside functions counted too), which costs it
 * a little CPU per statement: its CPU figures are then not comparable with a run without.
 */
export async function startSharedInfra(options: { statements?: boolean } = {}): Promise<SharedInfra> {
  if (!existsSync('/usr/bin/redis-server')) throw new Error('bench:cluster needs redis-server (apt-get install redis-server)');
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-pg-'));
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    const id = (flag: string): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const data = path.join(dir, 'data');
  runPostgres(bin, 'initdb', ['-D', data, '-U', 'boards', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions'], asPostgres);
  const pgPort = await freePort();
  runPostgres(bin, 'pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', `-c listen_addresses=127.0.0.1 -p ${pgPort} -k ${dir} -c max_connections=200${options.statements === true ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all' : ''}`, '-w', '-t', '60', 'start'], asPostgres);
  const postgresPid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const psql = existsSync(path.join(bin, 'psql')) ? path.join(bin, 'psql') : 'psql';

  const redisDir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-redis-'));
  const redisPort = await freePort();
  let redis: TrackedProcess | undefined;
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    redis?.child.kill('SIGKILL');
    try {
      runPostgres(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], asPostgres);
    } catch {
      // Already gone.
    }
    rmSync(dir, { recursive: true, force: true });
    rmSync(redisDir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  try {
    redis = spawnTracked('/usr/bin/redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir], { cwd: redisDir });
    const deadline = performance.now() + 15_000;
    while (!(await accepts(redisPort))) {
      if (redis.child.exitCode !== null || performance.now() > deadline) throw new Error(`redis-server did not start: ${redis.stderrTail.join(' | ')}`);
      await sleep(50);
    }
  } catch (error) {
    stop();
    throw error;
  }
  let databases = 0;
  let statementsReady = false;
  return {
    createDatabase() {
      databases += 1;
      const name = `bench_${process.pid}_${databases}`;
      execFileSync(psql, ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'boards', '-d', 'postgres', '-qc', `CREATE DATABASE ${name}`], { stdio: 'pipe' });
      return `postgres://boards@127.0.0.1:${pgPort}/${name}`;
    },
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    postgresPid,
    redisPid: redis.pid,
    statementCalls() {
      if (options.statements !== true) return null;
      const run = (sql: string, args: string[] = []): string =>
        execFileSync(psql, ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'boards', '-d', 'postgres', ...args, '-qc', sql], { encoding: 'utf8', stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 });
      if (!statementsReady) {
        run('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
        statementsReady = true;
      }
      return parseStatementCalls(run('SELECT calls, query FROM pg_stat_statements', ['-At', '-F', '\x1f', '-R', '\x1e']));
    },
    transactions() {
      const sql = 'SELECT sum(xact_commit + xact_rollback) FROM pg_stat_database';
      return Number(execFileSync(psql, ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'boards', '-d', 'postgres', '-Atqc', sql], { encoding: 'utf8', stdio: 'pipe' }).trim());
    },
    stop,
  };
}
