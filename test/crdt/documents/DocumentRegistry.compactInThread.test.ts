import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import { inThreadSnapshotBytes } from '../../../crdt/documents/ManagedDocument.js';
import { SnapshotBuilder } from '../../../crdt/documents/SnapshotBuilder.js';
import { SqliteDatabase } from '../../../storage/index.js';

/** The compiled worker (the suites' global set-up builds `dist/`). */
const workerUrl = new URL('../../../dist/crdt/documents/snapshotWorker.js', import.meta.url);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Bytes of each overwrite: the log grows by about this much per write, the state by nothing. */
const overwriteBytes = 1024;
/** Writes that log more than the default `compactMinLogBytes` (64 KB). */
const overwrites = 80;

/**
 * Board `b` with `baseBytes` of text that stays, held by a registry with the snapshot process
 * (the compiled worker), and a spy on the folds sent to that process.
 */
async function heldBoard(baseBytes: number) {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  cleanups.push(() => db.close());
  const builds = vi.spyOn(SnapshotBuilder.prototype, 'build');
  cleanups.push(() => builds.mockRestore());
  const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: workerUrl });
  cleanups.push(() => registry.close());
  await registry.create('b');
  const lease = await registry.acquire('b');
  cleanups.push(() => lease.release());
  // Random text: its encoding is as long as it is.
  if (baseBytes > 0) await registry.transact('b', (doc) => doc.getMap('items').set('base', randomBytes(baseBytes / 2).toString('hex')));
  return { db, builds, registry, lease };
}

/** Overwrites one value `overwrites` times: a log of over 64 KB over a state that does not grow. */
async function overwriteMany(registry: DocumentRegistry): Promise<void> {
  for (let i = 0; i < overwrites; i += 1) {
    await registry.transact('b', (doc) => doc.getMap('items').set('note', `${i}`.padEnd(overwriteBytes, '.')));
  }
}

async function storedContent(db: SqliteDatabase): Promise<unknown> {
  const stored = await db.documents.load('b');
  const doc = new Y.Doc();
  for (const update of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(doc, update);
  return doc.getMap('items').toJSON();
}

describe('compaction of a board whose log outgrew it', { timeout: 120_000 }, () => {
  it('encodes a small board on the event loop once its log reaches 64 KB: no snapshot process is started', async () => {
    const { db, builds, registry, lease } = await heldBoard(0);
    await overwriteMany(registry);
    // Compacted: the log of 80 writes is folded into a snapshot.
    await expect.poll(async () => (await db.documents.load('b')).updates.length, { timeout: 15_000 }).toBeLessThan(overwrites);
    const stored = await db.documents.load('b');
    expect(stored.snapshot).not.toBeNull();
    expect(builds).not.toHaveBeenCalled();
    expect(await storedContent(db)).toEqual(lease.doc.getMap('items').toJSON());
  });

  it('encodes on the event loop a board whose state grew past 128 KB, as one edited without pause does: no snapshot process either', async () => {
    const { db, builds, registry, lease } = await heldBoard(140 * 1024);
    await overwriteMany(registry);
    await expect.poll(async () => (await db.documents.load('b')).updates.length, { timeout: 15_000 }).toBeLessThan(overwrites);
    expect(builds).not.toHaveBeenCalled();
    expect(await storedContent(db)).toEqual(lease.doc.getMap('items').toJSON());
  });

  it('still folds a board whose stored size is over the bound in the snapshot process', async () => {
    const { db, builds, registry, lease } = await heldBoard(inThreadSnapshotBytes);
    await overwriteMany(registry);
    await expect.poll(() => builds.mock.calls.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await db.documents.load('b')).updates.length, { timeout: 60_000 }).toBeLessThan(overwrites);
    expect(await storedContent(db)).toEqual(lease.doc.getMap('items').toJSON());
  });
});
