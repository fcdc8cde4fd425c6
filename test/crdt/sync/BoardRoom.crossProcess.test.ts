import * as decoding from 'lib0/decoding';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import { encodeSyncUpdate } from '../../../crdt/sync/messages.js';
import { RealtimeHub } from '../../../crdt/sync/RealtimeHub.js';
import type { SyncSocket } from '../../../crdt/sync/SyncSocket.js';
import { LocalBusNetwork, LocalLeaseService, LocalUpdateBus, SqliteDatabase } from '../../../storage/index.js';
import { SpyDocumentStore } from '../documents/fakeStores.js';

/** An in-memory SyncSocket that records the document update messages it is sent. */
class RecordingSocket implements SyncSocket {
  readonly sent: Uint8Array[] = [];
  bufferedAmount = 0;
  /** Called on every write, before it is recorded. */
  onWrite: (() => void) | undefined;

  send(data: Uint8Array): void {
    this.onWrite?.();
    this.sent.push(data);
  }

  sendMany(messages: readonly Uint8Array[]): void {
    this.onWrite?.();
    this.sent.push(...messages);
  }

  close(): void {}

  /** The updates of the sync update messages (type 0, subtype 2) it was sent. */
  updates(): Uint8Array[] {
    const updates: Uint8Array[] = [];
    for (const message of this.sent) {
      const decoder = decoding.createDecoder(message);
      if (decoding.readVarUint(decoder) !== 0 || decoding.readVarUint(decoder) !== 2) continue;
      updates.push(decoding.readVarUint8Array(decoder));
    }
    return updates;
  }

  /** The map `m` of a document made of every update it was sent. */
  seen(): Record<string, unknown> {
    const doc = new Y.Doc();
    for (const update of this.updates()) Y.applyUpdate(doc, update);
    const seen = doc.getMap('m').toJSON();
    doc.destroy();
    return seen;
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store call held until `open` is called. */
interface Gate {
  open(): void;
  /** Resolves once the held call started. */
  readonly reached: Promise<void>;
}

/** Holds the next `append` of `store` until the gate opens. */
function holdNextAppend(store: SpyDocumentStore): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const append = store.append.bind(store);
  vi.spyOn(store, 'append').mockImplementationOnce(async (docId, updates) => {
    reach();
    await opened;
    return append(docId, updates);
  });
  // A test that fails with the gate shut still lets its processes close.
  cleanups.push(open);
  return { open, reached };
}

/**
 * Two processes as the rooms see them: a registry and a hub each, over one store (an async one,
 * as PostgreSQL's: an append resolves in a later turn) and one in-process bus.
 */
function twoProcesses() {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const network = new LocalBusNetwork();
  const leases = new LocalLeaseService();
  const process = () => {
    const store = new SpyDocumentStore(db.documents);
    const registry = new DocumentRegistry(store, { sweepIntervalMs: 0, snapshotWorkerUrl: null, replication: { bus: new LocalUpdateBus(network), leases } });
    const hub = new RealtimeHub(registry);
    cleanups.push(() => registry.close());
    cleanups.push(() => hub.close());
    const attach = (userId: string) => {
      const socket = new RecordingSocket();
      const connection = hub.attach(socket, { boardId: 'b1', actor: { userId }, readOnly: false });
      return { socket, connection };
    };
    return { store, registry, hub, attach };
  };
  cleanups.push(() => db.close());
  const a = process();
  const b = process();
  return { a, b };
}

function updateFrom(build: (doc: Y.Doc) => void): Uint8Array {
  const doc = new Y.Doc();
  build(doc);
  return Y.encodeStateAsUpdate(doc);
}

/** Resolves after a few event-loop turns (time for a message to cross the in-process bus and be relayed). */
async function turns(count = 5): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('a live edit relayed to the clients of another process', () => {
  it("reaches the other process's clients only once the store acknowledged it", async () => {
    const { a, b } = twoProcesses();
    const writer = a.attach('writer');
    const reader = b.attach('reader');
    await Promise.all([a.hub.whenReady('b1'), b.hub.whenReady('b1')]);
    const gate = holdNextAppend(a.store);
    writer.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('k', 1))));
    await gate.reached;
    await turns();
    // Not stored yet: seen by no client of the other process, and not in its copy either.
    expect(reader.socket.seen()).toEqual({});
    expect((await b.registry.open('b1')).getMap('m').get('k')).toBeUndefined();
    gate.open();
    await expect.poll(() => reader.socket.seen()).toEqual({ k: 1 });
  });

  it('is sent to the clients before the other process applies it to its copy', async () => {
    const { a, b } = twoProcesses();
    const writer = a.attach('writer');
    const reader = b.attach('reader');
    await Promise.all([a.hub.whenReady('b1'), b.hub.whenReady('b1')]);
    const copy = await b.registry.open('b1');
    const sentWhenApplied: number[] = [];
    copy.on('update', () => sentWhenApplied.push(reader.socket.updates().length));
    writer.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('k', 1))));
    await expect.poll(() => copy.getMap('m').get('k')).toBe(1);
    expect(sentWhenApplied).toEqual([1]);
    expect(reader.socket.seen()).toEqual({ k: 1 });
    // Relayed once: the copy's own change is not relayed again.
    await turns();
    expect(reader.socket.updates()).toHaveLength(1);
  });

  it("does not wait behind the other process's own edit that its store has not acknowledged yet", async () => {
    const { a, b } = twoProcesses();
    const writer = a.attach('writer');
    const localWriter = b.attach('local-writer');
    const reader = b.attach('reader');
    await Promise.all([a.hub.whenReady('b1'), b.hub.whenReady('b1')]);
    const gate = holdNextAppend(b.store);
    localWriter.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('local', 1))));
    await gate.reached;
    writer.connection.receive(encodeSyncUpdate(updateFrom((d) => d.getMap('m').set('remote', 2))));
    // Stored by the writer's process: its clients everywhere get it, whatever this process still stores.
    await expect.poll(() => reader.socket.seen()).toEqual({ remote: 2 });
    gate.open();
    await expect.poll(() => reader.socket.seen()).toEqual({ local: 1, remote: 2 });
    expect(writer.socket.seen()).toEqual({ local: 1 });
  });
});
