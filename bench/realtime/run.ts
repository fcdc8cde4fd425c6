import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchConfig, Emit, ScenarioId } from './config.js';
import { parseArgs } from './config.js';
import { measureHolds } from './oursServer.js';
import { oursNodeOptions, peersDir, projectRoot } from './paths.js';
import { runBenchMain } from './processes.js';
import type { ResultLine } from './result.js';
import { appendResult } from './result.js';
import { runS0 } from './scenarioS0.js';
import { runS1 } from './scenarioS1.js';
import { runS2 } from './scenarioS2.js';
import { runS3 } from './scenarioS3.js';
import { runS4 } from './scenarioS4.js';
import { runS5 } from './scenarioS5.js';
import { runS6 } from './scenarioS6.js';
import { runS7 } from './scenarioS7.js';
import { runS8 } from './scenarioS8.js';
import { runS9 } from './scenarioS9.js';
import type { ServerName } from './serverKit.js';
import { loadGeneratorCore, packageVersion } from './serverKit.js';
import { renderSummary } from './summary.js';

/** Installs `bench/peers` on first run (exact pins, engine-strict off for Hocuspocus on Node 20). */
export function ensurePeers(): void {
  if (existsSync(path.join(peersDir(), 'node_modules', '@hocuspocus', 'server', 'package.json'))) return;
  process.stdout.write('bench: installing peers into bench/peers (first run)…\n');
  const result = spawnSync('npm', ['install', '--prefix', peersDir(), '--no-audit', '--no-fund', '--engine-strict=false'], { stdio: 'inherit', timeout: 600_000 });
  if (result.status !== 0) throw new Error('bench: npm install of bench/peers failed');
}

/** Re-runs this script pinned to the load-generator core; returns false when already pinned. */
function repinned(): boolean {
  if (process.env.BENCH_PINNED === '1') return false;
  const script = fileURLToPath(import.meta.url);
  const child = spawn('taskset', ['-c', String(loadGeneratorCore), process.execPath, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 1));
  return true;
}

async function runScenario(id: ScenarioId, config: BenchConfig, emit: Emit): Promise<void> {
  const peersAndUs = config.servers.filter((s) => s !== 'relay');
  const withRelay: ServerName[] = config.servers.includes('relay') ? ['relay', ...peersAndUs] : peersAndUs;
  if (id === 'S0') await runS0(config, emit);
  else if (id === 'S1') await runS1(config, withRelay, emit);
  else if (id === 'S2') await runS2(config, withRelay, emit);
  else if (id === 'S3') await runS3(config, peersAndUs, emit);
  else if (id === 'S4') await runS4(config, peersAndUs, emit);
  else if (id === 'S5') await runS5(config, peersAndUs, emit);
  else if (id === 'S6') await runS6(config, peersAndUs, emit);
  else if (id === 'S7') await runS7(config, peersAndUs, emit);
  else if (id === 'S8') await runS8(config, peersAndUs, emit);
  else await runS9(config, peersAndUs, emit);
}

async function main(): Promise<void> {
  const config = parseArgs(process.argv.slice(2));
  measureHolds(config.hold);
  // Each stock y-websocket provider adds a process 'exit' listener; hundreds of them are expected here.
  process.setMaxListeners(10_000);
  ensurePeers();
  const root = projectRoot();
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const resultsDir = path.join(root, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const jsonl = path.join(resultsDir, `${stamp}.jsonl`);
  const lines: ResultLine[] = [];
  const emit: Emit = (line) => {
    lines.push(line);
    appendResult(jsonl, line);
    process.stdout.write(`${line.scenario} ${line.server} ${JSON.stringify(line.params)} p50=${line.p50} p99=${line.p99} cpu=${line.cpuPct}% ${line.errors.join('; ')}\n`);
  };
  for (const id of config.only) {
    process.stdout.write(`bench: ${id}…\n`);
    await runScenario(id, config, emit);
  }
  const machine = {
    nproc: os.cpus().length,
    memoryGB: os.totalmem() / 1024 ** 3,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    oursNodeOptions: oursNodeOptions(),
    packages: {
      'boards-server': packageVersion('boards-server'),
      '@hocuspocus/server': packageVersion('@hocuspocus/server'),
      '@hocuspocus/extension-sqlite': packageVersion('@hocuspocus/extension-sqlite'),
      '@hocuspocus/provider': packageVersion('@hocuspocus/provider'),
      '@y/websocket-server': packageVersion('@y/websocket-server'),
      'y-leveldb': packageVersion('y-leveldb'),
      yjs: (JSON.parse(readFileSync(path.join(root, 'node_modules', 'yjs', 'package.json'), 'utf8')) as { version: string }).version,
      'y-websocket (client)': (JSON.parse(readFileSync(path.join(root, 'node_modules', 'y-websocket', 'package.json'), 'utf8')) as { version: string }).version,
      ws: packageVersion('ws'),
    },
    command: `npm run bench:realtime -- ${process.argv.slice(2).join(' ')}`.trim(),
    startedAt: startedAt.toISOString(),
    durationS: (Date.now() - startedAt.getTime()) / 1000,
  };
  // Only a full run (every scenario, every server, default grid) replaces the committed summary.
  const full = process.argv.length === 2;
  const summary = path.join(resultsDir, full ? 'latest.md' : `${stamp}.md`);
  writeFileSync(summary, renderSummary(lines, machine));
  process.stdout.write(`bench: ${lines.length} cells in ${machine.durationS.toFixed(0)} s → ${path.relative(root, jsonl)}, ${path.relative(root, summary)}\n`);
}

if (!repinned()) runBenchMain(main);
