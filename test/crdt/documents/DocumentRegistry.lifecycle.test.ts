import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import type { DocumentRegistryOptions } from '../../../crdt/documents/DocumentRegistry.js';
import { ManualClock, SqliteDatabase } from '../../../storage/index.js';
import { SpyDocumentStore } from './fakeStores.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup(options: DocumentRegistryOptions = {}) {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const store = new SpyDocumentStore(db.documents);
  const clock = new ManualClock();
  const registry = new DocumentRegistry(store, { sweepIntervalMs: 0, clock, ...options });
  cleanups.push(() => db.close());
  cleanups.push(() => registry.close());
  return { db, store, clock, registry };
}

function reopen(db: SqliteDatabase): Promise<Y.Doc> {
  const fresh = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
  cleanups.push(() => fresh.close());
  return fresh.open('b1');
}

/** A document state of about `bytes` bytes (one string in a `seed` array). */
function seedState(bytes: number): Uint8Array {
  const seed = new Y.Doc();
  seed.getArray<string>('seed').push(['s'.repeat(bytes)]);
  return Y.encodeStateAsUpdate(seed);
}

describe('compaction', () => {
  it('snapshots after compactAfterUpdates, trims the log, and loads the same state', async () => {
    const { db, store, registry } = setup({ compactAfterUpdates: 10 });
    const doc = await registry.open('b1');
    const text = doc.getText('t');
    for (let i = 0; i < 10; i++) {
      text.insert(text.length, `${i}`);
      await registry.whenPersisted('b1');
    }
    await expect.poll(() => store.compactions.length).toBe(1);
    const afterCompaction = await db.documents.load('b1');
    expect(afterCompaction.snapshot).not.toBeNull();
    expect(afterCompaction.updates).toHaveLength(0);
    expect(afterCompaction.lastSeq).toBe(store.compactions[0]!.upToSeq);

    text.insert(text.length, 'x');
    await registry.whenPersisted('b1');
    const later = await db.documents.load('b1');
    expect(later.updates).toHaveLength(1);
    expect((await reopen(db)).getText('t').toString()).toBe('0123456789x');
    expect(Y.encodeStateVector(await reopen(db))).toEqual(Y.encodeStateVector(doc));
  });

  it('compacts when the log outgrows a fraction of the snapshot, not after a fixed number of updates', async () => {
    // 40 KB of snapshot: with the ratio 0.5 the log may grow to 20 KB before a compaction.
    const { db, store, registry } = setup({ compactLogRatio: 0.5, compactMinLogBytes: 1024, compactAfterUpdates: 1_000_000 });
    await db.documents.compact('b1', [seedState(40_000)], 0);
    const doc = await registry.open('b1');
    const list = doc.getArray<string>('log');
    // 1 KB updates: the 15th (about 15 KB logged) is still under half the snapshot.
    for (let i = 0; i < 15; i++) {
      list.push(['y'.repeat(1000)]);
      await registry.whenPersisted('b1');
    }
    expect(store.compactions).toHaveLength(0);
    for (let i = 0; i < 10; i++) {
      list.push(['y'.repeat(1000)]);
      await registry.whenPersisted('b1');
    }
    await expect.poll(() => store.compactions.length).toBe(1);
    // Afterwards the snapshot is about 65 KB: the next compaction waits for about 32 KB more.
    for (let i = 0; i < 25; i++) {
      list.push(['y'.repeat(1000)]);
      await registry.whenPersisted('b1');
    }
    expect(store.compactions).toHaveLength(1);
    expect((await reopen(db)).getArray('log').length).toBe(50);
  });

  it('compacts a small document once its log passes compactMinLogBytes', async () => {
    const { store, registry } = setup({ compactLogRatio: 0.5, compactMinLogBytes: 4096, compactAfterUpdates: 1_000_000 });
    const doc = await registry.open('b1');
    for (let i = 0; i < 3; i++) {
      doc.getArray<string>('log').push(['z'.repeat(1000)]);
      await registry.whenPersisted('b1');
    }
    expect(store.compactions).toHaveLength(0);
    for (let i = 0; i < 2; i++) {
      doc.getArray<string>('log').push(['z'.repeat(1000)]);
      await registry.whenPersisted('b1');
    }
    await expect.poll(() => store.compactions.length).toBe(1);
  });

  it('compacts a long stored log right after loading it', async () => {
    const { db, store, registry } = setup({ compactAfterUpdates: 5 });
    const writer = new Y.Doc();
    const updates: Uint8Array[] = [];
    writer.on('update', (u: Uint8Array) => updates.push(u));
    for (let i = 0; i < 8; i++) writer.getArray('a').push([i]);
    await db.documents.append('b1', updates);
    const doc = await registry.open('b1');
    await expect.poll(() => store.compactions.length).toBe(1);
    await registry.whenPersisted('b1');
    expect((await db.documents.load('b1')).updates).toHaveLength(0);
    expect((await reopen(db)).getArray('a').toArray()).toEqual(doc.getArray('a').toArray());
  });

  it('never claims a sequence number its snapshot does not cover while updates keep arriving', async () => {
    const { db, registry } = setup({ compactAfterUpdates: 3, persistDelayMs: 0 });
    const doc = await registry.open('b1');
    const list = doc.getArray<number>('a');
    for (let round = 0; round < 30; round++) {
      list.push([round]);
      if (round % 4 === 0) await registry.whenPersisted('b1');
    }
    await registry.whenPersisted('b1');
    expect((await reopen(db)).getArray('a').toArray()).toEqual(list.toArray());
  });
});

