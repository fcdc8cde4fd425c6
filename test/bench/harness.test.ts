import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { createServer } from 'node:net';
import * as decoding from 'lib0/decoding';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../bench/realtime/config.js';
import { awarenessMessage, awarenessUpdate, decodeRelayed, docUpdateMessage, hpAuthMessage, hpSinkHandshake, sinkHandshake, updateMessage, ywsSinkHandshake } from '../../bench/realtime/protocol.js';
import { isResultLine, medianOfRepetitions, resultKeys, resultLine } from '../../bench/realtime/result.js';
import { canonicalJson } from '../../bench/realtime/roles.js';
import { median, percentile, summarize } from '../../bench/realtime/stats.js';
import { abuseOutcomes, cellKey, holdTable, renderSummary } from '../../bench/realtime/summary.js';
import { holdFigures } from '../../bench/realtime/scenarioS1.js';
import { openBoardClients } from '../../bench/realtime/hotBoard.js';
import { startOurs } from '../../bench/realtime/oursServer.js';
import { removeDataDir } from '../../bench/realtime/serverKit.js';
import { hostNowMs, sleep, waitUntil } from '../../bench/realtime/target.js';
import { independentUpdates, startAbusers } from '../../bench/realtime/abuse.js';
import * as Y from 'yjs';
import { inTurns, rotated } from '../../bench/realtime/turns.js';
import { nodeOptionsOf, startNodeOptions } from '../../bench/realtime/paths.js';
import { ProcSampler, readCpuTicks, readMainThreadCpuTicks, readRssMB, readTreeCpuTicks, readTreeRssMB } from '../../bench/realtime/procStats.js';

describe('percentiles', () => {
  it('uses the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it('summarizes unsorted samples without changing them', () => {
    const samples = [5, 1, 3, 2, 4];
    expect(summarize(samples)).toEqual({ p50: 3, p99: 5, max: 5 });
    expect(samples).toEqual([5, 1, 3, 2, 4]);
    expect(summarize([])).toEqual({ p50: null, p99: null, max: null });
  });

  it('takes the median of repetitions, skipping nulls', () => {
    expect(median([3, null, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null])).toBeNull();
  });
});

describe('sink handshakes', () => {
  it('y-websocket: [0 sync][0 step1][varUint8Array [0]]', () => {
    expect([...ywsSinkHandshake()]).toEqual([0, 0, 1, 0]);
    expect(sinkHandshake('y-websocket', 'b', 't').map((m) => [...m])).toEqual([[0, 0, 1, 0]]);
  });

  it('Hocuspocus: auth with the token, then the prefixed step 1', () => {
    const auth = decoding.createDecoder(hpAuthMessage('board-1', 'secret'));
    expect(decoding.readVarString(auth)).toBe('board-1');
    expect(decoding.readVarUint(auth)).toBe(2);
    expect(decoding.readVarUint(auth)).toBe(0);
    expect(decoding.readVarString(auth)).toBe('secret');
    expect(decoding.hasContent(auth)).toBe(false);
    const step1 = decoding.createDecoder(hpSinkHandshake('board-1'));
    expect(decoding.readVarString(step1)).toBe('board-1');
    expect([...decoding.readTailAsUint8Array(step1)]).toEqual([0, 0, 1, 0]);
    expect(sinkHandshake('hocuspocus', 'board-1', 'secret')).toHaveLength(2);
  });

  it('the relay needs no handshake and its messages decode back', () => {
    expect(sinkHandshake('relay', 'b', '')).toEqual([]);
    expect(decodeRelayed(updateMessage(new Uint8Array([9, 8])))).toEqual({ kind: 'update', payload: new Uint8Array([9, 8]) });
    const update = awarenessUpdate(42, 3, { ts: 1 });
    expect(decodeRelayed(awarenessMessage('relay', 'b', update))).toEqual({ kind: 'awareness', payload: update });
    expect(decodeRelayed(ywsSinkHandshake())).toEqual({ kind: 'other' });
  });

  it('an awareness update holds one client with its clock and JSON state', () => {
    const decoder = decoding.createDecoder(awarenessUpdate(42, 3, { cursor: { x: 1 } }));
    expect([decoding.readVarUint(decoder), decoding.readVarUint(decoder), decoding.readVarUint(decoder)]).toEqual([1, 42, 3]);
    expect(JSON.parse(decoding.readVarString(decoder))).toEqual({ cursor: { x: 1 } });
  });
});

