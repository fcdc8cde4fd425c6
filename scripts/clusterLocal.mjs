#!/usr/bin/env node
// `npm run cluster:local -- --nodes 3 [--port 8080]`: several `boards start` processes on this
// machine, as README "Running several processes" describes them: a throwaway Redis, a throwaway
// PostgreSQL (initdb into a temp folder), N processes on free loopback ports, and nginx in front
// of them with deploy/nginx.conf. Prints every address; Ctrl+C (SIGINT) or SIGTERM stops them all
// and removes the temp folder. Runs what `npm run build` compiled into dist/, as `npm start` does.
/* global fetch */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { clearTimeout, setTimeout } from 'node:timers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { nginxPath, spawnLocalNginx, writeLocalNginxConfig } from './localNginx.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const boardsBin = path.join(root, 'bin', 'boards.js');
const redisServerPath = '/usr/bin/redis-server';
const maxNodes = 8;

const usage = `Usage: npm run cluster:local -- [--nodes N] [--port PORT]
  --nodes N     boards processes to start, 1 to ${maxNodes} (default 3)
  --port PORT   loopback port of the balanced address, nginx's (default 8080)`;

/** A failure to report in one line, without a stack. */
class Refusal extends Error {}

/** `--nodes` and `--port` from the command line. Throws Refusal on anything else. */
function parseArgs(argv) {
  const options = { nodes: 3, port: 8080 };
  const whole = (name, value, min, max) => {
    if (value === undefined || !/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new Refusal(`${name} must be a whole number from ${min} to ${max} (got ${value === undefined ? 'nothing' : JSON.stringify(value)}).\n${usage}`);
    }
    return Number(value);
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(usage);
      process.exit(0);
    }
    if (flag !== '--nodes' && flag !== '--port') throw new Refusal(`Unknown option ${JSON.stringify(argv[i])}.\n${usage}`);
    const value = inline ?? argv[(i += 1)];
    if (flag === '--nodes') options.nodes = whole('--nodes', value, 1, maxNodes);
    else options.port = whole('--port', value, 1, 65535);
  }
  return options;
}

