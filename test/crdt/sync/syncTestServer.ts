import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { RawData } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import type { DocumentRegistryOptions } from '../../../crdt/documents/DocumentRegistry.js';
import { RealtimeHub } from '../../../crdt/sync/RealtimeHub.js';
import type { RealtimeHubOptions } from '../../../crdt/sync/RealtimeHub.js';
import type { SyncSocket } from '../../../crdt/sync/SyncSocket.js';
import { SqliteDatabase } from '../../../storage/index.js';
import type { DocumentStore } from '../../../storage/index.js';

/** A `ws` server on 127.0.0.1:0 that hands `/sync/<boardId>?user=&name=&ro=1` sockets to a RealtimeHub. */
export interface SyncTestServer {
  url: string;
  port: number;
  registry: DocumentRegistry;
  hub: RealtimeHub;
  db: SqliteDatabase;
  /** A stock y-websocket client on `boardId` as `user` (read-only when `readOnly`). */
  connect(boardId: string, user: string, options?: { readOnly?: boolean; name?: string }): { doc: Y.Doc; provider: WebsocketProvider };
  /** A raw `ws` socket on `/sync/<boardId>`; resolves once open. */
  raw(boardId: string, user?: string, rateKey?: string): Promise<WebSocket>;
  stop(): Promise<void>;
}

/** Adapts a `ws` socket to the SyncSocket port. */
export function wsSyncSocket(ws: WebSocket): SyncSocket {
  return {
    send: (data) => ws.send(data),
    sendMany: (messages) => {
      for (const message of messages) ws.send(message);
    },
    close: (code, reason) => ws.close(code, reason),
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
  };
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}

/** Starts the server; `store` overrides the sqlite document store. */
export async function startSyncServer(
  options: { hub?: RealtimeHubOptions; registry?: DocumentRegistryOptions; store?: (db: SqliteDatabase) => DocumentStore } = {},
): Promise<SyncTestServer> {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const registry = new DocumentRegistry(options.store?.(db) ?? db.documents, { sweepIntervalMs: 0, ...options.registry });
  const hub = new RealtimeHub(registry, options.hub);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  wss.on('connection', (ws, req) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const boardId = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
    const name = url.searchParams.get('name');
    const rateKey = url.searchParams.get('rateKey');
    const connection = hub.attach(wsSyncSocket(ws), {
      boardId,
      actor: { userId: url.searchParams.get('user') ?? 'anonymous', ...(name === null ? {} : { name }) },
      readOnly: url.searchParams.get('ro') === '1',
      ...(rateKey === null ? {} : { rateKey }),
    });
    ws.on('message', (data) => connection.receive(toBytes(data)));
    ws.on('close', () => connection.closed());
  });
  const port = (wss.address() as AddressInfo).port;
  const url = `ws://127.0.0.1:${port}/sync`;
  const providers: WebsocketProvider[] = [];
  const raws: WebSocket[] = [];

  return {
    url,
    port,
    registry,
    hub,
    db,
    connect(boardId, user, connectOptions = {}) {
      const doc = new Y.Doc();
      const params: Record<string, string> = { user };
      if (connectOptions.readOnly === true) params['ro'] = '1';
      if (connectOptions.name !== undefined) params['name'] = connectOptions.name;
      const provider = new WebsocketProvider(url, boardId, doc, {
        WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
        disableBc: true,
        params,
      });
      providers.push(provider);
      return { doc, provider };
    },
    async raw(boardId, user = 'raw', rateKey) {
      const query = new URLSearchParams({ user, ...(rateKey === undefined ? {} : { rateKey }) });
      const ws = new WebSocket(`${url}/${encodeURIComponent(boardId)}?${query.toString()}`);
      raws.push(ws);
      await once(ws, 'open');
      return ws;
    },
    async stop() {
      for (const provider of providers) provider.destroy();
      for (const ws of raws) ws.terminate();
      for (const client of wss.clients) client.terminate();
      hub.close();
      await new Promise<void>((resolve, reject) => wss.close((error) => (error ? reject(error) : resolve())));
      await registry.close();
      await db.close();
    },
  };
}

/** Resolves with the close code of a raw socket. */
export function closeCode(ws: WebSocket): Promise<number> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.reject(new Error('socket already closed'));
  return new Promise((resolve) => ws.once('close', (code: number) => resolve(code)));
}
