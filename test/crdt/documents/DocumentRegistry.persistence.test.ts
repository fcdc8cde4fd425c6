import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import type { DocumentRegistryOptions } from '../../../crdt/documents/DocumentRegistry.js';
import { SqliteDatabase } from '../../../storage/index.js';
import { SpyDocumentStore, recordingLogger } from './fakeStores.js';
import { crashCopy } from '../../storage/crashCopy.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup(options: DocumentRegistryOptions = {}, db = new SqliteDatabase({ dataDir: ':memory:' })) {
  const store = new SpyDocumentStore(db.documents);
  const registry = new DocumentRegistry(store, { sweepIntervalMs: 0, ...options });
  cleanups.push(() => registry.close());
  return { db, store, registry };
}

function items(doc: Y.Doc): unknown[] {
  return doc.getArray('log').toArray();
}

/** Replays stored updates one by one; each must apply cleanly (no update before its dependency). */
function replayInOrder(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  for (const update of updates) {
    Y.applyUpdate(doc, update);
    expect(doc.store.pendingStructs).toBeNull();
  }
  return doc;
}

describe('DocumentRegistry durability levels', () => {
  it('resolves whenPersisted (the live relay gate) once written, and transact only after the store synced', async () => {
    const { store, registry } = setup();
    await registry.open('b1');
    let release: () => void = () => {};
    store.syncGate = new Promise((resolve) => {
      release = resolve;
    });
    let answered = false;
    const write = registry.transact('b1', (doc) => doc.getArray('log').push([1])).then(() => {
      answered = true;
    });
    for (let i = 0; i < 200 && store.appends.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 1));
    await registry.whenPersisted('b1');
    expect(store.appends).toEqual([{ docId: 'b1', count: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answered).toBe(false);
    expect(store.syncs).toBe(1);
    release();
    await write;
    expect(answered).toBe(true);
  });

  it("transact with wait 'stored' resolves once the update is stored, before any sync; the caller's one sync then covers it", async () => {
    const { store, registry } = setup();
    await registry.open('b1');
    let release: () => void = () => {};
    store.syncGate = new Promise((resolve) => {
      release = resolve;
    });
    await registry.transact('b1', (doc) => doc.getArray('log').push([1]), null, { wait: 'stored' });
    expect(store.appends).toEqual([{ docId: 'b1', count: 1 }]);
    expect(store.syncs).toBe(0);
    const synced = store.sync();
    release();
    await synced;
    expect(store.syncs).toBe(1);
  });

  it('syncs on close, after storing what is queued', async () => {
    const { store, registry } = setup({ persistDelayMs: 10_000 });
    (await registry.open('b1')).getArray('log').push([1]);
    await registry.close();
    expect(store.appends).toEqual([{ docId: 'b1', count: 1 }]);
    expect(store.syncs).toBeGreaterThanOrEqual(1);
  });
});

describe('DocumentRegistry loading', () => {
  it('loads a document once for many concurrent opens and syncs only after the load', async () => {
    const { store, registry } = setup();
    let openGate: () => void = () => {};
    store.loadGate = new Promise((resolve) => {
      openGate = resolve;
    });
    const opens = Array.from({ length: 50 }, () => registry.open('b1'));
    const leases = Array.from({ length: 10 }, () => registry.acquire('b1'));
    expect(registry.stats().loadingDocuments).toBe(1);
    openGate();
    const docs = await Promise.all(opens);
    const held = await Promise.all(leases);
    expect(store.loads).toBe(1);
    expect(new Set([...docs, ...held.map((l) => l.doc)]).size).toBe(1);
    expect(registry.stats()).toMatchObject({ loadedDocuments: 1, loadingDocuments: 0, leases: 10 });
    for (const lease of held) lease.release();
    expect(registry.stats().leases).toBe(0);
  });

  it('retries a load that failed on the next open instead of caching the failure', async () => {
    const { store, registry } = setup();
    const failing = vi.spyOn(store.inner, 'load').mockRejectedValueOnce(new Error('disk gone'));
    await expect(registry.open('b1')).rejects.toThrow('disk gone');
    expect(registry.stats().loadingDocuments).toBe(0);
    await expect(registry.open('b1')).resolves.toBeInstanceOf(Y.Doc);
    expect(failing).toHaveBeenCalledTimes(2);
  });
});

describe('DocumentRegistry loading a damaged log', () => {
  it('skips a stored update that does not apply, logging it, and loads the rest', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    const source = new Y.Doc();
    const updates: Uint8Array[] = [];
    source.on('update', (update: Uint8Array) => updates.push(update));
    source.getArray('log').push(['first']);
    source.getArray('log').push(['second']);
    await db.documents.append('b1', [updates[0]!, new Uint8Array([255, 255, 255, 1, 2]), updates[1]!]);
    const logger = recordingLogger();
    const { registry } = setup({ logger }, db);
    expect(items(await registry.open('b1'))).toEqual(['first', 'second']);
    expect(logger.lines).toContainEqual({ level: 'error', message: 'Skipped a stored update that does not apply' });
  });
});

