import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clockTicksPerSecond, readMainThreadCpuTicks, readTreeCpuTicks } from '../realtime/procStats.js';
import type { FloorLatency } from './baselines.js';
import { measureDurableFloor } from './baselines.js';
import { measureRegistryColdLoad } from './coldLoad.js';
import type { BatchResults, CreateResult } from './restBench.js';
import { measureBatches, measureCreates, warmBatches } from './restBench.js';
import type { BoardsProcess } from './serverProcess.js';
import { boardsBin, pinLoadGenerator } from './serverProcess.js';
import type { Side } from './sideBySide.js';
import { onFreshServer, refuser, sideBySide, wholeNumberOption, writeReport } from './sideBySide.js';
import { fmt, median, nowMs } from './stats.js';

/**
 * `npm run bench:batches [-- --against <checkout> --runs N]`: the write path of `npm run bench`
 * alone (single REST creates, batches of 100 moves and of 100 creates, on a 10,000-item board),
 * in `runs` fresh server processes, each on a copy of the same seeded data dir, each section
 * timed once the server is quiet after the untimed writes (their compaction and search pass are
 * not timed, unlike in `npm run bench`, where the timed batches follow at once). With `--against`,
 * another checkout's server (built: its `dist/`) takes turns with this one run by run, in
 * alternating order, so two versions are compared in the same run on the same machine state.
 * Beside the latencies, the server's CPU per timed batch: of its event-loop thread, and of the
 * whole process tree (V8's compiler and collector threads, libuv's pool, snapshot processes), read
 * from /proc: less moved by the machine's scheduling than a latency, so a smaller change shows.
 * With `--cpu-prof <dir>`, this checkout's servers write V8 CPU profiles there.
 * After each run of this checkout, the durable floor (`rawServer.ts`, `DurableFloor`: parse, one
 * Yjs transaction, append, fdatasync, answer) gets the same batches on the seeded board, on the
 * same core, and the report gives each run's ratio of ours to it (issue 54: within 2×).
 * Writes `bench/results/batches-latest.md`.
 */

const usage = 'usage: npm run bench:batches [-- --against <checkout> --runs N --moves N --creates N --cpu-prof <dir>]';

const refuse: (message: string) => never = refuser(usage);

function options(): { against: string | undefined; runs: number; moves: number; creates: number; cpuProf: string | undefined } {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        against: { type: 'string' },
        runs: { type: 'string', default: '5' },
        moves: { type: 'string', default: '40' },
        creates: { type: 'string', default: '20' },
        'cpu-prof': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    refuse((error as Error).message);
  }
  const count = (name: string, text: string): number => wholeNumberOption(refuse, name, text, 1000);
  const cpuProf = values['cpu-prof'];
  return { against: values.against, runs: count('runs', values.runs), moves: count('moves', values.moves), creates: count('creates', values.creates), cpuProf: cpuProf === undefined ? undefined : path.resolve(cpuProf) };
}

const chosen = options();
const runs = chosen.runs;
const rounds = { moves: chosen.moves, creates: chosen.creates };
const boardItems = 10_000;

function log(message: string): void {
  process.stderr.write(`[bench:batches] ${message}\n`);
}

/** What one run measured: the batches, and single REST creates (the write path without a batch). */
interface RunResult {
  batch: BatchResults;
  create: CreateResult;
  /** Server CPU per timed batch, ms: of the event-loop thread, and of the whole process tree. */
  cpu: { moves: BatchCpu; creates: BatchCpu };
  /** The durable floor's client latency and server time for the same batches, measured right after (this checkout's runs only). */
  floor?: FloorLatency;
}

interface BatchCpu {
  main: number;
  tree: number;
}

/** Runs `batches` (which sends `count` timed batches) and reads the server's CPU around it, per batch. */
async function withCpu<T>(server: BoardsProcess, count: number, batches: () => Promise<T>): Promise<{ result: T; cpu: BatchCpu }> {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  const read = (): BatchCpu => ({ main: readMainThreadCpuTicks(pid) ?? Number.NaN, tree: readTreeCpuTicks(pid) ?? Number.NaN });
  const before = read();
  const result = await batches();
  const after = read();
  const perBatch = (ticks: number): number => ((ticks / clockTicksPerSecond) * 1000) / count;
  return { result, cpu: { main: perBatch(after.main - before.main), tree: perBatch(after.tree - before.tree) } };
}

/** Untimed single creates before the timed ones, and how many are timed (sequential, one at a time). */
const createRounds = { warm: 20, timed: 100 };

/** The seeded board's state (a full-state update), read once from a copy of the side's data dir: what the durable floor starts from. */
const seededStates = new Map<string, Uint8Array>();

