import type { StepMeasure } from '../realtime/hotBoard.js';
import { median, round, summarize } from '../realtime/stats.js';
import type { ClusterBenchConfig } from './config.js';
import type { KillOutcome } from './fanout.js';
import { fanoutWriters } from './fanout.js';
import type { CreatesRun } from './restCreates.js';

/** One fan-out window's figures. */
export interface FanoutFigures {
  p50: number | null;
  p99: number | null;
  max: number | null;
  sent: number;
  deliveredAtProbes: number;
  sinkMsgsPerS: number;
  /** CPU of the readers' process over the window. */
  readerCpuPct: number;
  errors: string[];
}

/** The figures of one measured fan-out window (p50/p99/max over both probes' samples). */
export function fanoutFigures(m: StepMeasure): FanoutFigures {
  const { p50, p99, max } = summarize(m.samples);
  return {
    p50: round(p50),
    p99: round(p99),
    max: round(max),
    sent: m.sent,
    deliveredAtProbes: m.deliveredAtProbes,
    sinkMsgsPerS: round((m.sinkMessages / m.windowMs) * 1000, 1) ?? 0,
    readerCpuPct: round(m.cpuPct, 1) ?? 0,
    errors: m.errors,
  };
}

/** Same-process and cross-process fan-out of one server, repetition by repetition. */
export interface FanoutPair {
  same: FanoutFigures[];
  cross: FanoutFigures[];
  /** Set when the server could not be measured. */
  failed?: string;
}

/** Everything one run measured. */
export interface ClusterResults {
  machine: Record<string, unknown>;
  config: ClusterBenchConfig;
  fanout: { ours: FanoutPair; hocuspocus?: FanoutPair };
  rest: { one: CreatesRun; two: CreatesRun; twoByBoard: CreatesRun; twoByHash: CreatesRun } | { failed: string };
  kill: { ours: KillOutcome | { failed: string }; hocuspocus?: KillOutcome | { failed: string } };
}

/** Median p99 of the repetitions. */
export function medianP99(runs: readonly FanoutFigures[]): number | null {
  const p99 = median(runs.map((r) => r.p99));
  return p99 === null ? null : round(p99);
}

/** `a / b` rounded, or null when either is missing or `b` is 0. */
function ratio(a: number | null, b: number | null): number | null {
  return a === null || b === null || b === 0 ? null : round(a / b);
}

const cell = (value: unknown): string => (value === null || value === undefined ? '—' : String(value));

function fanoutRows(name: string, pair: FanoutPair): string[] {
  if (pair.failed !== undefined) return [`| ${name} | failed: ${pair.failed} | | | | | |`];
  const rows: string[] = [];
  for (const [kind, runs] of [['same process', pair.same], ['cross-process', pair.cross]] as const) {
    runs.forEach((r, i) =>
      rows.push(`| ${name} | ${kind} #${i + 1} | ${cell(r.p50)} | ${cell(r.p99)} | ${cell(r.max)} | ${r.sent} / ${r.deliveredAtProbes} | ${r.sinkMsgsPerS} | ${r.readerCpuPct} | ${r.errors.join('; ') || 'none'} |`),
    );
  }
  return rows;
}

function killRow(name: string, outcome: KillOutcome | { failed: string } | undefined): string {
  if (outcome === undefined) return `| ${name} | not run | | | |`;
  if ('failed' in outcome) return `| ${name} | failed: ${outcome.failed} | | | |`;
  return `| ${name} | ${outcome.sent} | ${outcome.acknowledged} | ${outcome.stored} | **${outcome.lost}** |`;
}

