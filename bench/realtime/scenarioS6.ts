import type { BenchConfig, Emit } from './config.js';
import type { DocClient } from './docClients.js';
import { openDocClient } from './docClients.js';
import { openBoardClients, pace } from './hotBoard.js';
import type { ResultLine } from './result.js';
import { medianOfRepetitions, resultLine } from './result.js';
import { itemsMapName, stampOf } from './roles.js';
import type { RunningServer, ServerName } from './serverKit.js';
import { removeDataDir } from './serverKit.js';
import { startServer } from './servers.js';
import { failedLine } from './scenarioS1.js';
import { summarize } from './stats.js';
import { sleep, waitUntil } from './target.js';

/** Writers of S6, each at 10 updates/s. */
export const crashWriters = 20;

/** Highest `n` stored per writer key in a reloaded document. */
function storedCounts(client: DocClient, keys: readonly string[]): Map<string, number> {
  const items = client.doc.getMap<unknown>(itemsMapName);
  return new Map(
    keys.map((key) => [key, stampOf(client.Y, items.get(key))?.n ?? 0]),
  );
}

/** S6: kill -9 at a random time under 20 writers at 10/s; updates seen by a probe before the kill but missing after restart. */
export async function runS6(config: BenchConfig, servers: readonly ServerName[], emit: Emit): Promise<void> {
  const rate = 10;
  const params = { writers: crashWriters, ratePerWriter: rate, probes: 1 };
  for (const name of servers) {
    const reps: ResultLine[] = [];
    for (let rep = 0; rep < config.reps; rep++) {
      let first: RunningServer | undefined;
      let second: RunningServer | undefined;
      try {
        first = await startServer(name);
        const [board = 'crash'] = await first.createBoards(1);
        const clients = await openBoardClients(first, board, { probes: 2, sinks: 0, writers: crashWriters });
        const keys = clients.writers.map((w) => w.key);
        const stop = pace(clients.writers, rate);
        for (const p of clients.probes) p.recording = true;
        const killAtMs = (config.quick ? 1_500 : 3_000) + Math.random() * (config.quick ? 1_500 : 5_000);
        await sleep(killAtMs);
        // "Acknowledged" for y-websocket-protocol servers: seen by a probe before the kill.
        const acked = new Map(keys.map((k) => [k, Math.max(...clients.probes.map((p) => p.seen.get(k) ?? 0))]));
        await first.kill();
        stop();
        const sent = clients.writers.reduce((a, w) => a + w.n, 0);
        const samples = clients.probes.flatMap((p) => p.samples);
        clients.close();
        second = await first.restart();
        const reader = await openDocClient(second.target, board);
        const errors: string[] = [];
        let stored = new Map<string, number>();
        try {
          await Promise.race([reader.synced, sleep(15_000)]);
          // The reference server answers sync before its LevelDB load: wait for the stored state to settle (≤ 5 s).
          await waitUntil(() => keys.every((k) => (storedCounts(reader, [k]).get(k) ?? 0) >= (acked.get(k) ?? 0)), 5_000, 50);
          stored = storedCounts(reader, keys);
        } finally {
          reader.destroy();
        }
        const ackedTotal = [...acked.values()].reduce((a, b) => a + b, 0);
        let lost = 0;
        for (const [key, n] of acked) lost += Math.max(0, n - (stored.get(key) ?? 0));
        const present = ackedTotal - lost;
        if (lost > 0) errors.push(`${lost} acknowledged updates lost`);
        reps.push(
          resultLine({
            server: name,
            version: first.version,
            scenario: 'S6',
            params,
            sent: ackedTotal,
            deliveredAtProbes: present,
            ...summarize(samples),
            errors,
            extra: { lostAcked: lost, writesSent: sent, killAtMs, keyFigure: 'lostAcked' },
          }),
        );
      } catch (error) {
        reps.push(failedLine(name, 'S6', params, error));
      } finally {
        await first?.kill();
        await second?.kill();
        if (first) removeDataDir(first.dataDir);
      }
    }
    emit(medianOfRepetitions(reps));
  }
}
