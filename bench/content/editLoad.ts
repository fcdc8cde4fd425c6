import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import type { EventLoopDelay } from './eventLoopProbe.js';
import type { BoardApi } from './restBench.js';
import { call, isStaleConnection, timedCall } from './restBench.js';
import type { BoardsProcess } from './serverProcess.js';
import type { LatencySummary } from './stats.js';
import { nowMs, summarize } from './stats.js';

/** The server's event loop while a board is edited at a steady rate. */
export interface EditLoadResult {
  writesPerSecond: number;
  durationMs: number;
  /** REST text patches sent (half the writes) and live provider edits sent (the other half). */
  restWrites: number;
  liveWrites: number;
  /** Client latency and server time of the REST patches during the window. */
  rest: LatencySummary;
  restServer: LatencySummary;
  /** Writes the generator sent later than due by more than one interval (it could not keep the pace). */
  late: number;
  delay: EventLoopDelay;
}

/** Options of `measureEditLoad`. */
export interface EditLoadOptions {
  writesPerSecond: number;
  durationMs: number;
}

/**
 * Edits the board at a fixed rate (open loop: a write is sent when due, whatever the answers
 * before it) for `durationMs`, alternating a REST `PATCH` that replaces a sticky note's text and a
 * live edit from a stock provider that moves another note and retypes its text, while the
 * server's event-loop delay is measured inside it (`server` must run with `probe: true`). Both
 * kinds reach the search indexer, the activity feed and the live-edit events as real edits do.
 */
export async function measureEditLoad(server: BoardsProcess, api: BoardApi, itemIds: readonly string[], options: EditLoadOptions): Promise<EditLoadResult> {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${api.url.replace('http', 'ws')}/v1/sync`, api.boardId, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { token: api.key },
    disableBc: true,
  });
  try {
    await new Promise<void>((resolve) => {
      if (provider.synced) resolve();
      else provider.once('sync', () => resolve());
    });
    const items = doc.getMap<Y.Map<unknown>>('items');
    const liveEdit = (i: number): void => {
      const entry = items.get(itemIds[(i * 7 + 1) % itemIds.length] ?? '');
      const text = (entry?.get('data') as Y.Map<unknown> | undefined)?.get('text');
      if (entry === undefined || !(text instanceof Y.Text)) throw new Error('the provider does not hold the board');
      doc.transact(() => {
        entry.set('x', 40_000 + (i % 500));
        entry.set('y', i % 300);
        text.delete(0, text.length);
        text.insert(0, `Live edit ${i}`);
      });
    };
    const intervalMs = 1000 / options.writesPerSecond;
    const total = Math.round((options.durationMs / 1000) * options.writesPerSecond);
    const answers: Promise<{ clientMs: number; serverMs: number }>[] = [];
    let late = 0;
    await server.startProbe();
    const start = nowMs();
    for (let i = 0; i < total; i += 1) {
      const due = start + i * intervalMs;
      const wait = due - nowMs();
      if (wait > 0) await sleep(wait);
      else if (-wait > intervalMs) late += 1;
      if (i % 2 === 0) {
        const id = itemIds[(i * 13) % itemIds.length];
        const patch = (): Promise<{ clientMs: number; serverMs: number }> => timedCall(api, 'PATCH', `/boards/${api.boardId}/items/${id}`, { data: { text: `REST edit ${i}` } }, 200);
        // The patch sets the same text again when sent twice.
        answers.push(patch().catch((error: unknown) => (isStaleConnection(error) ? patch() : Promise.reject(error))));
      } else {
        liveEdit(i);
      }
    }
    const timed = await Promise.all(answers);
    // One more round trip, so the last live edits have been read by the server before the probe stops.
    await call(api.url, api.key, 'GET', `/boards/${api.boardId}`, undefined, 200);
    const durationMs = nowMs() - start;
    const delay = await server.stopProbe();
    return {
      writesPerSecond: options.writesPerSecond,
      durationMs,
      restWrites: answers.length,
      liveWrites: total - answers.length,
      rest: summarize(timed.map((t) => t.clientMs)),
      restServer: summarize(timed.map((t) => t.serverMs)),
      late,
      delay,
    };
  } finally {
    provider.destroy();
    doc.destroy();
  }
}