/** The headline figures: the ratios against their targets. */
export function headline(results: ClusterResults): Record<string, number | null> {
  const ours = results.fanout.ours;
  const hp = results.fanout.hocuspocus;
  const rest = 'failed' in results.rest ? null : results.rest;
  const killOurs = 'failed' in results.kill.ours ? null : results.kill.ours.lost;
  const killHp = results.kill.hocuspocus === undefined || 'failed' in results.kill.hocuspocus ? null : results.kill.hocuspocus.lost;
  return {
    oursSameP99: medianP99(ours.same),
    oursCrossP99: medianP99(ours.cross),
    fanoutP99Ratio: ratio(medianP99(ours.cross), medianP99(ours.same)),
    restOnePerS: rest === null ? null : round(rest.one.perSecond, 1),
    restTwoPerS: rest === null ? null : round(rest.two.perSecond, 1),
    restRatio: rest === null ? null : ratio(rest.two.perSecond, rest.one.perSecond),
    restByBoardRatio: rest === null ? null : ratio(rest.twoByBoard.perSecond, rest.one.perSecond),
    restByHashRatio: rest === null ? null : ratio(rest.twoByHash.perSecond, rest.one.perSecond),
    hocuspocusCrossP99: hp === undefined ? null : medianP99(hp.cross),
    oursOverHocuspocusP99: hp === undefined ? null : ratio(medianP99(ours.cross), medianP99(hp.cross)),
    oursLostOnKill: killOurs,
    hocuspocusLostOnKill: killHp,
  };
}

