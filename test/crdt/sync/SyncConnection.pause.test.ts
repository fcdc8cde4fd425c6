import { afterEach, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import { RealtimeHub } from '../../../crdt/sync/RealtimeHub.js';
import type { SyncConnection } from '../../../crdt/sync/SyncConnection.js';
import type { SyncSocket } from '../../../crdt/sync/SyncSocket.js';
import { encodeSyncUpdate, messageTypes } from '../../../crdt/sync/messages.js';
import { SqliteDatabase } from '../../../storage/index.js';

/** A socket that records what it is sent, synchronously. */
interface FakeSocket extends SyncSocket {
  sent: Uint8Array[];
  closedWith: number | undefined;
}

function fakeSocket(): FakeSocket {
  const socket: FakeSocket = {
    sent: [],
    closedWith: undefined,
    send: (data) => void socket.sent.push(data),
    sendMany: (messages) => void socket.sent.push(...messages),
    close: (code) => void (socket.closedWith = code),
    bufferedAmount: 0,
  };
  return socket;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function room(boardId = 'brd_pause') {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
  const hub = new RealtimeHub(registry);
  cleanups.push(async () => {
    hub.close();
    await registry.close();
    await db.close();
  });
  const join = async (userId: string, readOnly = false): Promise<{ socket: FakeSocket; connection: SyncConnection }> => {
    const socket = fakeSocket();
    const connection = hub.attach(socket, { boardId, actor: { userId }, readOnly });
    await hub.whenReady(boardId);
    return { socket, connection };
  };
  const lease = await registry.acquire(boardId);
  cleanups.push(() => lease.release());
  return { hub, join, doc: lease.doc };
}

/** A live update message that sets `key` in the map `meta`, made by a client's own document. */
function clientUpdate(key: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap('meta').set(key, 'client');
  return encodeSyncUpdate(Y.encodeStateAsUpdate(doc));
}

describe('SyncConnection.pause', () => {
  test('a paused connection is sent nothing until resumed, then everything held, in order', async () => {
    const { join, doc } = await room();
    const paused = await join('alice');
    const other = await join('bob');
    paused.connection.pause();
    const before = paused.socket.sent.length;
    const otherBefore = other.socket.sent.length;
    doc.getMap('meta').set('first', 1);
    await expect.poll(() => other.socket.sent.length).toBeGreaterThan(otherBefore);
    doc.getMap('meta').set('second', 2);
    const afterFirst = other.socket.sent.length;
    await expect.poll(() => other.socket.sent.length).toBeGreaterThan(afterFirst);
    expect(paused.socket.sent.length).toBe(before);
    paused.connection.resume();
    expect(paused.socket.sent.slice(before).map((m) => [...m])).toEqual(other.socket.sent.slice(otherBefore).map((m) => [...m]));
  });

  test("a paused connection's updates wait for the resume and follow the rights set meanwhile", async () => {
    const { join, doc } = await room();
    const writer = await join('alice');
    writer.connection.pause();
    writer.connection.receive(clientUpdate('held'));
    writer.connection.setReadOnly(true);
    writer.connection.resume();
    expect(writer.socket.sent.at(-1)?.[0]).toBe(messageTypes.auth);
    expect(doc.getMap('meta').has('held')).toBe(false);

    const upgraded = await join('bob', true);
    upgraded.connection.pause();
    upgraded.connection.receive(clientUpdate('allowed'));
    expect(doc.getMap('meta').has('allowed')).toBe(false);
    upgraded.connection.setReadOnly(false);
    upgraded.connection.resume();
    await expect.poll(() => doc.getMap('meta').get('allowed')).toBe('client');
  });

  test('closing a paused connection drops what was held; pause and resume on a closed one do nothing', async () => {
    const { join, doc } = await room();
    const paused = await join('alice');
    paused.connection.pause();
    const before = paused.socket.sent.length;
    doc.getMap('meta').set('secret', 1);
    paused.connection.close(4404, 'gone');
    paused.connection.resume();
    paused.connection.pause();
    paused.connection.resume();
    expect(paused.socket.sent.length).toBe(before);
    expect(paused.socket.closedWith).toBe(4404);
  });

  test('a paused connection holding more than maxBufferedBytes is closed 1013', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
    const hub = new RealtimeHub(registry, { maxBufferedBytes: 1000 });
    cleanups.push(async () => {
      hub.close();
      await registry.close();
      await db.close();
    });
    const socket = fakeSocket();
    const connection = hub.attach(socket, { boardId: 'brd_big', actor: { userId: 'alice' }, readOnly: true });
    await hub.whenReady('brd_big');
    connection.pause();
    const lease = await registry.acquire('brd_big');
    cleanups.push(() => lease.release());
    lease.doc.getMap('meta').set('big', 'x'.repeat(5000));
    await expect.poll(() => socket.closedWith).toBe(1013);
    expect(hub.connections('brd_big')).toHaveLength(0);

    // The same bound holds for what the client sends while paused.
    const sender = fakeSocket();
    const writer = hub.attach(sender, { boardId: 'brd_big', actor: { userId: 'bob' }, readOnly: false });
    await hub.whenReady('brd_big');
    writer.pause();
    writer.receive(clientUpdate('y'.repeat(600)));
    expect(sender.closedWith).toBeUndefined();
    writer.receive(clientUpdate('z'.repeat(600)));
    expect(sender.closedWith).toBe(1013);
  });
});
