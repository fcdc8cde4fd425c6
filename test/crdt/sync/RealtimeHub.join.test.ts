import * as decoding from 'lib0/decoding';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { encodeSyncUpdate } from '../../../crdt/sync/messages.js';
import { startSyncServer } from './syncTestServer.js';
import type { SyncTestServer } from './syncTestServer.js';

let server: SyncTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

// Sync step 1 with an empty state vector: a client that has nothing.
const emptyStep1 = new Uint8Array([0, 0, 1, 0]);
const queryAwareness = new Uint8Array([3]);

/** A joining client's answer: the sync messages (step 2 and updates) the server sends for an empty state vector, in order. */
async function join(ws: WebSocket): Promise<{ type: 'step2' | 'update'; update: Uint8Array; bytes: Uint8Array }[]> {
  const messages: { type: 'step2' | 'update'; update: Uint8Array; bytes: Uint8Array }[] = [];
  await new Promise<void>((resolve) => {
    let answered = false;
    ws.on('message', (data: Buffer) => {
      const bytes = new Uint8Array(data);
      const decoder = decoding.createDecoder(bytes);
      const kind = decoding.readVarUint(decoder);
      // The awareness answer to the query sent after the step 1: everything before it has arrived.
      if (kind === 1 && answered) resolve();
      if (kind !== 0) return;
      const syncType = decoding.readVarUint(decoder);
      if (syncType === 0) return;
      messages.push({ type: syncType === 1 ? 'step2' : 'update', update: decoding.readVarUint8Array(decoder), bytes });
    });
    ws.send(emptyStep1);
    answered = true;
    ws.send(queryAwareness);
  });
  return messages;
}

function applied(messages: readonly { update: Uint8Array }[]): Y.Doc {
  const doc = new Y.Doc();
  for (const { update } of messages) Y.applyUpdate(doc, update);
  return doc;
}

describe('a client with nothing joins a board being edited', () => {
  it('gets the shared step 2 and the updates applied since, not a new encode of the board, and ends with the same document', async () => {
    server = await startSyncServer();
    const registry = server.registry;
    await registry.transact('b1', (doc) => {
      for (let i = 0; i < 200; i += 1) doc.getMap('notes').set(`n${i}`, `note ${i} with a few words of text`);
    });
    const first = await join(await server.raw('b1', 'first'));
    expect(first.map((m) => m.type)).toEqual(['step2']);

    // A write made to the document (as REST makes them) and a live edit from a stock client.
    await registry.transact('b1', (doc) => doc.getMap('notes').set('rest', 'from REST'));
    const editor = server.connect('b1', 'editor');
    await new Promise<void>((resolve) => editor.provider.once('sync', () => resolve()));
    editor.doc.getMap('notes').set('live', 'from a live client');
    await expect.poll(async () => (await registry.open('b1')).getMap('notes').get('live')).toBe('from a live client');

    const second = await join(await server.raw('b1', 'second'));
    expect(second[0]?.bytes).toEqual(first[0]?.bytes);
    expect(second.slice(1).map((m) => m.type)).toEqual(second.slice(1).map(() => 'update'));
    expect(second.length).toBeGreaterThanOrEqual(3);
    const serverDoc = await registry.open('b1');
    expect(applied(second).getMap('notes').toJSON()).toEqual(serverDoc.getMap('notes').toJSON());

    // Once the updates since outgrow half of it, the board is encoded again: one step 2.
    await registry.transact('b1', (doc) => {
      for (let i = 0; i < 200; i += 1) doc.getMap('notes').set(`n${i}`, `rewritten note ${i} with a few more words of text`);
    });
    const third = await join(await server.raw('b1', 'third'));
    expect(third.map((m) => m.type)).toEqual(['step2']);
    expect(third[0]?.bytes).not.toEqual(first[0]?.bytes);
    expect(applied(third).getMap('notes').toJSON()).toEqual(serverDoc.getMap('notes').toJSON());
  });

  it('a board loaded from storage is sent as stored (snapshot, then logged updates), without an encode, also after its room empties', async () => {
    server = await startSyncServer();
    const source = new Y.Doc();
    for (let i = 0; i < 100; i += 1) source.getMap('notes').set(`n${i}`, `stored note ${i}`);
    const snapshot = Y.encodeStateAsUpdate(source);
    const vector = Y.encodeStateVector(source);
    // Under half the snapshot's bytes: a log that outgrew it would have been compacted into it.
    for (let i = 100; i < 120; i += 1) source.getMap('notes').set(`n${i}`, `logged note ${i}`);
    const logged = Y.encodeStateAsUpdate(source, vector);
    await server.db.documents.compact('b2', [snapshot], 0);
    server.db.documents.appendNow('b2', [logged]);

    const socket = await server.raw('b2', 'first');
    const first = await join(socket);
    expect(first.map((m) => m.type)).toEqual(['step2', 'update']);
    expect(first[0]?.update).toEqual(snapshot);
    expect(first[1]?.update).toEqual(logged);
    expect(applied(first).getMap('notes').toJSON()).toEqual(source.getMap('notes').toJSON());

    // The room ends; the document stays loaded and keeps following its updates.
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.close();
    await closed;
    await server.registry.transact('b2', (doc) => doc.getMap('notes').set('rest', 'from REST'));
    const second = await join(await server.raw('b2', 'second'));
    expect(second.map((m) => m.type)).toEqual(['step2', 'update', 'update']);
    expect(second[0]?.bytes).toEqual(first[0]?.bytes);
    expect(applied(second).getMap('notes').toJSON()).toEqual((await server.registry.open('b2')).getMap('notes').toJSON());
  });

  it('leaves out a live update the board refused', async () => {
    server = await startSyncServer();
    await server.registry.transact('b1', (doc) => doc.getMap('notes').set('a', 'first'));
    const first = await join(await server.raw('b1', 'first'));
    const sender = await server.raw('b1', 'sender');
    const closed = new Promise<number>((resolve) => sender.once('close', (code) => resolve(code)));
    // Decodes as an update (one struct of a client) but cannot apply: its content is cut short.
    const valid = new Y.Doc();
    valid.getMap('notes').set('b', 'x'.repeat(50));
    const update = Y.encodeStateAsUpdate(valid);
    sender.send(encodeSyncUpdate(update.slice(0, update.byteLength - 30)));
    await closed;
    const second = await join(await server.raw('b1', 'second'));
    expect(second[0]?.bytes).toEqual(first[0]?.bytes);
    expect(applied(second).getMap('notes').toJSON()).toEqual({ a: 'first' });
  });
});
