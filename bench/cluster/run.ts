import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { peersDir, projectRoot } from '../realtime/paths.js';
import { runBenchMain } from '../realtime/processes.js';
import type { RunningServer } from '../realtime/serverKit.js';
import { packageVersion } from '../realtime/serverKit.js';
import type { ClusterBenchConfig } from './config.js';
import { parseClusterArgs } from './config.js';
import { killWritersProcess, measureFanout } from './fanout.js';
import type { CrossHops } from './hops.js';
import type { KillOutcome } from './fanout.js';
import type { SharedInfra } from './infra.js';
import { startSharedInfra } from './infra.js';
import type { OursCluster, OursNode } from './nodes.js';
import { createBoard, createClusterKey, startHocuspocusNode, startOursNode } from './nodes.js';
import type { ClusterResults, FanoutPair } from './report.js';
import { fanoutFigures, headline, medianP99, renderClusterSummary } from './report.js';
import { treeCpuMs } from './cpuTime.js';
import { measureCreates } from './restCreates.js';
import { ProcessMetrics, windowLine } from './processMetrics.js';
import { measureStatements } from './statements.js';
import type { StatementsCpu, StatementsRun } from './statements.js';
import type { CpuSample, CreatesRun } from './restCreates.js';

/** Installs `bench/peers` when its Hocuspocus Redis extension is missing (exact pins, engine-strict off for Hocuspocus on Node 20). */
function ensurePeers(): void {
  if (existsSync(path.join(peersDir(), 'node_modules', '@hocuspocus', 'extension-redis', 'package.json'))) return;
  process.stdout.write('bench: installing peers into bench/peers…\n');
  const result = spawnSync('npm', ['install', '--prefix', peersDir(), '--no-audit', '--no-fund', '--engine-strict=false'], { stdio: 'inherit', timeout: 600_000 });
  if (result.status !== 0) throw new Error('bench: npm install of bench/peers failed');
}

/** The two hops of the cross-process path, as one line. */
function hopsLine(hops: CrossHops): string {
  const ms = (n: number | null): string => (n === null ? '—' : n.toFixed(2));
  return (
    `writer → A stores and publishes → Redis p50=${ms(hops.toRedis.p50)} p99=${ms(hops.toRedis.p99)}; ` +
    `Redis → B applies and relays → probe p50=${ms(hops.fromRedis.p50)} p99=${ms(hops.fromRedis.p99)} (${hops.matched} edits timed at both ends)`
  );
}

/** A run's CPU per create, servers + PostgreSQL + Redis + load generator, and PostgreSQL's transactions per create. */
function cpuSplit(run: CreatesRun): string {
  const c = run.cpuPerCreate;
  if (c === null) return '—';
  return `${c.serverMs.toFixed(2)} + ${c.postgresMs.toFixed(2)} + ${c.redisMs.toFixed(2)} + ${c.clientMs.toFixed(2)} (${run.transactionsPerCreate?.toFixed(1) ?? '—'} transactions)`;
}

/**
 * What the CPU split allows two processes against one on `cores` cores, whatever the machine's
 * load: one process is bound by its event loop (its server CPU per create, on one core), two by
 * all the CPU per create of their run on every core (or by two event loops).
 */
function cpuBound(one: CreatesRun, two: CreatesRun, cores: number): string {
  if (one.cpuPerCreate === null || two.cpuPerCreate === null) return '—';
  const c = two.cpuPerCreate;
  const total = c.serverMs + c.postgresMs + c.redisMs + c.clientMs;
  const perServer = one.cpuPerCreate.serverMs;
  return `${Math.min(2, (cores * perServer) / total, (2 * perServer) / c.serverMs).toFixed(2)} (one process's server ${perServer.toFixed(2)} ms a create; two processes' ${total.toFixed(2)} ms a create in all)`;
}

/** Prints the CPU per create of a create's store statements, prepared and not, and their ratio. */
function statementsFigures(run: StatementsRun): void {
  const line = (cpu: StatementsCpu): string => `PostgreSQL ${cpu.postgresMs.toFixed(3)} ms + client ${cpu.clientMs.toFixed(3)} ms`;
  process.stdout.write(
    `ours store statements of a REST create (${run.creates} creates each), CPU per create: prepared ${line(run.prepared)}; unprepared ${line(run.unprepared)}\n` +
      `ours store statements, prepared / unprepared: PostgreSQL ${(run.prepared.postgresMs / run.unprepared.postgresMs).toFixed(2)}, client ${(run.prepared.clientMs / run.unprepared.clientMs).toFixed(2)}\n`,
  );
}

