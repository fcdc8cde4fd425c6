import * as decoding from 'lib0/decoding';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { itemsMapName } from './roles.js';
import { sinkHandshake, wire } from './protocol.js';
import type { Target } from './target.js';
import { hostNowMs, socketUrl, waitUntil } from './target.js';

/** What one cold-joining client saw, decoded after the measurement. */
export interface ColdJoin {
  /** ms from the join until the message after which all items were present; null when never. */
  correctMs: number | null;
  /** ms until the sync step 2 (the `sync`/`synced` event of a provider); null when none came. */
  syncEventMs: number | null;
  /** Items present right after the step 2. */
  itemsAtSyncEvent: number | null;
  /** The client's document after every message, for the equality check. */
  doc: Y.Doc;
}

/**
 * Joins `count` sockets at once; each only timestamps the messages it gets. Decoding happens
 * afterwards, so 20 clients applying a 10k-item state one after the other on the load
 * generator core do not delay one another's clocks.
 */
export async function coldJoin(target: Target, board: string, count: number, items: number, expectBytes: number, timeoutMs: number): Promise<ColdJoin[]> {
  const started = hostNowMs();
  const received = Array.from({ length: count }, () => [] as { atMs: number; data: Uint8Array }[]);
  const sockets = received.map((log) => {
    const socket = new WebSocket(socketUrl(target, board), { perMessageDeflate: false });
    socket.on('open', () => {
      for (const m of sinkHandshake(target.dialect, board, target.token || 'bench')) socket.send(m);
    });
    socket.on('message', (data: Buffer) => log.push({ atMs: hostNowMs() - started, data: new Uint8Array(data) }));
    socket.on('error', () => undefined);
    return socket;
  });
  // Decoding 20 large states would stall this event loop and skew the arrival times, so wait
  // on bytes only: every client has about the state's size, then 300 ms of silence (bounded).
  const bytes = (): number[] => received.map((log) => log.reduce((a, m) => a + m.data.length, 0));
  await waitUntil(() => bytes().every((b) => b >= expectBytes * 0.9), timeoutMs, 20);
  let lastMessages = -1;
  await waitUntil(() => {
    const messages = received.reduce((a, log) => a + log.length, 0);
    const quiet = messages === lastMessages;
    lastMessages = messages;
    return quiet;
  }, 5_000, 300);
  const last = received.map((log) => decode(log, target.dialect === 'hocuspocus', items));
  for (const s of sockets) s.terminate();
  return last;
}

function decode(log: readonly { atMs: number; data: Uint8Array }[], prefixed: boolean, items: number): ColdJoin {
  const doc = new Y.Doc();
  const map = doc.getMap(itemsMapName);
  let correctMs: number | null = null;
  let syncEventMs: number | null = null;
  let itemsAtSyncEvent: number | null = null;
  for (const { atMs, data } of log) {
    const decoder = decoding.createDecoder(data);
    if (prefixed) decoding.readVarString(decoder);
    if (decoding.readVarUint(decoder) !== wire.sync) continue;
    const sub = decoding.readVarUint(decoder);
    if (sub !== wire.step2 && sub !== wire.update) continue;
    Y.applyUpdate(doc, decoding.readVarUint8Array(decoder));
    if (sub === wire.step2 && syncEventMs === null) {
      syncEventMs = atMs;
      itemsAtSyncEvent = map.size;
    }
    if (correctMs === null && map.size >= items) correctMs = atMs;
  }
  return { correctMs, syncEventMs, itemsAtSyncEvent, doc };
}
