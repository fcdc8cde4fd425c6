import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { foldStored } from '../../crdt/documents/snapshotWorker.js';
import { SqliteDatabase } from '../../storage/index.js';
import { oursNodeOptions, peersDir, projectRoot } from './paths.js';
import { runToCompletion, spawnTracked } from './processes.js';
import type { TrackedProcess } from './processes.js';
import type { BatchClient, LiveHold, RunningServer, StartOptions } from './serverKit.js';
import { freePort, freshDataDir, loadGeneratorCore, packageVersion, serverCore, stopGracefully } from './serverKit.js';
import { sleep, waitUntil } from './target.js';

/** Creates the bench user and an API key in `dataDir` through the `boards` command; returns the key. */
async function createApiKey(dataDir: string): Promise<string> {
  const cwd = projectRoot();
  const env = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'warn' };
  const bin = path.join(cwd, 'bin', 'boards.js');
  await runToCompletion(process.execPath, [bin, 'admin', 'create-user', '--email', 'bench@example.com', '--plan', 'business'], { cwd, env }, 30_000);
  const out = await runToCompletion(
    process.execPath,
    [bin, 'admin', 'create-api-key', '--email', 'bench@example.com', '--scopes', 'user:read boards:read boards:write'],
    { cwd, env },
    30_000,
  );
  const key = out.trim().split('\n').at(-1)?.trim();
  if (!key) throw new Error('bench: create-api-key printed no key');
  return key;
}

/**
 * The measuring preloads our server gets when a start does not choose: only the count of storage
 * reads unless `--hold` asked for the holds (`measureHolds`). The hold preload wraps the live path's
 * calls and reports every second, CPU the peers do not spend, so the figures are measured without it.
 */
let defaultPreloads: 'all' | 'storageReads' = 'storageReads';

/** Whether our server's starts load the hold preload (`bench/peers/sync-hold.mjs`) unless told otherwise. */
export function measureHolds(on: boolean): void {
  defaultPreloads = on ? 'all' : 'storageReads';
}

/** Asks the process for its heap after a full collection (SIGUSR2 to `heap-report.mjs`) and waits up to 10 s for the answer. */
async function heapAfterGcOf(proc: TrackedProcess): Promise<number | undefined> {
  const asked = proc.events.filter((e) => e.heapAfterGc !== undefined).length;
  process.kill(proc.pid, 'SIGUSR2');
  const answered = await waitUntil(() => proc.events.filter((e) => e.heapAfterGc !== undefined).length > asked, 10_000);
  const last = answered ? proc.events.findLast((e) => e.heapAfterGc !== undefined) : undefined;
  const report = last?.heapAfterGc as { heapUsedMB?: unknown } | undefined;
  return typeof report?.heapUsedMB === 'number' ? report.heapUsedMB : undefined;
}

/** `boards start` pinned to the server core, with a fresh (or the given) data folder; resolves once `/readyz` answers 200. */
export async function startOurs(options: StartOptions): Promise<RunningServer> {
  const dataDir = options.dataDir ?? freshDataDir('ours');
  const token = options.token ?? (await createApiKey(dataDir));
  const port = options.port ?? (await freePort());
  const root = projectRoot();
  const env = {
    BOARDS_PORT: String(port),
    BOARDS_HOST: '127.0.0.1',
    BOARDS_DATA_DIR: dataDir,
    // warn keeps per-connection info logs out of the measured CPU; readiness is polled instead.
    BOARDS_LOG_LEVEL: 'warn',
    BOARDS_RATE_LIMIT_PER_MINUTE: '1000000',
    BENCH_REQUIRE_FROM: path.join(root, 'package.json'),
    // Kept out of the load generator and the peers.
    NODE_OPTIONS: oursNodeOptions(),
  };
  const holds = (options.preloads ?? defaultPreloads) === 'all';
  const measuring = ['sqlite-reads.mjs', ...(holds ? ['sync-hold.mjs'] : []), ...(options.memReport === true ? ['mem-report.mjs'] : []), ...(options.heapReport === true ? ['heap-report.mjs'] : [])];
  const preloads = measuring.flatMap((file) => ['--import', pathToFileURL(path.join(peersDir(), file)).href]);
  const proc = spawnTracked(process.execPath, [...preloads, path.join(root, 'bin', 'boards.js'), 'start'], { cwd: root, env, core: serverCore });
  options.spawned?.(proc.pid);
  const http = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`boards start exited ${proc.child.exitCode}: ${proc.stderrTail.join(' | ')}`);
    const ready = await fetch(`${http}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (performance.now() > deadline) {
      await proc.kill();
      throw new Error(`boards start not ready within 30 s: ${proc.stderrTail.join(' | ')}`);
    }
    await sleep(100);
  }
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (url: string, body: unknown): Promise<unknown> => {
    const response = await fetch(`${http}${url}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as unknown;
  };
  return {
    name: 'ours',
    version: packageVersion('boards-server'),
    pid: proc.pid,
    dataDir,
    target: { dialect: 'y-websocket', wsBase: `ws://127.0.0.1:${port}/v1/sync`, token },
    async createBoards(count) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const created = (await post('/v1/boards', { title: `bench ${i}` })) as { id?: unknown };
        if (typeof created.id !== 'string') throw new Error('POST /v1/boards answered without an id');
        ids.push(created.id);
      }
      return ids;
    },
    storageReads() {
      const last = [...proc.events].reverse().find((e) => typeof e.storageReads === 'number');
      return typeof last?.storageReads === 'number' ? last.storageReads : 0;
    },
    memReport() {
      const last = [...proc.events].reverse().find((e) => typeof e.memReport === 'object' && e.memReport !== null);
      return last?.memReport as { heapUsedMB: number; residentDocs: number | null } | undefined;
    },
    ...(options.heapReport === true ? { heapAfterGcMB: () => heapAfterGcOf(proc) } : {}),
    ...(holds ? { liveHold: (fromMs: number, toMs: number) => liveHoldOf(proc, fromMs, toMs) } : {}),
    batchClient: () => startBatchClient(http, token),
    kill: () => proc.kill(),
    stop: () => stopGracefully(proc),
    restart: (spawned) =>
      startOurs({
        dataDir,
        port,
        token,
        ...(spawned === undefined ? {} : { spawned }),
        ...(options.memReport === undefined ? {} : { memReport: options.memReport }),
        ...(options.heapReport === undefined ? {} : { heapReport: options.heapReport }),
        ...(options.preloads ? { preloads: options.preloads } : {}),
      }),
  };
}

