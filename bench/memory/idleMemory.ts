import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MemoryFigures } from '../content/eventLoopProbe.js';
import type { BoardApi } from '../content/restBench.js';
import { call, createBoard } from '../content/restBench.js';
import { createBenchUser, startBoards } from '../content/serverProcess.js';
import { openThinSink } from '../content/thinSink.js';

/**
 * Does the server give memory back once its boards go idle? Rounds of: create `boards` boards of
 * `items` notes each through REST, open each over live sync (a thin client pulls its full
 * state) and leave, then wait past the idle unload (documents unused for 60 s are unloaded by a
 * sweep every 10 s) and read the server's RSS and heap after a full collection. RSS that climbs
 * round after round is a leak; a plateau is caches and allocator slack.
 *
 * The first row is the server idle after `npm start` (the "idle RSS"): started as `npm
 * start` starts it, then `--settle-s` seconds without a request. Beside the figures after a full
 * collection, each row gives the resident memory as the kernel counts it (`/proc/<pid>/status`:
 * anonymous, and file-backed such as the pages of the node binary and its ICU data) and the
 * process's threads.
 *
 * `npm run bench:memory -- --rounds 3 --boards 120 --items 40`; writes `bench/results/memory-latest.md`.
 */

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    boards: { type: 'string', default: '120' },
    items: { type: 'string', default: '40' },
    'idle-wait-s': { type: 'string', default: '75' },
    'settle-s': { type: 'string', default: '15' },
  },
});
const rounds = Number(values.rounds);
const boards = Number(values.boards);
const items = Number(values.items);
const idleWaitMs = Number(values['idle-wait-s']) * 1000;
const settleMs = Number(values['settle-s']) * 1000;
for (const [name, value] of Object.entries({ rounds, boards, items, idleWaitMs, settleMs })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}
if (items > 100) throw new Error('--items must be at most 100 (one batch per board)');

function log(message: string): void {
  process.stderr.write(`[bench:memory] ${message}\n`);
}

const mb = (value: number): string => value.toFixed(1);

/** Resident memory of a process as the kernel counts it, in MB, and its threads; null figures when it cannot be read. */
interface KernelFigures {
  anonMb: number | null;
  fileMb: number | null;
  threads: number | null;
}

function kernelFigures(pid: number | undefined): KernelFigures {
  let status = '';
  try {
    status = pid === undefined ? '' : readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // Not Linux, or gone.
  }
  const field = (name: string): number | null => {
    const match = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status);
    return match?.[1] === undefined ? null : Number(match[1]);
  };
  const kb = (value: number | null): number | null => (value === null ? null : value / 1024);
  return { anonMb: kb(field('RssAnon')), fileMb: kb(field('RssFile')), threads: field('Threads') };
}

const orDash = (value: number | null, format: (v: number) => string = mb): string => (value === null ? '–' : format(value));

async function fillAndVisit(url: string, key: string, round: number): Promise<void> {
  for (let b = 0; b < boards; b += 1) {
    const boardId = await createBoard(url, key, `Memory ${round}.${b}`);
    const api: BoardApi = { url, key, boardId };
    const operations = Array.from({ length: items }, (_, i) => ({
      op: 'create',
      type: 'sticky_note',
      position: { x: (i % 10) * 220, y: Math.floor(i / 10) * 220 },
      data: { text: `Round ${round}, board ${b}, note ${i}` },
    }));
    await call(api.url, api.key, 'POST', `/boards/${boardId}/items:batch`, { operations }, 200);
    const sink = await openThinSink(`${url.replace('http', 'ws')}/v1/sync`, boardId, key);
    sink.close();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-memory-'));
const rows: { label: string; memory: MemoryFigures; kernel: KernelFigures }[] = [];
try {
  const key = await createBenchUser(dataDir);
  const server = await startBoards({ dataDir, probe: true, nodeArgs: ['--expose-gc'] });
  try {
    const sample = async (label: string): Promise<void> => {
      const memory = await server.memory();
      rows.push({ label, memory, kernel: kernelFigures(server.child.pid) });
    };
    log(`started; ${settleMs / 1000} s without requests`);
    await sleep(settleMs);
    await sample(`idle ${settleMs / 1000} s after start`);
    for (let round = 1; round <= rounds; round += 1) {
      log(`round ${round}: ${boards} boards of ${items} notes, each opened over live sync`);
      await fillAndVisit(server.url, key, round);
      await sample(`round ${round}, boards still loaded`);
      log(`round ${round}: waiting ${idleWaitMs / 1000} s for the idle unload`);
      await sleep(idleWaitMs);
      await sample(`round ${round}, after the idle unload`);
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const collected = rows.every((row) => row.memory.collected);
const lines = [
  '# Idle memory (`npm run bench:memory`)',
  '',
  `Node ${process.version}; ${rounds} rounds of ${boards} boards × ${items} notes, each board opened over live sync once; then ${idleWaitMs / 1000} s idle (unload after 60 s unused). Figures after a full collection${collected ? '' : ' (not available: the server ran without --expose-gc)'}, in MB.`,
  '',
  'RSS is resident memory as a whole; anonymous and file-backed are its two parts as the kernel counts them (file-backed: mostly the pages of the node binary the process touched, its ICU data among them).',
  '',
  '| When | RSS | anonymous | file-backed | Heap used | External | Threads |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.label} | ${mb(row.memory.rssMb)} | ${orDash(row.kernel.anonMb)} | ${orDash(row.kernel.fileMb)} | ${mb(row.memory.heapUsedMb)} | ${mb(row.memory.externalMb)} | ${orDash(row.kernel.threads, String)} |`,
  ),
  '',
  'Command: `npm run bench:memory`' + (process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : '') + '.',
];
const report = `${lines.join('\n')}\n`;
process.stdout.write(report);
const out = path.resolve('bench', 'results', 'memory-latest.md');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, report);
log(`wrote ${out}`);
