import type { BenchConfig, Emit } from './config.js';
import { openDocClient } from './docClients.js';
import type { DocClient } from './docClients.js';
import { pace } from './hotBoard.js';
import { ProcSampler, readTreeRssMB } from './procStats.js';
import type { ResultLine } from './result.js';
import { medianOfRepetitions, resultLine } from './result.js';
import { Probe, Writer, compareDocs } from './roles.js';
import type { ServerName } from './serverKit.js';
import type { Sink } from './Sink.js';
import { openSinks } from './Sink.js';
import { failedLine, withServer } from './scenarioS1.js';
import { summarize } from './stats.js';
import { sleep, waitUntil } from './target.js';

/** One board of S3: a writer at 2/s, one probe, two sinks. */
interface SmallBoard {
  writer: Writer;
  probe: Probe;
  sinks: Sink[];
}

async function synced(client: DocClient, timeoutMs: number): Promise<DocClient> {
  const ok = await Promise.race([client.synced.then(() => true), sleep(timeoutMs).then(() => false)]);
  if (!ok) throw new Error('client not synced in time');
  return client;
}

/** S3: B boards × (1 writer at 2/s + 1 probe + 2 sinks); per-board memory, p99, CPU and connect-all time. */
export async function runS3(config: BenchConfig, servers: readonly ServerName[], emit: Emit): Promise<void> {
  const rate = 2;
  for (const boardsCount of config.s3Boards) {
    const params = { boards: boardsCount, writerRate: rate, probes: 1, sinksPerBoard: 2 };
    for (const name of servers) {
      const reps: ResultLine[] = [];
      for (let rep = 0; rep < config.reps; rep++) {
        const all: DocClient[] = [];
        const allSinks: Sink[] = [];
        try {
          reps.push(
            await withServer(name, async (server) => {
              const ids = await server.createBoards(boardsCount);
              // Ours: the live heap before and after (a full collection each time; before the RSS baseline, so it cannot flatter the RSS figure).
              const heapBeforeMB = await server.heapAfterGcMB?.();
              await sleep(500);
              const baselineMB = readTreeRssMB(server.pid) ?? 0;
              const connectStarted = performance.now();
              const boards: SmallBoard[] = [];
              // 20 boards at a time: a bounded connect storm.
              for (let i = 0; i < ids.length; i += 20) {
                const slice = ids.slice(i, i + 20);
                boards.push(
                  ...(await Promise.all(
                    slice.map(async (board) => {
                      const probeClient = await openDocClient(server.target, board);
                      all.push(probeClient);
                      const probe = new Probe(await synced(probeClient, 30_000));
                      const sinks = await openSinks(server.target, board, 2, 30_000);
                      allSinks.push(...sinks);
                      const writerClient = await openDocClient(server.target, board);
                      all.push(writerClient);
                      const writer = new Writer(await synced(writerClient, 30_000), 'bench-w0');
                      writer.init();
                      return { writer, probe, sinks };
                    }),
                  )),
                );
              }
              await waitUntil(() => boards.every((b) => b.probe.itemCount() > 0), 30_000);
              const connectAllMs = performance.now() - connectStarted;
              const serverSampler = new ProcSampler(server.pid);
              const selfSampler = new ProcSampler('self');
              const stop = pace(boards.map((b) => b.writer), rate);
              await sleep(config.warmupMs);
              for (const b of boards) {
                b.probe.samples = [];
                b.probe.recording = true;
              }
              for (const s of allSinks) s.reset();
              serverSampler.start();
              selfSampler.start();
              await sleep(config.windowMs);
              const serverWindow = serverSampler.stop();
              const selfWindow = selfSampler.stop();
              stop();
              for (const b of boards) b.probe.recording = false;
              const errors: string[] = [];
              const caughtUp = await waitUntil(() => boards.every((b) => (b.probe.seen.get(b.writer.key) ?? 0) >= b.writer.n), 5_000);
              if (!caughtUp) errors.push('probes did not catch up within 5 s');
              const sent = boards.reduce((a, b) => a + b.writer.n, 0);
              const delivered = boards.reduce((a, b) => a + (b.probe.seen.get(b.writer.key) ?? 0), 0);
              if (delivered !== sent) errors.push(`loss: ${sent - delivered} updates missing at probes`);
              const heapAfterMB = await server.heapAfterGcMB?.();
              const heapPerBoardKB = heapBeforeMB === undefined || heapAfterMB === undefined ? null : ((heapAfterMB - heapBeforeMB) * 1024) / boardsCount;
              const differing = boards.filter((b) => compareDocs([b.probe.client, b.writer.client]) !== undefined).length;
              if (differing > 0) errors.push(`${differing} boards: probe differs from writer`);
              const broken = [...all.map((c) => c.error), ...allSinks.map((s) => s.error)].filter((e) => e !== undefined).length;
              if (broken > 0) errors.push(`${broken} connections closed`);
              return resultLine({
                server: server.name,
                version: server.version,
                scenario: 'S3',
                params,
                sent,
                deliveredAtProbes: delivered,
                ...summarize(boards.flatMap((b) => b.probe.samples)),
                cpuPct: serverWindow.cpuPct,
                rssMaxMB: serverWindow.rssMaxMB,
                bytesOut: allSinks.reduce((a, s) => a + s.bytes, 0),
                errors,
                extra: {
                  rssPerBoardMB: (serverWindow.rssMaxMB - baselineMB) / boardsCount,
                  heapPerBoardKB,
                  baselineRssMB: baselineMB,
                  connectAllMs,
                  loadgenCpuPct: selfWindow.cpuPct,
                  keyFigure: 'rssPerBoardMB',
                },
              });
            }, { heapReport: true }),
          );
        } catch (error) {
          reps.push(failedLine(name, 'S3', params, error));
        } finally {
          for (const c of all) c.destroy();
          for (const s of allSinks) s.close();
        }
      }
      emit(medianOfRepetitions(reps));
    }
  }
}
