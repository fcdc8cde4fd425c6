import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import type { BoardApi } from './restBench.js';
import { call } from './restBench.js';
import type { LatencySummary } from './stats.js';
import { nowMs, summarize } from './stats.js';
import type { ThinSink } from './thinSink.js';
import { openThinSink } from './thinSink.js';

/** Fan-out latency from the moment a write is sent to its receipt at every thin sink. */
export interface FanoutResult {
  sinks: number;
  /** Full-state bytes the first sink (empty state vector) received at join. */
  joinBytes: number;
  /** Time for that first sink to join with the full state, in ms. */
  fullJoinMs: number;
  /**
   * Time for one more socket with an empty state vector to join after the fan-out's edits, to
   * its full state, in ms (the state the server keeps for joining clients, then the edits since).
   */
  laterJoinMs: number;
  /** Untimed writes of each kind before the timed ones (`fanoutWarm`). */
  warm: number;
  /** Time to connect all sinks (each reads the full state), in ms. */
  connectAllMs: number;
  /** REST `PATCH` (move) sent -> update message at each sink. */
  rest: LatencySummary;
  /** Provider `doc.transact` (move) -> update message at each sink. */
  provider: LatencySummary;
}

/**
 * Untimed writes of each kind (a REST move and a provider move each) before the timed ones; the
 * raw relay gets as many untimed messages: the first writes to 200 sockets ran cold code (the
 * first alone took 20–50 ms to reach every socket) and set the p99 of 40 samples.
 */
export const fanoutWarm = 10;

/**
 * Connects `count` thin sinks, `group` at a time. The first joins with an empty state vector
 * (BENCHMARK.md handshake: it reads the whole board); the others announce the board's state
 * vector, as clients with a cached copy would, so 200 joins do not move 200 full states
 * (several MB each at 10k items) and the bench stays within its time budget.
 */
async function connectSinks(syncUrl: string, api: BoardApi, count: number, group: number): Promise<{ sinks: ThinSink[]; fullJoinMs: number; stateVector: Uint8Array }> {
  const start = nowMs();
  const first = await openThinSink(syncUrl, api.boardId, api.key);
  const fullJoinMs = nowMs() - start;
  const replica = new Y.Doc();
  for (const update of first.initialUpdates()) Y.applyUpdate(replica, update);
  const stateVector = Y.encodeStateVector(replica);
  replica.destroy();
  const sinks: ThinSink[] = [first];
  while (sinks.length < count) {
    const n = Math.min(group, count - sinks.length);
    sinks.push(...(await Promise.all(Array.from({ length: n }, () => openThinSink(syncUrl, api.boardId, api.key, stateVector)))));
  }
  return { sinks, fullJoinMs, stateVector };
}

/** Whether a document with state vector `have` holds everything `need` names. */
function covers(have: Uint8Array, need: Uint8Array): boolean {
  const held = Y.decodeStateVector(have);
  for (const [client, clock] of Y.decodeStateVector(need)) if ((held.get(client) ?? 0) < clock) return false;
  return true;
}

async function sample(sinks: readonly ThinSink[], send: () => Promise<unknown> | void, into: number[]): Promise<void> {
  const received = sinks.map((s) => s.nextUpdate(10_000));
  const start = nowMs();
  await send();
  for (const at of await Promise.all(received)) into.push(at - start);
}

/**
 * 200 thin sinks and a stock provider (a real Y.Doc, synced first) on the board; `fanoutWarm`
 * untimed REST moves and provider moves, then `messages` sequential REST moves, then `messages`
 * sequential moves from the provider, each awaited at every sink before the next.
 */
export async function measureFanout(api: BoardApi, itemIds: readonly string[], options: { sinks: number; messages: number }): Promise<FanoutResult> {
  const syncUrl = `${api.url.replace('http', 'ws')}/v1/sync`;
  const connectStart = nowMs();
  const { sinks, fullJoinMs, stateVector } = await connectSinks(syncUrl, api, options.sinks, 20);
  const connectAllMs = nowMs() - connectStart;
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(syncUrl, api.boardId, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { token: api.key },
    disableBc: true,
  });
  try {
    // The provider applies the whole board when it syncs (several hundred ms of this process's
    // event loop at 10k items): it syncs before any sample, so that stall is never counted as
    // fan-out latency of the REST moves. A server may send updates after the step 2 (ours: those
    // made since the state it keeps for joining clients), which the provider applies after its
    // "sync" event: it holds at least what the first sink got before the samples start.
    await new Promise<void>((resolve) => {
      if (provider.synced) resolve();
      else provider.once('sync', () => resolve());
    });
    const syncedBy = nowMs() + 30_000;
    while (!covers(Y.encodeStateVector(doc), stateVector)) {
      if (nowMs() > syncedBy) throw new Error('the provider did not get the whole board');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Untimed writes of each kind first (on other items), as on the relay: warm code is measured, not the compiler.
    const items = doc.getMap<Y.Map<unknown>>('items');
    const providerMove = (id: string, x: number, y: number): void => {
      const entry = items.get(id);
      if (entry === undefined) throw new Error('provider has not loaded the board');
      doc.transact(() => {
        entry.set('x', x);
        entry.set('y', y);
      });
    };
    for (let i = 0; i < fanoutWarm; i += 1) {
      const id = itemIds[(options.messages + 1 + i) % itemIds.length] ?? '';
      await sample(sinks, () => call(api.url, api.key, 'PATCH', `/boards/${api.boardId}/items/${id}`, { position: { x: -i, y: i } }, 200), []);
      await sample(sinks, () => providerMove(id, -5000 - i, i), []);
    }
    const rest: number[] = [];
    for (let i = 0; i < options.messages; i += 1) {
      const id = itemIds[i % itemIds.length];
      await sample(sinks, () => call(api.url, api.key, 'PATCH', `/boards/${api.boardId}/items/${id}`, { position: { x: i, y: -i } }, 200), rest);
    }
    const viaProvider: number[] = [];
    for (let i = 0; i < options.messages; i += 1) {
      const id = itemIds[(i + 1) % itemIds.length] ?? '';
      await sample(sinks, () => providerMove(id, 5000 + i, -i), viaProvider);
    }
    const laterStart = nowMs();
    const later = await openThinSink(syncUrl, api.boardId, api.key);
    const laterJoinMs = nowMs() - laterStart;
    later.close();
    return { sinks: sinks.length, warm: fanoutWarm, joinBytes: sinks[0]?.initialBytes ?? 0, fullJoinMs, laterJoinMs, connectAllMs, rest: summarize(rest), provider: summarize(viaProvider) };
  } finally {
    provider.destroy();
    doc.destroy();
    for (const s of sinks) s.close();
  }
}