/** Prints the fan-out's median p99s and their ratios: ours across processes against ours in one, and against Hocuspocus across processes. */
function fanoutRatios(ours: FanoutPair, hocuspocus: FanoutPair | undefined): void {
  const ms = (n: number | null): string => (n === null ? '—' : `${n} ms`);
  const ratio = (a: number | null, b: number | null): string => (a === null || b === null || b === 0 ? '—' : (a / b).toFixed(2));
  const cross = medianP99(ours.cross);
  const same = medianP99(ours.same);
  const peer = hocuspocus === undefined ? null : medianP99(hocuspocus.cross);
  process.stdout.write(
    `ours fan-out p99 (median of ${ours.cross.length}): cross-process ${ms(cross)}, same process ${ms(same)}; cross / same ${ratio(cross, same)} (target ≤ 2)\n` +
      (hocuspocus === undefined ? '' : `fan-out p99 across processes, ours / Hocuspocus: ${ratio(cross, peer)} (${ms(cross)} / ${ms(peer)}; target < 1)\n`),
  );
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 400);

/**
 * Same-process (writers and readers on `a`) and cross-process (writers on `a`, readers on `b`)
 * fan-out, alternating, `reps` times each; with `tapRedisUrl` (ours) each cross-process window
 * also prints its two hops, up to the board's Redis channel and from it to the probes, and with
 * `metrics` what each process did in it (store appends, event-loop delay, GC).
 */
async function fanoutPair(
  a: RunningServer,
  b: RunningServer,
  config: ClusterBenchConfig,
  label: string,
  tapRedisUrl?: string,
  metrics?: { writers: ProcessMetrics; readers: ProcessMetrics },
): Promise<FanoutPair> {
  const pair: FanoutPair = { same: [], cross: [] };
  const options = { sinks: config.sinks, ratePerWriter: config.ratePerWriter, warmupMs: config.warmupMs, windowMs: config.windowMs };
  if (config.serverWarmupMs > 0) await measureFanout(a, b, { ...options, warmupMs: 0, windowMs: config.serverWarmupMs });
  for (let rep = 0; rep < config.reps; rep++) {
    for (const cross of rep % 2 === 0 ? [false, true] : [true, false]) {
      const measure = await measureFanout(a, cross ? b : a, { ...options, ...(cross && tapRedisUrl !== undefined ? { tapRedisUrl, ...(metrics === undefined ? {} : { metrics }) } : {}) });
      const figures = fanoutFigures(measure);
      (cross ? pair.cross : pair.same).push(figures);
      process.stdout.write(`${label} ${cross ? 'cross-process' : 'same process '} p50=${figures.p50} p99=${figures.p99} sent=${figures.sent} ${figures.errors.join('; ')}\n`);
      if (measure.hops !== undefined) process.stdout.write(`${label} cross-process hops: ${hopsLine(measure.hops)}\n`);
      if (measure.processes !== undefined) {
        process.stdout.write(`${label} cross-process ${windowLine('writers\' process A', measure.processes.writers)}\n`);
        process.stdout.write(`${label} cross-process ${windowLine('readers\' process B', measure.processes.readers)}\n`);
      }
    }
  }
  return pair;
}

/**
 * REST creates over `restBoards` boards made on `a`: one process, then two spread round-robin,
 * by board and by board hash, after a warm-up of both; prints the figures and the ratios to one.
 */
