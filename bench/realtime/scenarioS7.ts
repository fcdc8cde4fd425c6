import type { BenchConfig, Emit } from './config.js';
import { measureStep, openBoardClients } from './hotBoard.js';
import type { ResultLine } from './result.js';
import { medianOfRepetitions, resultLine } from './result.js';
import type { ServerName } from './serverKit.js';
import { packageVersion } from './serverKit.js';
import { failedLine, hotWriters, stepLine, withServer } from './scenarioS1.js';
import { summarize } from './stats.js';
import { inTurns } from './turns.js';
import { waitUntil } from './target.js';

/** Items the S7 batch creates (ours: 10 REST calls of 100, the per-call maximum, from a client process of its own). */
export const s7BatchItems = 1000;

/** S7: a 1000-item server-side batch during an S1 load of R=20; REST time, time until visible at probes, fan-out p99 meanwhile. */
export async function runS7(config: BenchConfig, servers: readonly ServerName[], emit: Emit): Promise<void> {
  const rate = 20;
  const params = { writers: hotWriters, ratePerWriter: rate, sinks: config.s7Sinks, probes: 2, batchItems: s7BatchItems };
  const runs = await inTurns(servers.filter((name) => name !== 'yws'), config.reps, async (name): Promise<ResultLine> => {
    try {
      return await withServer(name, async (server) => {
        if (server.batchClient === undefined) throw new Error(`${name} has no batch API`);
        const [board = 'batch'] = await server.createBoards(1);
        const batchClient = await server.batchClient();
        const clients = await openBoardClients(server, board, { probes: 2, sinks: config.s7Sinks, writers: hotWriters });
        try {
          const base = Math.max(...clients.probes.map((p) => p.itemCount()));
          let restMs: number | null = null;
          let calls = 0;
          let visibleMs: number | null = null;
          let batchSamples: number[] = [];
          const during = async (): Promise<void> => {
            const marks = clients.probes.map((p) => p.samples.length);
            const started = performance.now();
            const batch = batchClient.run(board, s7BatchItems).then((r) => {
              restMs = r.ms;
              calls = r.calls;
            });
            const visible = waitUntil(() => clients.probes.every((p) => p.itemCount() >= base + s7BatchItems), 30_000).then((ok) => {
              if (ok) visibleMs = performance.now() - started;
            });
            await Promise.all([batch, visible]);
            batchSamples = clients.probes.flatMap((p, i) => p.samples.slice(marks[i] ?? 0));
          };
          const m = await measureStep(server, clients, rate, config.warmupMs, config.windowMs, during);
          if (visibleMs === null) m.errors.push('batch not visible at both probes within 30 s');
          const during99 = summarize(batchSamples).p99;
          return stepLine(server, 'S7', params, m, config.s7Sinks + 2, rate * hotWriters, {
            restMs,
            restCalls: calls,
            visibleAtProbesMs: visibleMs,
            p99DuringBatch: during99,
            keyFigure: 'visibleAtProbesMs',
          });
        } finally {
          clients.close();
          await batchClient.close();
        }
      });
    } catch (error) {
      return failedLine(name, 'S7', params, error);
    }
  });
  for (const reps of runs.values()) emit(medianOfRepetitions(reps));
  if (servers.includes('yws')) {
    emit(
      resultLine({
        server: 'yws',
        version: packageVersion('@y/websocket-server'),
        scenario: 'S7',
        params,
        errors: ['n/a: @y/websocket-server has no server-side write API (no REST, no direct connection); a batch could only come from another client'],
      }),
    );
  }
}
