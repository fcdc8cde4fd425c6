import { readFileSync, readdirSync } from 'node:fs';
import type { BenchConfig, Emit } from './config.js';
import { openDocClient } from './docClients.js';
import type { DocClient } from './docClients.js';
import { readTreeRssMB } from './procStats.js';
import type { ResultLine } from './result.js';
import { resultLine } from './result.js';
import { Writer } from './roles.js';
import { failedLine, withServer } from './scenarioS1.js';
import type { RunningServer, ServerName } from './serverKit.js';
import { sleep } from './target.js';

/** Settings of S8, from `--s8-duration-s`, `--s8-connections`, `--s8-boards`, `--s8-idle-s` and `--s8-sample-s`. */
export interface ChurnSettings {
  durationS: number;
  connections: number;
  boards: number;
  /**
   * Idle time after the load, before the last samples: ours unloads documents 60 to 70 s after
   * their last use, and V8's memory reducer gives the freed heap back over about a minute more.
   */
  idleS: number;
  sampleS: number;
}

/** One sample of the server process, every `sampleS`. */
export interface ChurnSample {
  /** Seconds since the load started (negative: before it). */
  t: number;
  phase: 'start' | 'load' | 'idle';
  rssMB: number | null;
  /** The anonymous part of the server process's RSS (heap, malloc), in MB; the rest is file-backed (the binary's pages). */
  anonMB: number | null;
  /** V8 heap in use (ours, from `bench/peers/mem-report.mjs`); null for the peers. */
  heapMB: number | null;
  /** Board documents held in memory (ours); null for the peers. */
  residentDocs: number | null;
  fds: number | null;
}

/** Open file descriptors of a process (`/proc/<pid>/fd`); null once it is gone. */
export function openFds(pid: number): number | null {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

/** RssAnon of a process in MB (`/proc/<pid>/status`); null once it is gone. */
export function anonRssMB(pid: number): number | null {
  try {
    const match = /RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] === undefined ? null : Number(match[1]) / 1024;
  } catch {
    return null;
  }
}

/** Least-squares slope of `y` over `x` (per unit of `x`); null with fewer than two points. */
export function slope(points: readonly (readonly [number, number])[]): number | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  if (sxx === 0) return null;
  return points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / sxx;
}

/** Counts of the churn: connections started, synced, failed, and how late the pacing fell. */
interface ChurnCounts {
  started: number;
  synced: number;
  failed: number;
  firstError: string | undefined;
  /** Most connections open at once. */
  peakOpen: number;
}

/**
 * One short connection: a full client joins `board`, waits for the sync, adds one sticky note (a
 * store and a relay on the server) and leaves 100 ms later.
 */
async function shortConnection(server: RunningServer, board: string, key: string, counts: ChurnCounts): Promise<void> {
  let client: DocClient | undefined;
  try {
    client = await openDocClient(server.target, board);
    const synced = await Promise.race([client.synced.then(() => true), sleep(15_000).then(() => false)]);
    if (!synced) throw new Error('not synced within 15 s');
    new Writer(client, key).init();
    await sleep(100);
    if (client.error !== undefined) throw new Error(client.error);
    counts.synced += 1;
  } catch (error) {
    counts.failed += 1;
    counts.firstError ??= error instanceof Error ? error.message : String(error);
  } finally {
    client?.destroy();
  }
}

/**
 * Opens `connections` short connections, evenly spread over `durationS`, round-robin over the
 * boards (each board is visited `connections / boards` times, `durationS × boards / connections`
 * apart: with the defaults every 60 s, so a server that unloads idle documents loads and unloads
 * them over and over). At most 500 are open at once; the pacing falls behind rather than exceed it.
 */
async function churn(server: RunningServer, boards: readonly string[], settings: ChurnSettings, counts: ChurnCounts): Promise<void> {
  const started = performance.now();
  const everyMs = (settings.durationS * 1000) / settings.connections;
  const open = new Set<Promise<void>>();
  for (let i = 0; i < settings.connections; i++) {
    const due = started + i * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (open.size >= 500) await Promise.race(open);
    const board = boards[i % boards.length] ?? '';
    const connection = shortConnection(server, board, `s8-${i}`, counts).finally(() => open.delete(connection));
    open.add(connection);
    counts.started += 1;
    counts.peakOpen = Math.max(counts.peakOpen, open.size);
  }
  await Promise.all(open);
}

/** Samples the server every `sampleS` until stopped. */
function startSampling(server: RunningServer, sampleS: number, loadStartedAt: () => number, phase: () => ChurnSample['phase']): { samples: ChurnSample[]; take: () => ChurnSample; stop: () => void } {
  const samples: ChurnSample[] = [];
  const take = (): ChurnSample => {
    const report = server.memReport?.();
    const sample: ChurnSample = {
      t: Math.round((performance.now() - loadStartedAt()) / 100) / 10,
      phase: phase(),
      rssMB: readTreeRssMB(server.pid) ?? null,
      anonMB: anonRssMB(server.pid),
      heapMB: report?.heapUsedMB ?? null,
      residentDocs: report?.residentDocs ?? null,
      fds: openFds(server.pid),
    };
    samples.push(sample);
    process.stdout.write(`S8 ${server.name} ${JSON.stringify(sample)}\n`);
    return sample;
  };
  const timer = setInterval(take, sampleS * 1000);
  return { samples, take, stop: () => clearInterval(timer) };
}