async function restCreates(a: OursNode, b: OursNode, cluster: OursCluster, config: ClusterBenchConfig, infra: SharedInfra): Promise<ClusterResults['rest']> {
  const boards: string[] = [];
  for (let i = 0; i < config.restBoards; i++) boards.push(await createBoard(a.http, cluster.token, `rest ${i}`));
  const cpu: CpuSample = () => ({
    server: treeCpuMs(a.pid) + treeCpuMs(b.pid),
    postgres: treeCpuMs(infra.postgresPid),
    redis: treeCpuMs(infra.redisPid),
    transactions: infra.transactions(),
    statements: infra.statementCalls(),
  });
  const options = { concurrency: config.restConcurrency, durationMs: config.restMs, spread: 'round-robin' as const, cpu };
  // Both processes warm (boards loaded, code optimised) before either run is measured.
  await measureCreates([a.http, b.http], cluster.token, boards, { ...options, durationMs: config.restWarmupMs });
  const one = await measureCreates([a.http], cluster.token, boards, options);
  const two = await measureCreates([a.http, b.http], cluster.token, boards, options);
  const twoByBoard = await measureCreates([a.http, b.http], cluster.token, boards, { ...options, spread: 'by-board' });
  const twoByHash = await measureCreates([a.http, b.http], cluster.token, boards, { ...options, spread: 'board-hash' });
  const ratio = (run: CreatesRun): string => (one.perSecond > 0 ? (run.perSecond / one.perSecond).toFixed(2) : '—');
  process.stdout.write(
    `ours REST creates, CPU ms per create (servers + PostgreSQL + Redis + load generator) and PostgreSQL transactions per create: one process ${cpuSplit(one)}, round-robin ${cpuSplit(two)}, by board ${cpuSplit(twoByBoard)}, board hash ${cpuSplit(twoByHash)}\n` +
      `ours REST creates, bound of two processes / one on ${os.cpus().length} cores from the CPU split: round-robin ${cpuBound(one, two, os.cpus().length)}\n`,
  );
  process.stdout.write(
    `ours REST creates: one process ${one.perSecond.toFixed(1)}/s, two ${two.perSecond.toFixed(1)}/s (by board ${twoByBoard.perSecond.toFixed(1)}/s, board hash ${twoByHash.perSecond.toFixed(1)}/s)\n` +
      `ours REST creates, two processes / one: round-robin ${ratio(two)}, by board ${ratio(twoByBoard)}, board hash ${ratio(twoByHash)} (target ≥ 1.6)\n` +
      `ours REST creates, latency ms p50/p99: one process ${one.latency.p50 ?? '—'}/${one.latency.p99 ?? '—'}, round-robin ${two.latency.p50 ?? '—'}/${two.latency.p99 ?? '—'}\n`,
  );
  for (const [label, run] of [['one process', one], ['round-robin', two], ['by board', twoByBoard], ['board hash', twoByHash]] as const) {
    if (run.statements === null) continue;
    process.stdout.write(`ours REST creates, PostgreSQL statements per create, ${label}: ${run.statements.total.toFixed(2)} in all\n`);
    for (const statement of run.statements.top) process.stdout.write(`  ${statement.perCreate.toFixed(2)}  ${statement.query}\n`);
  }
  return { one, two, twoByBoard, twoByHash };
}

/** Ours: fan-out, REST creates and the kill, on two processes of one cluster. */
async function benchOurs(infra: SharedInfra, config: ClusterBenchConfig): Promise<Pick<ClusterResults, 'rest'> & { fanout: FanoutPair; kill: KillOutcome | { failed: string } }> {
  const cluster: OursCluster = { postgresUrl: infra.createDatabase(), redisUrl: infra.redisUrl, sessionSecret: randomBytes(32).toString('hex'), token: '' };
  await createClusterKey(cluster);
  const nodes: OursNode[] = [];
  try {
    const a = await startOursNode(cluster, 'a');
    nodes.push(a);
    const b = await startOursNode(cluster, 'b');
    nodes.push(b);
    process.stdout.write(`bench: ours on ${a.http} and ${b.http}\n`);
    if (config.restOnly) return { fanout: { same: [], cross: [] }, rest: await restCreates(a, b, cluster, config, infra), kill: { failed: 'not run (--rest-only)' } };
    const fanout = await fanoutPair(a, b, config, 'ours', infra.redisUrl, { writers: new ProcessMetrics(a.http), readers: new ProcessMetrics(b.http) });
    if (config.fanoutOnly) return { fanout, rest: { failed: 'not run (--fanout-only)' }, kill: { failed: 'not run (--fanout-only)' } };
    let rest: ClusterResults['rest'];
    try {
      rest = await restCreates(a, b, cluster, config, infra);
    } catch (error) {
      rest = { failed: message(error) };
    }

    let kill: KillOutcome | { failed: string };
    try {
      kill = await killWritersProcess(a, b, async () => {
        const reader = await startOursNode(cluster, 'reader');
        nodes.push(reader);
        return reader;
      }, { ratePerWriter: config.ratePerWriter, writeMs: config.killAfterMs });
      process.stdout.write(`ours kill -9: ${JSON.stringify(kill)}\n`);
    } catch (error) {
      kill = { failed: message(error) };
    }
    return { fanout, rest, kill };
  } finally {
    await Promise.all(nodes.map((node) => node.kill()));
  }
}

