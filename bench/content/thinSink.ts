import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import { nowMs } from './stats.js';

/** y-websocket message types (`sync` and its sub-types from y-protocols/sync, `awareness`, `queryAwareness`). */
const messageSync = 0;
const messageAwareness = 1;
const messageQueryAwareness = 3;
const syncStep2 = 1;
const syncUpdate = 2;

/**
 * A thin y-websocket client (BENCHMARK.md "Sinks"): completes the handshake with an empty
 * state vector and only timestamps document-update messages; it never applies updates.
 */
export interface ThinSink {
  /** Bytes of the initial state the server answered with: its step 2 and the updates sent with it. */
  readonly initialBytes: number;
  /** The Yjs updates carried by those messages, in order. */
  initialUpdates(): Uint8Array[];
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

/** The Yjs update of a step 2 or update message. */
function updateOf(data: Uint8Array): Uint8Array {
  const decoder = decoding.createDecoder(data);
  decoding.readVarUint(decoder);
  decoding.readVarUint(decoder);
  return decoding.readVarUint8Array(decoder);
}

/**
 * Opens a thin sink on `<syncUrl>/<boardId>?token=` and resolves once the server's initial
 * state arrived: the full state with the default empty `stateVector`, only what is missing when
 * the sink announces a state vector it already has (a client with a cached copy). A server may
 * send the state as a step 2 followed by update messages (ours sends a board loaded from storage
 * as stored: snapshot parts, then logged updates), so the sink asks for the awareness states
 * right after its step 1 and takes everything up to their answer as the initial state.
 */
export function openThinSink(syncUrl: string, boardId: string, token: string, stateVector?: Uint8Array, timeoutMs = 60_000): Promise<ThinSink> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${syncUrl}/${boardId}?token=${encodeURIComponent(token)}`);
    socket.binaryType = 'nodebuffer';
    let waiter: ((at: number) => void) | undefined;
    let stepTwo = false;
    let ready = false;
    const initial: Uint8Array[] = [];
    const timer = setTimeout(() => reject(new Error('thin sink: no step 2')), timeoutMs);
    socket.on('open', () => {
      socket.send(syncStep1(stateVector));
      socket.send(new Uint8Array([messageQueryAwareness]));
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('message', (data) => {
      const at = nowMs();
      const raw = data as Buffer;
      const kind = syncKind(raw);
      if (!ready) {
        if (kind === syncStep2 || (stepTwo && kind === syncUpdate)) {
          stepTwo = true;
          initial.push(raw);
          return;
        }
        if (!stepTwo || raw[0] !== messageAwareness) return;
        ready = true;
        clearTimeout(timer);
        resolve({
          initialBytes: initial.reduce((sum, message) => sum + message.byteLength, 0),
          initialUpdates: () => initial.map(updateOf),
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
