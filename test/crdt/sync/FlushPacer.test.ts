import * as decoding from 'lib0/decoding';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import { FlushPacer } from '../../../crdt/sync/FlushPacer.js';
import { encodeSyncUpdate } from '../../../crdt/sync/messages.js';
import { RealtimeHub } from '../../../crdt/sync/RealtimeHub.js';
import type { RealtimeHubOptions } from '../../../crdt/sync/RealtimeHub.js';
import type { SyncSocket } from '../../../crdt/sync/SyncSocket.js';
import { SqliteDatabase } from '../../../storage/index.js';
import { SpyDocumentStore } from '../documents/fakeStores.js';
import { startSyncServer } from './syncTestServer.js';
import type { SyncTestServer } from './syncTestServer.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A pacer on a hand-driven clock, with how many flushes it asked for. */
function pacer(windowMs: number, busyAbovePerSecond: number) {
  vi.useFakeTimers();
  let nowMs = 1000;
  let scheduled = 0;
  const p = new FlushPacer({ windowMs, busyAbovePerSecond, schedule: () => (scheduled += 1), now: () => nowMs });
  return {
    p,
    scheduled: () => scheduled,
    advance(ms: number) {
      nowMs += ms;
      vi.advanceTimersByTime(ms);
    },
  };
}

describe('FlushPacer', () => {
  it('flushes a quiet board at the end of the turn, every time', () => {
    const t = pacer(5, 100);
    for (let i = 1; i <= 5; i += 1) {
      t.p.request();
      expect(t.scheduled()).toBe(i);
      t.p.flushed();
      // 50 ms apart: 20 a second, under the 100 of a busy board.
      t.advance(50);
    }
    expect(t.p.holding).toBe(false);
  });

  it('holds a busy board’s flush asked for within the window of the last one, once, until the window ends', () => {
    const t = pacer(5, 100);
    // Messages 1 ms apart: a busy board.
    for (let i = 0; i < 8; i += 1) {
      t.p.request();
      t.p.flushed();
      t.advance(1);
    }
    const before = t.scheduled();
    t.p.flushed();
    t.advance(1);
    t.p.request();
    t.advance(1);
    t.p.request();
    t.p.request();
    expect(t.p.holding).toBe(true);
    expect(t.scheduled()).toBe(before);
    // 2 ms of the 5 gone: the held flush is asked for 3 ms later, once, with the three messages.
    t.advance(2);
    expect(t.scheduled()).toBe(before);
    t.advance(1);
    expect(t.scheduled()).toBe(before + 1);
    expect(t.p.holding).toBe(false);
  });

  it('never holds the first message after a pause, nor with a window of 0', () => {
    const t = pacer(5, 100);
    for (let i = 0; i < 8; i += 1) {
      t.p.request();
      t.p.flushed();
      t.advance(1);
    }
    t.advance(10);
    const before = t.scheduled();
    t.p.request();
    expect(t.scheduled()).toBe(before + 1);
    const off = pacer(0, 1);
    for (let i = 1; i <= 8; i += 1) {
      off.p.request();
      off.p.flushed();
      expect(off.scheduled()).toBe(i);
    }
  });

  it('drops a held flush when the board flushes sooner (an update made here) or closes', () => {
    const t = pacer(5, 100);
    for (let i = 0; i < 8; i += 1) {
      t.p.request();
      t.p.flushed();
      t.advance(1);
    }
    const before = t.scheduled();
    t.p.request();
    expect(t.p.holding).toBe(true);
    t.p.flushed();
    expect(t.p.holding).toBe(false);
    t.advance(10);
    expect(t.scheduled()).toBe(before);
    t.p.request();
    t.p.flushed();
    t.advance(1);
    t.p.request();
    expect(t.p.holding).toBe(true);
    t.p.cancel();
    t.advance(10);
    expect(t.scheduled()).toBe(before + 1);
  });
});

/** An in-memory SyncSocket that records what it is sent. */
class FakeSocket implements SyncSocket {
  sent: Uint8Array[] = [];
  bufferedAmount = 0;
  send(data: Uint8Array): void {
    this.sent.push(data);
  }
  sendMany(messages: readonly Uint8Array[]): void {
    this.sent.push(...messages);
  }
  closedWith: { code: number; reason: string } | undefined;
  close(code: number, reason: string): void {
    this.closedWith ??= { code, reason };
  }
  /** The document updates of the update messages received, in order. */
  updates(): Uint8Array[] {
    return this.sent.flatMap((m) => {
      const decoder = decoding.createDecoder(m);
      if (decoding.readVarUint(decoder) !== 0 || decoding.readVarUint(decoder) !== 2) return [];
      return [decoding.readVarUint8Array(decoder)];
    });
  }
}

