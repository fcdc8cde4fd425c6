import { WebsocketProvider } from 'y-websocket';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import type { TestServer } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';

/** Creates a board through the API and returns its id. */
export async function createBoard(t: TestServer, key: string, title = 'Board'): Promise<string> {
  const res = await t.api(key, 'POST', '/boards', { title });
  if (res.status !== 201) throw new Error(`board create failed: ${res.status} ${await res.text()}`);
  return (await json(res)).id as string;
}

/** A stock y-websocket client on a board. */
export interface TestClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Item ids in the client's document. */
  itemIds(): string[];
  destroy(): void;
}

/** Connects the stock `WebsocketProvider` to `/v1/sync/<boardId>` with a token in the query. */
export function connectClient(t: TestServer, boardId: string, token: string): TestClient {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${t.url.replace('http', 'ws')}/v1/sync`, boardId, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { token },
    disableBc: true,
  });
  return {
    doc,
    provider,
    itemIds: () => [...doc.getMap('items').keys()].sort(),
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** Resolves once the provider has synced with the server. */
export function synced(client: TestClient): Promise<void> {
  if (client.provider.synced) return Promise.resolve();
  return new Promise((resolve) => client.provider.once('sync', () => resolve()));
}

/** A sticky note laid out as a browser client makes it in the document (the server's item layout). */
export function clientStickyNote(text: string): Y.Map<unknown> {
  const item = new Y.Map<unknown>();
  const data = new Y.Map<unknown>();
  data.set('text', new Y.Text(text));
  data.set('color', '#fff9b1');
  item.set('type', 'sticky_note');
  item.set('x', 0);
  item.set('y', 0);
  item.set('width', 200);
  item.set('height', 200);
  item.set('rotation', 0);
  item.set('z', 'b0');
  item.set('data', data);
  item.set('createdBy', 'client');
  item.set('createdAt', Date.now());
  item.set('updatedBy', 'client');
  item.set('updatedAt', Date.now());
  return item;
}

/** A valid sticky note create body. */
export function sticky(text = 'Hello', x = 0, y = 0): Record<string, unknown> {
  return { type: 'sticky_note', position: { x, y }, data: { text } };
}