describe('result lines', () => {
  const line = resultLine({ server: 'ours', version: '0.1.0', scenario: 'S1', params: { sinks: 45, ratePerWriter: 10 }, p99: 12.3456, errors: [] });

  it('have every key of BENCHMARK "Output", figures rounded', () => {
    expect(Object.keys(line)).toEqual([...resultKeys]);
    expect(isResultLine(JSON.parse(JSON.stringify(line)))).toBe(true);
    expect(line.p99).toBe(12.35);
    expect(isResultLine({ ...line, p50: 'fast' })).toBe(false);
  });

  it('fold repetitions into medians and keep every error', () => {
    const folded = medianOfRepetitions([
      { ...line, p99: 10, errors: ['x'] },
      { ...line, p99: 30 },
      { ...line, p99: 20 },
    ]);
    expect(folded.p99).toBe(20);
    expect(folded.params.reps).toBe(3);
    expect(folded.errors).toEqual(['rep 1: x']);
  });

  it('pair the relay (S0a) with the S1 cell of the same params', () => {
    expect(cellKey({ ...line, scenario: 'S0a', server: 'relay' })).toBe(cellKey(line));
  });
});

describe('harness helpers', () => {
  it('compares documents with map keys in any order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
  });

  it('parses the command line and rejects unknown flags', () => {
    const quick = parseArgs(['--quick', '--only', 'S1,s4', '--servers', 'ours,yws']);
    expect(quick).toMatchObject({ quick: true, reps: 1, only: ['S1', 'S4'], servers: ['ours', 'yws'] });
    expect(parseArgs([]).reps).toBe(3);
    expect(() => parseArgs(['--fast'])).toThrow(TypeError);
    expect(parseArgs(['--only', 'S9']).only).toEqual(['S9']);
    expect(parseArgs([]).only).toContain('S9');
    expect(parseArgs(['--quick']).only).not.toContain('S9');
    // The hold preload costs our server CPU the peers do not spend: loaded only when asked for.
    expect(parseArgs([]).hold).toBe(false);
    expect(parseArgs(['--hold', '--only', 'S1']).hold).toBe(true);
    expect(() => parseArgs(['--only', 'S11'])).toThrow(TypeError);
  });

  it('sizes the S5 storm from --s5-clients and --s5-boards: 500 on 50, 100 on 10 quick, at least the 2 probes per board', () => {
    expect(parseArgs(['--only', 'S5']).only).toEqual(['S5']);
    expect(parseArgs([])).toMatchObject({ s5Clients: 500, s5Boards: 50 });
    expect(parseArgs(['--quick'])).toMatchObject({ s5Clients: 100, s5Boards: 10 });
    expect(parseArgs(['--s5-clients', '60', '--s5-boards', '30'])).toMatchObject({ s5Clients: 60, s5Boards: 30 });
    expect(() => parseArgs(['--s5-clients', '50', '--s5-boards', '30'])).toThrow(/--s5-clients/);
    for (const bad of ['', 'x', '0', '1.5']) expect(() => parseArgs(['--s5-boards', bad])).toThrow(/--s5-boards/);
  });

  it('takes the S1 grid from --rates and --sinks and refuses bad lists', () => {
    expect(parseArgs(['--rates', '10,80', '--sinks', '495'])).toMatchObject({ s1Rates: [10, 80], s1Sinks: [495] });
    expect(parseArgs(['--quick'])).toMatchObject({ s1Rates: [10, 40], s1Sinks: [195] });
    for (const bad of ['', '10,x', '0', '2.5', '201']) expect(() => parseArgs(['--rates', bad])).toThrow(/--rates/);
    expect(() => parseArgs(['--sinks', '-3'])).toThrow(/--sinks/);
  });

  it('takes the S3 board counts from --boards and refuses bad lists', () => {
    expect(parseArgs(['--only', 'S3', '--boards', '500'])).toMatchObject({ s3Boards: [500] });
    expect(parseArgs([])).toMatchObject({ s3Boards: [100, 500] });
    expect(parseArgs(['--quick'])).toMatchObject({ s3Boards: [100] });
    for (const bad of ['', 'x', '0', '2001']) expect(() => parseArgs(['--boards', bad])).toThrow(/--boards/);
  });

  it('warms a fresh S1 server for 15 s unless told otherwise, and refuses a bad warm-up', () => {
    expect(parseArgs([]).serverWarmupMs).toBe(15_000);
    expect(parseArgs(['--quick']).serverWarmupMs).toBe(0);
    expect(parseArgs(['--server-warmup-ms', '0']).serverWarmupMs).toBe(0);
    expect(parseArgs(['--server-warmup-ms', '30000']).serverWarmupMs).toBe(30_000);
    for (const bad of ['', 'x', '-1', '1.5', '120001']) expect(() => parseArgs(['--server-warmup-ms', bad])).toThrow(/--server-warmup-ms/);
  });

  it("runs the servers in turns, rotating who goes first, and keeps each server's results in order", async () => {
    expect(rotated(['a', 'b', 'c'], 4)).toEqual(['b', 'c', 'a']);
    expect(rotated([], 2)).toEqual([]);
    const order: string[] = [];
    const results = await inTurns(['relay', 'ours', 'yws'], 3, async (name, rep) => {
      order.push(name);
      await Promise.resolve();
      return `${name}${rep}`;
    });
    expect(order).toEqual(['relay', 'ours', 'yws', 'ours', 'yws', 'relay', 'yws', 'relay', 'ours']);
    expect([...results.entries()]).toEqual([
      ['relay', ['relay0', 'relay1', 'relay2']],
      ['ours', ['ours0', 'ours1', 'ours2']],
      ['yws', ['yws0', 'yws1', 'yws2']],
    ]);
  });
});

