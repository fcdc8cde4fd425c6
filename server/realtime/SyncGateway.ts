import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { RawData } from 'ws';
import { syncCloseCodes } from '../../crdt/index.js';
import type { RealtimeHub } from '../../crdt/index.js';
import { systemClock } from '../../storage/index.js';
import type { Clock } from '../../storage/index.js';
import type { AccessChangeFeed } from '../access/AccessChangeFeed.js';
import type { AccessService } from '../access/AccessService.js';
import type { Authenticator } from '../auth/Authenticator.js';
import { redactUrl } from '../redaction.js';
import { AccessChangePoller } from './AccessChangePoller.js';
import { FrameWriter, WsSyncSocket } from './frames.js';
import { JoiningSocket } from './JoiningSocket.js';
import { LiveRights } from './LiveRights.js';
import { decideSync, isRefusal } from './syncDecision.js';
import type { TrustedProxies } from '../net/TrustedProxies.js';

/** Options of the live-sync endpoint. */
export interface SyncGatewayOptions {
  hub: RealtimeHub;
  access: AccessService;
  authenticator: Authenticator;
  logger: Logger;
  /** Path prefix; the board id follows it. Default `/v1/sync/`. */
  pathPrefix?: string;
  /** Largest WebSocket message accepted; larger ones close the socket with 1009. Default 4 MiB. */
  maxMessageBytes?: number;
  /** Interval of keep-alive pings; a socket that missed the previous pong is terminated. Default 30 s. */
  pingIntervalMs?: number;
  /** Changes of rights: open connections they touch are rechecked (`LiveRights`). Without it, only credential expiry is watched. */
  accessChanges?: AccessChangeFeed;
  /** How often the store's access change feed is read for other processes' changes, in ms. Default 250. */
  accessPollIntervalMs?: number;
  /** Time source of credential expiry. Default the system clock. */
  clock?: Clock;
  /** Proxies whose `X-Forwarded-For` names the client (the address a link guest's budget is keyed by). Default none. */
  trustedProxies?: TrustedProxies;
}

export { maxQueuedBeforeAuth } from './JoiningSocket.js';

/**
 * `/v1/sync/{boardId}`: the y-websocket protocol over `ws`. The upgrade is accepted first so
 * that browsers can read the outcome as a close code (4401 no valid token, 4403 no
 * `boards:read` scope, 4404 no such board for this person); messages that arrive while the
 * token is checked are queued (up to `maxQueuedBeforeAuth`; past that the socket is closed 4429,
 * so nobody can make the server hold what it has not authorized). Viewers, commenters and tokens without `boards:write` get
 * read-only connections. Tokens come from the `Authorization` header or the `token` query
 * parameter and are never logged. Rights are kept current while the socket is open
 * (`LiveRights`): a change that ends them closes it with the same codes, a lowered role makes it
 * read-only, and an expiring credential closes it 4401 at its expiry.
 */
export class SyncGateway {
  readonly #o: SyncGatewayOptions;
  readonly #wss: WebSocketServer;
  readonly #prefix: string;
  readonly #alive = new WeakSet<WebSocket>();
  /** Per socket: its state while joining (being authorized, or its board loading) and after. */
  readonly #joining = new WeakMap<WebSocket, JoiningSocket>();
  readonly #ping: NodeJS.Timeout;
  readonly #frames = new FrameWriter();
  readonly #rights: LiveRights;
  readonly #poller: AccessChangePoller | undefined;
  readonly #offRecorded: () => void;