const round = (value: number | null | undefined, digits = 2): number | null => (value === null || value === undefined ? null : Number(value.toFixed(digits)));

/** The result line of one server's soak: levels at the start, after the load and after idle, and slopes over the load. */
export function churnLine(server: Pick<RunningServer, 'name' | 'version'>, settings: ChurnSettings, samples: readonly ChurnSample[], counts: ChurnCounts, wallS: number): ResultLine {
  const start = samples.find((s) => s.phase === 'start');
  const load = samples.filter((s) => s.phase === 'load');
  const lastLoad = load.at(-1);
  const lastIdle = samples.filter((s) => s.phase === 'idle').at(-1);
  const slopeOf = (get: (s: ChurnSample) => number | null): number | null =>
    slope(load.flatMap((s) => (get(s) === null ? [] : [[s.t / 60, get(s) ?? 0] as const])));
  const errors: string[] = [];
  if (counts.failed > 0) errors.push(`${counts.failed} of ${counts.started} connections failed (first: ${counts.firstError ?? '?'})`);
  const rssValues = samples.map((s) => s.rssMB).filter((v): v is number => v !== null);
  return resultLine({
    server: server.name,
    version: server.version,
    scenario: 'S8',
    params: { durationS: settings.durationS, connections: settings.connections, boards: settings.boards, idleS: settings.idleS },
    sent: counts.started,
    rssMaxMB: rssValues.length > 0 ? Math.max(...rssValues) : null,
    errors,
    extra: {
      keyFigure: 'rssAfterIdleVsStart',
      connectionsSynced: counts.synced,
      connectionsPerS: round(counts.started / wallS),
      peakOpen: counts.peakOpen,
      rssStartMB: round(start?.rssMB),
      rssAfterLoadMB: round(lastLoad?.rssMB),
      rssAfterIdleMB: round(lastIdle?.rssMB),
      anonStartMB: round(start?.anonMB),
      anonAfterIdleMB: round(lastIdle?.anonMB),
      rssAfterIdleVsStart: start?.rssMB && lastIdle?.rssMB ? round(lastIdle.rssMB / start.rssMB, 3) : null,
      rssSlopeMBPerMin: round(slopeOf((s) => s.rssMB), 3),
      heapStartMB: round(start?.heapMB),
      heapAfterLoadMB: round(lastLoad?.heapMB),
      heapAfterIdleMB: round(lastIdle?.heapMB),
      heapSlopeMBPerMin: round(slopeOf((s) => s.heapMB), 3),
      residentDocsAfterLoad: lastLoad?.residentDocs ?? null,
      residentDocsAfterIdle: lastIdle?.residentDocs ?? null,
      fdsStart: start?.fds ?? null,
      fdsAfterLoad: lastLoad?.fds ?? null,
      fdsAfterIdle: lastIdle?.fds ?? null,
      fdSlopePerMin: round(slopeOf((s) => s.fds), 3),
      samples: JSON.stringify(samples.map((s) => [s.t, s.phase, round(s.rssMB, 1), round(s.anonMB, 1), round(s.heapMB, 1), s.residentDocs, s.fds])),
    },
  });
}

/**
 * S8, the churn soak (BENCHMARK.md): `connections` short connections over `boards` boards in
 * `durationS`, then `idleS` without clients. RSS, open file descriptors and (ours) heap and
 * resident documents are sampled every `sampleS`: the slope over the load, the level after it
 * and after the idle time. Run on its own (`--only S8`); small: `--s8-duration-s 60
 * --s8-connections 2000 --s8-boards 200`.
 */
export async function runS8(config: BenchConfig, servers: readonly ServerName[], emit: Emit): Promise<void> {
  const settings = config.s8;
  // A client given up on before its socket opened (a server too slow to answer the upgrade within
  // 15 s) is destroyed while connecting: Hocuspocus's provider leaves the socket's error unheard.
  // It is counted as a failed connection already.
  const abandonedSocket = (error: Error): void => {
    if (!/closed before the connection was established/.test(error.message)) throw error;
  };
  process.on('uncaughtException', abandonedSocket);
  try {
    await soakEach(settings, servers, emit);
  } finally {
    process.off('uncaughtException', abandonedSocket);
  }
}

async function soakEach(settings: ChurnSettings, servers: readonly ServerName[], emit: Emit): Promise<void> {
  for (const name of servers) {
    const params = { durationS: settings.durationS, connections: settings.connections, boards: settings.boards, idleS: settings.idleS };
    try {
      emit(
        await withServer(name, async (server) => {
          const boards = await server.createBoards(settings.boards);
          // The boards ours created through REST are unloaded before the baseline, as after a restart.
          await sleep(server.name === 'ours' ? settings.idleS * 1000 : 3_000);
          let phase: ChurnSample['phase'] = 'start';
          const loadStartedAt = performance.now();
          const sampler = startSampling(server, settings.sampleS, () => loadStartedAt, () => phase);
          sampler.take();
          phase = 'load';
          const counts: ChurnCounts = { started: 0, synced: 0, failed: 0, firstError: undefined, peakOpen: 0 };
          await churn(server, boards, settings, counts);
          const wallS = (performance.now() - loadStartedAt) / 1000;
          sampler.take();
          phase = 'idle';
          await sleep(settings.idleS * 1000);
          sampler.stop();
          sampler.take();
          return churnLine(server, settings, sampler.samples, counts, wallS);
        }, { memReport: true }),
      );
    } catch (error) {
      emit(failedLine(name, 'S8', params, error));
    }
  }
}
