import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';

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

/**
 * Writes binary messages straight to the sockets under `ws`, framing each message once: a
 * room hands the same bytes to every connection in turn, so a fan-out to N sockets costs one
 * frame and N writes instead of N frames, N header buffers and N corked two-part writes.
 * Frames are whole and written in call order, so they interleave safely with the pings, pongs
 * and close frames that `ws` writes itself (the server never compresses, so `ws` never queues).
 * `ws.bufferedAmount` still counts these bytes: it reads the socket's write buffer. As with
 * `ws.send`, a payload must not change once sent: it is written without a copy per socket.
 */
export class FrameWriter {
  #payload: Uint8Array | undefined;
  #frame: Buffer | undefined;

  /** Sends `payload` on an open socket; does nothing once the socket is closing or closed. */
  write(ws: WebSocket, socket: Duplex, payload: Uint8Array): void {
    if (ws.readyState !== WebSocket.OPEN || socket.destroyed) return;
    if (payload !== this.#payload || this.#frame === undefined) {
      this.#frame = binaryFrame(payload);
      this.#payload = payload;
    }
    socket.write(this.#frame);
  }
}