function hubSetup(options: RealtimeHubOptions) {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const store = new SpyDocumentStore(db.documents);
  const registry = new DocumentRegistry(store, { sweepIntervalMs: 0 });
  const hub = new RealtimeHub(registry, options);
  cleanups.push(() => db.close());
  cleanups.push(() => registry.close());
  cleanups.push(() => hub.close());
  const attach = (userId: string) => {
    const socket = new FakeSocket();
    const connection = hub.attach(socket, { boardId: 'b1', actor: { userId }, readOnly: false });
    return { socket, connection };
  };
  return { store, registry, hub, attach };
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe('a busy board', () => {
  it('sends the updates of consecutive turns in one message per socket, in order, each stored before it is seen', async () => {
    // A window long enough that the updates below, one per turn, all fall in it.
    const { registry, hub, attach, store } = hubSetup({ coalesceMs: 300, coalesceAbovePerSecond: 1 });
    const writer = attach('writer');
    const readers = [attach('r1'), attach('r2')];
    await hub.whenReady('b1');
    const source = new Y.Doc();
    const updates: Uint8Array[] = [];
    source.on('update', (update: Uint8Array) => updates.push(update));
    const push = async (value: number): Promise<void> => {
      source.getArray<number>('a').push([value]);
      writer.connection.receive(encodeSyncUpdate(updates.at(-1)!));
      await nextTurn();
    };
    await push(1);
    await expect.poll(() => readers.every((r) => r.socket.updates().length === 1)).toBe(true);
    const appendsBefore = store.appends.length;
    for (let value = 2; value <= 6; value += 1) await push(value);
    // Held: neither stored nor relayed yet.
    expect(readers[0]!.socket.updates()).toHaveLength(1);
    expect(store.appends.length).toBe(appendsBefore);
    await expect.poll(() => readers.every((r) => r.socket.updates().length === 2)).toBe(true);
    expect(store.appends.length).toBeGreaterThan(appendsBefore);
    // The same bytes to every socket: one message, encoded once.
    const [first, second] = readers.map((r) => r.socket.sent.at(-1));
    expect(second).toBe(first);
    for (const reader of readers) {
      const replica = new Y.Doc();
      for (const update of reader.socket.updates()) Y.applyUpdate(replica, update);
      expect(replica.getArray('a').toArray()).toEqual([1, 2, 3, 4, 5, 6]);
    }
    expect((await registry.open('b1')).getArray('a').toArray()).toEqual([1, 2, 3, 4, 5, 6]);
    // The writer is sent nothing of its own.
    expect(writer.socket.updates()).toHaveLength(0);
  });
});

describe('a busy board whose clients leave while a flush is held', () => {
  it('stores and applies the updates they sent before leaving', async () => {
    const { registry, hub, attach, store } = hubSetup({ coalesceMs: 60_000, coalesceAbovePerSecond: 1 });
    const writer = attach('writer');
    const reader = attach('reader');
    await hub.whenReady('b1');
    const source = new Y.Doc();
    const updates: Uint8Array[] = [];
    source.on('update', (update: Uint8Array) => updates.push(update));
    source.getArray<number>('a').push([1]);
    writer.connection.receive(encodeSyncUpdate(updates.at(-1)!));
    await expect.poll(() => reader.socket.updates().length).toBe(1);
    source.getArray<number>('a').push([2]);
    writer.connection.receive(encodeSyncUpdate(updates.at(-1)!));
    await nextTurn();
    const appendsBefore = store.appends.length;
    expect(reader.socket.updates()).toHaveLength(1);
    writer.connection.closed();
    reader.connection.closed();
    await expect.poll(() => store.appends.length).toBeGreaterThan(appendsBefore);
    await registry.whenPersisted('b1');
    expect((await registry.open('b1')).getArray('a').toArray()).toEqual([1, 2]);
  });

  it('drops it when the board is deleted meanwhile: nothing is stored for a deleted board', async () => {
    const { registry, hub, attach, store } = hubSetup({ coalesceMs: 60_000, coalesceAbovePerSecond: 1 });
    const writer = attach('writer');
    const reader = attach('reader');
    await hub.whenReady('b1');
    const source = new Y.Doc();
    const updates: Uint8Array[] = [];
    source.on('update', (update: Uint8Array) => updates.push(update));
    source.getArray<number>('a').push([1]);
    writer.connection.receive(encodeSyncUpdate(updates.at(-1)!));
    await expect.poll(() => reader.socket.updates().length).toBe(1);
    await registry.whenPersisted('b1');
    source.getArray<number>('a').push([2]);
    writer.connection.receive(encodeSyncUpdate(updates.at(-1)!));
    await nextTurn();
    const appendsBefore = store.appends.length;
    await registry.delete('b1');
    await expect.poll(() => writer.socket.closedWith?.code).toBe(4404);
    await nextTurn();
    expect(store.appends.length).toBe(appendsBefore);
  });
});

describe('coalesced frames with stock y-websocket clients', () => {
  let server: SyncTestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('converge: every client and the server hold every update, each client’s in the order it made them', async () => {
    server = await startSyncServer({ hub: { coalesceMs: 20, coalesceAbovePerSecond: 1 } });
    const clients = ['u1', 'u2', 'u3'].map((user) => ({ user, ...server!.connect('b1', user) }));
    await expect.poll(() => clients.every((c) => c.provider.synced)).toBe(true);
    const perClient = 25;
    for (let i = 0; i < perClient; i += 1) {
      for (const c of clients) c.doc.getArray<string>('log').push([`${c.user}:${i}`]);
      await nextTurn();
    }
    const serverDoc = await server.registry.open('b1');
    const docs = [...clients.map((c) => c.doc), serverDoc];
    for (const doc of docs) await expect.poll(() => doc.getArray('log').length).toBe(perClient * clients.length);
    const expected = serverDoc.getArray<string>('log').toArray();
    for (const c of clients) {
      expect(c.doc.getArray('log').toArray()).toEqual(expected);
      const own = expected.filter((entry) => entry.startsWith(`${c.user}:`));
      expect(own).toEqual(Array.from({ length: perClient }, (_, i) => `${c.user}:${i}`));
    }
  });
});
