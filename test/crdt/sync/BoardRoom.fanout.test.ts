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
import { SpyDocumentStore } from '../documents/fakeStores.js';

/** An in-memory SyncSocket that records what it is sent. */
class FakeSocket implements SyncSocket {
  sent: Uint8Array[] = [];
  closedWith: { code: number; reason: string } | undefined;
  bufferedAmount = 0;

  send(data: Uint8Array): void {
    this.sent.push(data);
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

function setup(options: RealtimeHubOptions = {}) {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const store = new SpyDocumentStore(db.documents);
  const registry = new DocumentRegistry(store, { sweepIntervalMs: 0 });
  const hub = new RealtimeHub(registry, options);
  cleanups.push(() => db.close());
  cleanups.push(() => registry.close());
  cleanups.push(() => hub.close());
  const attach = (userId: string, readOnly = false) => {
    const socket = new FakeSocket();
    const connection = hub.attach(socket, { boardId: 'b1', actor: { userId }, readOnly });
    return { socket, connection };
  };
  return { store, registry, hub, attach };
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
    expect(hub.stats()).toEqual({ rooms: 0, connections: 0 });
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
