import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { docUpdateMessage, hpAuthMessage, hpSinkHandshake, sinkHandshake, ywsSinkHandshake } from './protocol.js';
import type { Target } from './target.js';
import { sleep, socketUrl } from './target.js';

/**
 * The abusive clients of S9 (BENCHMARK "Limits and abuse"), all run against one hot board at
 * once while its probes measure: a flooder, oversized frames, a reader that never reads, and
 * a churn of connections without credentials. Each records what the server did to it.
 */

/** S9's abuse, per window. */
export interface AbuseSettings {
  /** Document updates per second the flooder tries to send. */
  floodPerS: number;
  /** Pause before the flooder reconnects after the server closed it. */
  reconnectMs: number;
  /** Size of each oversized message's update, in bytes. */
  bigFrameBytes: number;
  /** Oversized messages per window, each on a connection of its own, spread over the window. */
  bigFrames: number;
  /** Connections per second opened without credentials. */
  noAuthPerS: number;
}

/** BENCHMARK S9: a 10 MB frame, 5k messages/s from one socket, an unauthenticated flood. */
export const defaultAbuse: AbuseSettings = { floodPerS: 5_000, reconnectMs: 50, bigFrameBytes: 10 * 1024 * 1024, bigFrames: 2, noAuthPerS: 50 };

/** What the server did to the abusers over one window. */
export interface AbuseReport {
  /** Flood messages written to the socket, and how many connections the flooder needed. */
  floodSent: number;
  floodConnections: number;
  /** Close codes the server gave the flooder, e.g. `4429×12`; empty when it never closed it. */
  floodCloses: string;
  /** What became of each oversized message: its connection's close code, `open` when it was taken, `no handshake` when the upgrade went unanswered 3 s. */
  bigFrameOutcomes: string;
  /** What the server did with the reader that never reads: its close code, or `open`. */
  slowReader: string;
  /** Connections opened without credentials, and how many of them the server sent anything to. */
  noAuthOpened: number;
  noAuthServed: number;
  noAuthCloses: string;
}

/** `count` Yjs updates of about `bytesEach` bytes, each from a client id and on a key of its own, so any subset applies without the rest. */
export function independentUpdates(count: number, bytesEach: number, firstClientId: number): Uint8Array[] {
  const updates: Uint8Array[] = [];
  const payload = 'x'.repeat(bytesEach);
  // A fresh document every 200 updates: every transaction reads the whole state vector, which one
  // document with tens of thousands of clients would make quadratic.
  for (let start = 0; start < count; start += 200) {
    const doc = new Y.Doc();
    doc.on('update', (update: Uint8Array) => updates.push(update));
    const map = doc.getMap<string>('abuse');
    for (let i = start; i < Math.min(count, start + 200); i++) {
      doc.clientID = firstClientId + i;
      map.set(`c${firstClientId + i}`, payload);
    }
    doc.destroy();
  }
  return updates;
}

/** Counts close codes as `code×n` joined by spaces. */
class Tally {
  readonly #counts = new Map<string, number>();
  add(outcome: string | number): void {
    const key = String(outcome);
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
  }
  toString(): string {
    return [...this.#counts].map(([k, n]) => `${k}×${n}`).join(' ');
  }
}

/** The raw socket under a `ws` client (paused to stop reading). */
function rawSocket(ws: WebSocket): Duplex {
  return (ws as unknown as { _socket: Duplex })._socket;
}

/** Resolves with the close code, or `open` when the socket is still open after `ms`. */
function closeWithin(ws: WebSocket, ms: number): Promise<string> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve('closed');
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('open'), ms);
    ws.once('close', (code: number) => {
      clearTimeout(timer);
      resolve(String(code));
    });
  });
}

/**
 * One client sending `messages` at `perS` per second from one socket, reconnecting `reconnectMs`
 * after each close, until `stop`. Stops writing while its socket has 1 MiB queued, so a server
 * that stops reading bounds the harness's memory, not only its own.
 */
class Flooder {
  sent = 0;
  connections = 0;
  readonly closes = new Tally();
  readonly #target: Target;
  readonly #board: string;
  readonly #messages: readonly Uint8Array[];
  readonly #perS: number;
  readonly #reconnectMs: number;
  #ws: WebSocket | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #started = 0;
  #next = 0;

  constructor(target: Target, board: string, messages: readonly Uint8Array[], settings: AbuseSettings) {
    this.#target = target;
    this.#board = board;
    this.#messages = messages;
    this.#perS = settings.floodPerS;
    this.#reconnectMs = settings.reconnectMs;
  }

  start(): void {
    this.#running = true;
    this.#started = performance.now();
    this.#connect();
    this.#timer = setInterval(() => this.#tick(), 2);
  }