/**
 * The live-update holds that `sync-hold.mjs` reported for updates received within [fromMs, toMs)
 * (host clock). The preload reports once a second, so this first waits (up to 3 s) for a report
 * made after `toMs`; a server with no live updates since reports nothing, and what came is used.
 */
async function liveHoldOf(proc: TrackedProcess, fromMs: number, toMs: number): Promise<LiveHold> {
  const reports = (): Record<string, unknown>[] => proc.events.filter((e) => Array.isArray(e.hold));
  await waitUntil(() => reports().some((e) => typeof e.at === 'number' && e.at >= toMs), 3_000, 50);
  const heldMs: number[] = [];
  let unrelayed = 0;
  for (const report of reports()) {
    if (typeof report.at !== 'number' || report.at < fromMs) continue;
    for (const [receivedAt, held] of report.hold as [number, number][]) if (receivedAt >= fromMs && receivedAt < toMs) heldMs.push(held);
    // Counted per report: those of the reports that overlap the window.
    if (typeof report.unrelayed === 'number' && report.at - 1000 < toMs) unrelayed += report.unrelayed;
  }
  return { heldMs, unrelayed };
}

/** Starts `restBatchClient.js` (a REST client process of its own, on the load generator's core) and waits until it is warm. */
async function startBatchClient(http: string, token: string): Promise<BatchClient> {
  const script = path.join(projectRoot(), 'dist', 'bench', 'realtime', 'restBatchClient.js');
  const proc = spawnTracked(process.execPath, [script], { cwd: projectRoot(), env: { BENCH_HTTP: http, BENCH_TOKEN: token }, core: loadGeneratorCore });
  try {
    const ready = await proc.waitFor((e) => 'ready' in e, 30_000);
    if (ready.ready !== true) throw new Error(`restBatchClient: ${http}/readyz did not answer 200`);
  } catch (error) {
    await proc.kill();
    throw error;
  }
  return {
    async run(board, items, mode = 'batches') {
      const started = performance.now();
      const before = proc.events.length;
      proc.send(JSON.stringify({ board, items, mode }));
      const answer = (): Record<string, unknown> | undefined => proc.events.slice(before).find((e) => 'batchMs' in e || 'error' in e);
      if (!(await waitUntil(() => answer() !== undefined, 60_000))) throw new Error('restBatchClient: no answer within 60 s');
      const done = answer() ?? {};
      if (typeof done.error === 'string') throw new Error(`restBatchClient: ${done.error}`);
      return { ms: performance.now() - started, calls: Number(done.calls) };
    },
    close: () => proc.kill(),
  };
}

/**
 * Writes `state` as the stored snapshot of `board` through our `storage/` API (the server must be
 * stopped), as the server's own compaction stores it: a large one in parts.
 */
export async function seedOurs(dataDir: string, board: string, state: Uint8Array): Promise<void> {
  const db = new SqliteDatabase({ dataDir });
  try {
    const { lastSeq } = await db.documents.load(board);
    await db.documents.compact(board, foldStored(null, [state], { split: true }).state, lastSeq);
  } finally {
    await db.close();
  }
}
