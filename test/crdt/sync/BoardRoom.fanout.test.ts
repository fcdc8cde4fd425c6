import * as decoding from 'lib0/decoding';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { encodeAwarenessMessage, encodeSyncStep1, encodeSyncStep2, encodeSyncUpdate } from '../../../crdt/sync/messages.js';
import { RealtimeHub } from '../../../crdt/sync/RealtimeHub.js';
import type { RealtimeHubOptions } from '../../../crdt/sync/RealtimeHub.js';
import type { SyncSocket } from '../../../crdt/sync/SyncSocket.js';
import { SqliteDatabase } from '../../../storage/index.js';
import { SpyDocumentStore, SyncSpyDocumentStore } from '../documents/fakeStores.js';
import type { DocumentRegistryOptions } from '../../../crdt/documents/DocumentRegistry.js';

/** An in-memory SyncSocket that records what it is sent. */
class FakeSocket implements SyncSocket {
  sent: Uint8Array[] = [];
  closedWith: { code: number; reason: string } | undefined;
  bufferedAmount = 0;

  /** Number of write calls (a batch is one). */
  writes = 0;
  /** Called on every write, before it is recorded. */
  onWrite: (() => void) | undefined;

  send(data: Uint8Array): void {
    this.onWrite?.();
    this.sent.push(data);
    this.writes += 1;
  }

  sendMany(messages: readonly Uint8Array[]): void {
    this.onWrite?.();
    this.sent.push(...messages);
    this.writes += 1;
  }

  close(code: number, reason: string): void {
    this.closedWith ??= { code, reason };
  }

