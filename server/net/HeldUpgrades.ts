import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Takes over an upgrade request (the live-sync gateway, once it is served). */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Bytes a held client may send before its upgrade is answered. A WebSocket client sends nothing
 * before the answer; one that sends more than this is not waiting for it, and its socket is closed
 * rather than buffered (10,000 held sockets would otherwise hold whatever they are sent).
 */
export const heldBytesLimit = 16 * 1024;

/** One upgrade request waiting for live sync to be served. */
interface HeldUpgrade {
  readonly request: IncomingMessage;
  readonly socket: Duplex;
  /** The bytes read after the request's head, read while held (a client sends none before its answer). */
  head: Buffer;
  /** Drops the entry when its socket closes or fails while held. */
  readonly forget: () => void;
  readonly read: (chunk: Buffer) => void;
  /** The client ended its side while held: its socket is closed (HTTP sockets stay half-open otherwise). */
  readonly ended: () => void;
}

/**
 * Holds the upgrade requests (live-sync connections) that arrive while the server starts, from the
 * moment the port is held until live sync is served, then hands them to the gateway in their order.
 * Without it an upgrade no listener takes is answered as a plain request (503 while starting): the
 * client sees its connection fail and waits longer before each next try (y-websocket doubles its
 * wait up to 2.5 s), so the clients of a restart would come back seconds after the server could
 * serve them. A held socket that closes is
 * forgotten; at most `limit` are held, the next ones are answered 503 with `Retry-After`.
 */
export class HeldUpgrades {
  readonly #held = new Set<HeldUpgrade>();
  readonly #limit: number;
  #handler: UpgradeHandler | null = null;
  #refusal: string | null = null;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Takes every upgrade request of `http` from now on: held until `serve` or `refuse`, then passed on. */
  listen(http: Server): void {
    http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => this.#take(request, socket, head));
  }

  /** Upgrades held now. */
  get size(): number {
    return this.#held.size;
  }

  /** Hands the held upgrades, then every later one, to `handler`. */
  serve(handler: UpgradeHandler): void {
    this.#handler = handler;
    this.#release((entry) => handler(entry.request, entry.socket, entry.head));
  }

  /** Answers the held upgrades, then every later one, with `status` (start-up failed, or the server stops). */
  refuse(status: string): void {
    this.#handler = null;
    this.#refusal = status;
    this.#release((entry) => answer(entry.socket, status));
  }

  #take(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.#handler) return this.#handler(request, socket, head);
    if (this.#refusal !== null) return answer(socket, this.#refusal);
    if (this.#held.size >= this.#limit) return answer(socket, '503 Service Unavailable\r\nRetry-After: 1');
    const entry: HeldUpgrade = {
      request,
      socket,
      head,
      forget: () => this.#held.delete(entry),
      read: (chunk) => {
        if (entry.head.byteLength + chunk.byteLength > heldBytesLimit) {
          entry.forget();
          socket.destroy();
          return;
        }
        entry.head = Buffer.concat([entry.head, chunk]);
      },
      ended: () => {
        entry.forget();
        socket.destroy();
      },
    };
    // Read while held, so that a client that goes away is seen (its socket closes) and forgotten;
    // a socket error then must not become an uncaught exception.
    socket.on('error', entry.forget);
    socket.on('close', entry.forget);
    socket.on('data', entry.read);
    socket.on('end', entry.ended);
    this.#held.add(entry);
  }

  #release(pass: (entry: HeldUpgrade) => void): void {
    const entries = [...this.#held];
    this.#held.clear();
    for (const { socket, forget, read, ended } of entries) {
      socket.off('close', forget);
      socket.off('error', forget);
      socket.off('data', read);
      socket.off('end', ended);
    }
    for (const entry of entries) {
      if (entry.socket.destroyed) continue;
      // Paused while the handler takes it (ws reads what it needs from `head`), then flowing to the listeners it added.
      entry.socket.pause();
      pass(entry);
      entry.socket.resume();
    }
  }
}

/** Ends `socket` with a bodiless HTTP answer of `status` (its status line and any headers). */
function answer(socket: Duplex, status: string): void {
  socket.on('error', () => undefined);
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