/** The Markdown summary of a run. */
export function renderClusterSummary(results: ClusterResults): string {
  const h = headline(results);
  const c = results.config;
  const m = results.machine;
  const rest = 'failed' in results.rest ? undefined : results.rest;
  const restRow = (run: CreatesRun): string =>
    `| ${run.processes} | ${run.processes === 1 ? '—' : run.spread} | ${run.creates} | ${run.served.join(' / ')} | ${round(run.perSecond, 1)} | ${cell(round(run.latency.p50))} | ${cell(round(run.latency.p99))} | ${run.cpuPerCreate ? `${round(run.cpuPerCreate.serverMs)} + ${round(run.cpuPerCreate.postgresMs)} + ${round(run.cpuPerCreate.redisMs)} + ${round(run.cpuPerCreate.clientMs)}` : '—'} | ${cell(round(run.transactionsPerCreate, 1))} | ${Object.entries(run.errors).map(([k, n]) => `${n}× ${k}`).join('; ') || 'none'} |`;
  return [
    '# bench:cluster',
    '',
    `\`${String(m['command'])}\` at ${String(m['startedAt'])}, ${String(m['durationS'])} s; ${String(m['nproc'])} cores (${String(m['cpuModel'])}), Node ${String(m['node'])}.`,
    `Load average (1, 5, 15 min) at the start: ${JSON.stringify(m['loadavgStart'])}; at the end: ${JSON.stringify(m['loadavgEnd'])}.`,
    c.quick ? '\n**Smoke run (`--quick`): too short and too small to be a measurement.**' : '',
    '',
    '## Headline',
    '',
    '| Figure | Value | Target |',
    '| --- | --- | --- |',
    `| Cross-process / same-process fan-out p99 (ours) | ${cell(h['fanoutP99Ratio'])} (${cell(h['oursCrossP99'])} ms / ${cell(h['oursSameP99'])} ms) | ≤ 2 |`,
    `| REST creates, two processes / one | ${cell(h['restRatio'])} (${cell(h['restTwoPerS'])} / ${cell(h['restOnePerS'])} per s, round-robin; board hash as deploy/nginx.conf ${cell(h['restByHashRatio'])}, by board ${cell(h['restByBoardRatio'])}) | ≥ 1.6 |`,
    `| Cross-process fan-out p99, ours / Hocuspocus + extension-redis | ${cell(h['oursOverHocuspocusP99'])} (${cell(h['oursCrossP99'])} ms / ${cell(h['hocuspocusCrossP99'])} ms) | < 1 |`,
    `| Acknowledged edits lost on \`kill -9\`: ours, Hocuspocus | ${cell(h['oursLostOnKill'])}, ${cell(h['hocuspocusLostOnKill'])} | 0 for ours |`,
    '',
    '## Fan-out',
    '',
    `${fanoutWriters} writers at ${c.ratePerWriter} updates/s each (S1's R=${c.ratePerWriter}) on process A; ${c.sinks} sinks and 2 probes on process B (cross-process)`,
    `or on A too (same process, the baseline); ${c.warmupMs} ms warm-up, ${c.windowMs} ms window, ${c.reps} repetition(s) each, alternating,`,
    `after ${c.serverWarmupMs} ms of unmeasured cross-process writes on the fresh processes.`,
    'Latency is from the writer\'s send to a probe\'s apply (host clock), in ms; CPU is the readers\' process.',
    '',
    '| Server | Run | p50 | p99 | max | sent / delivered at probes | sink msgs/s | CPU % | errors |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...fanoutRows('ours', results.fanout.ours),
    ...(results.fanout.hocuspocus ? fanoutRows('Hocuspocus', results.fanout.hocuspocus) : []),
    '',
    '## REST creates over many boards',
    '',
    `\`POST /v1/boards/{id}/items\` by ${c.restConcurrency} concurrent requests, board after board over ${c.restBoards} boards, for ${c.restMs} ms after ${c.restWarmupMs} ms of warm-up;`,
    'with two processes the client alternates between them request by request (`round-robin`, as a balancer without affinity: every board is loaded',
    'in both processes, and each applies the other\'s creates); board by board with the boards dealt out in turn (`by-board`: each board on one',
    'process, an even split); and board by board as a hash of the board id picks (`board-hash`: the spread `hash $board consistent` in',
    '`deploy/nginx.conf` gives, each board on one process while it is up, the split as even as the hash makes it: see "Creates per process").',
    'The client (`node:http`, kept-alive connections) runs on the same machine. The headline ratio is the round-robin one. CPU per create is the CPU time of both server processes',
    '(the idle one applies the other\'s creates too), of PostgreSQL, of Redis and of the client, divided by the creates: what a create costs, whatever else the machine runs;',
    'transactions per create are PostgreSQL\'s (`pg_stat_database`), background work included: a statement outside a transaction counts one, and so does a whole transaction.',
    '',
    '| Processes | Spread | Creates | Creates per process | per s | p50 ms | p99 ms | CPU ms per create (servers + PostgreSQL + Redis + client) | PostgreSQL transactions per create | errors |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...(rest
      ? [restRow(rest.one), restRow(rest.two), restRow(rest.twoByBoard), restRow(rest.twoByHash)]
      : [`| failed: ${'failed' in results.rest ? results.rest.failed : ''} | | | | | | | | | |`]),
    ...(rest ? statementRows(rest) : []),
    '',
    '## `kill -9` of the writers\' process',
    '',
    `Writers on A write at ${c.ratePerWriter} updates/s each for ${c.killAfterMs} ms, then A gets \`kill -9\`. An edit is acknowledged once a probe on B has it`,
    '(1 s after the kill). B is then stopped cleanly and a fresh process reads the board back from the store: an acknowledged edit it lacks is lost.',
    '',
    '| Server | sent | acknowledged | read back | lost |',
    '| --- | --- | --- | --- | --- |',
    killRow('ours', results.kill.ours),
    killRow('Hocuspocus', results.kill.hocuspocus),
    '',
    'Ours: two `boards start` on one PostgreSQL and one Redis (throwaway, on 127.0.0.1). Hocuspocus: two processes of',
    '`bench/peers/hocuspocus-redis.mjs` (extension-redis) sharing one SQLite file through `@hocuspocus/extension-sqlite`.',
    '',
  ].join('\n');
}

/** With `--pg-statements`: each run's PostgreSQL statements per create, the most called first. */
function statementRows(rest: { one: CreatesRun; two: CreatesRun; twoByBoard: CreatesRun; twoByHash: CreatesRun }): string[] {
  const runs = [['one process', rest.one], ['round-robin', rest.two], ['by board', rest.twoByBoard], ['board hash', rest.twoByHash]] as const;
  if (runs.every(([, run]) => run.statements === null)) return [];
  const out = ['', 'PostgreSQL statements per create (`--pg-statements`: `pg_stat_statements`, background work included; PostgreSQL\'s CPU is then not comparable with a run without):', ''];
  for (const [label, run] of runs) {
    if (run.statements === null) continue;
    out.push(`${label}: ${round(run.statements.total, 2)} in all`, '', '| per create | statement |', '| --- | --- |');
    for (const statement of run.statements.top) out.push(`| ${round(statement.perCreate, 2)} | \`${statement.query.replaceAll('|', '\\|').replaceAll('`', "'")}\` |`);
    out.push('');
  }
  return out;
}
