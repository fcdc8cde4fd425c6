import type { BenchConfig, Emit } from './config.js';
import { measureStep, openBoardClients } from './hotBoard.js';
import type { ResultLine } from './result.js';
import { medianOfRepetitions, resultLine } from './result.js';
import type { BatchMode, ServerName } from './serverKit.js';
import { packageVersion } from './serverKit.js';
import { failedLine, hotWriters, stepLine, withServer } from './scenarioS1.js';
import { summarize } from './stats.js';
import { inTurns, rotated } from './turns.js';
import { waitUntil } from './target.js';

/** Items the S7 batch creates (ours: 10 REST calls of 100, the per-call maximum, from a client process of its own). */
export const s7BatchItems = 1000;

/**
 * S7: a 1000-item server-side write during an S1 load of R=20; REST time, time until visible at
 * probes, fan-out p99 meanwhile. Ours twice, each on a fresh server: ten sequential 100-item
 * batches, and one import job (`POST /boards/{id}/imports`, key figure
 * `importVisibleAtProbesMs`); Hocuspocus with a direct-connection write. The rows share the
 * cell, so each of ours shows its ratio to Hocuspocus.
 */
export async function runS7(config: BenchConfig, servers: readonly ServerName[], emit: Emit): Promise<void> {
  const rate = 20;
  const params = { writers: hotWriters, ratePerWriter: rate, sinks: config.s7Sinks, probes: 2, batchItems: s7BatchItems };
  const once = async (name: ServerName, mode: BatchMode): Promise<ResultLine> => {
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
            const batch = batchClient.run(board, s7BatchItems, mode).then((r) => {
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
          const imported = mode === 'import';
          return stepLine(server, 'S7', params, m, config.s7Sinks + 2, rate * hotWriters, {
            write: name === 'ours' ? mode : 'direct connection',
            restMs,
            restCalls: calls,
            ...(imported ? { importVisibleAtProbesMs: visibleMs } : { visibleAtProbesMs: visibleMs }),
            p99DuringBatch: during99,
            keyFigure: imported ? 'importVisibleAtProbesMs' : 'visibleAtProbesMs',
          });
        } finally {
          clients.close();
          await batchClient.close();
        }
      });
    } catch (error) {
      return failedLine(name, 'S7', params, error);
    }
  };
  const runs = await inTurns(servers.filter((name) => name !== 'yws'), config.reps, async (name, rep): Promise<ResultLine[]> => {
    if (name !== 'ours') return [await once(name, 'batches')];
    // Both ways on fresh servers, in an order that alternates with the repetition.
    const modes = rotated(['batches', 'import'] as const, rep);
    const lines = new Map<BatchMode, ResultLine>();
    for (const mode of modes) lines.set(mode, await once(name, mode));
    return (['batches', 'import'] as const).flatMap((mode) => lines.get(mode) ?? []);
  });
  for (const reps of runs.values()) {
    const rows = reps[0]?.length ?? 0;
    for (let row = 0; row < rows; row++) emit(medianOfRepetitions(reps.flatMap((lines) => lines[row] ?? [])));
  }
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
