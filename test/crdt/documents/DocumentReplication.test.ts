import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry, remoteOrigin, silentLogger } from '../../../crdt/index.js';
import { DocumentReplication } from '../../../crdt/documents/DocumentReplication.js';
import { LocalBusNetwork, LocalLeaseService, LocalUpdateBus, ManualClock, SqliteDatabase } from '../../../storage/index.js';
import type { Database } from '../../../storage/index.js';
import { SpyDocumentStore } from './fakeStores.js';

/** Two registries, as two processes would hold them, over one store and one in-process bus. */
function twoProcesses(): { db: Database; store: SpyDocumentStore; one: DocumentRegistry; two: DocumentRegistry; network: LocalBusNetwork } {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const store = new SpyDocumentStore(db.documents);
  const network = new LocalBusNetwork();
  const leases = new LocalLeaseService();
  const registry = (): DocumentRegistry =>
    new DocumentRegistry(store, { sweepIntervalMs: 0, snapshotWorkerUrl: null, replication: { bus: new LocalUpdateBus(network), leases } });
  return { db, store, one: registry(), two: registry(), network };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function setup(): ReturnType<typeof twoProcesses> {
  const processes = twoProcesses();
  cleanups.push(async () => {
    await processes.one.close();
    await processes.two.close();
    await processes.db.close();
  });
  return processes;
}

describe('a board held by two processes', () => {
  it('applies what one process stored to the other copy, as remote, without storing it again', async () => {
    const { store, one, two } = setup();
    const onTwo = await two.open('board');
    const origins: unknown[] = [];
    onTwo.on('afterTransaction', (transaction: Y.Transaction) => origins.push(transaction.origin));
    const appendsBefore = store.appends.length;
    await one.transact('board', (doc) => doc.getMap('items').set('a', 1), { actorId: 'ada' });
    await vi.waitFor(() => expect(onTwo.getMap('items').get('a')).toBe(1));
    expect(origins).toContain(remoteOrigin);
    await two.whenPersisted('board');
    // One append: the other copy applied it without queueing it for the store.
    expect(store.appends.length - appendsBefore).toBe(1);
  });

  it('loses nothing stored while the other process was loading the board', async () => {
    const { store, one, two } = setup();
    await one.transact('board', (doc) => doc.getMap('items').set('before', 1));
    // The other process's read of the store is done, and its answer held back.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let read!: () => void;
    const readDone = new Promise<void>((resolve) => (read = resolve));
    const load = store.load.bind(store);
    vi.spyOn(store, 'load').mockImplementationOnce(async (docId) => {
      const stored = await load(docId);
      read();
      await gate;
      return stored;
    });
    const loading = two.open('board');
    await readDone;
    // Stored after that read: only the bus brings it to the copy being loaded.
    await one.transact('board', (doc) => doc.getMap('items').set('during', 2));
    open();
    const doc = await loading;
    await vi.waitFor(() => expect(doc.getMap('items').toJSON()).toEqual({ before: 1, during: 2 }));
  });

  it('compacts from the store, never from a copy that may lack what another process stored', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    const store = new SpyDocumentStore(db.documents);
    const network = new LocalBusNetwork();
    const silent = new LocalUpdateBus(network);
    // A process whose messages never arrive: its updates are only in the store.
    vi.spyOn(silent, 'publish').mockResolvedValue(undefined);
    const leases = new LocalLeaseService();
    const one = new DocumentRegistry(store, { sweepIntervalMs: 0, snapshotWorkerUrl: null, compactAfterUpdates: 3, replication: { bus: silent, leases } });
    const two = new DocumentRegistry(store, { sweepIntervalMs: 0, snapshotWorkerUrl: null, compactAfterUpdates: 3, replication: { bus: new LocalUpdateBus(network), leases } });
    cleanups.push(async () => {
      await one.close();
      await two.close();
      await db.close();
    });
    await two.open('board');
    await one.transact('board', (doc) => doc.getMap('items').set('only-in-store', 1));
    for (let i = 0; i < 4; i++) await two.transact('board', (doc) => doc.getMap('items').set(`k${i}`, i));
    await vi.waitFor(() => expect(store.compactions.length).toBeGreaterThan(0));
    // Under the board's lease, whose fencing token the store checks.
    expect(store.compactions.every((compaction) => typeof compaction.fence === 'number' && compaction.fence > 0)).toBe(true);
    await two.close();
    await one.close();
    const reloaded = new Y.Doc();
    const stored = await db.documents.load('board');
    for (const update of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(reloaded, update);
    expect(reloaded.getMap('items').get('only-in-store')).toBe(1);
  });

  it('refuses the late compaction of a holder paused past its lease, keeping the snapshot of the holder after it', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    const clock = new ManualClock();
    const leases = new LocalLeaseService(clock);
    const network = new LocalBusNetwork();
    const replication = (): DocumentReplication => new DocumentReplication(db.documents, { bus: new LocalUpdateBus(network), leases }, silentLogger, () => undefined);
    const [paused, later] = [replication(), replication()];
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    doc.getMap('items').set('a', 1);
    await db.documents.append('board', updates.splice(0));

    // The first holder takes the lease, then stalls (a long pause) before it reads the store.
    let resume!: () => void;
    const stalled = new Promise<void>((resolve) => (resume = resolve));
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const late = paused.compactUnderLease('board', async (fence) => {
      started();
      await stalled;
      const stored = await db.documents.load('board');
      const folded = new Y.Doc();
      for (const update of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(folded, update);
      await db.documents.compact('board', [Y.encodeStateAsUpdate(folded)], stored.lastSeq, fence);
      return true;
    });
    await holding;
    // Past its TTL: the lease is free, and the next holder compacts.
    clock.advance(61_000);
    const newer = Y.encodeStateAsUpdate(doc);
    expect(await later.compactUnderLease('board', async (fence) => {
      await db.documents.compact('board', [newer], (await db.documents.load('board')).lastSeq, fence);
      return true;
    })).toBe(true);
    doc.getMap('items').set('b', 2);
    const lastSeq = await db.documents.append('board', updates.splice(0));

    // The paused holder wakes up and reads a later point than that snapshot: its lease is gone, so the store refuses it.
    resume();
    await expect(late).rejects.toMatchObject({ code: 'compaction_fenced' });
    const stored = await db.documents.load('board');
    expect(stored.snapshot?.map((part) => [...part])).toEqual([[...newer]]);
    expect(stored.updates).toHaveLength(1);
    expect(stored.lastSeq).toBe(lastSeq);
    paused.close();
    later.close();
  });
});