  /** Messages of a given `[type, subtype]` prefix. */
  messages(type: number, subtype?: number): Uint8Array[] {
    return this.sent.filter((m) => {
      const decoder = decoding.createDecoder(m);
      if (decoding.readVarUint(decoder) !== type) return false;
      return subtype === undefined || decoding.readVarUint(decoder) === subtype;
    });
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup(options: RealtimeHubOptions = {}, storeKind: 'async' | 'sync' = 'async', registryOptions: DocumentRegistryOptions = {}) {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const store = storeKind === 'sync' ? new SyncSpyDocumentStore(db.documents) : new SpyDocumentStore(db.documents);
  const registry = new DocumentRegistry(store, { sweepIntervalMs: 0, ...registryOptions });
  const hub = new RealtimeHub(registry, options);
  cleanups.push(() => db.close());
  cleanups.push(() => registry.close());
  cleanups.push(() => hub.close());
  const attach = (userId: string, readOnly = false) => {
    const socket = new FakeSocket();
    const connection = hub.attach(socket, { boardId: 'b1', actor: { userId }, readOnly });
    return { socket, connection };
  };
  return { db, store, registry, hub, attach };
}

/** Decodes the sync update carried by a y-websocket update message. */
function updateOf(message: Uint8Array): Uint8Array {
  const decoder = decoding.createDecoder(message);
  decoding.readVarUint(decoder);
  decoding.readVarUint(decoder);
  return decoding.readVarUint8Array(decoder);
}

/** Resolves after the event-loop turn in which the room flushes. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function updateFrom(build: (doc: Y.Doc) => void): Uint8Array {
  const doc = new Y.Doc();
  build(doc);
  return Y.encodeStateAsUpdate(doc);
}

/** An awareness message for one client id with a cursor state. */
function cursorMessage(clientId: number, x: number): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = clientId;
  const awareness = new Awareness(doc);
  awareness.setLocalState({ cursor: { x } });
  const message = encodeAwarenessMessage(encodeAwarenessUpdate(awareness, [clientId]));
  awareness.destroy();
  return message;
}

describe('awareness and the message rate', () => {
  it("echoes of other clients' awareness (what the stock client sends back) never count against the rate", async () => {
    const { hub, attach } = setup({ messagesPerSecond: 5, messageBurst: 5 });
    const owner = attach('owner');
    const echoer = attach('echoer');
    await hub.whenReady('b1');
    owner.connection.receive(cursorMessage(101, 0));
    for (let i = 0; i < 200; i += 1) echoer.connection.receive(cursorMessage(101, i));
    expect(echoer.socket.closedWith).toBeUndefined();
  });

  it("a flood of a connection's own awareness states is closed with 4429", async () => {
    const { hub, attach } = setup({ messagesPerSecond: 5, messageBurst: 5 });
    const flooder = attach('flooder');
    await hub.whenReady('b1');
    for (let i = 0; i < 50; i += 1) flooder.connection.receive(cursorMessage(202, i));
    expect(flooder.socket.closedWith?.code).toBe(4429);
  });
});

describe('joining', () => {
  it('encodes the whole document once for every client that joins with nothing, until it changes', async () => {
    const { registry, hub, attach } = setup();
    await registry.transact('b1', (doc) => doc.getMap('m').set('k', 'v'));
    const joiners = [attach('u1'), attach('u2'), attach('u3')];
    await hub.whenReady('b1');
    const empty = encodeSyncStep1(new Uint8Array([0]));
    for (const j of joiners) j.connection.receive(empty);
    const answers = joiners.map((j) => j.socket.messages(0, 1)[0]);
    expect(answers[0]).toBeDefined();
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
    await registry.transact('b1', (doc) => doc.getMap('m').set('k', 'w'));
    const late = attach('u4');
    late.connection.receive(empty);
    await expect.poll(() => late.socket.messages(0, 1).length).toBe(1);
    const answer = late.socket.messages(0, 1)[0]!;
    expect(answer).not.toBe(answers[0]);
    const replica = new Y.Doc();
    const decoder = decoding.createDecoder(answer);
    decoding.readVarUint(decoder);
    decoding.readVarUint(decoder);
    Y.applyUpdate(replica, decoding.readVarUint8Array(decoder));
    expect(replica.getMap('m').get('k')).toBe('w');
  });
});

describe('fan-out', () => {
  it('merges updates of one event-loop turn into one message and sends the same bytes to everyone', async () => {
    const { registry, hub, attach } = setup();
    const peers = [attach('u1'), attach('u2'), attach('u3')];
    await hub.whenReady('b1');
    const doc = await registry.open('b1');
    doc.getArray('a').push([1]);
    doc.getArray('a').push([2]);
    doc.getArray('a').push([3]);
    await expect.poll(() => peers.every((p) => p.socket.messages(0, 2).length === 1)).toBe(true);
    const [first, ...others] = peers.map((p) => p.socket.messages(0, 2)[0]);
    for (const other of others) expect(other).toBe(first);
    const replica = new Y.Doc();
    const decoder = decoding.createDecoder(first!);
    decoding.readVarUint(decoder);
    decoding.readVarUint(decoder);
    Y.applyUpdate(replica, decoding.readVarUint8Array(decoder));
    expect(replica.getArray('a').toArray()).toEqual([1, 2, 3]);
  });

  it('relays an update made to the document once the code that made it is done, not at the end of the turn', async () => {
    // A store that appends synchronously (the embedded one): stored when made, relayed at once.
    const { registry, hub, attach } = setup({}, 'sync');
    const peer = attach('u1');
    await hub.whenReady('b1');
    const doc = await registry.open('b1');
    let relayedBeforeTurnEnded = false;
    const turnEnd = new Promise<void>((resolve) =>
      setImmediate(() => {
        relayedBeforeTurnEnded = peer.socket.messages(0, 2).length === 1;
        resolve();
      }),
    );
    doc.getMap('m').set('k', 1);
    // The request that made it goes on (its events, its activity row) in later microtasks.
    expect(peer.socket.messages(0, 2)).toHaveLength(0);
    await Promise.resolve();
    expect(peer.socket.messages(0, 2)).toHaveLength(1);
    await turnEnd;
    expect(relayedBeforeTurnEnded).toBe(true);
  });

  it('relays a document update only once it is stored', async () => {
    const { store, hub, attach } = setup();
    const sender = attach('u1');
    const other = attach('u2');
    await hub.whenReady('b1');
    store.failNextAppends = 1;
    sender.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('k', 1))));
    await expect.poll(() => store.failedAppends).toBe(1);
    // Stored nowhere yet, so seen nowhere yet.
    expect(other.socket.messages(0, 2)).toHaveLength(0);
    await expect.poll(() => other.socket.messages(0, 2).length).toBe(1);
    expect(store.appends.length).toBeGreaterThan(0);
  });

  it('does not echo an update to the connection that sent it, but sends it to the others', async () => {
    const { hub, attach } = setup();
    const sender = attach('u1');
    const other = attach('u2');
    await hub.whenReady('b1');
    sender.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('k', 1))));
    await expect.poll(() => other.socket.messages(0, 2).length).toBe(1);
    expect(sender.socket.messages(0, 2)).toHaveLength(0);
  });

  it('closes a socket whose bufferedAmount passes maxBufferedBytes with 1013 and keeps serving the others', async () => {
    const { registry, hub, attach } = setup({ maxBufferedBytes: 1000 });
    const slow = attach('slow');
    const fast = attach('fast');
    await hub.whenReady('b1');
    slow.socket.bufferedAmount = 5000;
    await registry.transact('b1', (doc) => doc.getMap('m').set('k', 1));
    await expect.poll(() => fast.socket.messages(0, 2).length).toBe(1);
    expect(slow.socket.closedWith?.code).toBe(1013);
    expect(hub.stats().connections).toBe(1);
  });
  it('gives a fresh client time to read its full-state answer before counting it as slow', async () => {
    const { registry, hub, attach } = setup({ maxBufferedBytes: 100 });
    await registry.transact('b1', (doc) => doc.getText('t').insert(0, 'x'.repeat(5000)));
    const client = attach('u1');
    await hub.whenReady('b1');
    client.connection.receive(encodeSyncStep1(Y.encodeStateVector(new Y.Doc())));
    const answerBytes = client.socket.messages(0, 1)[0]!.byteLength;
    client.socket.bufferedAmount = 100 + answerBytes - 1;
    await registry.transact('b1', (doc) => doc.getText('t').insert(0, 'y'));
    await expect.poll(() => client.socket.messages(0, 2).length).toBe(1);
    client.socket.bufferedAmount = 100 + answerBytes + 1;
    await registry.transact('b1', (doc) => doc.getText('t').insert(0, 'z'));
    await expect.poll(() => client.socket.closedWith?.code).toBe(1013);
  });
});

