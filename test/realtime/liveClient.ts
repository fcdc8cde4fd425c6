import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { clientStickyNote } from '../content/helpers.js';
import type { TestServer } from '../helpers/testServer.js';

/** A raw y-websocket client on `/v1/sync/{boardId}` that records what it is sent. */
export interface LiveClient {
  readonly doc: Y.Doc;
  /** Every binary message received, in order. */
  readonly received: Uint8Array[];
  /** How many auth "permission denied" messages arrived (a refused update). */
  denied(): number;
  /** The close code, once closed. */
  closeCode(): number | undefined;
  /** Resolves with the close code. */
  readonly closed: Promise<number>;
  /** Resolves once the server's answer to our step 1 (its whole state) arrived. */
  readonly synced: Promise<void>;
  /** True when `text` occurs in anything received. */
  sawText(text: string): boolean;
  /** Adds a valid sticky note locally and sends it as a live update. */
  addSticky(id: string, text: string): void;
  /** Item ids in the client's document. */
  itemIds(): string[];
  destroy(): void;
}

const live: LiveClient[] = [];

/** Opens a raw sync socket with `token` in the query; resolves once it is open. */
export async function openLive(t: Pick<TestServer, 'url'>, boardId: string, token: string): Promise<LiveClient> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/v1/sync/${encodeURIComponent(boardId)}?token=${encodeURIComponent(token)}`);
  const doc = new Y.Doc();
  const received: Uint8Array[] = [];
  let denied = 0;
  let code: number | undefined;
  let markSynced: () => void = () => undefined;
  const synced = new Promise<void>((resolve) => (markSynced = resolve));
  const closed = new Promise<number>((resolve) => {
    ws.on('close', (closeCode) => {
      code = closeCode;
      resolve(closeCode);
    });
  });
  ws.on('message', (data: Buffer) => {
    const bytes = new Uint8Array(data);
    received.push(bytes);
    const decoder = decoding.createDecoder(bytes);
    const type = decoding.readVarUint(decoder);
    if (type === 2) denied += 1;
    if (type !== 0) return;
    const reply = encoding.createEncoder();
    encoding.writeVarUint(reply, 0);
    const syncType = syncProtocol.readSyncMessage(decoder, reply, doc, 'server');
    if (syncType === syncProtocol.messageYjsSyncStep2) markSynced();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const step1 = encoding.createEncoder();
  encoding.writeVarUint(step1, 0);
  syncProtocol.writeSyncStep1(step1, doc);
  ws.send(encoding.toUint8Array(step1));
  const client: LiveClient = {
    doc,
    received,
    denied: () => denied,
    closeCode: () => code,
    closed,
    synced,
    sawText: (text) => {
      const needle = Buffer.from(text);
      return received.some((bytes) => Buffer.from(bytes).includes(needle));
    },
    addSticky: (id, text) => {
      const before = Y.encodeStateVector(doc);
      doc.transact(() => doc.getMap('items').set(id, clientStickyNote(text)), 'local');
      const message = encoding.createEncoder();
      encoding.writeVarUint(message, 0);
      syncProtocol.writeUpdate(message, Y.encodeStateAsUpdate(doc, before));
      ws.send(encoding.toUint8Array(message));
    },
    itemIds: () => [...doc.getMap('items').keys()].sort(),
    destroy: () => {
      ws.terminate();
      doc.destroy();
    },
  };
  live.push(client);
  return client;
}

/** Closes every client opened so far (for `afterEach`). */
export function destroyLiveClients(): void {
  for (const client of live.splice(0)) client.destroy();
}

/** The REST status of an item read with `token`: 200 when it is stored, 404 when not. */
export async function itemStatus(t: TestServer, token: string, boardId: string, itemId: string): Promise<number> {
  return (await t.api(token, 'GET', `/boards/${boardId}/items/${itemId}`)).status;
}