/** Hocuspocus with extension-redis: cross-process fan-out (and its same-process baseline) and the kill. */
async function benchHocuspocus(infra: SharedInfra, config: ClusterBenchConfig): Promise<{ fanout: FanoutPair; kill: KillOutcome | { failed: string } }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-hocuspocus-'));
  const file = path.join(dir, 'hocuspocus.sqlite');
  const nodes: RunningServer[] = [];
  try {
    /** A process of the Hocuspocus cluster, killed at the end whatever happens. */
    const start = async (label: string): Promise<RunningServer> => {
      const node = await startHocuspocusNode(infra.redisUrl, file, label);
      nodes.push(node);
      return node;
    };
    let fanout: FanoutPair;
    try {
      fanout = await fanoutPair(await start('a'), await start('b'), config, 'hocuspocus');
    } catch (error) {
      fanout = { same: [], cross: [], failed: message(error) };
    }
    // The kill runs on a pair of its own, with no other process of the cluster left.
    await Promise.all(nodes.splice(0).map((node) => node.kill()));
    if (config.fanoutOnly) return { fanout, kill: { failed: 'not run (--fanout-only)' } };
    let kill: KillOutcome | { failed: string };
    try {
      kill = await killWritersProcess(await start('kill-a'), await start('kill-b'), () => start('reader'), { ratePerWriter: config.ratePerWriter, writeMs: config.killAfterMs });
      process.stdout.write(`hocuspocus kill -9: ${JSON.stringify(kill)}\n`);
    } catch (error) {
      kill = { failed: message(error) };
    }
    return { fanout, kill };
  } finally {
    await Promise.all(nodes.map((node) => node.kill()));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const config = parseClusterArgs(process.argv.slice(2));
  // Each stock y-websocket provider adds a process 'exit' listener; hundreds of them are expected here.
  process.setMaxListeners(10_000);
  if (!config.skipHocuspocus) ensurePeers();
  const root = projectRoot();
  const startedAt = new Date();
  const loadavgStart = os.loadavg().map((n) => Number(n.toFixed(2)));
  const infra = await startSharedInfra({ statements: config.pgStatements });
  try {
    if (config.statementsOnly) {
      statementsFigures(await measureStatements(infra.createDatabase(), infra.postgresPid, { rounds: config.quick ? 2 : 6, perRound: config.quick ? 200 : 500, concurrency: config.restConcurrency }));
      return;
    }
    const ours = await benchOurs(infra, config);
    // A REST-only run prints its figures (above) and leaves the results of full runs alone.
    if (config.restOnly) return;
    const peer = config.skipHocuspocus ? undefined : await benchHocuspocus(infra, config);
    if (config.fanoutOnly) {
      fanoutRatios(ours.fanout, peer?.fanout);
      return;
    }
    const results: ClusterResults = {
      machine: {
        nproc: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        node: process.version,
        loadavgStart,
        loadavgEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
        packages: {
          'boards-server': packageVersion('boards-server'),
          '@hocuspocus/server': packageVersion('@hocuspocus/server'),
          '@hocuspocus/extension-redis': packageVersion('@hocuspocus/extension-redis'),
          '@hocuspocus/extension-sqlite': packageVersion('@hocuspocus/extension-sqlite'),
        },
        command: `npm run bench:cluster -- ${process.argv.slice(2).join(' ')}`.trim(),
        startedAt: startedAt.toISOString(),
        durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
      },
      config,
      fanout: { ours: ours.fanout, ...(peer ? { hocuspocus: peer.fanout } : {}) },
      rest: ours.rest,
      kill: { ours: ours.kill, ...(peer ? { hocuspocus: peer.kill } : {}) },
    };
    const resultsDir = path.join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    // A smoke run never replaces the figures of a real one.
    const base = path.join(resultsDir, config.quick ? 'cluster-quick' : 'cluster-latest');
    writeFileSync(`${base}.json`, `${JSON.stringify({ ...results, headline: headline(results) }, null, 2)}\n`);
    writeFileSync(`${base}.md`, renderClusterSummary(results));
    process.stdout.write(`bench: ${JSON.stringify(headline(results))}\nbench: → ${path.relative(root, base)}.md, .json\n`);
  } finally {
    infra.stop();
  }
}

runBenchMain(main);
