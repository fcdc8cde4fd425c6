import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import { Awareness, applyAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type * as YNamespace from 'yjs';
import { peersDir } from './paths.js';
import { decodeRelayed, updateMessage } from './protocol.js';
import type { Target } from './target.js';
import { socketUrl } from './target.js';

/** The Yjs module a client uses (the peers' copy for Hocuspocus clients, so its provider's instanceof checks hold). */
export type YjsModule = typeof YNamespace;

/** Awareness changes as y-protocols reports them. */
export interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

/** The part of y-protocols' Awareness the probes read. */
export interface AwarenessLike {
  on(event: 'update', listener: (changes: AwarenessChanges, origin: unknown) => void): void;
  getStates(): Map<number, Record<string, unknown>>;
  readonly meta: Map<number, { clock: number; lastUpdated: number }>;
}

/** A full client: a real `Y.Doc` synced by a real provider (writers and probes). */
export interface DocClient {
  readonly Y: YjsModule;
  readonly doc: Y.Doc;
  readonly awareness: AwarenessLike;
  /** Resolves at the provider's `sync`/`synced` event (or socket open for the relay). */
  readonly synced: Promise<void>;
  /** Set when the connection closed while it should be open. */
  error: string | undefined;
  destroy(): void;
}

interface HpWebsocket {
  destroy(): void;
}
interface HpProvider {
  readonly awareness: AwarenessLike | null;
  attach(): void;
  destroy(): void;
  on(event: string, listener: (...args: unknown[]) => void): void;
}
interface HpModule {
  HocuspocusProviderWebsocket: new (config: { url: string; WebSocketPolyfill: unknown }) => HpWebsocket;
  HocuspocusProvider: new (config: { websocketProvider: HpWebsocket; name: string; document: Y.Doc; token: string }) => HpProvider;
}

let hocuspocus: Promise<{ hp: HpModule; Y: YjsModule }> | undefined;

/** Loads `@hocuspocus/provider` and its Yjs from `bench/peers` (once). */
export function loadHocuspocusClient(): Promise<{ hp: HpModule; Y: YjsModule }> {
  hocuspocus ??= (async () => {
    const modules = path.join(peersDir(), 'node_modules');
    const hp = (await import(pathToFileURL(path.join(modules, '@hocuspocus/provider/dist/hocuspocus-provider.esm.js')).href)) as Record<string, unknown>;
    const peerY = (await import(pathToFileURL(path.join(modules, 'yjs/dist/yjs.mjs')).href)) as Record<string, unknown>;
    if (typeof hp.HocuspocusProvider !== 'function' || typeof peerY.Doc !== 'function') throw new Error('bench: unexpected @hocuspocus/provider or yjs exports');
    return { hp: hp as unknown as HpModule, Y: peerY as unknown as YjsModule };
  })();
  return hocuspocus;
}

/** Opens a full client of `board` in the server's dialect. */
export async function openDocClient(target: Target, board: string): Promise<DocClient> {
  if (target.dialect === 'hocuspocus') return openHocuspocusClient(target, board);
  if (target.dialect === 'relay') return openRelayClient(target, board);
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(target.wsBase, board, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: target.token === '' ? {} : { token: target.token },
    disableBc: true,
  });
  const client: DocClient = {
    Y,
    doc,
    awareness: provider.awareness as unknown as AwarenessLike,
    synced: new Promise((resolve) => provider.on('sync', (state: boolean) => state && resolve())),
    error: undefined,
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
  provider.on('connection-close', (event) => {
    if (provider.shouldConnect) client.error = `provider closed ${event?.code ?? ''}`;
  });
  return client;
}

async function openHocuspocusClient(target: Target, board: string): Promise<DocClient> {
  const { hp, Y: PeerY } = await loadHocuspocusClient();
  const doc = new PeerY.Doc();
  const websocket = new hp.HocuspocusProviderWebsocket({ url: target.wsBase, WebSocketPolyfill: WebSocket });
  const provider = new hp.HocuspocusProvider({ websocketProvider: websocket, name: board, document: doc, token: target.token || 'bench' });
  let destroyed = false;
  const client: DocClient = {
    Y: PeerY,
    doc,
    awareness: provider.awareness ?? new Awareness(doc),
    synced: new Promise((resolve) => provider.on('synced', () => resolve())),
    error: undefined,
    destroy: () => {
      destroyed = true;
      provider.destroy();
      websocket.destroy();
      doc.destroy();
    },
  };
  provider.on('close', () => {
    if (!destroyed) client.error = 'hocuspocus provider closed';
  });
  provider.attach();
  return client;
}

function openRelayClient(target: Target, board: string): DocClient {
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  const socket = new WebSocket(socketUrl(target, board), { perMessageDeflate: false });
  let destroyed = false;
  const client: DocClient = {
    Y,
    doc,
    awareness: awareness as unknown as AwarenessLike,
    synced: new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    }),
    error: undefined,
    destroy: () => {
      destroyed = true;
      socket.terminate();
      awareness.destroy();
      doc.destroy();
    },
  };
  client.synced.catch(() => undefined);
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== socket && socket.readyState === WebSocket.OPEN) socket.send(updateMessage(update));
  });
  socket.on('message', (data: Buffer) => {
    const message = decodeRelayed(new Uint8Array(data.buffer, data.byteOffset, data.length));
    if (message.kind === 'update') Y.applyUpdate(doc, message.payload, socket);
    else if (message.kind === 'awareness') applyAwarenessUpdate(awareness, message.payload, socket);
  });
  socket.on('close', () => {
    if (!destroyed) client.error = 'relay socket closed';
  });
  return client;
}