  stop(): void {
    this.#running = false;
    clearInterval(this.#timer);
    this.#ws?.terminate();
  }

  #connect(): void {
    if (!this.#running) return;
    this.connections += 1;
    const ws = new WebSocket(socketUrl(this.#target, this.#board), { perMessageDeflate: false });
    this.#ws = ws;
    ws.on('open', () => {
      for (const message of sinkHandshake(this.#target.dialect, this.#board, this.#target.token || 'bench')) ws.send(message);
    });
    ws.on('error', () => undefined);
    ws.on('close', (code: number) => {
      if (!this.#running) return;
      this.closes.add(code);
      setTimeout(() => this.#connect(), this.#reconnectMs);
    });
  }

  #tick(): void {
    const ws = this.#ws;
    const due = Math.floor(((performance.now() - this.#started) / 1000) * this.#perS);
    // Bounded catch-up: at most 2 ticks' worth at once.
    let budget = Math.ceil(this.#perS / 250);
    while (ws?.readyState === WebSocket.OPEN && this.sent < due && budget-- > 0 && ws.bufferedAmount < 1024 * 1024) {
      ws.send(this.#messages[this.#next]!);
      this.#next = (this.#next + 1) % this.#messages.length;
      this.sent += 1;
    }
  }
}

/** How long an oversized message's connection waits for the server's handshake, and then for its close. */
const bigFrameWaitMs = 3_000;

/**
 * Opens a connection, sends one oversized `message` and reports what the server did within 3 s:
 * its close code, `open` when it took the message, `refused` when it closed the connection
 * before the handshake, `no handshake` when it did not answer the upgrade within 3 s (a server
 * whose event loop the flood holds: without this bound the harness would wait as long).
 */
async function sendBigFrame(target: Target, board: string, message: Uint8Array): Promise<string> {
  const ws = new WebSocket(socketUrl(target, board), { perMessageDeflate: false, maxPayload: 0 });
  ws.on('error', () => undefined);
  ws.on('message', () => undefined);
  const opened = await new Promise<'open' | 'refused' | 'no handshake'>((resolve) => {
    const timer = setTimeout(() => resolve('no handshake'), bigFrameWaitMs);
    ws.once('open', () => {
      clearTimeout(timer);
      resolve('open');
    });
    ws.once('close', () => {
      clearTimeout(timer);
      resolve('refused');
    });
  });
  if (opened !== 'open') {
    ws.terminate();
    return opened;
  }
  // Hocuspocus wants its auth message first; a y-websocket server takes an update without a handshake.
  if (target.dialect === 'hocuspocus') ws.send(hpAuthMessage(board, target.token || 'bench'));
  ws.send(message);
  const outcome = await closeWithin(ws, bigFrameWaitMs);
  ws.terminate();
  return outcome;
}

/** The URL of `board` with no credentials. */
function noAuthUrl(target: Target, board: string): string {
  return target.dialect === 'hocuspocus' ? target.wsBase : `${target.wsBase}/${encodeURIComponent(board)}`;
}

/** Abusers at work: `halt` stops them at the end of the window, `report` then gathers what the server did. */
export interface RunningAbuse {
  halt(): void;
  report(): Promise<AbuseReport>;
}

/**
 * Starts every abuser against `board`; oversized messages are spread over `windowMs`. The
 * updates of the flood and of the oversized messages are built by the caller, once per run:
 * building 10 MB and 50k updates is not part of any window.
 */
export function startAbusers(
  target: Target,
  board: string,
  windowMs: number,
  settings: AbuseSettings,
  updates: { flood: readonly Uint8Array[]; big: readonly Uint8Array[] },
): RunningAbuse {
  const flooder = new Flooder(target, board, updates.flood.map((u) => docUpdateMessage(target.dialect, board, u)), settings);

  const slow = new WebSocket(socketUrl(target, board), { perMessageDeflate: false });
  let slowClosed: string | undefined;
  slow.on('error', () => undefined);
  slow.on('close', (code: number) => {
    slowClosed = String(code);
  });
  slow.once('open', () => {
    for (const m of sinkHandshake(target.dialect, board, target.token || 'bench')) slow.send(m);
    rawSocket(slow).pause();
  });

  const noAuth = new Tally();
  let noAuthOpened = 0;
  let noAuthServed = 0;
  const noAuthOpen = new Set<WebSocket>();
  const churn = setInterval(() => {
    // Bounded: at most 100 of them open at once.
    if (noAuthOpen.size >= 100) return;
    noAuthOpened += 1;
    const ws = new WebSocket(noAuthUrl(target, board), { perMessageDeflate: false });
    noAuthOpen.add(ws);
    let served = false;
    ws.on('error', () => undefined);
    ws.on('open', () => ws.send(target.dialect === 'hocuspocus' ? hpSinkHandshake(board) : ywsSinkHandshake()));
    ws.on('message', () => {
      if (!served) noAuthServed += 1;
      served = true;
    });
    ws.on('close', (code: number) => {
      noAuthOpen.delete(ws);
      noAuth.add(code);
    });
    setTimeout(() => ws.terminate(), 1_000);
  }, 1000 / settings.noAuthPerS);

  flooder.start();
  let halted = false;
  const bigFrames = updates.big.slice(0, settings.bigFrames).map(async (update, i) => {
    await sleep((i * windowMs) / Math.max(1, settings.bigFrames));
    return halted ? 'not sent' : sendBigFrame(target, board, docUpdateMessage(target.dialect, board, update));
  });
  return {
    halt() {
      halted = true;
      flooder.stop();
      clearInterval(churn);
    },
    async report() {
      const bigFrameOutcomes = new Tally();
      for (const outcome of await Promise.all(bigFrames)) bigFrameOutcomes.add(outcome);
      // The slow reader starts reading again: a close frame the server sent it arrives now.
      let slowReader = slowClosed ?? (slow.readyState === WebSocket.OPEN ? 'open' : 'not opened');
      if (slowClosed === undefined && slow.readyState === WebSocket.OPEN) {
        rawSocket(slow).resume();
        slowReader = await closeWithin(slow, 2_000);
      }
      slow.terminate();
      for (const ws of noAuthOpen) ws.terminate();
      return {
        floodSent: flooder.sent,
        floodConnections: flooder.connections,
        floodCloses: flooder.closes.toString(),
        bigFrameOutcomes: bigFrameOutcomes.toString(),
        slowReader,
        noAuthOpened,
        noAuthServed,
        noAuthCloses: noAuth.toString(),
      };
    },
  };
}
