import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DocumentRegistry, patchItem, silentLogger } from '../../crdt/index.js';
import { SearchIndexer } from '../../server/search/SearchIndexer.js';
import { openDatabase } from '../../storage/index.js';
import { median, nowMs } from './stats.js';

/** The search indexer the server runs, timed in this process on the stored board. */
export interface SearchReindexResult {
  /** The first reindex of the board after a restart: its text compared with what the index stores (read a slice per turn), in ms. */
  firstMs: number;
  /** The longest this process's event loop was blocked during that first reindex, in ms. */
  firstLongestBlockMs: number;
  /** Reindex after `edits` text edits (one transaction each), median of 3, in ms. */
  afterEdits: { edits: number; ms: number }[];
  /** Reindex after 100 moves (no text changed, nothing to write), median of 3, in ms. */
  afterMovesMs: number;
}

/** Reindexes of `boardId` on the data dir's store (the server must be stopped): after a restart, then after edits. */
export async function measureSearchReindex(dataDir: string, boardId: string): Promise<SearchReindexResult> {
  const db = await openDatabase({ kind: 'sqlite', dataDir });
  const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
  const indexer = new SearchIndexer(db, { openDocument: (id) => registry.open(id), logger: silentLogger });
  const actor = { actorId: 'bench' };
  let round = 0;
  const reindex = async (): Promise<number> => {
    indexer.boardChanged(boardId);
    const start = nowMs();
    await indexer.flush();
    return nowMs() - start;
  };
  try {
    const itemIds = [...(await registry.open(boardId)).getMap('items').keys()].slice(0, 1000);
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const firstMs = await reindex();
    loop.disable();
    const afterEdits: { edits: number; ms: number }[] = [];
    for (const edits of [1, 10, 100]) {
      const times: number[] = [];
      for (let rep = 0; rep < 3; rep += 1) {
        round += 1;
        for (let i = 0; i < edits; i += 1) {
          const id = itemIds[(round * 101 + i) % itemIds.length] ?? '';
          await registry.transact(boardId, (doc) => patchItem(doc, id, { data: { text: `Reindexed ${round}.${i}` } }, actor, Date.now()), actor);
        }
        times.push(await reindex());
      }
      afterEdits.push({ edits, ms: median(times) });
    }
    const moves: number[] = [];
    for (let rep = 0; rep < 3; rep += 1) {
      round += 1;
      await registry.transact(
        boardId,
        (doc) => {
          for (let i = 0; i < 100; i += 1) patchItem(doc, itemIds[i % itemIds.length] ?? '', { position: { x: round, y: i } }, actor, Date.now());
        },
        actor,
      );
      moves.push(await reindex());
    }
    return { firstMs, firstLongestBlockMs: Math.max(0, loop.max / 1e6 - 1), afterEdits, afterMovesMs: median(moves) };
  } finally {
    await indexer.close();
    await registry.close();
    await db.close();
  }
}
