import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { recordingLogger, SpyDocumentStore } from '../documents/fakeStores.js';
import { closeCode, startSyncServer } from './syncTestServer.js';
import type { SyncTestServer } from './syncTestServer.js';

let server: SyncTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function json(doc: Y.Doc): unknown {
  return doc.getMap('notes').toJSON();
}

describe('sync with stock y-websocket clients', () => {
  it('converges clients with each other and with the server document, and persists', async () => {
    server = await startSyncServer();
    const a = server.connect('b1', 'u1');
    const b = server.connect('b1', 'u2');
    const c = server.connect('b1', 'u3');
    a.doc.getMap('notes').set('a', 1);
    b.doc.getMap('notes').set('b', 2);
    c.doc.transact(() => {
      c.doc.getMap('notes').set('c', 3);
      c.doc.getText('note').insert(0, 'hi');
    });
    const expected = { a: 1, b: 2, c: 3 };
    const serverDoc = await server.registry.open('b1');
    for (const doc of [a.doc, b.doc, c.doc, serverDoc]) await expect.poll(() => json(doc)).toEqual(expected);
    await expect.poll(() => a.doc.getText('note').toString()).toBe('hi');
    await server.registry.whenPersisted('b1');
    const stored = await server.db.documents.load('b1');
    const replay = new Y.Doc();
    for (const update of stored.updates) Y.applyUpdate(replay, update);
    expect(json(replay)).toEqual(expected);
  });

  it('starts sync only after the stored state is loaded, with one load for a herd of clients', async () => {
    let spy: SpyDocumentStore | undefined;
    server = await startSyncServer({
      store: (db) => {
        spy = new SpyDocumentStore(db.documents);
        return spy;
      },
    });
    const seed = new Y.Doc();
    seed.getMap('notes').set('stored', true);
    await server.db.documents.append('cold', [Y.encodeStateAsUpdate(seed)]);
    let release: () => void = () => {};
    spy!.loadGate = new Promise((resolve) => {
      release = resolve;
    });
    const clients = Array.from({ length: 5 }, (_, i) => server!.connect('cold', `u${i}`));
    const itemsAtSync: unknown[] = [];
    for (const client of clients) {
      client.provider.on('sync', (synced: boolean) => {
        if (synced) itemsAtSync.push(json(client.doc));
      });
    }
    await expect.poll(() => clients.every((c) => c.provider.wsconnected)).toBe(true);
    expect(itemsAtSync).toEqual([]);
    expect(spy!.loads).toBe(1);
    release();
    await expect.poll(() => itemsAtSync.length).toBe(5);
    expect(itemsAtSync).toEqual(Array.from({ length: 5 }, () => ({ stored: true })));
    expect(spy!.loads).toBe(1);
  });

  it('refuses document updates from read-only clients and keeps them connected', async () => {
    const logger = recordingLogger();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server = await startSyncServer({ hub: { logger } });
    const writer = server.connect('b1', 'u1');
    const viewer = server.connect('b1', 'viewer', { readOnly: true });
    writer.doc.getMap('notes').set('w', 1);
    await expect.poll(() => json(viewer.doc)).toEqual({ w: 1 });
    viewer.doc.getMap('notes').set('sneaky', 1);
    await expect.poll(() => logger.lines.some((l) => l.message.includes('read-only'))).toBe(true);
    expect(json(await server.registry.open('b1'))).toEqual({ w: 1 });
    writer.doc.getMap('notes').set('w2', 2);
    await expect.poll(() => json(viewer.doc)).toEqual({ w: 1, w2: 2, sneaky: 1 });
    expect(json(writer.doc)).toEqual({ w: 1, w2: 2 });
    expect(viewer.provider.wsconnected).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Permission denied'));
    warn.mockRestore();
  });

  it('sends REST transactions to connected clients at once', async () => {
    server = await startSyncServer();
    const a = server.connect('b1', 'u1');
    const b = server.connect('b1', 'u2');
    await expect.poll(() => a.provider.synced && b.provider.synced).toBe(true);
    await server.registry.transact('b1', (doc) => doc.getMap('notes').set('rest', 'yes'), 'rest:u9');
    await expect.poll(() => json(a.doc)).toEqual({ rest: 'yes' });
    await expect.poll(() => json(b.doc)).toEqual({ rest: 'yes' });
  });

  it('relays awareness, removes it on disconnect, and reports presence from server identities', async () => {
    server = await startSyncServer();
    const a = server.connect('b1', 'u1', { name: 'Ann' });
    const b = server.connect('b1', 'u2');
    a.provider.awareness.setLocalStateField('cursor', { x: 1, y: 2 });
    await expect.poll(() => b.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ cursor: { x: 1, y: 2 } });
    await expect
      .poll(() => server!.hub.presence('b1').find((p) => p.userId === 'u1'))
      .toMatchObject({ userId: 'u1', name: 'Ann', clientIds: [a.doc.clientID] });
    await expect.poll(() => server!.hub.presence('b1').map((p) => p.userId).sort()).toEqual(['u1', 'u2']);
    expect(typeof server.hub.presence('b1')[0]?.connectedAt).toBe('string');

    a.provider.destroy();
    await expect.poll(() => b.provider.awareness.getStates().has(a.doc.clientID)).toBe(false);
    await expect.poll(() => server!.hub.presence('b1').map((p) => p.userId)).toEqual(['u2']);
  });

  it('closes every socket of a deleted board with 4404', async () => {
    server = await startSyncServer();
    const ws = await server.raw('b1');
    const closed = closeCode(ws);
    await server.hub.whenReady('b1');
    await server.registry.delete('b1');
    expect(await closed).toBe(4404);
    expect(server.hub.stats()).toMatchObject({ rooms: 0, connections: 0 });
  });
});
