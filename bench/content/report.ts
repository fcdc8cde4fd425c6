import type { RawBaseline, YjsBaseline } from './baselines.js';
import type { ProcessColdLoad, RegistryColdLoad } from './coldLoad.js';
import type { FanoutResult } from './fanout.js';
import type { CreateResult } from './restBench.js';
import type { LatencySummary } from './stats.js';
import { fmt, ratio } from './stats.js';

/** Everything one `npm run bench` measured. */
export interface ContentBenchResults {
  node: string;
  nproc: number;
  pinned: boolean;
  items: number;
  seed: { batches: LatencySummary; totalMs: number };
  registryCold: RegistryColdLoad;
  processCold: ProcessColdLoad;
  sequential: CreateResult;
  concurrent: CreateResult & { concurrency: number };
  batch: { move: LatencySummary; create: LatencySummary };
  fanout: FanoutResult;
  yjs: YjsBaseline;
  raw: RawBaseline;
  totalSeconds: number;
}

type Row = [string, string, string, string];

function latencyRows(name: string, s: LatencySummary, base: LatencySummary, baseName: string): Row[] {
  return [
    [`${name} p50`, fmt(s.p50, ' ms'), `${baseName} p50 ${fmt(base.p50, ' ms')}`, ratio(s.p50, base.p50)],
    [`${name} p99`, fmt(s.p99, ' ms'), `${baseName} p99 ${fmt(base.p99, ' ms')}`, ratio(s.p99, base.p99)],
  ];
}

/** The results as a Markdown document: header with the machine, then one table of figure, baseline and ratio. */
export function renderReport(r: ContentBenchResults, command: string): string {
  const kb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const rows: Row[] = [
    ['Cold load: `DocumentRegistry.open` in a fresh registry (sqlite, in-process)', fmt(r.registryCold.openMs, ' ms'), `raw \`Y.applyUpdate\` of the same ${kb(r.yjs.bytes)} ${fmt(r.yjs.applyMs, ' ms')}`, ratio(r.registryCold.openMs, r.yjs.applyMs)],
    ['Cold load: fresh server process, socket connect → full state received', fmt(r.processCold.syncMs, ' ms'), `raw \`Y.applyUpdate\` ${fmt(r.yjs.applyMs, ' ms')}`, ratio(r.processCold.syncMs, r.yjs.applyMs)],
    ['First socket join on the loaded board: connect → full state (empty state vector)', fmt(r.fanout.fullJoinMs, ' ms'), `raw \`Y.encodeStateAsUpdate\` ${fmt(r.yjs.encodeMs, ' ms')}`, ratio(r.fanout.fullJoinMs, r.yjs.encodeMs)],
    ['Search reindex of the board (`searchableText` + sqlite FTS5 `indexBoard`, in-process; the server runs it ≤ every 500 ms while a board is edited)', fmt(r.registryCold.reindexMs, ' ms'), `raw \`Y.encodeStateAsUpdate\` ${fmt(r.yjs.encodeMs, ' ms')}`, ratio(r.registryCold.reindexMs, r.yjs.encodeMs)],
    ...latencyRows('REST create, sequential', r.sequential.latency, r.raw.httpPost, 'raw HTTP POST'),
    ['REST create throughput, sequential', fmt(r.sequential.perSecond, ' /s'), `raw HTTP POST ${fmt(1000 / r.raw.httpPost.p50, ' /s')}`, ratio(r.sequential.perSecond, 1000 / r.raw.httpPost.p50)],
    ...latencyRows(`REST create, ${r.concurrent.concurrency} concurrent`, r.concurrent.latency, r.raw.httpPost, 'raw HTTP POST'),
    [`REST create throughput, ${r.concurrent.concurrency} concurrent`, fmt(r.concurrent.perSecond, ' /s'), `sequential ${fmt(r.sequential.perSecond, ' /s')}`, ratio(r.concurrent.perSecond, r.sequential.perSecond)],
    ...latencyRows('Batch of 100 moves', r.batch.move, r.raw.httpPost, 'raw HTTP POST'),
    ['Batch of 100 moves p50 vs raw Yjs', fmt(r.batch.move.p50, ' ms'), `one Yjs transaction of 100 moves + encode ${fmt(r.yjs.move100Ms, ' ms')}`, ratio(r.batch.move.p50, r.yjs.move100Ms)],
    ...latencyRows('Batch of 100 creates', r.batch.create, r.raw.httpPost, 'raw HTTP POST'),
    ...latencyRows(`Fan-out REST move → ${r.fanout.sinks} sockets`, r.fanout.rest, r.raw.relayFanout, 'raw ws relay'),
    ...latencyRows(`Fan-out provider update → ${r.fanout.sinks} sockets`, r.fanout.provider, r.raw.relayFanout, 'raw ws relay'),
    ['Raw ws echo RTT (1 socket)', fmt(r.raw.wsEcho.p50, ' ms'), `p99 ${fmt(r.raw.wsEcho.p99, ' ms')}`, '–'],
  ];
  const table = [
    '| Measure | Boards server | Baseline (same run) | Ratio |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  return [
    '# Board content benchmark (`npm run bench`)',
    '',
    `Node ${r.node}, nproc ${r.nproc}, ${r.pinned ? 'server (and raw baseline server) pinned to core 0, load generator to core 1' : 'no CPU pinning (taskset missing or 1 core)'}; ` +
      `whole run ${r.totalSeconds.toFixed(0)} s. Server: \`node bin/boards.js start\` (sqlite, durable: every REST answer waits for storage), ` +
      'a fresh temp data dir, `BOARDS_RATE_LIMIT_PER_MINUTE=100000000`. One run, indicative only.',
    '',
    `Board: ${r.items} sticky notes seeded through \`items:batch\` (${r.seed.batches.count} batches, p50 ${fmt(r.seed.batches.p50, ' ms')}, ` +
      `p99 ${fmt(r.seed.batches.p99, ' ms')}, ${fmt(r.seed.totalMs / 1000, ' s')} in all); full state ${kb(r.processCold.bytes)}; ` +
      `REST creates and batches below add items on top (up to ~${r.items + r.sequential.latency.count + r.concurrent.latency.count + r.batch.create.count * 100}). ` +
      `Fan-out: ${r.fanout.sinks} thin sockets (handshake only, never apply; the first joins with an empty state vector, the rest announce the board's state vector ` +
      `so 200 joins do not each pull the full state), connected in ${fmt(r.fanout.connectAllMs / 1000, ' s')}; ` +
      `${r.fanout.rest.count / r.fanout.sinks} sequential writes each way, latency = receipt at each socket − send time, same host clock.`,
    '',
    table,
    '',
    `Command: \`${command}\`.`,
    '',
  ].join('\n');
}
