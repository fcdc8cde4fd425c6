import { WebSocket } from 'ws';
import { awarenessMessage, awarenessUpdate, sinkHandshake } from './protocol.js';
import type { Target } from './target.js';
import { hostNowMs, socketUrl } from './target.js';

/**
 * A thin client: completes the handshake and only counts messages and bytes; it never applies
 * updates (BENCHMARK "Sinks"). `sendCursor` makes it an awareness sender for S2.
 */
export class Sink {
  messages = 0;
  bytes = 0;
  /** Set when the socket closed or failed while the cell wanted it open. */
  error: string | undefined;
  readonly #socket: WebSocket;
  readonly #target: Target;
  readonly #board: string;
  readonly #clientId: number;
  #clock = 0;
  #closing = false;
  readonly opened: Promise<void>;

  constructor(target: Target, board: string, clientId = 0) {
    this.#target = target;
    this.#board = board;
    this.#clientId = clientId;
    this.#socket = new WebSocket(socketUrl(target, board), { perMessageDeflate: false });
    this.opened = new Promise((resolve, reject) => {
      this.#socket.once('open', () => {
        for (const message of sinkHandshake(target.dialect, board, target.token || 'bench')) this.#socket.send(message);
        resolve();
      });
      this.#socket.once('error', (error) => reject(error));
    });
    this.opened.catch(() => undefined);
    this.#socket.on('message', (data: Buffer) => {
      this.messages += 1;
      this.bytes += data.length;
    });
    this.#socket.on('close', (code) => {
      if (!this.#closing) this.error = `sink closed ${code}`;
    });
    this.#socket.on('error', (error) => {
      if (!this.#closing) this.error = `sink error ${error.message}`;
    });
  }

  /** Awareness updates this sink sent (its clock). */
  get cursorsSent(): number {
    return this.#clock;
  }

  /** The awareness client id of this sink. */
  get clientId(): number {
    return this.#clientId;
  }

  /** Sends one awareness update `{ cursor, ts }` with the next clock. */
  sendCursor(): void {
    if (this.#socket.readyState !== WebSocket.OPEN) return;
    this.#clock += 1;
    const state = { cursor: { x: this.#clock % 1000, y: this.#clientId % 1000 }, ts: hostNowMs() };
    const update = awarenessUpdate(this.#clientId, this.#clock, state);
    this.#socket.send(awarenessMessage(this.#target.dialect, this.#board, update));
  }

  /** Resets the counters (start of a measuring window). */
  reset(): void {
    this.messages = 0;
    this.bytes = 0;
  }

  /** Closes the socket without counting it as an error. */
  close(): void {
    this.#closing = true;
    this.#socket.terminate();
  }
}

/** Opens `count` sinks on `board` in batches of 50 (bounded connect storm); rejects after `timeoutMs`. */
export async function openSinks(target: Target, board: string, count: number, timeoutMs: number, firstClientId = 1): Promise<Sink[]> {
  const sinks: Sink[] = [];
  const deadline = performance.now() + timeoutMs;
  for (let i = 0; i < count; i += 50) {
    const batch: Sink[] = [];
    for (let j = i; j < Math.min(count, i + 50); j++) batch.push(new Sink(target, board, firstClientId + j));
    sinks.push(...batch);
    const left = Math.max(1, deadline - performance.now());
    await Promise.race([
      Promise.all(batch.map((s) => s.opened)),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`sinks not open within ${timeoutMs} ms`)), left)),
    ]).catch((error: unknown) => {
      for (const sink of sinks) sink.close();
      throw error;
    });
  }
  return sinks;
}
