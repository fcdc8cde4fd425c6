import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/index.js';
import { silentLogger } from '../../../crdt/documents/Logger.js';
import { UpdatePersister } from '../../../crdt/documents/UpdatePersister.js';
import type { RecordWithUpdates } from '../../../storage/index.js';
import { SqliteDatabase, StorageError } from '../../../storage/index.js';
import { SpyDocumentStore } from './fakeStores.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/**
 * A store that takes records with its appends (as PostgreSQL's), recording each call's number of
 * updates and record ids; each held until released when `hold` is set, and failing with each
 * error of `failWith` in turn.
 */
class RecordingStore extends SpyDocumentStore {
  readonly appendsRecords = true;
  hold = false;
  readonly held: (() => void)[] = [];
  readonly failWith: Error[] = [];
  readonly calls: { count: number; records: string[] | undefined }[] = [];

  override async append(docId: string, updates: readonly Uint8Array[], records?: readonly RecordWithUpdates[]): Promise<number> {
    this.calls.push({ count: updates.length, records: records?.map((row) => row.record.id) });
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    const failure = this.failWith.shift();
    if (failure !== undefined) throw failure;
    return super.append(docId, updates);
  }
}

function persisterOver(store: SpyDocumentStore): UpdatePersister {
  return new UpdatePersister({
    docId: 'b1',
    store,
    logger: silentLogger,
    options: { persistDelayMs: 0, maxBatchUpdates: 1000, retryBaseMs: 1, retryMaxMs: 5, compactLogRatio: 0.5, compactMinLogBytes: 1 << 20, compactAfterUpdates: 10_000 },
    loaded: { snapshot: null, updates: [], lastSeq: 0 },
    buildSnapshot: () => Promise.reject(new Error('no compaction here')),
    encodeSmall: () => undefined,
    onCompacted: () => undefined,
  });
}

function recordingPersister() {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  cleanups.push(() => db.close());
  const store = new RecordingStore(db.documents);
  return { db, store, persister: persisterOver(store) };
}

/** `count` updates from one writer, each pushing onto the array `a`. */
function pushes(count: number): Uint8Array[] {
  const writer = new Y.Doc();
  const updates: Uint8Array[] = [];
  writer.on('update', (update: Uint8Array) => void updates.push(update));
  for (let i = 0; i < count; i++) writer.getArray('a').push([i]);
  return updates;
}

/** Queues `update` with a record `id`, whose settlement is pushed onto `settled`. */
function enqueueWith(persister: UpdatePersister, update: Uint8Array, id: string, settled: string[]): void {
  persister.enqueue(update);
  persister.storeWith({ records: [{ collection: 'rows', record: { id } }], settled: (stored) => void settled.push(`${id} ${stored ? 'stored' : 'left out'}`) });
}

describe('UpdatePersister: records stored with their update', () => {
  it('appends the records of every update a batch merges in that one append, and tells each once it is stored', async () => {
    const { store, persister } = recordingPersister();
    const [u1, u2, u3, u4] = pushes(4) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    const settled: string[] = [];
    store.hold = true;
    enqueueWith(persister, u1, 'r1', settled);
    persister.storeNow();
    await expect.poll(() => store.held.length).toBe(1);
    // Queued while the first append is in flight: one batch, with both rows (and u4, which has none).
    enqueueWith(persister, u2, 'r2', settled);
    enqueueWith(persister, u3, 'r3', settled);
    persister.enqueue(u4);
    expect(settled).toEqual([]);
    store.hold = false;
    store.held.shift()?.();
    await persister.whenPersisted();
    expect(store.calls).toEqual([
      { count: 1, records: ['r1'] },
      { count: 3, records: ['r2', 'r3'] },
    ]);
    expect(settled).toEqual(['r1 stored', 'r2 stored', 'r3 stored']);
  });

  it('keeps the records for the retry after the store was unavailable, and leaves them out after any other failure, the update stored all the same', async () => {
    const { db, store, persister } = recordingPersister();
    const [u1, u2] = pushes(2) as [Uint8Array, Uint8Array];
    const settled: string[] = [];
    store.failWith.push(new StorageError('storage_unavailable', 'away (test)'));
    enqueueWith(persister, u1, 'r1', settled);
    persister.storeNow();
    await persister.whenPersisted();
    expect(store.calls).toEqual([
      { count: 1, records: ['r1'] },
      { count: 1, records: ['r1'] },
    ]);
    expect(settled).toEqual(['r1 stored']);

    store.failWith.push(new Error('the store refused a record (test)'));
    enqueueWith(persister, u2, 'r2', settled);
    persister.storeNow();
    await persister.whenPersisted();
    expect(store.calls.slice(2)).toEqual([
      { count: 1, records: ['r2'] },
      { count: 1, records: undefined },
    ]);
    expect(settled).toEqual(['r1 stored', 'r2 left out']);
    expect((await db.documents.load('b1')).updates).toHaveLength(2);
  });

  it('leaves records out when nothing is queued, when the store takes none, and when the document is dropped', async () => {
    const { store, persister } = recordingPersister();
    const settled: string[] = [];
    persister.storeWith({ records: [{ collection: 'rows', record: { id: 'r0' } }], settled: (stored) => void settled.push(`r0 ${stored ? 'stored' : 'left out'}`) });

    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    const plain = persisterOver(new SpyDocumentStore(db.documents));
    const [u1, u2] = pushes(2) as [Uint8Array, Uint8Array];
    enqueueWith(plain, u1, 'r1', settled);
    await plain.flush();

    store.hold = true;
    enqueueWith(persister, u1, 'r2', settled);
    persister.storeNow();
    await expect.poll(() => store.held.length).toBe(1);
    enqueueWith(persister, u2, 'r3', settled);
    const dropped = persister.drop();
    // The append in flight carries r2: it is told when that append is done.
    expect(settled).toEqual(['r0 left out', 'r1 left out', 'r3 left out']);
    store.held.shift()?.();
    await dropped;
    expect(settled).toEqual(['r0 left out', 'r1 left out', 'r3 left out', 'r2 stored']);
  });
});

describe('DocumentRegistry.storeWith', () => {
  it("hands the records to the board's persister, and tells false at once for a board not loaded", async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    const store = new RecordingStore(db.documents);
    const documents = new DocumentRegistry(store, { sweepIntervalMs: 0 });
    const settled: string[] = [];
    const records = (id: string) => ({ records: [{ collection: 'rows', record: { id } }], settled: (stored: boolean) => void settled.push(`${id} ${stored ? 'stored' : 'left out'}`) });
    documents.storeWith('b1', records('r0'));
    await documents.transact('b1', (doc) => doc.getArray('a').push([1]), null, { wait: 'stored', storeWith: () => records('r1') });
    expect(settled).toEqual(['r0 left out', 'r1 stored']);
    expect(store.calls).toEqual([{ count: 1, records: ['r1'] }]);
    await documents.close();
  });
});