/** The folder of PostgreSQL's server programs: the newest of Debian's /usr/lib/postgresql/<version>/bin; null when none. */
function postgresBinDir() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name)) : [];
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join('/usr/lib/postgresql', version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** Throws Refusal naming the first program missing and its Debian package. */
function checkPrograms() {
  if (!existsSync(redisServerPath)) throw new Refusal(`redis-server is not installed (apt-get install redis-server: ${redisServerPath} is needed).`);
  if (postgresBinDir() === null) throw new Refusal('PostgreSQL is not installed (apt-get install postgresql: its initdb and pg_ctl are needed; no system cluster is used).');
  if (!existsSync(nginxPath)) throw new Refusal(`nginx is not installed (apt-get install nginx: ${nginxPath} is needed; no system service is used).`);
  if (!existsSync(path.join(root, 'dist', 'server'))) throw new Refusal('The server is not built: run npm run build first.');
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `port` on 127.0.0.1 is free, throws Refusal when something listens there. */
function ensureFree(port, what) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () => reject(new Refusal(`Port ${port} is in use: choose another with ${what}.`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Set by SIGINT/SIGTERM during the start: the start stops at its next wait, and everything started is stopped. */
let stopRequested = false;

/** Thrown into the start when SIGINT/SIGTERM came first. */
class Stopped extends Error {}

/** Calls `check` every 100 ms until it returns true; throws `failure()` after `ms`, Stopped when a stop was asked for. */
async function until(check, ms, failure) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (stopRequested) throw new Stopped();
    let done = false;
    try {
      done = await check();
    } catch (error) {
      if (error instanceof Refusal) throw error;
    }
    if (done) return;
    if (Date.now() > deadline) throw failure();
    await sleep(100);
  }
}

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const answers = async (url) => (await fetch(url)).status === 200;

/** SIGTERM to a child, then waiting for its exit (SIGKILL after 15 s). */
function terminator(child) {
  const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };
}

/** Everything started, stopped in the reverse order by `stop`, and the temp folder they use. */
class Cluster {
  /** @type {string} */ dir;
  /** @type {{ name: string, stop: () => Promise<void> }[]} */ parts = [];
  /** @type {Promise<void> | undefined} */ stopping;

  constructor() {
    this.dir = mkdtempSync(path.join(tmpdir(), 'boards-cluster-'));
    // PostgreSQL runs as `postgres` when this is root and must reach its folder inside.
    chmodSync(this.dir, 0o711);
  }

  /**
   * Starts a program in a process group of its own (Ctrl+C reaches this script only, which stops
   * the parts in order), its output into `<dir>/<name>.log`.
   */
  spawn(name, command, args, env = {}) {
    const log = openSync(path.join(this.dir, `${name}.log`), 'a');
    // BOARDS_CLUSTER_LOCAL marks every process of this run (the server does not read it).
    const child = spawn(command, args, { env: { ...process.env, BOARDS_CLUSTER_LOCAL: this.dir, ...env }, stdio: ['ignore', log, log], detached: true });
    closeSync(log);
    child.on('error', () => undefined);
    return child;
  }

  /** Records a part to stop with `stop`. */
  add(name, stop) {
    this.parts.push({ name, stop });
  }

  /** Stops every part, last started first, and removes the folder. Idempotent. */
  stop() {
    this.stopping ??= (async () => {
      for (let part = this.parts.pop(); part !== undefined; part = this.parts.pop()) {
        try {
          await part.stop();
        } catch (error) {
          console.error(`Stopping ${part.name} failed: ${error.message}`);
        }
      }
      rmSync(this.dir, { recursive: true, force: true });
    })();
    return this.stopping;
  }
}

/** Runs a program to completion (as `postgres` when `asPostgres`), its output into `<dir>/<name>.log`; throws naming that log when it fails. */
function run(cluster, name, command, args, asPostgres) {
  const child = asPostgres ? cluster.spawn(name, 'runuser', ['-u', 'postgres', '--', command, ...args]) : cluster.spawn(name, command, args);
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${path.basename(command)} could not be started: ${error.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (exit ${code}); see ${path.join(cluster.dir, `${name}.log`)}`))));
  });
}

async function startRedis(cluster) {
  const port = await freePort();
  const dir = path.join(cluster.dir, 'redis');
  mkdirSync(dir);
  // Nothing saved to disk; its own title left alone, so that ps shows which run it belongs to.
  const child = cluster.spawn('redis', redisServerPath, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--set-proc-title', 'no']);
  cluster.add('Redis', terminator(child));
  await until(() => accepts(port), 15_000, () => new Error('redis-server did not start; see redis.log'));
  return `redis://127.0.0.1:${port}`;
}

async function startPostgres(cluster) {
  const bin = postgresBinDir();
  const dir = path.join(cluster.dir, 'postgres');
  mkdirSync(dir);
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    const id = (flag) => new Promise((resolve) => {
      let out = '';
      const child = spawn('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] });
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('exit', () => resolve(Number(out.trim())));
    });
    chownSync(dir, await id('-u'), await id('-g'));
  }
  const data = path.join(dir, 'data');
  await run(cluster, 'initdb', path.join(bin, 'initdb'), ['-D', data, '-U', 'boards', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions'], asPostgres);
  const port = await freePort();
  const pgCtl = (args) => run(cluster, 'pg_ctl', path.join(bin, 'pg_ctl'), ['-D', data, ...args], asPostgres);
  // Stopped also when its start did not finish (nothing to stop when it never ran).
  cluster.add('PostgreSQL', async () => {
    if (existsSync(path.join(data, 'postmaster.pid'))) await pgCtl(['-m', 'fast', '-w', 'stop']);
  });
  await pgCtl(['-l', path.join(dir, 'server.log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, '-w', '-t', '60', 'start']);
  const admin = new pg.Client({ connectionString: `postgres://boards@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE boards');
  } finally {
    await admin.end();
  }
  return `postgres://boards@127.0.0.1:${port}/boards`;
}

async function startNodes(cluster, count, shared) {
  const nodes = [];
  for (let i = 1; i <= count; i += 1) {
    const port = await freePort();
    const dataDir = path.join(cluster.dir, `node-${i}`);
    const env = {
      ...shared,
      BOARDS_HOST: '127.0.0.1',
      BOARDS_PORT: String(port),
      BOARDS_DATA_DIR: dataDir,
    };
    const child = cluster.spawn(`node-${i}`, process.execPath, [boardsBin, 'start'], env);
    cluster.add(`process ${i}`, terminator(child));
    const url = `http://127.0.0.1:${port}`;
    // One after the other: the first creates the schema.
    await until(async () => {
      if (child.exitCode !== null) throw new Refusal(`Process ${i} exited with ${child.exitCode}; see ${path.join(cluster.dir, `node-${i}.log`)}`);
      return answers(`${url}/readyz`);
    }, 120_000, () => new Error(`Process ${i} did not become ready; see node-${i}.log`));
    nodes.push({ url, child });
  }
  return nodes;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  checkPrograms();
  await ensureFree(options.port, '--port');
  const cluster = new Cluster();
  let started = false;
  const onSignal = (signal) => {
    if (stopRequested) return;
    stopRequested = true;
    console.log(`\n${signal}: stopping every process and removing ${cluster.dir}`);
    // During the start, the start stops at its next wait and stops what it started.
    if (started) void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const balanced = `http://127.0.0.1:${options.port}`;
    const redisUrl = await startRedis(cluster);
    const postgresUrl = await startPostgres(cluster);
    const outbox = path.join(cluster.dir, 'dev-outbox.jsonl');
    const nodes = await startNodes(cluster, options.nodes, {
      BOARDS_STORAGE: 'postgres',
      BOARDS_POSTGRES_URL: postgresUrl,
      BOARDS_REDIS_URL: redisUrl,
      // Equal on every process: sessions, sealed secrets and signing keys work whichever answers.
      BOARDS_SESSION_SECRET: randomBytes(32).toString('hex'),
      BOARDS_PUBLIC_URL: balanced,
      BOARDS_DEV_OUTBOX: outbox,
      BOARDS_LOG_FORMAT: 'json',
      // nginx reaches the processes from 127.0.0.1: its X-Forwarded-For names the client.
      BOARDS_TRUSTED_PROXIES: '127.0.0.1',
    });
    const nginxDir = path.join(cluster.dir, 'nginx');
    const files = writeLocalNginxConfig(nginxDir, { upstreams: nodes.map((node) => node.url.replace('http://', '')), port: options.port });
    const nginx = spawnLocalNginx(nginxDir, files, { ...process.env, BOARDS_CLUSTER_LOCAL: cluster.dir });
    nginx.stderr.on('data', (chunk) => process.stderr.write(chunk));
    cluster.add('nginx', terminator(nginx));
    await until(async () => {
      if (nginx.exitCode !== null) throw new Refusal(`nginx exited with ${nginx.exitCode}; see ${files.errorLog}`);
      return answers(`${balanced}/healthz`);
    }, 15_000, () => new Error(`nginx did not answer; see ${files.errorLog}`));
    if (stopRequested) throw new Stopped();
    started = true;
    const lines = [
      `Boards on ${options.nodes} process${options.nodes === 1 ? '' : 'es'}, one PostgreSQL, one Redis, behind nginx (deploy/nginx.conf):`,
      `  balanced    ${balanced}`,
      ...nodes.map((node, i) => `  process ${i + 1}   ${node.url}`),
      `  redis       ${redisUrl}`,
      `  postgres    ${postgresUrl}`,
      `  files       ${cluster.dir} (each part's log, nginx's access log in nginx/access.log)`,
      `Sign in at ${balanced}/ with any email: nothing is mailed, the six-digit code is written to ${outbox}`,
      'Ctrl+C stops everything and removes the folder.',
    ];
    console.log(lines.join('\n'));
    for (const [i, node] of nodes.entries()) {
      node.child.once('exit', (code, signal) => {
        if (!stopRequested) console.error(`process ${i + 1} exited (${signal ?? `code ${code}`}); the others go on serving. Its log: ${path.join(cluster.dir, `node-${i + 1}.log`)}`);
      });
    }
  } catch (error) {
    await cluster.stop();
    if (error instanceof Stopped) process.exit(0);
    throw error;
  }
}

main().catch((error) => {
  console.error(error instanceof Refusal ? error.message : `cluster:local failed: ${error.message}`);
  process.exit(1);
});
