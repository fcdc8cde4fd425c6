import type { RawBaseline, YjsBaseline } from './baselines.js';
import type { ProcessColdLoad, RegistryColdLoad } from './coldLoad.js';
import type { FanoutResult } from './fanout.js';
import type { BatchResults, CreateResult } from './restBench.js';
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
  /** Sequential creates on an empty board, same run: the base of the 10k-board ratio. */
  emptySequential: CreateResult;
  sequential: CreateResult;
  concurrent: CreateResult & { concurrency: number };
  batch: BatchResults;
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
    ['REST create p50, 10k board vs empty board (target ≤ 1.3×)', fmt(r.sequential.latency.p50, ' ms'), `empty board p50 ${fmt(r.emptySequential.latency.p50, ' ms')}`, ratio(r.sequential.latency.p50, r.emptySequential.latency.p50)],
    ['REST create server time p50 / p99, 10k board (`Server-Timing`; target < 4 ms)', `${fmt(r.sequential.server.p50, ' ms')} / ${fmt(r.sequential.server.p99, ' ms')}`, `empty board ${fmt(r.emptySequential.server.p50, ' ms')} / ${fmt(r.emptySequential.server.p99, ' ms')}`, ratio(r.sequential.server.p50, r.emptySequential.server.p50)],
    ['REST create throughput, sequential (target > 150/s)', fmt(r.sequential.perSecond, ' /s'), `raw HTTP POST ${fmt(1000 / r.raw.httpPost.p50, ' /s')}`, ratio(r.sequential.perSecond, 1000 / r.raw.httpPost.p50)],
    ...latencyRows(`REST create, ${r.concurrent.concurrency} concurrent`, r.concurrent.latency, r.raw.httpPost, 'raw HTTP POST'),
    [`REST create server time p50 / p99, ${r.concurrent.concurrency} concurrent`, `${fmt(r.concurrent.server.p50, ' ms')} / ${fmt(r.concurrent.server.p99, ' ms')}`, `client p50 ${fmt(r.concurrent.latency.p50, ' ms')}`, '–'],
    [`REST create throughput, ${r.concurrent.concurrency} concurrent (target > 300/s)`, fmt(r.concurrent.perSecond, ' /s'), `sequential ${fmt(r.sequential.perSecond, ' /s')}`, ratio(r.concurrent.perSecond, r.sequential.perSecond)],
    ...latencyRows('Batch of 100 moves', r.batch.move, r.raw.httpPost, 'raw HTTP POST'),
    ['Batch of 100 moves p50 vs raw Yjs (target < 2×)', fmt(r.batch.move.p50, ' ms'), `one Yjs transaction of 100 moves + encode ${fmt(r.yjs.move100Ms, ' ms')}`, ratio(r.batch.move.p50, r.yjs.move100Ms)],
    ['Batch of 100 moves server time p50 / p99 (target < 10 ms)', `${fmt(r.batch.moveServer.p50, ' ms')} / ${fmt(r.batch.moveServer.p99, ' ms')}`, `client p50 ${fmt(r.batch.move.p50, ' ms')}`, '–'],
    ...latencyRows('Batch of 100 creates', r.batch.create, r.raw.httpPost, 'raw HTTP POST'),
    ['Batch of 100 creates p50 vs raw Yjs (target < 2×)', fmt(r.batch.create.p50, ' ms'), `one Yjs transaction of 100 creates + encode ${fmt(r.yjs.create100Ms, ' ms')}`, ratio(r.batch.create.p50, r.yjs.create100Ms)],
    ['Batch of 100 creates server time p50 / p99 (target < 10 ms)', `${fmt(r.batch.createServer.p50, ' ms')} / ${fmt(r.batch.createServer.p99, ' ms')}`, `client p50 ${fmt(r.batch.create.p50, ' ms')}`, '–'],
    ...latencyRows(`Fan-out REST move → ${r.fanout.sinks} sockets (p99 target < 3×)`, r.fanout.rest, r.raw.relayFanout, 'raw ws relay'),
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
