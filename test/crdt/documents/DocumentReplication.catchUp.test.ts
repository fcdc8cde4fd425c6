import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/index.js';
import { LocalBusNetwork, LocalLeaseService, LocalUpdateBus, SqliteDatabase } from '../../../storage/index.js';
import { SpyDocumentStore } from './fakeStores.js';

/**
 * A board held by two processes, the first of which is heard by nobody (its messages are lost):
 * what it stores reaches the second process's copy only by a catch-up from the store.
 */
function unheardWriter(): { db: SqliteDatabase; store: SpyDocumentStore; writer: DocumentRegistry; holder: DocumentRegistry } {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const store = new SpyDocumentStore(db.documents);
  const network = new LocalBusNetwork();
  const leases = new LocalLeaseService();
  const lost = new LocalUpdateBus(network);
  vi.spyOn(lost, 'publish').mockResolvedValue(undefined);
  const options = { sweepIntervalMs: 0, snapshotWorkerUrl: null, compactAfterUpdates: 1_000_000 };
  const writer = new DocumentRegistry(store, { ...options, replication: { bus: lost, leases } });
  const holder = new DocumentRegistry(store, { ...options, replication: { bus: new LocalUpdateBus(network), leases } });
  return { db, store, writer, holder };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function setup(): ReturnType<typeof unheardWriter> {
  const processes = unheardWriter();
  cleanups.push(async () => {
    await processes.writer.close();
    await processes.holder.close();
    await processes.db.close();
  });
  return processes;
}

/** Writes `count` keys `prefix0…` on the board through `registry`, one stored update each. */
async function write(registry: DocumentRegistry, prefix: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await registry.transact('board', (doc) => doc.getMap('items').set(`${prefix}${i}`, i), null, { wait: 'stored' });
}

describe('catching a board up from the store', () => {
  it('reads only the updates stored after the last number the copy holds, not the whole board', async () => {
    const { store, writer, holder } = setup();
    await write(writer, 'early', 30);
    const copy = await holder.open('board');
    expect(holder.replication?.heldUpTo('board')).toBe(30);
    // Stored by a process nobody hears: a gap for the holder.
    await write(writer, 'late', 3);
    const loadsBefore = store.loads;
    const replication = holder.replication;
    if (replication === undefined) throw new Error('The holder has no replication.');
    // The first check sees the gap, the next one (the gap still there) catches up.
    expect(await replication.checkStored()).toBe(0);
    expect(await replication.checkStored()).toBe(1);
    expect(Object.keys(copy.getMap('items').toJSON()).filter((key) => key.startsWith('late')).sort()).toEqual(['late0', 'late1', 'late2']);
    // One read of the log after 30, which gave the three missing updates; the board was not loaded again.
    expect(store.logReads).toEqual([{ docId: 'board', afterSeq: 30, updates: 3 }]);
    expect(store.loads).toBe(loadsBefore);
    expect(replication.heldUpTo('board')).toBe(33);
    expect(await replication.checkStored()).toBe(0);
  });

  it('loads the whole board when a compaction folded updates the copy lacks into the snapshot', async () => {
    const { db, store, writer, holder } = setup();
    await write(writer, 'early', 5);
    const copy = await holder.open('board');
    await write(writer, 'late', 3);
    // The store compacts everything, the three updates the holder lacks included.
    const stored = await db.documents.load('board');
    const folded = new Y.Doc();
    for (const update of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(folded, update);
    await db.documents.compact('board', [Y.encodeStateAsUpdate(folded)], stored.lastSeq);
    const loadsBefore = store.loads;
    const replication = holder.replication;
    if (replication === undefined) throw new Error('The holder has no replication.');
    expect(await replication.checkStored()).toBe(0);
    expect(await replication.checkStored()).toBe(1);
    expect(store.logReads).toEqual([{ docId: 'board', afterSeq: 5, updates: null }]);
    expect(store.loads).toBe(loadsBefore + 1);
    expect(Object.keys(copy.getMap('items').toJSON()).sort()).toEqual([...['early0', 'early1', 'early2', 'early3', 'early4'], 'late0', 'late1', 'late2']);
    expect(replication.heldUpTo('board')).toBe(8);
  });

  it('catches every loaded board up from the log alone when the bus comes back', async () => {
    const { store, writer, holder } = setup();
    await write(writer, 'early', 4);
    const copy = await holder.open('board');
    await write(writer, 'late', 2);
    const loadsBefore = store.loads;
    expect(await holder.replication?.catchUpAll()).toBe(1);
    expect(copy.getMap('items').get('late1')).toBe(1);
    expect(store.logReads).toEqual([{ docId: 'board', afterSeq: 4, updates: 2 }]);
    expect(store.loads).toBe(loadsBefore);
  });
});
