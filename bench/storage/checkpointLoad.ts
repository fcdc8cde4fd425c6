import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SqliteDatabase as SqliteDatabaseClass } from '../../storage/sqlite/SqliteDatabase.js';

/**
 * What WAL checkpoints cost the event loop and the process under a steady write load on the
 * embedded store: `--seconds` of live document appends (`--rate` a second, `--bytes` each, spread
 * over `--docs` documents, through the document journal as the server writes them), the longest
 * event-loop stall (`monitorEventLoopDelay` at 1 ms resolution, and a 1 ms timer's lateness), its
 * p99, RSS and threads at the end, the largest WAL seen. Two modes, each in a process of its own,
 * in the same run: `checkpointer` (the server's: `WalCheckpointer`, fsyncs on the thread pool) and
 * `in-commit` (SQLite's own checkpoints every 1000 pages, inside a commit, as `boards admin` runs).
 * `--store <SqliteDatabase.js>` measures another build of the store (e.g. an earlier checkout's `dist`).
 *
 * `npm run build && node dist/bench/storage/checkpointLoad.js --seconds 20 --rate 400`
 */

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '400' },
    bytes: { type: 'string', default: '200' },
    docs: { type: 'string', default: '45' },
    mode: { type: 'string' },
    store: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const bytes = Number(values.bytes);
const docs = Number(values.docs);
for (const [name, value] of Object.entries({ seconds, rate, bytes, docs })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}

/** One mode's figures. */
interface LoadFigures {
  mode: string;
  appends: number;
  stallMaxMs: number;
  stallP99Ms: number;
  timerMaxMs: number;
  rssMb: number;
  threads: number | null;
  walMaxMb: number;
}

function threads(): number | null {
  try {
    const match = /^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match?.[1] === undefined ? null : Number(match[1]);
  } catch {
    return null;
  }
}

async function runMode(mode: string): Promise<LoadFigures> {
  const storeUrl = values.store ? pathToFileURL(path.resolve(values.store)).href : new URL('../../storage/sqlite/SqliteDatabase.js', import.meta.url).href;
  const { SqliteDatabase } = (await import(storeUrl)) as { SqliteDatabase: typeof SqliteDatabaseClass };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-checkpoint-load-'));
  const db = new SqliteDatabase({ dataDir, ...(mode === 'in-commit' ? { background: false } : {}) });
  const wal = path.join(dataDir, 'boards.sqlite-wal');
  let walMax = 0;
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let timerMax = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    timerMax = Math.max(timerMax, now - last - 1);
    last = now;
  }, 1);
  histogram.enable();
  const update = new Uint8Array(bytes).fill(7);
  const endAt = performance.now() + seconds * 1000;
  const tickMs = 10;
  const perTick = rate / (1000 / tickMs);
  let appends = 0;
  let owed = 0;
  while (performance.now() < endAt) {
    owed += perTick;
    for (; owed >= 1; owed -= 1) {
      db.documents.appendNow(`doc${appends % docs}`, [update]);
      appends += 1;
    }
    try {
      walMax = Math.max(walMax, statSync(wal).size);
    } catch {
      // No WAL yet.
    }
    await sleep(tickMs);
  }
  histogram.disable();
  clearInterval(timer);
  const figures: LoadFigures = {
    mode,
    appends,
    stallMaxMs: histogram.max / 1e6 - 1,
    stallP99Ms: histogram.percentile(99) / 1e6 - 1,
    timerMaxMs: timerMax,
    rssMb: process.memoryUsage().rss / (1024 * 1024),
    threads: threads(),
    walMaxMb: walMax / (1024 * 1024),
  };
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

if (values.mode) {
  process.stdout.write(`${JSON.stringify(await runMode(values.mode))}\n`);
} else {
  const self = fileURLToPath(import.meta.url);
  const passOn = ['--seconds', String(seconds), '--rate', String(rate), '--bytes', String(bytes), '--docs', String(docs), ...(values.store ? ['--store', values.store] : [])];
  const results: LoadFigures[] = [];
  for (const mode of ['checkpointer', 'in-commit']) {
    process.stderr.write(`[checkpointLoad] ${mode}: ${seconds} s of ${rate} appends/s\n`);
    results.push(JSON.parse(execFileSync(process.execPath, [self, '--mode', mode, ...passOn], { encoding: 'utf8' })) as LoadFigures);
  }
  const f = (value: number): string => value.toFixed(1);
  const lines = [
    `| Mode | appends | stall max ms | timer max ms | p99 ms | RSS MB | threads | WAL max MB |`,
    '|---|---|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.mode} | ${r.appends} | ${f(r.stallMaxMs)} | ${f(r.timerMaxMs)} | ${f(r.stallP99Ms)} | ${f(r.rssMb)} | ${r.threads ?? '–'} | ${f(r.walMaxMb)} |`),
  ];
  const [ours, inCommit] = results;
  if (ours && inCommit) lines.push('', `Longest stall, checkpointer / in-commit: ${f(ours.timerMaxMs)} / ${f(inCommit.timerMaxMs)} ms (${(ours.timerMaxMs / inCommit.timerMaxMs).toFixed(2)}×).`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
