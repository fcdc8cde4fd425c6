import type { BenchConfig, Emit } from './config.js';
import { openDocClient } from './docClients.js';
import { ProcSampler } from './procStats.js';
import type { ResultLine } from './result.js';
import { medianOfRepetitions, resultLine } from './result.js';
import { Probe } from './roles.js';
import type { ServerName } from './serverKit.js';
import { openSinks } from './Sink.js';
import { failedLine, withServer } from './scenarioS1.js';
import { sleep, waitUntil } from './target.js';
import { summarize } from './stats.js';
import { inTurns } from './turns.js';

/** S2: thin clients each sending a cursor (awareness) at 20 Hz on one board; 2 full probes measure awareness latency. */
export async function runS2(config: BenchConfig, servers: readonly ServerName[], emit: Emit): Promise<void> {
  const clientsCount = 100;
  const hz = 20;
  const params = { clients: clientsCount, cursorHz: hz, probes: 2 };
  const runs = await inTurns(servers, config.reps, async (name): Promise<ResultLine> => {
    try {
      return await withServer(name, async (server) => {
        const [board = 'presence'] = await server.createBoards(1);
        const probeClients = [await openDocClient(server.target, board), await openDocClient(server.target, board)];
        const probes = probeClients.map((c) => new Probe(c));
        const senders = await openSinks(server.target, board, clientsCount, 30_000, 1_000_000 + Math.floor(Math.random() * 1_000_000) * 128);
        try {
          await Promise.all(probeClients.map((c) => Promise.race([c.synced, sleep(10_000)])));
          await sleep(300);
          const ids = senders.map((s) => s.clientId);
          const serverSampler = new ProcSampler(server.pid);
          const selfSampler = new ProcSampler('self');
          const started = performance.now();
          const done = senders.map(() => 0);
          const timer = setInterval(() => {
            const elapsedS = (performance.now() - started) / 1000;
            senders.forEach((s, i) => {
              // Phases staggered so 100 × 20 Hz is an even 2000 updates/s, not bursts; ≤ 2 catch-up sends per tick.
              const due = Math.floor(elapsedS * hz + i / senders.length);
              for (let k = 0; k < 2 && (done[i] ?? 0) < due; k++) {
                s.sendCursor();
                done[i] = (done[i] ?? 0) + 1;
              }
            });
          }, 5);
          await sleep(config.warmupMs);
          for (const p of probes) {
            p.awarenessSamples = [];
            p.recording = true;
          }
          for (const s of senders) s.reset();
          serverSampler.start();
          selfSampler.start();
          await sleep(config.windowMs);
          const serverWindow = serverSampler.stop();
          const selfWindow = selfSampler.stop();
          for (const p of probes) p.recording = false;
          clearInterval(timer);
          const bytes = senders.reduce((a, s) => a + s.bytes, 0);
          const sent = senders.reduce((a, s) => a + s.cursorsSent, 0);
          const errors: string[] = [];
          if (!(await waitUntil(() => probes.every((p) => p.cursorsDelivered(ids) >= sent), 5_000))) errors.push('probes did not catch up within 5 s');
          const delivered = probes.reduce((a, p) => a + p.cursorsDelivered(ids), 0);
          if (delivered !== sent * probes.length) errors.push(`awareness loss: ${sent * probes.length - delivered} cursor updates not at probes`);
          const [a, b] = probes;
          if (a && b && ids.some((id) => a.clocks.get(id) !== b.clocks.get(id))) errors.push('probes hold different awareness clocks');
          for (const e of [...senders.map((s) => s.error), ...probeClients.map((c) => c.error)]) if (e && !errors.includes(e)) errors.push(e);
          return resultLine({
            server: server.name,
            version: server.version,
            scenario: 'S2',
            params,
            sent,
            deliveredAtProbes: delivered,
            ...summarize(probes.flatMap((p) => p.awarenessSamples)),
            cpuPct: serverWindow.cpuPct,
            rssMaxMB: serverWindow.rssMaxMB,
            bytesOut: bytes,
            errors,
            extra: { awarenessBytesPerS: (bytes / serverWindow.wallMs) * 1000, loadgenCpuPct: selfWindow.cpuPct, keyFigure: 'awarenessBytesPerS' },
          });
        } finally {
          for (const c of probeClients) c.destroy();
          for (const s of senders) s.close();
        }
      });
    } catch (error) {
      return failedLine(name, 'S2', params, error);
    }
  });
  for (const reps of runs.values()) emit(medianOfRepetitions(reps));
}
