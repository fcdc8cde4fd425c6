import type { BenchConfig, Emit } from './config.js';
import { measureStep, openBoardClients } from './hotBoard.js';
import type { StepMeasure } from './hotBoard.js';
import type { ResultLine } from './result.js';
import { medianOfRepetitions, resultLine } from './result.js';
import type { LiveHold, RunningServer, ServerName, StartOptions } from './serverKit.js';
import { removeDataDir } from './serverKit.js';
import { startServer } from './servers.js';
import { summarize } from './stats.js';
import { inTurns } from './turns.js';

/** Writers on the hot board (BENCHMARK S1). */
export const hotWriters = 5;

/** Starts a fresh server (with `options`), runs `fn`, and always kills it and removes its data. */
export async function withServer<T>(name: ServerName, fn: (server: RunningServer) => Promise<T>, options: StartOptions = {}): Promise<T> {
  const server = await startServer(name, options);
  try {
    return await fn(server);
  } finally {
    await server.kill();
    removeDataDir(server.dataDir);
  }
}

/** A hot-board step as a result line; CPU per delivery counts each write once per recipient socket. */
export function stepLine(
  server: RunningServer,
  scenario: string,
  params: Record<string, number | string>,
  m: StepMeasure,
  recipients: number,
  writesPerS: number,
  extra: ResultLine['extra'] = {},
): ResultLine {
  const cpuMs = (m.cpuPct / 100) * m.windowMs;
  const deliveries = writesPerS * (m.windowMs / 1000) * recipients;
  return resultLine({
    server: server.name,
    version: server.version,
    scenario,
    params,
    sent: m.sent,
    deliveredAtProbes: m.deliveredAtProbes,
    ...summarize(m.samples),
    cpuPct: m.cpuPct,
    rssMaxMB: m.rssMaxMB,
    bytesOut: m.bytesOut,
    errors: m.errors,
    extra: {
      cpuMsPer1kDeliveries: deliveries > 0 ? (cpuMs / deliveries) * 1000 : null,
      sinkMsgsPerS: (m.sinkMessages / m.windowMs) * 1000,
      loadgenCpuPct: m.loadgenCpuPct,
      // RSS of the server process alone: rssMaxMB less this is what its child processes held.
      rssOwnMaxMB: Math.round(m.ownRssMaxMB * 10) / 10,
      // Where that RSS is, at the window's end: the node binary's pages are the same for every Node server.
      ...(m.rssParts === undefined ? {} : m.rssParts),
      keyFigure: 'sinkMsgsPerS',
      ...holdFigures(m.hold),
      ...extra,
    },
  });
}

/** The hold figures of a step (ours only): p50 and p99 in ms, how many updates they are over, and those not relayed from their flush. */
export function holdFigures(hold: LiveHold | undefined): Record<string, number | null> {
  if (hold === undefined) return {};
  const { p50, p99 } = summarize(hold.heldMs);
  return { holdP50Ms: p50, holdP99Ms: p99, holdSamples: hold.heldMs.length, holdUnrelayed: hold.unrelayed };
}

/** Rate per writer of the warm-up every fresh server gets in S1 before its first step (`BenchConfig.serverWarmupMs`). */
export const serverWarmupRate = 20;

/**
 * S1 (and S0a for the relay): per sink count and repetition, each server in turn gets a fresh
 * server, is warmed up (`serverWarmupMs` at `serverWarmupRate`, reported as a row of its own,
 * `phase=warm-up`), and the write rate steps up on the same connections.
 */
export async function runS1(config: BenchConfig, servers: readonly ServerName[], emit: Emit): Promise<void> {
  for (const sinks of config.s1Sinks) {
    const runs = await inTurns(servers, config.reps, async (name): Promise<ResultLine[]> => {
      const scenario = name === 'relay' ? 'S0a' : 'S1';
      const params = (rate: number) => ({ writers: hotWriters, ratePerWriter: rate, sinks, probes: 2 });
      try {
        return await withServer(name, async (server) => {
          const [board = 'hot'] = await server.createBoards(1);
          const clients = await openBoardClients(server, board, { probes: 2, sinks, writers: hotWriters });
          try {
            const lines: ResultLine[] = [];
            if (config.serverWarmupMs > 0) {
              const m = await measureStep(server, clients, serverWarmupRate, 0, config.serverWarmupMs);
              lines.push(stepLine(server, scenario, warmupParams(sinks), m, sinks + 2, serverWarmupRate * hotWriters));
            }
            for (const rate of config.s1Rates) {
              const m = await measureStep(server, clients, rate, config.warmupMs, config.windowMs);
              // The writing writer's own socket gets its update back too on y-websocket servers; count sinks + probes only.
              lines.push(stepLine(server, scenario, params(rate), m, sinks + 2, rate * hotWriters));
            }
            return lines;
          } finally {
            clients.close();
          }
        });
      } catch (error) {
        const warmup = config.serverWarmupMs > 0 ? [failedLine(name, scenario, warmupParams(sinks), error)] : [];
        return [...warmup, ...config.s1Rates.map((rate) => failedLine(name, scenario, params(rate), error))];
      }
    });
    for (const reps of runs.values()) {
      reps[0]?.forEach((_, i) => emit(medianOfRepetitions(reps.map((lines) => lines[i]!))));
    }
  }
}

/** The params of S1's warm-up row. */
function warmupParams(sinks: number): Record<string, number | string> {
  return { writers: hotWriters, ratePerWriter: serverWarmupRate, sinks, probes: 2, phase: 'warm-up' };
}

/** The line of a cell that could not run, with the reason as its error. */
export function failedLine(server: string, scenario: string, params: Record<string, number | string>, error: unknown): ResultLine {
  return resultLine({ server, version: '', scenario, params, errors: [`failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 400)] });
}