describe('idle unload', () => {
  it('unloads documents unused for idleUnloadMs, after flushing, and reloads them on demand', async () => {
    const { store, clock, registry } = setup({ idleUnloadMs: 1000, persistDelayMs: 10_000 });
    const doc = await registry.open('b1');
    doc.getArray('a').push(['kept']);
    clock.advance(999);
    expect(await registry.sweep()).toBe(0);
    clock.advance(1);
    expect(await registry.sweep()).toBe(1);
    expect(registry.stats()).toMatchObject({ loadedDocuments: 0, pendingUpdates: 0 });
    expect(store.appends).toHaveLength(1);
    expect((await registry.open('b1')).getArray('a').toArray()).toEqual(['kept']);
    expect(store.loads).toBe(2);
  });

  it('keeps leased documents loaded however long they are idle', async () => {
    const { clock, registry } = setup({ idleUnloadMs: 1000 });
    const lease = await registry.acquire('b1');
    clock.advance(60_000);
    expect(await registry.sweep()).toBe(0);
    lease.release();
    clock.advance(1000);
    expect(await registry.sweep()).toBe(1);
  });

  it('a lease released twice ends once: the other lease still keeps the document loaded', async () => {
    const { clock, registry } = setup({ idleUnloadMs: 1000 });
    const first = await registry.acquire('b1');
    const second = await registry.acquire('b1');
    first.release();
    first.release();
    expect(registry.stats().leases).toBe(1);
    clock.advance(60_000);
    expect(await registry.sweep()).toBe(0);
    second.release();
    expect(registry.stats().leases).toBe(0);
    clock.advance(1000);
    expect(await registry.sweep()).toBe(1);
  });

  it('with sweepAtOnce: false, sweeps on its timer only once startSweeping() is called', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    cleanups.push(() => void vi.useRealTimers());
    const { clock, registry } = setup({ idleUnloadMs: 1000, sweepIntervalMs: 50, sweepAtOnce: false });
    await registry.open('b1');
    clock.advance(1000);
    vi.advanceTimersByTime(500);
    expect(vi.getTimerCount()).toBe(0);
    expect(registry.stats().loadedDocuments).toBe(1);
    registry.startSweeping();
    registry.startSweeping();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(50);
    await expect.poll(() => registry.stats().loadedDocuments).toBe(0);
  });

  it('counts REST use as use', async () => {
    const { clock, registry } = setup({ idleUnloadMs: 1000 });
    await registry.open('b1');
    clock.advance(900);
    await registry.transact('b1', (doc) => doc.getArray('a').push([1]));
    clock.advance(900);
    expect(await registry.sweep()).toBe(0);
    clock.advance(100);
    expect(await registry.sweep()).toBe(1);
  });
});

describe('delete and duplicate', () => {
  it('delete() tells listeners, unloads, and removes the stored state', async () => {
    const { db, registry } = setup();
    await registry.transact('b1', (doc) => doc.getArray('a').push([1]));
    const deleted: string[] = [];
    registry.onDelete((id) => deleted.push(id));
    await registry.delete('b1');
    expect(deleted).toEqual(['b1']);
    expect(registry.stats().loadedDocuments).toBe(0);
    expect(await db.documents.load('b1')).toEqual({ snapshot: null, updates: [], lastSeq: 0 });
  });
});

describe('document size limit', () => {
  it('refuses updates that would pass maxDocumentBytes with document_too_large', async () => {
    const { registry } = setup({ maxDocumentBytes: 2000 });
    const lease = await registry.acquire('b1');
    cleanups.push(() => lease.release());
    const small = new Y.Doc();
    small.getText('t').insert(0, 'x'.repeat(500));
    lease.applyUpdate(Y.encodeStateAsUpdate(small), 'socket');
    const big = new Y.Doc();
    big.getText('u').insert(0, 'y'.repeat(1600));
    expect(() => lease.applyUpdate(Y.encodeStateAsUpdate(big), 'socket')).toThrow(
      expect.objectContaining({ code: 'document_too_large' }),
    );
    expect(lease.doc.getText('u').length).toBe(0);
  });

  it('measures the real size before refusing, so a log of overwrites does not fill a document', async () => {
    const { registry } = setup({ maxDocumentBytes: 3000 });
    const lease = await registry.acquire('b1');
    cleanups.push(() => lease.release());
    const other = new Y.Doc();
    const map = other.getMap('m');
    other.on('update', (update: Uint8Array) => lease.applyUpdate(update, 'socket'));
    for (let i = 0; i < 300; i++) map.set('x', i);
    expect(lease.doc.getMap('m').get('x')).toBe(299);
  });

  it('refuses a transaction on a document that is already full', async () => {
    const { registry } = setup({ maxDocumentBytes: 600 });
    await registry.transact('b1', (doc) => doc.getText('t').insert(0, 'z'.repeat(700)));
    await expect(registry.transact('b1', (doc) => doc.getText('t').insert(0, 'more'))).rejects.toMatchObject({
      code: 'document_too_large',
    });
  });
});