describe('connection lifecycle', () => {
  it('queues messages that arrive before the board is loaded and answers them after server step 1', async () => {
    const { store, hub, attach } = setup();
    let release: () => void = () => {};
    store.loadGate = new Promise((resolve) => {
      release = resolve;
    });
    const client = attach('u1');
    client.connection.receive(encodeSyncStep1(Y.encodeStateVector(new Y.Doc())));
    client.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('early', true))));
    expect(client.socket.sent).toHaveLength(0);
    release();
    await hub.whenReady('b1');
    expect(client.socket.messages(0, 0)).toHaveLength(1);
    expect(client.socket.messages(0, 1)).toHaveLength(1);
    expect(client.socket.messages(0, 0)[0]).toBe(client.socket.sent[0]);
  });

  it('releases the document when the last connection leaves, so it can be unloaded', async () => {
    const { registry, hub, attach } = setup();
    const a = attach('u1');
    const b = attach('u2');
    await hub.whenReady('b1');
    expect(registry.stats().leases).toBe(1);
    a.connection.closed();
    expect(registry.stats().leases).toBe(1);
    b.connection.closed();
    expect(registry.stats().leases).toBe(0);
    expect(hub.stats()).toMatchObject({ rooms: 0, connections: 0 });
  });

  it('closes every connection with 1001 on close() and refuses new ones', async () => {
    const { hub, attach } = setup();
    const a = attach('u1');
    await hub.whenReady('b1');
    hub.close();
    expect(a.socket.closedWith?.code).toBe(1001);
    expect(attach('u2').socket.closedWith?.code).toBe(1001);
  });

  it('answers a query-awareness message with the current states', async () => {
    const { hub, attach } = setup();
    const a = attach('u1');
    await hub.whenReady('b1');
    a.connection.receive(new Uint8Array([3]));
    expect(a.socket.messages(1)).toHaveLength(1);
  });
});