async function seededState(side: Side): Promise<Uint8Array> {
  const known = seededStates.get(side.seedDir);
  if (known !== undefined) return known;
  const copy = mkdtempSync(path.join(tmpdir(), 'boards-batches-state-'));
  try {
    cpSync(side.seedDir, copy, { recursive: true });
    const { state } = await measureRegistryColdLoad(copy, side.boardId, 1);
    seededStates.set(side.seedDir, state);
    return state;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** One run: a fresh server on a copy of the side's seeded data dir, the board loaded and the server quiet, untimed writes first; then, for this checkout, the durable floor. */
async function runOnce(side: Side, core: number | undefined): Promise<RunResult> {
  const ours = side.bin === boardsBin;
  const result = await runServer(side, core);
  if (!ours) return result;
  const floor = await measureDurableFloor(core, { state: await seededState(side), ids: side.ids, moves: rounds.moves, creates: rounds.creates });
  return { ...result, floor };
}

async function runServer(side: Side, core: number | undefined): Promise<RunResult> {
  const profile = side.bin === boardsBin && chosen.cpuProf !== undefined ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${chosen.cpuProf}`] } : {};
  return onFreshServer(side, { ...profile, ...(core === undefined ? {} : { core }) }, async (server, api) => {
    await measureBatches(api, side.ids, { moves: 0, creates: 0, warm: warmBatches });
    await measureCreates(api, createRounds.warm, 1);
    // The compaction and search pass the untimed writes started are not timed either.
    await server.whenQuiet();
    const create = await measureCreates(api, createRounds.timed, 1);
    await server.whenQuiet();
    const moves = await withCpu(server, rounds.moves, () => measureBatches(api, side.ids, { moves: rounds.moves, creates: 0 }));
    const creates = await withCpu(server, rounds.creates, () => measureBatches(api, side.ids, { moves: 0, creates: rounds.creates }));
    const batch = { ...moves.result, create: creates.result.create, createServer: creates.result.createServer };
    return { batch, create, cpu: { moves: moves.cpu, creates: creates.cpu } };
  });
}

type Measure = { label: string; of: (r: RunResult) => number };

const measures: Measure[] = [
  { label: 'REST create (one item), client p50', of: (r) => r.create.latency.p50 },
  { label: 'REST create (one item), server time p50', of: (r) => r.create.server.p50 },
  { label: 'REST create (one item), client p99', of: (r) => r.create.latency.p99 },
  { label: 'Batch of 100 moves, client p50', of: (r) => r.batch.move.p50 },
  { label: 'Batch of 100 moves, server time p50', of: (r) => r.batch.moveServer.p50 },
  { label: 'Batch of 100 moves, client p99', of: (r) => r.batch.move.p99 },
  { label: 'Batch of 100 moves, server CPU per batch, event-loop thread', of: (r) => r.cpu.moves.main },
  { label: 'Batch of 100 moves, server CPU per batch, all threads and processes', of: (r) => r.cpu.moves.tree },
  { label: 'Batch of 100 creates, client p50', of: (r) => r.batch.create.p50 },
  { label: 'Batch of 100 creates, server time p50', of: (r) => r.batch.createServer.p50 },
  { label: 'Batch of 100 creates, client p99', of: (r) => r.batch.create.p99 },
  { label: 'Batch of 100 creates, server CPU per batch, event-loop thread', of: (r) => r.cpu.creates.main },
  { label: 'Batch of 100 creates, server CPU per batch, all threads and processes', of: (r) => r.cpu.creates.tree },
];

function report(sides: readonly { side: Side; results: RunResult[] }[], pinned: boolean, seconds: number): string {
  const [ours, other] = sides;
  if (ours === undefined) return '';
  const lines = [
    '# Write-path benchmark (`npm run bench:batches`)',
    '',
    `Node ${process.version}, server pinned to core ${pinned ? '0, load generator to core 1' : 'none (fewer than 2 cores)'}; whole run ${Math.round(seconds)} s. ` +
      `A board of ${boardItems} sticky notes seeded through \`items:batch\`; each run is a fresh server process (as \`npm start\`) on a copy of that data dir, ` +
      `${warmBatches.moves} untimed batches of moves, ${warmBatches.creates} of creates and ${createRounds.warm} untimed single creates (\`POST /items\`), then, each once the server is quiet again, ` +
      `${createRounds.timed} single creates one at a time, and ${rounds.moves} batches of 100 moves and ${rounds.creates} of 100 creates, timed (client latency, server time from \`Server-Timing\`, and the server's CPU per batch read from /proc around the timed batches of each kind, in 10 ms ticks: of its event-loop thread, and of its whole process tree, V8's compiler and collector threads, libuv's pool and snapshot processes included). ` +
      (other === undefined
        ? `${runs} runs; each cell is the median over the runs, with their range.`
        : `${runs} runs of each version, taking turns in alternating order; each cell is the median over a version's runs, with their range. This checkout: ${ours.side.name}; baseline: ${other.side.name}.`),
    '',
  ];
  const cell = (side: { results: RunResult[] }, m: Measure): string => {
    const values = side.results.map(m.of);
    return `${fmt(median(values), ' ms')} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;
  };
  if (other === undefined) {
    lines.push('| Measure | This checkout |', '|---|---|');
    for (const m of measures) lines.push(`| ${m.label} | ${cell(ours, m)} |`);
  } else {
    lines.push('| Measure | This checkout | Baseline | Ratio |', '|---|---|---|---|');
    for (const m of measures) lines.push(`| ${m.label} | ${cell(ours, m)} | ${cell(other, m)} | ${(median(ours.results.map(m.of)) / median(other.results.map(m.of))).toFixed(2)}× |`);
    const wins = (m: Measure): number => ours.results.filter((r, i) => m.of(r) < m.of(other.results[i] as RunResult)).length;
    lines.push('', `Runs where this checkout was faster, of ${runs} (run i of each version against the other's run i): ${measures.map((m) => `${m.label.replace('Batch of 100 ', '').replace(' (one item)', '')} ${wins(m)}`).join('; ')}.`);
  }
  lines.push('', ...floorLines(ours.results));
  const args = [
    ...(other === undefined ? [] : ['--against <checkout>']),
    ...(runs === 5 ? [] : [`--runs ${runs}`]),
    ...(rounds.moves === 40 ? [] : [`--moves ${rounds.moves}`]),
    ...(rounds.creates === 20 ? [] : [`--creates ${rounds.creates}`]),
  ];
  lines.push('', `Command: \`npm run bench:batches${args.length === 0 ? '' : ` -- ${args.join(' ')}`}\`.`);
  return `${lines.join('\n')}\n`;
}

/** This checkout's batches against the durable floor measured after each of its runs: p50s, and the median of the per-run ratios. */
function floorLines(results: readonly RunResult[]): string[] {
  const measured = results.filter((r): r is RunResult & { floor: NonNullable<RunResult['floor']> } => r.floor !== undefined);
  if (measured.length === 0) return [];
  const row = (label: string, ours: (r: RunResult) => number, floor: (f: NonNullable<RunResult['floor']>) => number): string => {
    const ratios = measured.map((r) => ours(r) / floor(r.floor));
    return `| ${label} | ${fmt(median(measured.map(ours)), ' ms')} | ${fmt(median(measured.map((r) => floor(r.floor))), ' ms')} | ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) |`;
  };
  return [
    `This checkout against the durable floor (\`bench/content/rawServer.ts\`, \`DurableFloor\`: the same batches parsed, applied as one Yjs transaction to the seeded board, appended and fdatasync-ed, answered), measured on the same core right after each run; the ratio is the median of the runs' ratios (issue 54's target: within 2×). ` +
      'Server time is each server\'s `Server-Timing` (from the request reaching the application to its answer, encoded, being sent); outside it is the client p50 less the server time p50: the HTTP exchange, the client\'s own work and waits for a core, the same code on both sides but for the answer\'s size.',
    '',
    '| p50 | This checkout | Durable floor | Ratio (range over runs) |',
    '|---|---|---|---|',
    row('Batch of 100 moves', (r) => r.batch.move.p50, (f) => f.move.p50),
    row('Batch of 100 creates', (r) => r.batch.create.p50, (f) => f.create.p50),
    row('Batch of 100 moves, server time', (r) => r.batch.moveServer.p50, (f) => f.moveServer.p50),
    row('Batch of 100 creates, server time', (r) => r.batch.createServer.p50, (f) => f.createServer.p50),
    row('Batch of 100 moves, outside the server', (r) => r.batch.move.p50 - r.batch.moveServer.p50, (f) => f.move.p50 - f.moveServer.p50),
    row('Batch of 100 creates, outside the server', (r) => r.batch.create.p50 - r.batch.createServer.p50, (f) => f.create.p50 - f.createServer.p50),
  ];
}

const began = nowMs();
const pinned = pinLoadGenerator();
const core = pinned ? 0 : undefined;
const sides = await sideBySide({ against: chosen.against, runs, core, items: boardItems, title: 'Bench batches 10k', log, refuse, runOnce: (side) => runOnce(side, core) });
writeReport('batches-latest.md', report(sides, pinned, (nowMs() - began) / 1000), log);
