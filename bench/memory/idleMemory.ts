import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
 * `npm run bench:memory -- --rounds 3 --boards 120 --items 40`; writes `bench/results/memory-latest.md`.
 */

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    boards: { type: 'string', default: '120' },
    items: { type: 'string', default: '40' },
    'idle-wait-s': { type: 'string', default: '75' },
  },
});
const rounds = Number(values.rounds);
const boards = Number(values.boards);
const items = Number(values.items);
const idleWaitMs = Number(values['idle-wait-s']) * 1000;
for (const [name, value] of Object.entries({ rounds, boards, items, idleWaitMs })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}
if (items > 100) throw new Error('--items must be at most 100 (one batch per board)');

function log(message: string): void {
  process.stderr.write(`[bench:memory] ${message}\n`);
}

const mb = (value: number): string => value.toFixed(1);

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
const rows: { label: string; memory: MemoryFigures }[] = [];
try {
  const key = await createBenchUser(dataDir);
  const server = await startBoards({ dataDir, probe: true, nodeArgs: ['--expose-gc'] });
  try {
    rows.push({ label: 'after start', memory: await server.memory() });
    for (let round = 1; round <= rounds; round += 1) {
      log(`round ${round}: ${boards} boards of ${items} notes, each opened over live sync`);
      await fillAndVisit(server.url, key, round);
      rows.push({ label: `round ${round}, boards still loaded`, memory: await server.memory() });
      log(`round ${round}: waiting ${idleWaitMs / 1000} s for the idle unload`);
      await sleep(idleWaitMs);
      rows.push({ label: `round ${round}, after the idle unload`, memory: await server.memory() });
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
  '| When | RSS | Heap used | External |',
  '|---|---|---|---|',
  ...rows.map((row) => `| ${row.label} | ${mb(row.memory.rssMb)} | ${mb(row.memory.heapUsedMb)} | ${mb(row.memory.externalMb)} |`),
  '',
  'Command: `npm run bench:memory`' + (process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : '') + '.',
];
const report = `${lines.join('\n')}\n`;
process.stdout.write(report);
const out = path.resolve('bench', 'results', 'memory-latest.md');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, report);
log(`wrote ${out}`);