describe('read-only connections', () => {
  it('drops updates silently when they carry nothing new (a reconnecting viewer repeats its delete set)', async () => {
    const { registry, hub, attach } = setup();
    await registry.transact('b1', (doc) => {
      doc.getArray('a').push([1, 2, 3]);
      doc.getArray('a').delete(0, 1);
    });
    const viewer = attach('viewer', true);
    await hub.whenReady('b1');
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(await registry.open('b1')));
    viewer.connection.receive(encodeSyncStep2(Y.encodeStateAsUpdate(replica, Y.encodeStateVector(replica))));
    expect(viewer.socket.messages(2)).toHaveLength(0);

    replica.getArray('a').push([4]);
    viewer.connection.receive(encodeSyncUpdate(Y.encodeStateAsUpdate(replica)));
    viewer.connection.receive(encodeSyncUpdate(Y.encodeStateAsUpdate(replica)));
    expect(viewer.socket.messages(2)).toHaveLength(1);
    expect((await registry.open('b1')).getArray('a').toArray()).toEqual([2, 3]);
    expect(viewer.socket.closedWith).toBeUndefined();
  });
});

describe('live edits of clients (store, relay as they came, then apply)', () => {
  it('stores an edit and relays the very bytes it came in within the same turn, before applying it to the document', async () => {
    const { store: spy, registry, hub, attach } = setup({}, 'sync');
    const store = spy as SyncSpyDocumentStore;
    const sender = attach('u1');
    const other = attach('u2');
    await hub.whenReady('b1');
    const doc = await registry.open('b1');
    const seenAtWrite: { appends: number; applied: boolean }[] = [];
    other.socket.onWrite = () => seenAtWrite.push({ appends: store.syncAppends, applied: doc.getMap('m').has('k') });
    const message = encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('k', 1)));
    sender.connection.receive(message);
    expect(store.syncAppends).toBe(0);
    await nextTurn();
    expect(seenAtWrite).toEqual([{ appends: 1, applied: false }]);
    expect(other.socket.messages(0, 2)).toEqual([message]);
    expect(other.socket.messages(0, 2)[0]).toBe(message);
    expect(doc.getMap('m').get('k')).toBe(1);
    // Applying it neither stores nor relays it a second time, nor echoes it to its sender.
    await nextTurn();
    expect(store.appends).toEqual([{ docId: 'b1', count: 1 }]);
    expect(other.socket.messages(0, 2)).toHaveLength(1);
    expect(sender.socket.messages(0, 2)).toHaveLength(0);
  });

  it("merges the edits of one turn into one message, sent with the turn's awareness in one write per socket", async () => {
    const { store, registry, hub, attach } = setup({}, 'sync');
    const a = attach('a');
    const b = attach('b');
    const watcher = attach('watcher');
    await hub.whenReady('b1');
    await nextTurn();
    const writesBefore = watcher.socket.writes;
    a.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('a', 1))));
    b.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('b', 2))));
    a.connection.receive(cursorMessage(301, 5));
    await nextTurn();
    expect(watcher.socket.writes - writesBefore).toBe(1);
    const updates = watcher.socket.messages(0, 2);
    expect(updates).toHaveLength(1);
    expect(watcher.socket.messages(1)).toHaveLength(1);
    const replica = new Y.Doc();
    Y.applyUpdate(replica, updateOf(updates[0]!));
    expect(replica.getMap('m').toJSON()).toEqual({ a: 1, b: 2 });
    expect(store.appends).toEqual([{ docId: 'b1', count: 2 }]);
    expect((await registry.open('b1')).getMap('m').toJSON()).toEqual({ a: 1, b: 2 });
  });

  it('sends a large update of the turn as a message of its own, as it came, and still merges the small ones', async () => {
    const { hub, attach } = setup({}, 'sync');
    const a = attach('a');
    const b = attach('b');
    const c = attach('c');
    const watcher = attach('watcher');
    await hub.whenReady('b1');
    await nextTurn();
    const large = encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('big', 'x'.repeat(4096))));
    a.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('a', 1))));
    b.connection.receive(large);
    c.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('c', 3))));
    await nextTurn();
    const updates = watcher.socket.messages(0, 2);
    expect(updates).toHaveLength(3);
    expect(updates[1]).toBe(large);
    const contents = updates.map((message) => {
      const replica = new Y.Doc();
      Y.applyUpdate(replica, updateOf(message));
      return Object.keys(replica.getMap('m').toJSON());
    });
    expect(contents).toEqual([['a'], ['big'], ['c']]);
    // The client that sent the large update is not sent it back; it gets the others.
    expect(b.socket.messages(0, 2).filter((m) => m === large)).toHaveLength(0);
    expect(b.socket.messages(0, 2)).toHaveLength(2);
  });

  it('merges a burst of edits into one message and applies them to the document in one transaction', async () => {
    const { store, registry, hub, attach } = setup({}, 'sync');
    const a = attach('a');
    const watcher = attach('watcher');
    await hub.whenReady('b1');
    await nextTurn();
    const doc = await registry.open('b1');
    let transactions = 0;
    doc.on('afterTransaction', () => (transactions += 1));
    const writes = watcher.socket.writes;
    // Each from a client of its own: the case where a transaction per update costs most.
    const burst = Array.from({ length: 50 }, (_, i) => encodeSyncUpdate(updateFrom((d) => d.getMap('m').set(`k${i}`, i))));
    for (const message of burst) a.connection.receive(message);
    await nextTurn();
    expect(transactions).toBe(1);
    expect(watcher.socket.writes - writes).toBe(1);
    const relayed = watcher.socket.messages(0, 2);
    expect(relayed).toHaveLength(1);
    const replica = new Y.Doc();
    Y.applyUpdate(replica, updateOf(relayed[0]!));
    expect(Object.keys(replica.getMap('m').toJSON())).toHaveLength(50);
    expect(a.socket.messages(0, 2)).toHaveLength(0);
    expect(store.appends).toEqual([{ docId: 'b1', count: 50 }]);
    expect(Object.keys(doc.getMap('m').toJSON())).toHaveLength(50);
  });

  it('applies queued edits together and reports the one that throws, applying the rest', async () => {
    const { registry } = setup({}, 'sync');
    const lease = await registry.acquire('b1');
    cleanups.push(() => lease.release());
    const good = updateFrom((d) => d.getMap('m').set('before', 1));
    const valid = updateFrom((d) => d.getMap('m').set('broken', 1));
    const truncated = { update: valid.slice(0, valid.byteLength - 3), origin: 'bad' };
    const after = updateFrom((d) => d.getMap('m').set('after', 2));
    const failed = lease.applyQueued([{ update: good, origin: 'ok' }, truncated, { update: after, origin: 'ok' }]);
    expect(failed.map((f) => f.entry)).toEqual([truncated]);
    expect(failed[0]!.error).toBeInstanceOf(Error);
    expect(lease.doc.getMap('m').get('before')).toBe(1);
    expect(lease.doc.getMap('m').get('after')).toBe(2);
  });

  it('closes a connection whose update does not decode (1007), storing and relaying nothing', async () => {
    const { store, hub, attach } = setup({}, 'sync');
    const sender = attach('u1');
    const other = attach('u2');
    await hub.whenReady('b1');
    const valid = updateFrom((d) => d.getMap('m').set('k', 1));
    sender.connection.receive(encodeSyncUpdate(valid.slice(0, valid.byteLength - 3)));
    await nextTurn();
    expect(sender.socket.closedWith?.code).toBe(1007);
    expect(store.appends).toEqual([]);
    expect(other.socket.messages(0, 2)).toHaveLength(0);
    expect(other.socket.closedWith).toBeUndefined();
  });

  it('applies an edit whose synchronous append failed at once, and relays it only after the retry stored it', async () => {
    const { store, registry, hub, attach } = setup({}, 'sync', { retryBaseMs: 5 });
    const sender = attach('u1');
    const other = attach('u2');
    await hub.whenReady('b1');
    store.failNextAppends = 1;
    sender.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('k', 1))));
    await nextTurn();
    expect(store.failedAppends).toBe(1);
    expect(other.socket.messages(0, 2)).toHaveLength(0);
    // Visible to REST reads at once, as every edit is.
    expect((await registry.open('b1')).getMap('m').get('k')).toBe(1);
    await expect.poll(() => other.socket.messages(0, 2).length).toBe(1);
    expect(store.appends).toEqual([{ docId: 'b1', count: 1 }]);
  });

  it('keeps every edit through compactions: a snapshot is never taken between storing an edit and applying it', async () => {
    // One flush per edit (never paced into fewer), so compactions fall between them.
    const { db, store, registry, hub, attach } = setup({ coalesceMs: 0 }, 'sync', { compactAfterUpdates: 3 });
    const sender = attach('u1');
    await hub.whenReady('b1');
    for (let i = 0; i < 10; i += 1) {
      sender.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set(`k${i}`, i))));
      await nextTurn();
    }
    await expect.poll(() => store.compactions.length).toBeGreaterThanOrEqual(2);
    await registry.close();
    const fresh = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
    const reloaded = await fresh.open('b1');
    expect(Object.keys(reloaded.getMap('m').toJSON()).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `k${i}`).sort());
    await fresh.close();
  });

  it('refuses an edit past the document size limit with 4413 before storing anything', async () => {
    const { store, hub, attach } = setup({}, 'sync', { maxDocumentBytes: 2000 });
    const sender = attach('u1');
    await hub.whenReady('b1');
    sender.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getText('t').insert(0, 'x'.repeat(5000)))));
    await nextTurn();
    expect(sender.socket.closedWith?.code).toBe(4413);
    expect(store.appends).toEqual([]);
  });

  it('stores and relays what an edit completes: structs that waited in the document for it (sent earlier out of order)', async () => {
    const { db, registry, hub, attach } = setup({}, 'sync');
    const sender = attach('u1');
    const watcher = attach('watcher');
    await hub.whenReady('b1');
    const source = new Y.Doc();
    const updates: Uint8Array[] = [];
    source.on('update', (update: Uint8Array) => updates.push(update));
    source.getText('t').insert(0, 'ab');
    source.getText('t').insert(2, 'c');
    const [first, second] = updates;
    // The second edit arrives first (in a step 2): it waits in the server's document for the first.
    sender.connection.receive(encodeSyncStep2(second!));
    await nextTurn();
    sender.connection.receive(encodeSyncUpdate(first!));
    await nextTurn();
    await nextTurn();
    const replica = new Y.Doc();
    for (const message of watcher.socket.messages(0, 2)) Y.applyUpdate(replica, updateOf(message));
    expect(replica.getText('t').toString()).toBe('abc');
    await registry.close();
    const fresh = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
    expect((await fresh.open('b1')).getText('t').toString()).toBe('abc');
    await fresh.close();
  });
});

describe('the hub counters', () => {
  it('count a live update once in and once per other connection out, and never count awareness', async () => {
    const { hub, attach } = setup();
    const [a, b, c] = [attach('a'), attach('b'), attach('c')];
    await hub.whenReady('b1');
    const before = hub.stats();
    a.connection.receive(encodeSyncUpdate(updateFrom((doc) => doc.getMap('m').set('k', 'v'))));
    await expect.poll(() => b.socket.messages(0, 2).length + c.socket.messages(0, 2).length).toBe(2);
    expect(hub.stats()).toMatchObject({ updatesIn: before.updatesIn + 1, updatesOut: before.updatesOut + 2, connections: 3, rooms: 1 });
    a.connection.receive(cursorMessage(303, 1));
    await expect.poll(() => b.socket.messages(1).length).toBeGreaterThan(0);
    expect(hub.stats()).toMatchObject({ updatesIn: before.updatesIn + 1, updatesOut: before.updatesOut + 2 });
  });
});
