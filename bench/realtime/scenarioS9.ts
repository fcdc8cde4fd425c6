import type { AbuseSettings, RunningAbuse } from './abuse.js';
import { defaultAbuse, independentUpdates, startAbusers } from './abuse.js';
import type { BenchConfig, Emit } from './config.js';
import { measureStep, openBoardClients } from './hotBoard.js';
import type { ResultLine } from './result.js';
import { medianOfRepetitions } from './result.js';
import { failedLine, hotWriters, stepLine, withServer } from './scenarioS1.js';
import type { ServerName } from './serverKit.js';
import { summarize } from './stats.js';
import { sleep } from './target.js';
import { inTurns } from './turns.js';

/** S9's hot board: S1's writers at R = 20 with 45 sinks. */
const rate = 20;
const sinks = 45;

/** True while process `pid` exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function ratioOrNull(value: number | null, reference: number | null): number | null {
  return value === null || reference === null || reference === 0 ? null : value / reference;
}

/**
 * S9 (limits and abuse): on one hot board, a calm step, then the same step again while a
 * flooder (5k updates/s, reconnecting whenever closed), oversized 10 MB messages, a reader that
 * never reads and a churn of connections without credentials all go at the board. The probes
 * measure what the abuse does to everyone else's p99 (key figure: p99 under abuse over the calm
 * p99 of the same connections); each abuser's outcome (close codes, what got through) is kept.
 */
export async function runS9(config: BenchConfig, servers: readonly ServerName[], emit: Emit, settings: AbuseSettings = defaultAbuse): Promise<void> {
  const base = { writers: hotWriters, ratePerWriter: rate, sinks, probes: 2 };
  // Built once, outside every window: a flood of independent small updates, and the oversized ones.
  const floodCount = Math.min(60_000, Math.ceil((settings.floodPerS * config.windowMs) / 1000));
  const updates = {
    flood: independentUpdates(floodCount, 16, 0x4000_0000),
    big: independentUpdates(settings.bigFrames, settings.bigFrameBytes, 0x5000_0000),
  };
  const runs = await inTurns(servers, config.reps, async (name): Promise<ResultLine[]> => {
    try {
      return await withServer(name, async (server) => {
        const [board = 'abused'] = await server.createBoards(1);
        const clients = await openBoardClients(server, board, { probes: 2, sinks, writers: hotWriters });
        try {
          const calm = await measureStep(server, clients, rate, config.warmupMs, config.windowMs);
          let abuse: RunningAbuse | undefined;
          const abused = await measureStep(server, clients, rate, config.warmupMs, config.windowMs, async () => {
            abuse = startAbusers(server.target, board, config.windowMs, settings, updates);
            await sleep(config.windowMs);
            abuse.halt();
          });
          // Gathered after the window: the outcome of the last oversized message may take a while.
          const report = await abuse?.report();
          const serverAlive = alive(server.pid);
          if (!serverAlive) abused.errors.push('server died under abuse');
          const calmLine = stepLine(server, 'S9', { ...base, abuse: 'none' }, calm, sinks + 2, rate * hotWriters);
          const abusedLine = stepLine(server, 'S9', { ...base, abuse: 'all' }, abused, sinks + 2, rate * hotWriters, {
            // CPU per delivery would count the abusers' traffic against the writers' deliveries.
            cpuMsPer1kDeliveries: null,
            p99VsCalm: ratioOrNull(summarize(abused.samples).p99, summarize(calm.samples).p99),
            serverAlive: serverAlive ? 1 : 0,
            ...(report ?? {}),
            keyFigure: 'p99VsCalm',
          });
          return [calmLine, abusedLine];
        } finally {
          clients.close();
        }
      });
    } catch (error) {
      return [failedLine(name, 'S9', { ...base, abuse: 'none' }, error), failedLine(name, 'S9', { ...base, abuse: 'all' }, error)];
    }
  });
  for (const reps of runs.values()) for (const i of [0, 1]) emit(medianOfRepetitions(reps.map((lines) => lines[i]!)));
}