  constructor(options: SyncGatewayOptions) {
    this.#o = options;
    const clock = options.clock ?? systemClock;
    this.#rights = new LiveRights({
      decide: (token, boardId, remoteAddress) => decideSync(options, token, boardId, remoteAddress),
      clock,
      logger: options.logger,
    });
    const feed = options.accessChanges;
    this.#offRecorded = feed?.onRecorded((change) => this.#rights.changed(change)) ?? (() => {});
    this.#poller =
      feed &&
      new AccessChangePoller({
        feed,
        clock,
        logger: options.logger,
        onChange: (change) => this.#rights.changed(change),
        // Rights are read as a connection joins: with none open, a change has nothing to end, and the poller sleeps until the next one.
        needed: () => this.#wss.clients.size > 0,
        ...(options.accessPollIntervalMs === undefined ? {} : { intervalMs: options.accessPollIntervalMs }),
      });
    this.#poller?.start();
    this.#prefix = options.pathPrefix ?? '/v1/sync/';
    this.#wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 4 * 1024 * 1024, perMessageDeflate: false });
    this.#ping = setInterval(() => this.#heartbeat(), options.pingIntervalMs ?? 30_000);
    this.#ping.unref();
  }

  /** True when the request is for this endpoint. */
  matches(request: IncomingMessage): boolean {
    return (request.url ?? '').startsWith(this.#prefix);
  }

  /** Open sockets still joining: being authorized, or waiting for their board to load; 0 once each has started to sync or closed. */
  get joining(): number {
    let count = 0;
    for (const ws of this.#wss.clients) if (this.#joining.get(ws)?.joining === true) count += 1;
    return count;
  }

  /** Handles an HTTP upgrade for this endpoint. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#accept(ws, request, socket));
  }

  #accept(ws: WebSocket, request: IncomingMessage, socket: Duplex): void {
    // Open from here on (`needed`): changes recorded by other processes matter again.
    this.#poller?.resume();
    const join = this.#listen(ws);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const token = header ?? url.searchParams.get('token') ?? '';
    const peer = request.socket.remoteAddress ?? '';
    const remoteAddress = this.#o.trustedProxies?.clientAddress(peer, request.headers['x-forwarded-for']) ?? peer;
    // Read now: the callbacks below must not keep the upgrade request (and its headers) alive.
    const loggedUrl = redactUrl(request.url ?? '');
    const mark = this.#rights.begin();
    decideSync(this.#o, token, boardIdOf(url.pathname.slice(this.#prefix.length)), remoteAddress).then(
      (decision) => {
        join.decided = true;
        if (join.closed || join.refused || isRefusal(decision)) {
          this.#rights.end(mark);
          if (!join.closed && !join.refused && isRefusal(decision)) ws.close(decision.code, decision.reason);
          return;
        }
        const connection = this.#o.hub.attach(new WsSyncSocket(ws, socket, this.#frames), decision);
        this.#rights.track(connection, token, remoteAddress, decision, mark);
        this.#o.logger.info({ boardId: decision.boardId, userId: decision.actor.userId, readOnly: decision.readOnly, url: loggedUrl }, 'sync connected');
        join.attach(connection);
      },
      (error: unknown) => {
        join.decided = true;
        this.#rights.end(mark);
        this.#o.logger.error({ err: error }, 'sync authorization failed');
        if (!join.closed) ws.close(syncCloseCodes.internalError, 'Internal error');
      },
    );
  }

  /** Registers the socket's listeners, which live as long as it does: they keep the socket and its `JoiningSocket`, nothing of the upgrade. */
  #listen(ws: WebSocket): JoiningSocket {
    const join = new JoiningSocket();
    this.#alive.add(ws);
    this.#joining.set(ws, join);
    ws.on('pong', () => this.#alive.add(ws));
    ws.on('message', (data: RawData) => {
      if (!join.receive(toBytes(data))) ws.close(syncCloseCodes.tooManyRequests, 'too many messages before authorization');
    });
    ws.on('close', () => {
      join.closed = true;
      if (join.connection) {
        this.#rights.untrack(join.connection);
        join.connection.closed();
      }
    });
    ws.on('error', (error) => this.#o.logger.warn({ err: error }, 'sync socket error'));
    return join;
  }

  #heartbeat(): void {
    for (const ws of this.#wss.clients) {
      if (!this.#alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.#alive.delete(ws);
      ws.ping();
    }
  }

  /** Closes every socket (1001 going away) and stops the keep-alive timer and the watch of rights. */
  close(): void {
    clearInterval(this.#ping);
    this.#offRecorded();
    void this.#poller?.stop();
    this.#rights.close();
    for (const ws of this.#wss.clients) if (ws.readyState === WebSocket.OPEN) ws.close(syncCloseCodes.goingAway, 'Server shutting down');
    this.#wss.close();
  }

  /** Drops the sockets still open, without the closing handshake: for clients that never answered `close` (shutdown's grace is over). */
  terminate(): void {
    for (const ws of this.#wss.clients) ws.terminate();
  }
}

/** The board id of a path segment, percent-decoded, trailing slashes dropped; undefined for a malformed escape (`%`, `%E0%A4%A`). */
function boardIdOf(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment).replace(/\/+$/, '');
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
