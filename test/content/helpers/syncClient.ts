import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { keyBetween } from '../../../crdt/index.js';
import { boardIndex } from '../../../crdt/items/BoardIndex.js';

/** A stock y-websocket client (a real `Y.Doc` behind a `WebsocketProvider`) on one board. */
export interface SyncClient {
  readonly doc: Y.Doc;
  readonly provider: WebsocketProvider;
  /** Resolves once the provider reports `synced` (at once if it already is). */
  synced(): Promise<void>;
  destroy(): void;
}

/**
 * Connects the unmodified `WebsocketProvider` to `<baseUrl>/v1/sync/<boardId>` with the token
 * as a query parameter, as a browser would (`baseUrl` is `http://host:port`).
 */
export function connectSyncClient(baseUrl: string, boardId: string, token: string): SyncClient {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${baseUrl.replace(/^http/, 'ws')}/v1/sync`, boardId, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { token },
    disableBc: true,
  });
  return {
    doc,
    provider,
    synced: () =>
      provider.synced
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const onSync = (isSynced: boolean): void => {
              if (!isSynced) return;
              provider.off('sync', onSync);
              resolve();
            };
            provider.on('sync', onSync);
          }),
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** The board's root map in a client document. */
export function clientItems(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('items');
}

/** Ids of the item maps in a client document, sorted. */
export function clientItemIds(doc: Y.Doc): string[] {
  return [...clientItems(doc).entries()]
    .filter(([, entry]) => entry instanceof Y.Map)
    .map(([id]) => id)
    .sort();
}

/**
 * Creates a sticky note the way a browser client would, following the board layout of
 * `crdt/items/boardSchema.ts` `insertItem` (geometry, fractional `z` on top, `data.text` as
 * Y.Text, schema defaults filled in) so REST reads and patches of it work. One transaction.
 */
export function clientCreateSticky(doc: Y.Doc, id: string, item: { x: number; y: number; text: string }, userId: string): void {
  doc.transact(() => {
    const entry = new Y.Map<unknown>();
    entry.set('type', 'sticky_note');
    entry.set('x', item.x);
    entry.set('y', item.y);
    entry.set('width', 200);
    entry.set('height', 200);
    entry.set('rotation', 0);
    entry.set('z', keyBetween(boardIndex(doc).topZ(), null));
    const data = new Y.Map<unknown>();
    data.set('text', new Y.Text(item.text));
    data.set('color', '#fff9b1');
    entry.set('data', data);
    entry.set('createdBy', userId);
    entry.set('createdAt', 1_700_000_000_000);
    entry.set('updatedBy', userId);
    entry.set('updatedAt', 1_700_000_000_000);
    clientItems(doc).set(id, entry);
  });
}

/** Moves an item in a client document (no-op when the client no longer has it). */
export function clientMove(doc: Y.Doc, id: string, x: number, y: number): void {
  const entry = clientItems(doc).get(id);
  if (!(entry instanceof Y.Map)) return;
  doc.transact(() => {
    entry.set('x', x);
    entry.set('y', y);
  });
}

/** Deletes an item from a client document. */
export function clientDelete(doc: Y.Doc, id: string): void {
  doc.transact(() => clientItems(doc).delete(id));
}

/**
 * Edits the item's `data.text` Y.Text in place: deletes up to `deleteCount` characters at
 * `at` (clamped) and inserts `insert` there. No-op when the item has no Y.Text `text`.
 */
export function clientEditText(doc: Y.Doc, id: string, at: number, deleteCount: number, insert: string): void {
  const entry = clientItems(doc).get(id);
  const data = entry instanceof Y.Map ? entry.get('data') : undefined;
  const text = data instanceof Y.Map ? data.get('text') : undefined;
  if (!(text instanceof Y.Text)) return;
  doc.transact(() => {
    const index = Math.min(at, text.length);
    const removed = Math.min(deleteCount, text.length - index);
    if (removed > 0) text.delete(index, removed);
    if (insert.length > 0) text.insert(index, insert);
  });
}
