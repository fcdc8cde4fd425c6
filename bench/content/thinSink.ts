import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import { nowMs } from './stats.js';

/** y-websocket message type `sync` and its sub-types (y-protocols/sync). */
const messageSync = 0;
const syncStep2 = 1;
const syncUpdate = 2;

/**
 * A thin y-websocket client (BENCHMARK.md "Sinks"): completes the handshake with an empty
 * state vector and only timestamps document-update messages; it never applies updates.
 */
export interface ThinSink {
  /** Bytes of the step 2 (full state) the server answered with. */
  readonly initialBytes: number;
  /** The Yjs update carried by that step 2. */
  initialUpdate(): Uint8Array;
  /** Resolves with the receive time (`performance.now`) of the first update message after this call. */
  nextUpdate(timeoutMs: number): Promise<number>;
  close(): void;
}

/** SyncStep1 with `stateVector`; the default empty one is `[varUint 0][varUint 0][varUint8Array [0]]` (BENCHMARK.md). */
export function syncStep1(stateVector: Uint8Array = new Uint8Array([0])): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageSync);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint8Array(encoder, stateVector);
  return encoding.toUint8Array(encoder);
}

function syncKind(data: Uint8Array): number | undefined {
  const decoder = decoding.createDecoder(data);
  if (decoding.readVarUint(decoder) !== messageSync) return undefined;
  return decoding.readVarUint(decoder);
}

/**
 * Opens a thin sink on `<syncUrl>/<boardId>?token=` and resolves once the server's step 2
 * arrived: the full state with the default empty `stateVector`, only what is missing when the
 * sink announces a state vector it already has (a client with a cached copy).
 */
export function openThinSink(syncUrl: string, boardId: string, token: string, stateVector?: Uint8Array, timeoutMs = 60_000): Promise<ThinSink> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${syncUrl}/${boardId}?token=${encodeURIComponent(token)}`);
    socket.binaryType = 'nodebuffer';
    let waiter: ((at: number) => void) | undefined;
    let ready = false;
    const timer = setTimeout(() => reject(new Error('thin sink: no step 2')), timeoutMs);
    socket.on('open', () => socket.send(syncStep1(stateVector)));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('message', (data) => {
      const at = nowMs();
      const raw = data as Buffer;
      const kind = syncKind(raw);
      if (!ready && kind === syncStep2) {
        ready = true;
        clearTimeout(timer);
        resolve({
          initialBytes: raw.byteLength,
          initialUpdate: () => {
            const decoder = decoding.createDecoder(raw);
            decoding.readVarUint(decoder);
            decoding.readVarUint(decoder);
            return decoding.readVarUint8Array(decoder);
          },
          nextUpdate: (waitMs) =>
            new Promise<number>((res, rej) => {
              const t = setTimeout(() => rej(new Error('thin sink: no update in time')), waitMs);
              waiter = (time) => {
                clearTimeout(t);
                res(time);
              };
            }),
          close: () => socket.close(),
        });
        return;
      }
      if (kind === syncUpdate && waiter !== undefined) {
        const w = waiter;
        waiter = undefined;
        w(at);
      }
    });
  });
}
