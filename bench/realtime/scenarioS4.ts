import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchConfig, Emit } from './config.js';
import * as Y from 'yjs';
import { coldJoin } from './coldJoin.js';
import { seedOurs } from './oursServer.js';
import { peersDir } from './paths.js';
import { ProcSampler } from './procStats.js';
import { runToCompletion } from './processes.js';
import type { ResultLine } from './result.js';
import { medianOfRepetitions, resultLine } from './result.js';
import { compareDocs } from './roles.js';
import type { ServerName } from './serverKit.js';
import { freshDataDir, removeDataDir } from './serverKit.js';
import { startServer } from './servers.js';
import { failedLine } from './scenarioS1.js';
import { coldBoardItems, buildBoardState } from './seedDoc.js';
import { summarize } from './stats.js';
import { sleep } from './target.js';

/** Clients of the thundering herd (joining at once). */
export const herdClients = 20;

/** Puts the 10k-item state into the server's own persistence; returns a stopped server's data folder and the board id. */
async function seed(name: ServerName, state: Uint8Array): Promise<{ dataDir: string; board: string; token?: string }> {
  if (name === 'ours') {
    const server = await startServer('ours');
    const [board = ''] = await server.createBoards(1);
    await server.stop();
    await seedOurs(server.dataDir, board, state);
    return { dataDir: server.dataDir, board, token: server.target.token };
  }
  const dataDir = freshDataDir(name);
  const board = 'cold-board';
  const file = path.join(dataDir, 'seed.bin');
  writeFileSync(file, state);
  const target = name === 'hocuspocus' ? path.join(dataDir, 'hocuspocus.sqlite') : path.join(dataDir, 'leveldb');
  await runToCompletion(process.execPath, ['seed.mjs', name, target, board, file], { cwd: peersDir() }, 60_000);
  return { dataDir, board };
}

/** S4: cold load of a 10k-item board: 1 client on a fresh process, then 20 clients at once on another fresh process. */
export async function runS4(config: BenchConfig, servers: readonly ServerName[], emit: Emit): Promise<void> {
  const state = buildBoardState();
  for (const name of servers) {
    const phases = new Map<number, ResultLine[]>();
    for (let rep = 0; rep < config.reps; rep++) {
      let seeded: { dataDir: string; board: string; token?: string } | undefined;
      try {
        seeded = await seed(name, state);
        for (const clientsCount of [1, herdClients]) {
          const params = { items: coldBoardItems, clients: clientsCount, stateBytes: state.length };
          const server = await startServer(name, seeded.token === undefined ? { dataDir: seeded.dataDir } : { dataDir: seeded.dataDir, token: seeded.token });
          let docs: Y.Doc[] = [];
          try {
            const readsBefore = server.storageReads();
            const sampler = new ProcSampler(server.pid);
            sampler.start();
            const joined = await coldJoin(server.target, seeded.board, clientsCount, coldBoardItems, state.length, 30_000);
            const window = sampler.stop();
            docs = joined.map((j) => j.doc);
            const correctMs = joined.map((j) => j.correctMs).filter((t): t is number => t !== null);
            const errors: string[] = [];
            if (correctMs.length < clientsCount) errors.push(`${clientsCount - correctMs.length} clients never had all ${coldBoardItems} items`);
            const differ = compareDocs(docs.map((doc) => ({ Y, doc })));
            if (differ) errors.push(`clients differ: ${differ}`);
            await sleep(200);
            const reads = server.storageReads();
            const times = summarize(correctMs);
            const line = resultLine({
              server: server.name,
              version: server.version,
              scenario: 'S4',
              params,
              ...times,
              cpuPct: window.cpuPct,
              rssMaxMB: window.rssMaxMB,
              errors,
              extra: {
                timeToCorrectSyncMs: times.max,
                syncEventMs: summarize(joined.map((j) => j.syncEventMs).filter((t): t is number => t !== null)).max,
                minItemsAtSyncEvent: Math.min(...joined.map((j) => j.itemsAtSyncEvent ?? 0)),
                storageReads: reads === null || readsBefore === null ? null : reads - readsBefore,
                keyFigure: 'timeToCorrectSyncMs',
              },
            });
            phases.set(clientsCount, [...(phases.get(clientsCount) ?? []), line]);
          } finally {
            for (const doc of docs) doc.destroy();
            await server.kill();
          }
        }
      } catch (error) {
        for (const clientsCount of [1, herdClients]) {
          if ((phases.get(clientsCount)?.length ?? 0) <= rep) {
            phases.set(clientsCount, [...(phases.get(clientsCount) ?? []), failedLine(name, 'S4', { items: coldBoardItems, clients: clientsCount, stateBytes: state.length }, error)]);
          }
        }
      } finally {
        if (seeded) removeDataDir(seeded.dataDir);
      }
    }
    for (const lines of phases.values()) emit(medianOfRepetitions(lines));
  }
}
