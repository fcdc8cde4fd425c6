import type { AiGenerateResult } from '../ai/generateBench.js';
import type { RawBaseline, YjsBaseline } from './baselines.js';
import type { ProcessColdLoad, RegistryColdLoad } from './coldLoad.js';
import type { EditLoadResult } from './editLoad.js';
import type { EventLoopDelay } from './eventLoopProbe.js';
import { describeStall, stallThresholdMs } from './stallCauses.js';
import type { FanoutResult } from './fanout.js';
import type { BatchResults, CreateResult, PagingResult } from './restBench.js';
import { timedRounds } from './baselines.js';
import { warmBatches, warmUpShown } from './restBench.js';
import type { SearchReindexResult } from './searchReindex.js';
import type { LatencySummary } from './stats.js';
import { fmt, ratio } from './stats.js';

/** Everything one `npm run bench` measured. */
export interface ContentBenchResults {
  node: string;
  nproc: number;
  pinned: boolean;
  /** The Node options the server ran with (those of `npm start`). */
  nodeOptions: readonly string[];
  items: number;
  seed: { batches: LatencySummary; totalMs: number };
  registryCold: RegistryColdLoad;
  processCold: ProcessColdLoad;
  /** Sequential creates on an empty board, same run: the base of the 10k-board ratio. */
  emptySequential: CreateResult;
  sequential: CreateResult;
  concurrent: CreateResult & { concurrency: number };
  /** One pass through the 10k board's items with the cursor, and passes through the 100-item board (the empty board after its creates). */
  paging: PagingResult;
  smallPaging: PagingResult;
  batch: BatchResults;
  fanout: FanoutResult;
  search: SearchReindexResult;
  edits: EditLoadResult;
  /** Concurrent chat posts (record writes), with the server's event-loop delay meanwhile. */
  records: CreateResult & { concurrency: number; delay: EventLoopDelay };
  /** One duplicate of the board: its answer, and the server's event-loop delay from the call until `settleMs` after the answer. */
  duplicate: { clientMs: number; serverMs: number; settleMs: number; delay: EventLoopDelay };
  /** `ai/generate`; not measured on another checkout's server (`npm run bench -- --against`), which may have no such route. */
  ai: AiGenerateResult | undefined;
  /** The server measured: this checkout's, or another checkout's (`describeCheckout`) when given. */
  server?: string;
  /** Ms waited for the server to go quiet before each section (`BoardsProcess.whenQuiet`). */
  quietMs: Record<string, number>;
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

const kb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The rows of the main table: measure, figure, the baseline of the same run, ratio. */
function reportRows(r: ContentBenchResults): Row[] {
  return [
    ['Cold load: `DocumentRegistry.open` in a fresh registry (sqlite, in-process)', fmt(r.registryCold.openMs, ' ms'), `raw \`Y.applyUpdate\` of the same ${kb(r.yjs.bytes)} ${fmt(r.yjs.applyMs, ' ms')}`, ratio(r.registryCold.openMs, r.yjs.applyMs)],
    [
      `Cold load: the longest the event loop was held during that open (in-process; stored: a snapshot of ${r.registryCold.stored.parts} part${r.registryCold.stored.parts === 1 ? '' : 's'} and ${r.registryCold.stored.logged} logged update${r.registryCold.stored.logged === 1 ? '' : 's'}; applied a part per turn, a snapshot stored whole split in the snapshot process first)`,
      fmt(r.registryCold.openLongestBlockMs, ' ms'),
      `raw \`Y.applyUpdate\`, one block, ${fmt(r.yjs.applyMs, ' ms')}`,
      ratio(r.registryCold.openLongestBlockMs, r.yjs.applyMs),
    ],
    ['Cold load: fresh server process, socket connect → full state received', fmt(r.processCold.syncMs, ' ms'), `raw \`Y.applyUpdate\` ${fmt(r.yjs.applyMs, ' ms')}`, ratio(r.processCold.syncMs, r.yjs.applyMs)],
    ['First socket join on the loaded board: connect → full state (empty state vector; the step 2 and any updates sent with it)', fmt(r.fanout.fullJoinMs, ' ms'), `raw \`Y.encodeStateAsUpdate\` ${fmt(r.yjs.encodeMs, ' ms')}`, ratio(r.fanout.fullJoinMs, r.yjs.encodeMs)],
    [
      `A socket joining after the fan-out's ${r.fanout.rest.count / r.fanout.sinks + r.fanout.provider.count / r.fanout.sinks} edits: connect → full state (empty state vector; the state kept for joining clients, then the edits since)`,
      fmt(r.fanout.laterJoinMs, ' ms'),
      `first join ${fmt(r.fanout.fullJoinMs, ' ms')}`,
      ratio(r.fanout.laterJoinMs, r.fanout.fullJoinMs),
    ],
    ['Search reindex, full pass (`searchableText` + sqlite FTS5 `indexBoard`, in-process): the path the incremental indexer replaced', fmt(r.registryCold.reindexMs, ' ms'), `raw \`Y.encodeStateAsUpdate\` ${fmt(r.yjs.encodeMs, ' ms')}`, ratio(r.registryCold.reindexMs, r.yjs.encodeMs)],
    [
      'Search reindex, first after a restart (`SearchIndexer`, in-process: text compared with what the index stores, read 4 ms per event-loop turn)',
      `${fmt(r.search.firstMs, ' ms')} (longest block ${fmt(r.search.firstLongestBlockMs, ' ms')})`,
      `full pass ${fmt(r.registryCold.reindexMs, ' ms')}`,
      ratio(r.search.firstMs, r.registryCold.reindexMs),
    ],
    ...r.search.afterEdits.map((e): Row => [`Search reindex after ${e.edits} text edit${e.edits === 1 ? '' : 's'} (\`SearchIndexer\`, in-process: what the server runs ≤ every 500 ms while a board is edited)`, fmt(e.ms, ' ms'), `full pass ${fmt(r.registryCold.reindexMs, ' ms')}`, ratio(e.ms, r.registryCold.reindexMs)]),
    ['Search reindex after 100 moves (in-process; no text changed: nothing written)', fmt(r.search.afterMovesMs, ' ms'), `full pass ${fmt(r.registryCold.reindexMs, ' ms')}`, ratio(r.search.afterMovesMs, r.registryCold.reindexMs)],
    ...latencyRows('REST create, sequential', r.sequential.latency, r.raw.httpPost, 'raw HTTP POST'),
    ['REST create p50, 10k board vs empty board (target ≤ 1.3×)', fmt(r.sequential.latency.p50, ' ms'), `empty board p50 ${fmt(r.emptySequential.latency.p50, ' ms')}`, ratio(r.sequential.latency.p50, r.emptySequential.latency.p50)],
    ['REST create server time p50 / p99, 10k board (`Server-Timing`; target < 4 ms)', `${fmt(r.sequential.server.p50, ' ms')} / ${fmt(r.sequential.server.p99, ' ms')}`, `empty board ${fmt(r.emptySequential.server.p50, ' ms')} / ${fmt(r.emptySequential.server.p99, ' ms')}`, ratio(r.sequential.server.p50, r.emptySequential.server.p50)],
    ['REST create throughput, sequential (target > 150/s)', fmt(r.sequential.perSecond, ' /s'), `raw HTTP POST ${fmt(1000 / r.raw.httpPost.p50, ' /s')}`, ratio(r.sequential.perSecond, 1000 / r.raw.httpPost.p50)],
    ...latencyRows(`REST create, ${r.concurrent.concurrency} concurrent`, r.concurrent.latency, r.raw.httpPost, 'raw HTTP POST'),
    [`REST create server time p50 / p99, ${r.concurrent.concurrency} concurrent`, `${fmt(r.concurrent.server.p50, ' ms')} / ${fmt(r.concurrent.server.p99, ' ms')}`, `client p50 ${fmt(r.concurrent.latency.p50, ' ms')}`, '–'],
    [`REST create throughput, ${r.concurrent.concurrency} concurrent (target > 300/s)`, fmt(r.concurrent.perSecond, ' /s'), `sequential ${fmt(r.sequential.perSecond, ' /s')}`, ratio(r.concurrent.perSecond, r.sequential.perSecond)],
    [
      `List items in pages of ${r.paging.limit} with the cursor, ${r.paging.items}-item board: server time per page p50 / p99 (${r.paging.pages} pages; the pass ${fmt(r.paging.passMs, ' ms')})`,
      `${fmt(r.paging.server.p50, ' ms')} / ${fmt(r.paging.server.p99, ' ms')}`,
      `a page of ${r.smallPaging.items} on the ${r.smallPaging.items}-item board (${r.smallPaging.client.count} times) ${fmt(r.smallPaging.server.p50, ' ms')} / ${fmt(r.smallPaging.server.p99, ' ms')}`,
      ratio(r.paging.server.p50, r.smallPaging.server.p50),
    ],
    ...latencyRows('Batch of 100 moves', r.batch.move, r.raw.httpPost, 'raw HTTP POST'),
    ['Batch of 100 moves p50 vs raw Yjs (target < 2×)', fmt(r.batch.move.p50, ' ms'), `one warm Yjs transaction of 100 moves + encode (median of ${timedRounds} after ${warmBatches.moves} untimed) ${fmt(r.yjs.move100Ms, ' ms')}`, ratio(r.batch.move.p50, r.yjs.move100Ms)],
    [
      'Batch of 100 moves p50 vs the durable floor (the same batches: JSON parsed, the same Yjs transaction on the same board, its update appended and fdatasync-ed, 100 items answered)',
      fmt(r.batch.move.p50, ' ms'),
      `floor p50 ${fmt(r.raw.floorMove.p50, ' ms')} (p99 ${fmt(r.raw.floorMove.p99, ' ms')})`,
      ratio(r.batch.move.p50, r.raw.floorMove.p50),
    ],
    [
      'The durable floor vs raw Yjs, batch of 100 moves: the least a durable HTTP server adds to the transaction the target is measured against',
      `floor p50 ${fmt(r.raw.floorMove.p50, ' ms')}`,
      `raw Yjs ${fmt(r.yjs.move100Ms, ' ms')}`,
      ratio(r.raw.floorMove.p50, r.yjs.move100Ms),
    ],
    [`Batch of 100 moves server time p50 / p99, ${r.batch.moveServer.count} batches (target < 10 ms)`, `${fmt(r.batch.moveServer.p50, ' ms')} / ${fmt(r.batch.moveServer.p99, ' ms')}`, `client p50 ${fmt(r.batch.move.p50, ' ms')}`, '–'],
    ...(r.batch.warmUpMove === undefined
      ? []
      : [
          [
            `Batch of 100 moves while the code warms up: the first ${r.batch.warmUpMove.count} untimed batches, client p50 / p99`,
            `${fmt(r.batch.warmUpMove.p50, ' ms')} / ${fmt(r.batch.warmUpMove.p99, ' ms')}`,
            `warm p50 ${fmt(r.batch.move.p50, ' ms')}`,
            ratio(r.batch.warmUpMove.p50, r.batch.move.p50),
          ] satisfies Row,
        ]),
    ...latencyRows('Batch of 100 creates', r.batch.create, r.raw.httpPost, 'raw HTTP POST'),
    ['Batch of 100 creates p50 vs raw Yjs (target < 2×)', fmt(r.batch.create.p50, ' ms'), `one warm Yjs transaction of 100 creates + encode (median of ${timedRounds} after ${warmBatches.creates} untimed) ${fmt(r.yjs.create100Ms, ' ms')}`, ratio(r.batch.create.p50, r.yjs.create100Ms)],
    [
      'Batch of 100 creates p50 vs the durable floor (as for moves; the floor writes the fields a sticky note has)',
      fmt(r.batch.create.p50, ' ms'),
      `floor p50 ${fmt(r.raw.floorCreate.p50, ' ms')} (p99 ${fmt(r.raw.floorCreate.p99, ' ms')})`,
      ratio(r.batch.create.p50, r.raw.floorCreate.p50),
    ],
    [
      'The durable floor vs raw Yjs, batch of 100 creates',
      `floor p50 ${fmt(r.raw.floorCreate.p50, ' ms')}`,
      `raw Yjs ${fmt(r.yjs.create100Ms, ' ms')}`,
      ratio(r.raw.floorCreate.p50, r.yjs.create100Ms),
    ],
    [`Batch of 100 creates server time p50 / p99, ${r.batch.createServer.count} batches (target < 10 ms)`, `${fmt(r.batch.createServer.p50, ' ms')} / ${fmt(r.batch.createServer.p99, ' ms')}`, `client p50 ${fmt(r.batch.create.p50, ' ms')}`, '–'],
    ...latencyRows(`Fan-out REST move → ${r.fanout.sinks} sockets (p99 target < 3×)`, r.fanout.rest, r.raw.relayFanout, 'raw ws relay'),
    ...latencyRows(`Fan-out provider update → ${r.fanout.sinks} sockets`, r.fanout.provider, r.raw.relayFanout, 'raw ws relay'),
    ['Raw ws echo RTT (1 socket)', fmt(r.raw.wsEcho.p50, ' ms'), `p99 ${fmt(r.raw.wsEcho.p99, ' ms')}`, '–'],
    [
      `Server event-loop delay p50 / p99 / max while the board is edited at ${r.edits.writesPerSecond} writes/s for ${fmt(r.edits.durationMs / 1000, ' s')} (target: no stall > 20 ms)`,
      `${fmt(r.edits.delay.p50, ' ms')} / ${fmt(r.edits.delay.p99, ' ms')} / ${fmt(r.edits.delay.max, ' ms')}; timer max ${fmt(r.edits.delay.timerMax, ' ms')}`,
      `${r.edits.delay.samples} samples`,
      '–',
    ],
    [
      `REST text patches during that load (${r.edits.restWrites}), client p50 / p99 and server time p50 / p99`,
      `${fmt(r.edits.rest.p50, ' ms')} / ${fmt(r.edits.rest.p99, ' ms')}; server ${fmt(r.edits.restServer.p50, ' ms')} / ${fmt(r.edits.restServer.p99, ' ms')}`,
      `${r.edits.liveWrites} live edits beside them; ${r.edits.late} writes sent late`,
      '–',
    ],
    [
      'Duplicate of the board (`POST /boards/{id}/duplicate`): client / server time',
      `${fmt(r.duplicate.clientMs, ' ms')} / ${fmt(r.duplicate.serverMs, ' ms')}`,
      `raw \`Y.encodeStateAsUpdate\` ${fmt(r.yjs.encodeMs, ' ms')}`,
      ratio(r.duplicate.serverMs, r.yjs.encodeMs),
    ],
    [
      `Server event-loop delay p50 / p99 / max from the duplicate until ${fmt(r.duplicate.settleMs / 1000, ' s')} after it (the copy's first search index included)`,
      `${fmt(r.duplicate.delay.p50, ' ms')} / ${fmt(r.duplicate.delay.p99, ' ms')} / ${fmt(r.duplicate.delay.max, ' ms')}; timer max ${fmt(r.duplicate.delay.timerMax, ' ms')}`,
      `${r.duplicate.delay.samples} samples`,
      '–',
    ],
    ...latencyRows(`REST record write (chat post), ${r.records.concurrency} concurrent`, r.records.latency, r.raw.httpPost, 'raw HTTP POST'),
    [
      `REST record write (chat post), ${r.records.concurrency} concurrent: throughput; server time p50 / p99`,
      `${fmt(r.records.perSecond, ' /s')}; server ${fmt(r.records.server.p50, ' ms')} / ${fmt(r.records.server.p99, ' ms')}`,
      `REST item create, ${r.concurrent.concurrency} concurrent ${fmt(r.concurrent.perSecond, ' /s')}`,
      ratio(r.records.perSecond, r.concurrent.perSecond),
    ],
    [
      `Server event-loop delay p50 / p99 / max during those ${r.records.latency.count} posts`,
      `${fmt(r.records.delay.p50, ' ms')} / ${fmt(r.records.delay.p99, ' ms')} / ${fmt(r.records.delay.max, ' ms')}; timer max ${fmt(r.records.delay.timerMax, ' ms')}`,
      `${r.records.delay.samples} samples`,
      '–',
    ],
  ];
}

/** What a run ran on: the machine, the server's command, the quiet waits. */
function runHeader(r: ContentBenchResults): string {
  return (
    `Node ${r.node}, nproc ${r.nproc}, ${r.pinned ? 'server (and raw baseline server) pinned to core 0, load generator to core 1' : 'no CPU pinning (taskset missing or 1 core)'}; ` +
    `whole run ${r.totalSeconds.toFixed(0)} s. Server: \`${['node', ...r.nodeOptions, 'bin/boards.js', 'start'].join(' ')}\` (as \`npm start\`; sqlite, durable: every REST answer waits for storage)` +
    `${r.server === undefined ? '' : ` of ${r.server}`}, ` +
    'a fresh temp data dir, `BOARDS_RATE_LIMIT_PER_MINUTE=100000000`. ' +
    `Each section on the server starts once the server (all its threads and processes) used under 5% of a core over 300 ms; waited: ${Object.entries(r.quietMs)
      .map(([section, ms]) => `${section} ${fmt(ms, ' ms')}`)
      .join(', ')}.`
  );
}

/** The results as a Markdown document: header with the machine, then one table of figure, baseline and ratio. */
export function renderReport(r: ContentBenchResults, command: string): string {
  const rows = reportRows(r);
  const table = [
    '| Measure | Boards server | Baseline (same run) | Ratio |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  return [
    '# Board content benchmark (`npm run bench`)',
    '',
    `${runHeader(r)} One run, indicative only.`,
    '',
    `Board: ${r.items} sticky notes seeded through \`items:batch\` (${r.seed.batches.count} batches, p50 ${fmt(r.seed.batches.p50, ' ms')}, ` +
      `p99 ${fmt(r.seed.batches.p99, ' ms')}, ${fmt(r.seed.totalMs / 1000, ' s')} in all); full state ${kb(r.processCold.bytes)}; ` +
      `REST creates and batches below add items on top (up to ~${r.items + r.sequential.latency.count + r.concurrent.latency.count + (r.batch.create.count + warmBatches.creates) * 100}). ` +
      `Fan-out: ${r.fanout.sinks} thin sockets (handshake only, never apply; the first joins with an empty state vector, the rest announce the board's state vector ` +
      `so 200 joins do not each pull the full state), connected in ${fmt(r.fanout.connectAllMs / 1000, ' s')}; a stock provider joins and syncs the whole board before the first sample (its apply is not counted); ` +
      `${r.fanout.warm} untimed writes each way first (the raw relay gets ${2 * r.fanout.warm} untimed messages), then ${r.fanout.rest.count / r.fanout.sinks} sequential writes each way, latency = receipt at each socket − send time, same host clock.`,
    '',
    table,
    '',
    `The event-loop delay is measured inside the server process (\`perf_hooks.monitorEventLoopDelay\`, 10 ms resolution, preloaded with \`--import\`): ` +
      'how late the loop ran a timer due every 10 ms; "timer max" is the longest lateness of a JavaScript `setInterval` due every 10 ms over the same ' +
      'window, a second measure of the longest stall (in this process the histogram has reported less than it for stalls an inline clock timed). The load alternates a REST `PATCH` replacing a note\'s text and a live edit from a stock ' +
      'y-websocket provider moving another note and retyping its text, sent open-loop at a fixed rate.',
    '',
    stallSection([
      ['the edit load', r.edits.delay],
      ['the duplicate', r.duplicate.delay],
      ['the record writes', r.records.delay],
    ]),
    '',
    'The durable floor of a batch runs in the raw baseline server (`bench/content/rawServer.ts`, `DurableFloor`) on the same core as ours, ' +
      'on the board as the batches found it: it parses the same request body, applies its operations as one Yjs transaction, appends the ' +
      "transaction's update to a file and `fdatasync`s it, and answers with each item's id, type, position, size, z and text. No validation, " +
      'no access check, no events, activity or webhooks, no index. It shows how much of a batch is the least a durable Yjs server must do ' +
      `(HTTP, JSON, Yjs, one fsync) and how much is ours. On both servers ${warmBatches.moves} untimed batches of moves and ${warmBatches.creates} of creates run first (other ` +
      `places, other notes), and as many untimed raw Yjs transactions: the timed ones measure warm code, not the compiler. The first ${warmUpShown} ` +
      'untimed batches of moves on our server are reported on their own: the first batches its process serves (the single creates and pages ' +
      'came before), run while the compiler is still optimising their code. A ratio of the floor to raw Yjs ' +
      'above 2 means that even this bare server misses the target of 2× raw Yjs in that run.',
    '',
    r.ai === undefined ? '## AI assistant (`ai/generate`)\n\nNot measured: the server was another checkout\'s (`--against`).' : aiSection(r.ai),
    '',
    `Command: \`${command}\`.`,
    '',
  ].join('\n');
}

/** The probe's late ticks of each window, with where their time went (`stallCauses.ts`). */
export function stallSection(windows: readonly (readonly [string, EventLoopDelay])[]): string {
  const lines = [
    `Ticks of the probe's timer more than ${stallThresholdMs} ms late, longest first (five at most per window), with where the interval went, read in the server: ` +
      "the main thread's CPU (`/proc/thread-self/schedstat`) and V8's collections in it, its wait for the core while runnable (the scheduler's run delay), " +
      "the server's other threads' CPU, the hypervisor's steal from the server's core, and the rest, off the CPU (a blocking system call, or the loop idle before the tick was due).",
    '',
  ];
  for (const [name, delay] of windows) {
    if (delay.stalls.length === 0) lines.push(`- ${name}: none`);
    for (const stall of delay.stalls) lines.push(`- ${name}: ${describeStall(stall)}`);
  }
  return lines.join('\n');
}

/** The AI assistant's table: \`ai/generate\` on the builtin provider, and the openai path's own cost against the bench's OpenAI-compatible server. */
function aiSection(ai: AiGenerateResult): string {
  const p5095 = (l: LatencySummary): string => `${fmt(l.p50, ' ms')} / ${fmt(l.p95, ' ms')}`;
  const rows: Row[] = [
    [`\`ai/generate\` of ${ai.items} notes, builtin provider: server time p50 / p95`, p5095(ai.builtin.server), `client ${p5095(ai.builtin.client)}`, '–'],
    [`\`ai/generate\` of ${ai.items} notes, builtin provider, the 10k board against a board of about 100 items: server time p50 / p95`, p5095(ai.builtin.server), `small board ${p5095(ai.builtinSmall.server)}`, ratio(ai.builtin.server.p50, ai.builtinSmall.server.p50)],
    [`\`ai/generate\` of ${ai.items} notes, openai provider: server time p50 / p95`, p5095(ai.openai.server), `client ${p5095(ai.openai.client)}`, '–'],
    ['… of which the OpenAI-compatible server\'s own time (request in → answer out)', p5095(ai.openai.model), '–', '–'],
    ['… overhead of the openai path: server time − the endpoint\'s own time, per call', p5095(ai.openai.overhead), `builtin server time ${p5095(ai.builtin.server)}`, ratio(ai.openai.overhead.p50, ai.builtin.server.p50)],
  ];
  return [
    '## AI assistant (`ai/generate`)',
    '',
    `On the same board (10k items and more), ${ai.runs} sequential calls per provider after one uncounted call that loads the board, each provider on a fresh server ` +
      'process; the builtin provider also on the board of the empty-board creates (about 100 items before its calls, 20 more each call), same server. ' +
      'Builtin: a prompt of one idea a line. OpenAI: an OpenAI-compatible Chat Completions server started inside the bench (`bench/ai/fakeOpenAiServer.ts`, ' +
      'on the load generator\'s core) answering a fixed structured output of the same notes at once; the overhead is the HTTP call, the prompt, the validation ' +
      'of the output against the item catalogue and the write. Notes go in the free space nearest 0,0 (no `position`), in the middle of the board.',
    '',
    '| Measure | Boards server | Baseline (same run) | Ratio |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/**
 * Two runs of the same harness back to back (`npm run bench -- --against <checkout>`): the
 * other checkout's server first ("before"), then this one's ("after"), row by row with each
 * run's own baseline. Rows measured in-process run this checkout's code in both runs.
 */
export function renderBeforeAfter(before: ContentBenchResults, after: ContentBenchResults, command: string): string {
  const beforeRows = reportRows(before);
  const afterRows = reportRows(after);
  const lines = afterRows.map((row, i) => {
    const old = beforeRows[i];
    const label = row[0].includes('in-process') ? `${row[0]} *(in-process: this checkout's code in both runs, on the board each run stored)*` : row[0];
    return `| ${label} | ${old?.[1] ?? '–'} | ${row[1]} | ${old?.[2] ?? '–'} | ${row[2]} |`;
  });
  return [
    '# Board content benchmark, before and after, back to back',
    '',
    `The same harness (this checkout's \`npm run bench\`), run twice one right after the other: **before** against the server of ${before.server ?? 'another checkout'}, then **after** against ${after.server ?? 'this checkout'}.`,
    '',
    `- before: ${runHeader(before)}`,
    `- after: ${runHeader(after)}`,
    '',
    'Each run seeds its own board through its own server. A server that sends no `Server-Timing` header has empty server-time cells. `ai/generate` is not measured on the other checkout\'s server (it may have no such route); the after run\'s is in `content-latest.md`. One run each: indicative only, on a shared machine.',
    '',
    '| Measure | before | after | before baseline | after baseline |',
    '|---|---|---|---|---|',
    ...lines,
    '',
    `Command: \`${command}\`.`,
    '',
  ].join('\n');
}
