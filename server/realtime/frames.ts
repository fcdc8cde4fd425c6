import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import type { SyncSocket } from '../../crdt/index.js';

/** One final, unmasked binary WebSocket frame carrying `payload` (RFC 6455 section 5.2). */
export function binaryFrame(payload: Uint8Array): Buffer {
  const length = payload.byteLength;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x82; // FIN + opcode 2 (binary)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.set(payload, headerLength);
  return frame;
}

/** The frames of `payloads`, in order, in one buffer: written at once, they arrive as separate messages. */
export function binaryFrames(payloads: readonly Uint8Array[]): Buffer {
  return Buffer.concat(payloads.map((payload) => binaryFrame(payload)));
}

/**
 * Writes binary messages straight to the sockets under `ws`, framing each message (or batch of
 * messages) once: a room hands the same bytes to every connection in turn, so a fan-out to N
 * sockets costs one frame and N writes instead of N frames, N header buffers and N corked
 * two-part writes. A batch goes out as one write of consecutive frames. Frames are whole and
 * written in call order, so they interleave safely with the pings, pongs and close frames that
 * `ws` writes itself (the server never compresses, so `ws` never queues). `ws.bufferedAmount`
 * still counts these bytes: it reads the socket's write buffer. As with `ws.send`, a payload (or
 * batch array) must not change once sent: it is written without a copy per socket.
 */
export class FrameWriter {
  #payload: Uint8Array | undefined;
  #frame: Buffer | undefined;
  #batch: readonly Uint8Array[] | undefined;
  #batchFrames: Buffer | undefined;

  /** Sends `payload` on an open socket; does nothing once the socket is closing or closed. */
  write(ws: WebSocket, socket: Duplex, payload: Uint8Array): void {
    if (ws.readyState !== WebSocket.OPEN || socket.destroyed) return;
    if (payload !== this.#payload || this.#frame === undefined) {
      this.#frame = binaryFrame(payload);
      this.#payload = payload;
    }
    socket.write(this.#frame);
  }

  /** Sends `payloads` as consecutive messages in one write; does nothing once the socket is closing or closed. */
  writeMany(ws: WebSocket, socket: Duplex, payloads: readonly Uint8Array[]): void {
    if (ws.readyState !== WebSocket.OPEN || socket.destroyed) return;
    if (payloads !== this.#batch || this.#batchFrames === undefined) {
      this.#batchFrames = binaryFrames(payloads);
      this.#batch = payloads;
    }
    socket.write(this.#batchFrames);
  }
}

/**
 * A `ws` socket as the sync layer's `SyncSocket`, writing through a shared `FrameWriter`. Its
 * `bufferedAmount` is the raw socket's write queue: every byte of the sync protocol goes there
 * (the frame writer never queues inside `ws`), pings and close frames included.
 */
export class WsSyncSocket implements SyncSocket {
  readonly #ws: WebSocket;
  readonly #socket: Duplex;
  readonly #frames: FrameWriter;

  constructor(ws: WebSocket, socket: Duplex, frames: FrameWriter) {
    this.#ws = ws;
    this.#socket = socket;
    this.#frames = frames;
  }

  get bufferedAmount(): number {
    return this.#socket.writableLength;
  }

  send(data: Uint8Array): void {
    this.#frames.write(this.#ws, this.#socket, data);
  }

  sendMany(messages: readonly Uint8Array[]): void {
    this.#frames.writeMany(this.#ws, this.#socket, messages);
  }

  close(code: number, reason: string): void {
    this.#ws.close(code, reason);
  }
}