describe('DocumentRegistry durability', () => {
  it('resolves transact only after the update is stored: the files as a crash would leave them then hold it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-docs-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const db = new SqliteDatabase({ dataDir });
    cleanups.push(() => db.close());
    const { store, registry } = setup({ persistDelayMs: 50 }, db);

    const result = await registry.transact('b1', (doc) => {
      doc.getArray('log').push(['created']);
      return 'ok';
    }, 'rest:u1');
    expect(result).toBe('ok');
    expect(store.appends).toEqual([{ docId: 'b1', count: 1 }]);

    const copy = crashCopy(dataDir);
    cleanups.push(copy.remove);
    const other = new SqliteDatabase({ dataDir: copy.dir });
    cleanups.push(() => other.close());
    const fresh = new DocumentRegistry(other.documents, { sweepIntervalMs: 0 });
    cleanups.push(() => fresh.close());
    expect(items(await fresh.open('b1'))).toEqual(['created']);
  });

  it('batches updates within persistDelayMs into one append and keeps their order', async () => {
    const { db, store, registry } = setup({ persistDelayMs: 5 });
    const doc = await registry.open('b1');
    for (let i = 0; i < 20; i++) doc.getArray('log').push([i]);
    await registry.whenPersisted('b1');
    for (let i = 20; i < 40; i++) doc.getArray('log').push([i]);
    await registry.whenPersisted('b1');
    expect(store.appends.map((a) => a.count)).toEqual([20, 20]);

    const stored = await db.documents.load('b1');
    expect(items(replayInOrder(stored.updates))).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('splits a long queue into maxBatchUpdates-sized appends in order', async () => {
    const { store, registry } = setup({ maxBatchUpdates: 7 });
    const doc = await registry.open('b1');
    for (let i = 0; i < 20; i++) doc.getArray('log').push([i]);
    await registry.whenPersisted('b1');
    expect(store.appends.map((a) => a.count)).toEqual([7, 7, 6]);
  });

  it('retries a failed append with backoff, logs it, keeps the order and loses nothing', async () => {
    const logger = recordingLogger();
    const { db, store, registry } = setup({ retryBaseMs: 1, retryMaxMs: 4, logger });
    const doc = await registry.open('b1');
    store.failNextAppends = 3;
    doc.getArray('log').push(['a']);
    doc.getArray('log').push(['b']);
    await registry.transact('b1', (d) => d.getArray('log').push(['c']));
    expect(store.failedAppends).toBe(3);
    expect(registry.stats().pendingUpdates).toBe(0);
    expect(logger.lines.filter((l) => l.level === 'error')).toHaveLength(3);

    const stored = await db.documents.load('b1');
    expect(stored.updates).toHaveLength(3);
    expect(items(replayInOrder(stored.updates))).toEqual(['a', 'b', 'c']);
  });

  it('rejects transact with persist_timeout while the store is down, and still stores the update later', async () => {
    const { db, store, registry } = setup({ retryBaseMs: 5, retryMaxMs: 5, persistTimeoutMs: 30 });
    store.failNextAppends = 1_000_000;
    await expect(registry.transact('b1', (d) => d.getArray('log').push(['x']))).rejects.toMatchObject({
      code: 'persist_timeout',
    });
    store.failNextAppends = 0;
    await registry.whenPersisted('b1');
    expect((await db.documents.load('b1')).updates).toHaveLength(1);
  });

  it('persists updates of every origin, including socket-style applyUpdate', async () => {
    const { db, registry } = setup();
    const lease = await registry.acquire('b1');
    const remote = new Y.Doc();
    remote.getArray('log').push(['remote']);
    lease.applyUpdate(Y.encodeStateAsUpdate(remote), 'socket');
    await registry.whenPersisted('b1');
    lease.release();
    expect((await db.documents.load('b1')).updates).toHaveLength(1);
  });

  it('close() flushes everything queued', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, persistDelayMs: 10_000 });
    const doc = await registry.open('b1');
    doc.getArray('log').push(['late']);
    expect(registry.stats().pendingUpdates).toBe(1);
    await registry.close();
    expect((await db.documents.load('b1')).updates).toHaveLength(1);
    await expect(registry.open('b1')).rejects.toMatchObject({ code: 'registry_closed' });
  });
});
