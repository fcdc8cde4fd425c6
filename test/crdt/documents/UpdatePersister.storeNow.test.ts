import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { silentLogger } from '../../../crdt/documents/Logger.js';
import { UpdatePersister } from '../../../crdt/documents/UpdatePersister.js';
import { SqliteDatabase } from '../../../storage/index.js';
import { SpyDocumentStore } from './fakeStores.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A store whose appends are asynchronous (no `appendNow`, as PostgreSQL and MongoDB), each held until released when `hold` is set. */
class HeldAppendStore extends SpyDocumentStore {
  hold = false;
  readonly held: (() => void)[] = [];
  /** Every call, recorded when it is made (before it is held or fails). */
  readonly calls: { docId: string; count: number }[] = [];

  override async append(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    this.calls.push({ docId, count: updates.length });
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    return super.append(docId, updates);
  }
}

/** `count` updates from one writer, each pushing its index onto the array `a` (each depends on the one before). */
function pushes(count: number, writer: Y.Doc): Uint8Array[] {
  const updates: Uint8Array[] = [];
  const listener = (update: Uint8Array): void => void updates.push(update);
  writer.on('update', listener);
  for (let i = 0; i < count; i++) writer.getArray('a').push([writer.getArray('a').length]);
  writer.off('update', listener);
  return updates;
}

/** A persister of board `b1` over a `HeldAppendStore` on an in-memory sqlite store; `persistDelayMs` as given. */
function asyncPersister(persistDelayMs: number) {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  cleanups.push(() => db.close());
  const store = new HeldAppendStore(db.documents);
  const persister = new UpdatePersister({
    docId: 'b1',
    store,
    logger: silentLogger,
    options: { persistDelayMs, maxBatchUpdates: 1000, retryBaseMs: 5, retryMaxMs: 50, compactLogRatio: 0.5, compactMinLogBytes: 1 << 20, compactAfterUpdates: 10_000 },
    loaded: { snapshot: null, updates: [], lastSeq: 0 },
    buildSnapshot: () => Promise.reject(new Error('no compaction here')),
    encodeSmall: () => undefined,
    onCompacted: () => undefined,
  });
  return { db, store, persister };
}

/** The array `a` of board `b1` as stored. */
async function storedArray(db: SqliteDatabase): Promise<unknown[]> {
  const stored = await db.documents.load('b1');
  const doc = new Y.Doc();
  for (const update of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(doc, update);
  return doc.getArray('a').toArray();
}

describe('storeNow with a store that appends asynchronously', () => {
  it('calls the store in the same turn, with everything queued, rather than on a later turn', async () => {
    const { db, store, persister } = asyncPersister(0);
    for (const update of pushes(3, new Y.Doc())) persister.enqueue(update);
    expect(persister.storeNow()).toBe(false);
    // No event-loop turn has passed: the append was called a microtask after `storeNow` (what the
    // caller applies in the same step can still hold it back, `holdUntil`).
    expect(store.calls).toEqual([]);
    await Promise.resolve();
    expect(store.calls).toEqual([{ docId: 'b1', count: 3 }]);
    await persister.whenPersisted();
    expect(await storedArray(db)).toEqual([0, 1, 2]);
  });

  it('does not wait for persistDelayMs', async () => {
    const { store, persister } = asyncPersister(60_000);
    for (const update of pushes(2, new Y.Doc())) persister.enqueue(update);
    expect(store.calls).toEqual([]);
    persister.storeNow();
    await Promise.resolve();
    expect(store.calls).toEqual([{ docId: 'b1', count: 2 }]);
    await persister.whenPersisted();
  });

  it('while an append is in flight, starts no other: what is queued meanwhile goes in one next append, in order', async () => {
    const { db, store, persister } = asyncPersister(0);
    const writer = new Y.Doc();
    const updates = pushes(6, writer);
    store.hold = true;
    persister.enqueue(updates[0]!);
    persister.storeNow();
    await Promise.resolve();
    expect(store.calls).toEqual([{ docId: 'b1', count: 1 }]);
    for (const update of updates.slice(1)) {
      persister.enqueue(update);
      expect(persister.storeNow()).toBe(false);
    }
    const firstStored = persister.whenPersisted();
    expect(store.calls).toHaveLength(1);
    store.hold = false;
    store.held.shift()?.();
    await firstStored;
    expect(store.calls).toEqual([
      { docId: 'b1', count: 1 },
      { docId: 'b1', count: 5 },
    ]);
    expect(await storedArray(db)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('leaves a failed append to the retries, which store the updates in order', async () => {
    const { db, store, persister } = asyncPersister(0);
    store.failNextAppends = 1;
    for (const update of pushes(2, new Y.Doc())) persister.enqueue(update);
    expect(persister.storeNow()).toBe(false);
    await persister.whenPersisted();
    expect(store.failedAppends).toBe(1);
    expect(store.calls).toEqual([
      { docId: 'b1', count: 2 },
      { docId: 'b1', count: 2 },
    ]);
    expect(await storedArray(db)).toEqual([0, 1]);
  });
});

describe('holdUntil: a row that must be stored before the update', () => {
  /** A promise and its settle functions. */
  function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
    let resolve = (): void => undefined;
    let reject = (_error: Error): void => undefined;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it('starts no append, from storeNow or the timer, until every hold given has settled; then everything queued goes in order', async () => {
    const { db, store, persister } = asyncPersister(0);
    const updates = pushes(3, new Y.Doc());
    const first = deferred();
    const second = deferred();
    persister.enqueue(updates[0]!);
    persister.holdUntil(first.promise);
    expect(persister.storeNow()).toBe(false);
    persister.enqueue(updates[1]!);
    persister.holdUntil(second.promise);
    persister.enqueue(updates[2]!);
    const stored = persister.whenPersisted();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.calls).toEqual([]);
    // The second row's insert answered first: the first still holds.
    second.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.calls).toEqual([]);
    // A failed row does not keep the update from the store (the write fails or is replayed alone).
    first.reject(new Error('insert failed'));
    await stored;
    expect(store.calls).toEqual([{ docId: 'b1', count: 3 }]);
    expect(await storedArray(db)).toEqual([0, 1, 2]);
    // Settled holds are forgotten: the next update goes in the turn it is stored.
    persister.enqueue(pushes(1, new Y.Doc())[0]!);
    persister.storeNow();
    await Promise.resolve();
    expect(store.calls).toHaveLength(2);
    await persister.whenPersisted();
  });

  it('lets a dropped document end while a hold is pending', async () => {
    const { store, persister } = asyncPersister(0);
    const hold = deferred();
    persister.enqueue(pushes(1, new Y.Doc())[0]!);
    persister.holdUntil(hold.promise);
    persister.storeNow();
    const waiting = expect(persister.whenPersisted()).rejects.toMatchObject({ code: 'document_deleted' });
    await persister.drop();
    await waiting;
    hold.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.calls).toEqual([]);
  });
});
