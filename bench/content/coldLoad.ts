import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as Y from 'yjs';
import { DocumentRegistry, searchableText } from '../../crdt/index.js';
import { openDatabase } from '../../storage/index.js';
import type { BoardsProcess } from './serverProcess.js';
import { startBoards } from './serverProcess.js';
import { median, nowMs } from './stats.js';
import { openThinSink } from './thinSink.js';

/** Cold load of a stored board in a fresh `DocumentRegistry` over the sqlite store, in this process. */
export interface RegistryColdLoad {
  /** Median of `open(boardId)` over fresh registries, in ms. */
  openMs: number;
  /** Median over the same opens of the longest the event loop was held during one, in ms (a large snapshot loads in parts). */
  openLongestBlockMs: number;
  items: number;
  /** How the board was stored: the snapshot's parts (one unless compaction stored it in parts) and the updates logged after it. */
  stored: { parts: number; logged: number };
  /** The loaded state, for the raw Yjs baseline. */
  state: Uint8Array;
  /** What the search indexer does per burst of edits: `searchableText` of the board plus `indexBoard` into sqlite FTS5 (median), in ms. */
  reindexMs: number;
}

/** Opens the data dir's store `reps` times with a fresh registry and times `open` (the server must be stopped). */
export async function measureRegistryColdLoad(dataDir: string, boardId: string, reps: number): Promise<RegistryColdLoad> {
  const times: number[] = [];
  const blocks: number[] = [];
  const reindex: number[] = [];
  let items = 0;
  let state: Uint8Array = new Uint8Array();
  let stored = { parts: 0, logged: 0 };
  for (let i = 0; i < reps; i += 1) {
    const db = await openDatabase({ kind: 'sqlite', dataDir });
    if (i === 0) {
      const read = await db.documents.load(boardId);
      stored = { parts: read.snapshot?.length ?? 0, logged: read.updates.length };
    }
    const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
    try {
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const start = nowMs();
      const doc: Y.Doc = await registry.open(boardId);
      times.push(nowMs() - start);
      loop.disable();
      blocks.push(Math.max(0, loop.max / 1e6 - 1));
      items = doc.getMap('items').size;
      state = Y.encodeStateAsUpdate(doc);
      const indexStart = nowMs();
      await db.search.indexBoard(boardId, 'Bench 10k', searchableText(doc));
      reindex.push(nowMs() - indexStart);
    } finally {
      await registry.close();
      await db.close();
    }
  }
  return { openMs: median(times), openLongestBlockMs: median(blocks), items, stored, state, reindexMs: median(reindex) };
}

/** Cold load as a client sees it: a fresh server process, then a sync socket until the full state arrives. */
export interface ProcessColdLoad {
  /** Median over fresh processes of connect -> step 2 received, in ms. */
  syncMs: number;
  /** Bytes of the full-state step 2. */
  bytes: number;
}

/** Starts the server (`bin`, default this checkout's) `reps` times on the data dir and times the first sync of the board; stops each. */
export async function measureProcessColdLoad(
  dataDir: string,
  boardId: string,
  key: string,
  reps: number,
  core: number | undefined,
  bin?: string,
): Promise<ProcessColdLoad> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < reps; i += 1) {
    const server: BoardsProcess = await startBoards({ dataDir, ...(core === undefined ? {} : { core }), ...(bin === undefined ? {} : { bin }) });
    try {
      const start = nowMs();
      const sink = await openThinSink(`${server.url.replace('http', 'ws')}/v1/sync`, boardId, key);
      times.push(nowMs() - start);
      bytes = sink.initialBytes;
      sink.close();
    } finally {
      await server.stop();
    }
  }
  return { syncMs: median(times), bytes };
}