describe('S9 abuse', () => {
  it('builds updates that each apply on their own, in any subset', () => {
    const updates = independentUpdates(450, 16, 7_000_000);
    expect(updates).toHaveLength(450);
    const doc = new Y.Doc();
    for (const i of [449, 0, 201, 200]) Y.applyUpdate(doc, updates[i]!);
    expect(doc.store.pendingStructs).toBeNull();
    expect(doc.getMap('abuse').size).toBe(4);
  });

  it('frames a flood update per dialect', () => {
    const update = new Uint8Array([5, 6]);
    expect([...docUpdateMessage('y-websocket', 'b', update)]).toEqual([0, 2, 2, 5, 6]);
    const prefixed = decoding.createDecoder(docUpdateMessage('hocuspocus', 'board-1', update));
    expect(decoding.readVarString(prefixed)).toBe('board-1');
    expect([...decoding.readTailAsUint8Array(prefixed)]).toEqual([0, 2, 2, 5, 6]);
  });

  it("lists what each server did to the abusers, from the abused cells only", () => {
    const params = { writers: 5, ratePerWriter: 20, sinks: 45, probes: 2 };
    const calm = resultLine({ server: 'ours', version: '1', scenario: 'S9', params: { ...params, abuse: 'none' } });
    const abused = resultLine({
      server: 'ours',
      version: '1',
      scenario: 'S9',
      params: { ...params, abuse: 'all' },
      extra: { p99VsCalm: 3.5, serverAlive: 1, floodSent: 2885, floodConnections: 149, floodCloses: '4429×149', bigFrameOutcomes: '1009×2', slowReader: 'open', noAuthOpened: 500, noAuthServed: 0, noAuthCloses: '4401×500' },
    });
    const died = resultLine({ server: 'yws', version: '1', scenario: 'S9', params: { ...params, abuse: 'all' }, extra: { serverAlive: 0 } });
    const table = abuseOutcomes([calm, abused, died]);
    expect(table.filter((row) => row.startsWith('| ours'))).toEqual(['| ours | 3.50× | yes | 2885 | 149 | 4429×149 | 1009×2 | open | 0 / 500 | 4401×500 |']);
    expect(table.find((row) => row.startsWith('| yws'))).toContain('**no**');
    expect(abuseOutcomes([calm])).toEqual([]);
  });

  it('reports on a server that never answers the upgrade, instead of waiting for it', async () => {
    // A server whose event loop the flood holds: it accepts connections and never answers.
    const held: Socket[] = [];
    const silent = createServer((socket) => {
      held.push(socket);
      socket.on('error', () => undefined);
    });
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    try {
      const settings = { floodPerS: 100, reconnectMs: 50, bigFrameBytes: 1_000, bigFrames: 2, noAuthPerS: 5 };
      const updates = { flood: independentUpdates(10, 16, 8_000_000), big: independentUpdates(2, 1_000, 9_000_000) };
      const abuse = startAbusers({ dialect: 'y-websocket', wsBase: `ws://127.0.0.1:${port}`, token: '' }, 'b', 400, settings, updates);
      await sleep(400);
      abuse.halt();
      const report = await abuse.report();
      expect(report.bigFrameOutcomes).toBe('no handshake×2');
      expect(report.slowReader).toBe('not opened');
      expect(report.noAuthServed).toBe(0);
      expect(report.floodSent).toBe(0);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  }, 15_000);
});

describe('our server in the benches', () => {
  it('starts with the Node options of npm start', () => {
    expect(nodeOptionsOf('node --v8-pool-size=0 --max-semi-space-size=4 bin/boards.js start')).toEqual(['--v8-pool-size=0', '--max-semi-space-size=4']);
    expect(nodeOptionsOf('node bin/boards.js start')).toEqual([]);
    for (const other of ['tsx server/main.ts', 'node -r ./x.js bin/boards.js start', 'node --v8-pool-size=0 dist/server/cli.js start', 'node bin/boards.js migrate', 'node bin/boards.js start --port 1', '']) {
      expect(() => nodeOptionsOf(other)).toThrow(/start script/);
    }
    // npm start sizes V8's helper pool to the cores the process may run on (README, Command line).
    expect(startNodeOptions()).toContain('--v8-pool-size=0');
    // and caps the young generation's semi-spaces, which an idle server would otherwise hold at 16 MB each (README, Command line).
    expect(startNodeOptions()).toContain('--max-semi-space-size=2');
    // and exposes gc, for the collection the server asks for once its last board is unloaded (README, Command line).
    expect(startNodeOptions()).toContain('--expose-gc');
  });

  it("holds the young generation of a process started with npm start's options at 4 MB once it has kept many objects alive", () => {
    // Arrays that each outlive a few thousand others grow the young generation to its cap: two semi-spaces of 2 MB (16 MB each by default, 4 with a cap of 4).
    const script =
      "const v8 = require('node:v8'); const ring = new Array(4096); for (let i = 0; i < 200000; i++) ring[i % 4096] = new Array(64).fill(i);" +
      " process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').physical_space_size));";
    const out = execFileSync(process.execPath, [...startNodeOptions(), '-e', script], { encoding: 'utf8' });
    expect(Number(out)).toBeGreaterThan(0);
    expect(Number(out)).toBeLessThanOrEqual(4 * 1024 * 1024);
  });
});

/** Runs `use` with our server started by the benches (with `options`) and clients on one board of it; closes and removes both after. */
async function onOneBoard(
  options: Parameters<typeof startOurs>[0],
  roles: Parameters<typeof openBoardClients>[2],
  use: (server: Awaited<ReturnType<typeof startOurs>>, clients: Awaited<ReturnType<typeof openBoardClients>>) => Promise<void>,
): Promise<void> {
  const server = await startOurs(options);
  try {
    const [board = ''] = await server.createBoards(1);
    const clients = await openBoardClients(server, board, roles);
    try {
      await use(server, clients);
    } finally {
      clients.close();
    }
  } finally {
    await server.kill();
    removeDataDir(server.dataDir);
  }
}

describe('live updates held in our server', () => {
  it('turns holds into figures and lists them beside the probes for our cells only', () => {
    expect(holdFigures(undefined)).toEqual({});
    expect(holdFigures({ heldMs: [0.3, 0.1, 0.2, 2], unrelayed: 1 })).toEqual({ holdP50Ms: 0.2, holdP99Ms: 2, holdSamples: 4, holdUnrelayed: 1 });
    const params = { writers: 5, ratePerWriter: 20, sinks: 45, probes: 2 };
    const ours = resultLine({ server: 'ours', version: '1', scenario: 'S1', params, p50: 0.4, p99: 2.1, extra: holdFigures({ heldMs: [0.1, 0.2, 0.9], unrelayed: 0 }) });
    const relay = resultLine({ server: 'relay', version: '1', scenario: 'S0a', params, p50: 0.2, p99: 0.9 });
    const table = holdTable([relay, ours]);
    expect(table.filter((row) => row.startsWith('| S1'))).toEqual(['| S1 writers=5 ratePerWriter=20 sinks=45 probes=2 | 0.40 | 2.10 | 0.20 | 0.90 | 3 | 0 |']);
    expect(holdTable([relay])).toEqual([]);
  });

  it("sets S1's warm-up row against the relay's and says the steps after it are warm", () => {
    const params = { writers: 5, ratePerWriter: 20, sinks: 45, probes: 2, phase: 'warm-up' };
    const ours = resultLine({ server: 'ours', version: '1', scenario: 'S1', params, p99: 3 });
    const relay = resultLine({ server: 'relay', version: '1', scenario: 'S0a', params, p99: 1.5 });
    const machine = { nproc: 2, memoryGB: 1, cpuModel: 'x', node: 'v20', oursNodeOptions: '', packages: {}, command: 'c', startedAt: 't', durationS: 1 };
    const summary = renderSummary([relay, ours], machine);
    expect(summary).toContain('| S1 writers=5 ratePerWriter=20 sinks=45 probes=2 phase=warm-up | ours 1 | – | 3.00 · R 2.00×');
    expect(summary).toContain('The steps after it are');
    expect(renderSummary([resultLine({ server: 'ours', version: '1', scenario: 'S1', params: { sinks: 45 } })], machine)).not.toContain('warm-up');
  });

  it('starts our server without the hold preload unless asked: its wrappers and reports are CPU the peers do not spend', async () => {
    const server = await startOurs({});
    try {
      expect(server.liveHold).toBeUndefined();
    } finally {
      await server.kill();
      removeDataDir(server.dataDir);
    }
  }, 60_000);

  it('measures, in the server the benches start, one hold per live update relayed in the window', async () => {
    await onOneBoard({ preloads: 'all' }, { probes: 1, sinks: 2, writers: 1 }, async (server, clients) => {
      const [writer] = clients.writers;
      const [probe] = clients.probes;
      // Updates before the window are left out. The wait past the preload's next report (it
      // reports once a second) keeps this update's count out of the reports the window reads.
      writer!.write();
      await waitUntil(() => probe!.seen.get(writer!.key) === 1, 10_000);
      await sleep(1_100);
      // Half a second inside each edge: the window is read on this process's clock and the
      // holds are stamped on the server's, so an offset between the two clocks cannot move an
      // update of the window across an edge.
      const from = hostNowMs();
      await sleep(500);
      for (let i = 0; i < 5; i++) {
        writer!.write();
        await waitUntil(() => probe!.seen.get(writer!.key) === 2 + i, 10_000);
      }
      await sleep(500);
      const to = hostNowMs();
      // The preload's report of the window's last update comes within a second.
      await sleep(1_100);
      const hold = await server.liveHold!(from, to);
      // Each update is counted once: held (relayed in the turn that took it) or unrelayed (its
      // relay waited behind the background store path).
      expect(hold.heldMs.length + hold.unrelayed).toBe(5);
      expect(hold.heldMs.length).toBeGreaterThan(0);
      for (const ms of hold.heldMs) expect(ms).toBeGreaterThanOrEqual(0);
      // A hold ends before the probe received the update, so it is shorter than the whole window.
      for (const ms of hold.heldMs) expect(ms).toBeLessThan(to - from);
    });
  }, 60_000);

  it("reports the resident documents of the registry the server runs (S8's figure), whether it runs the bundle or the compiled modules", async () => {
    await onOneBoard({ memReport: true }, { probes: 1, sinks: 0, writers: 1 }, async (server, clients) => {
      clients.writers[0]!.write();
      expect(await waitUntil(() => clients.probes[0]!.seen.get(clients.writers[0]!.key) === 1, 10_000)).toBe(true);
      // The preload reports every 2 s; the registry is found once it sweeps or starts sweeping.
      // A preload patching another copy of the class than the server's reports null.
      expect(await waitUntil(() => (server.memReport!()?.residentDocs ?? 0) >= 1, 15_000)).toBe(true);
      expect(server.memReport!()!.residentDocs).toBe(1);
      expect(server.memReport!()!.heapUsedMB).toBeGreaterThan(0);
    });
  }, 60_000);
});

describe.runIf(process.platform === 'linux')('process figures of a server with child processes', () => {
  it('counts the CPU and RSS of the processes under a server, and not of its parent', async () => {
    // A parent that starts a child burning CPU and holding 64 MB, then waits.
    const script = `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, ['-e', 'const b = Buffer.alloc(64 * 1024 * 1024, 1); const end = Date.now() + 400; while (Date.now() < end); setInterval(() => b[0]++, 1000);'], { stdio: 'ignore' });
      process.stdout.write(String(child.pid) + '\\n');
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer];
      const childPid = Number(line.toString().trim());
      // Wait on both figures of the child itself: on a busy machine it can be charged 20 ticks
      // before it has filled its buffer (one CI run read its RSS at 51 MB).
      await waitUntil(() => (readCpuTicks(childPid) ?? 0) >= 20 && (readRssMB(childPid) ?? 0) >= 64, 10_000);
      const tree = readTreeCpuTicks(parent.pid!)!;
      expect(tree).toBeGreaterThanOrEqual((readCpuTicks(parent.pid!) ?? 0) + 20);
      expect(readTreeRssMB(parent.pid!)!).toBeGreaterThan((readRssMB(parent.pid!) ?? 0) + 60);
      // A window's figures: the largest RSS with the child, and the parent's own apart.
      const sampler = new ProcSampler(parent.pid!);
      sampler.start();
      const window = sampler.stop();
      expect(window.rssMaxMB).toBeGreaterThan(window.ownRssMaxMB + 60);
      expect(window.ownRssMaxMB).toBeGreaterThan(0);
      // The child's time stays counted once it has ended and been reaped.
      process.kill(childPid, 'SIGKILL');
      await waitUntil(() => readRssMB(childPid) === undefined, 10_000);
      expect(readTreeCpuTicks(parent.pid!)!).toBeGreaterThanOrEqual(tree);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('counts the main thread apart from the helper threads', async () => {
    // A worker thread burns 400 ms of CPU while the main thread waits; then the main thread burns
    // 400 ms. Counted in the process's CPU time, not the clock's, so a loaded machine that gives
    // the child a share of a core still sees the work done; the bounds ask for 100 ms of each.
    const script = `
      const { Worker } = require('node:worker_threads');
      const burn = 'const from = process.cpuUsage(); for (;;) { const used = process.cpuUsage(from); if (used.user + used.system >= 400000) break; }';
      const worker = new Worker(burn, { eval: true });
      worker.on('exit', () => {
        process.stdout.write('worker done\\n');
        process.stdin.once('data', () => {
          eval(burn);
          process.stdout.write('main done\\n');
        });
      });
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      await once(child.stdout, 'data');
      const mainAfterWorker = readMainThreadCpuTicks(child.pid!)!;
      const wholeAfterWorker = readCpuTicks(child.pid!)!;
      expect(wholeAfterWorker - mainAfterWorker).toBeGreaterThanOrEqual(10);
      child.stdin.write('go\n');
      await once(child.stdout, 'data');
      expect(readMainThreadCpuTicks(child.pid!)! - mainAfterWorker).toBeGreaterThanOrEqual(10);
      expect(readMainThreadCpuTicks(child.pid!)!).toBeLessThanOrEqual(readCpuTicks(child.pid!)!);
    } finally {
      child.kill('SIGKILL');
    }
    await once(child, 'exit');
    expect(readMainThreadCpuTicks(child.pid!)).toBeUndefined();
  });
});
