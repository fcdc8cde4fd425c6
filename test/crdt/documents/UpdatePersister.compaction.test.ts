import type * as ChildProcesses from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import { silentLogger } from '../../../crdt/documents/Logger.js';
import { SnapshotBuilder, piecesOf } from '../../../crdt/documents/SnapshotBuilder.js';
import { foldStored, packUpdates, releaseHeapAfterMs, unpackUpdates } from '../../../crdt/documents/snapshotWorker.js';
import { UpdatePersister } from '../../../crdt/documents/UpdatePersister.js';
import type { BuildSnapshot } from '../../../crdt/documents/UpdatePersister.js';
import { SqliteDatabase } from '../../../storage/index.js';
import { readRssMB } from '../../../bench/realtime/procStats.js';
import type { StoredDocument } from '../../../storage/index.js';
import { backgroundNice, currentThreadId } from '../../../storage/threadPriority.js';
import { SpyDocumentStore, SyncSpyDocumentStore } from './fakeStores.js';

/** Each message sent to a snapshot process, and whether it went in the same event-loop turn as the one before it. */
const sent = vi.hoisted(() => [] as { kind: string; sameTurn: boolean }[]);
vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof ChildProcesses>();
  const fork = (...args: Parameters<typeof actual.fork>): ReturnType<typeof actual.fork> => {
    const child = actual.fork(...args);
    const send = child.send.bind(child) as (...sendArgs: unknown[]) => boolean;
    let turned = true;
    child.send = ((message: { kind: string }, ...rest: unknown[]) => {
      sent.push({ kind: message.kind, sameTurn: !turned });
      turned = false;
      setImmediate(() => (turned = true));
      return send(message, ...rest);
    }) as typeof child.send;
    return child;
  };
  return { ...actual, fork };
});

/** The compiled worker (the suites' global set-up builds `dist/`). */
const workerUrl = new URL('../../../dist/crdt/documents/snapshotWorker.js', import.meta.url);

/** The nice value of each thread of process `pid` (Linux: field 19 of `/proc/<pid>/task/<tid>/stat`). */
function threadNices(pid: number | 'self'): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `count` updates, each pushing its index onto the array `a`, from one writer (so they depend on each other in order). */
function pushes(from: number, count: number, writer = new Y.Doc()): Uint8Array[] {
  const updates: Uint8Array[] = [];
  const listener = (update: Uint8Array): void => void updates.push(update);
  writer.on('update', listener);
  for (let i = from; i < from + count; i++) writer.getArray('a').push([i]);
  writer.off('update', listener);
  return updates;
}

/** The array `a` of a stored document. */
function stateOf(stored: StoredDocument): unknown[] {
  const doc = new Y.Doc();
  for (const part of stored.snapshot ?? []) Y.applyUpdate(doc, part);
  for (const update of stored.updates) Y.applyUpdate(doc, update);
  return doc.getArray('a').toArray();
}

/** A persister over a spied in-memory store whose snapshots are built only when `release` is called. */
function gatedPersister(compactAfterUpdates: number, encodeSmall: () => Uint8Array | undefined = () => undefined) {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  cleanups.push(() => db.close());
  const store = new SyncSpyDocumentStore(db.documents);
  const builds: { stored: StoredDocument; release: () => void; fail: (error: Error) => void }[] = [];
  const build: BuildSnapshot = (stored) =>
    new Promise((resolve, reject) => {
      builds.push({ stored, release: () => resolve(foldStored(stored.snapshot, stored.updates, { split: false })), fail: reject });
    });
  // The size rule never fires here (tiny updates under compactMinLogBytes): compactions come by count.
  const options = { persistDelayMs: 0, maxBatchUpdates: 1000, retryBaseMs: 5, retryMaxMs: 50, compactLogRatio: 0.5, compactMinLogBytes: 64 * 1024, compactAfterUpdates };
  // Unless `encodeSmall` says otherwise, every document counts as large: its snapshot is built by `build`.
  const persister = new UpdatePersister({
    docId: 'b1',
    store,
    logger: silentLogger,
    options,
    loaded: { snapshot: null, updates: [], lastSeq: 0 },
    buildSnapshot: build,
    encodeSmall,
    onCompacted: () => undefined,
  });
  const storeAll = (updates: readonly Uint8Array[]): boolean => {
    for (const update of updates) persister.enqueue(update);
    return persister.storeNow();
  };
  return { db, store, persister, builds, storeAll };
}

describe('compaction from the store', () => {
  it('keeps storing live updates at once while a snapshot is being built, and leaves them logged after it', async () => {
    const { db, store, builds, storeAll } = gatedPersister(5);
    const writer = new Y.Doc();
    expect(storeAll(pushes(0, 5, writer))).toBe(true);
    await expect.poll(() => builds.length).toBe(1);
    expect(builds[0]!.stored.lastSeq).toBe(5);
    // The snapshot is still being built: three more live updates are stored synchronously all the same.
    expect(storeAll(pushes(5, 3, writer))).toBe(true);
    builds[0]!.release();
    await expect.poll(() => store.compactions).toEqual([{ docId: 'b1', upToSeq: 5 }]);
    const stored = await db.documents.load('b1');
    expect(stored.snapshot).not.toBeNull();
    expect(stored.updates).toHaveLength(3);
    expect(stored.lastSeq).toBe(8);
    expect(stateOf(stored)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('encodes a small document from memory, as the state up to the last number stored, without a build', async () => {
    const writer = new Y.Doc();
    const { db, store, builds, storeAll } = gatedPersister(5, () => Y.encodeStateAsUpdate(writer));
    expect(storeAll(pushes(0, 5, writer))).toBe(true);
    await expect.poll(() => store.compactions).toEqual([{ docId: 'b1', upToSeq: 5 }]);
    expect(builds).toEqual([]);
    const stored = await db.documents.load('b1');
    expect(stored.updates).toEqual([]);
    expect(stateOf(stored)).toEqual([0, 1, 2, 3, 4]);
  });

  it('counts what was logged meanwhile towards the next compaction', async () => {
    const { store, builds, storeAll } = gatedPersister(5);
    const writer = new Y.Doc();
    storeAll(pushes(0, 5, writer));
    await expect.poll(() => builds.length).toBe(1);
    storeAll(pushes(5, 4, writer));
    builds[0]!.release();
    await expect.poll(() => store.compactions.length).toBe(1);
    // 4 logged after the snapshot; the fifth makes the next compaction due.
    storeAll(pushes(9, 1, writer));
    await expect.poll(() => builds.length).toBe(2);
    builds[1]!.release();
    await expect.poll(() => store.compactions).toEqual([
      { docId: 'b1', upToSeq: 5 },
      { docId: 'b1', upToSeq: 10 },
    ]);
  });

  it('stores nothing when the build fails, and tries again once a tenth of compactAfterUpdates more are stored', async () => {
    const { store, builds, storeAll } = gatedPersister(30);
    const writer = new Y.Doc();
    storeAll(pushes(0, 30, writer));
    await expect.poll(() => builds.length).toBe(1);
    builds[0]!.fail(new Error('worker gone (test)'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.compactions).toEqual([]);
    // Each try reads the whole log: not one per append.
    for (let i = 30; i < 32; i++) storeAll(pushes(i, 1, writer));
    await new Promise((resolve) => setImmediate(resolve));
    expect(builds).toHaveLength(1);
    storeAll(pushes(32, 1, writer));
    await expect.poll(() => builds.length).toBe(2);
    builds[1]!.release();
    await expect.poll(() => store.compactions).toEqual([{ docId: 'b1', upToSeq: 33 }]);
  });

  it('stores no snapshot for a document dropped while its snapshot was being built', async () => {
    const { store, persister, builds, storeAll } = gatedPersister(3);
    storeAll(pushes(0, 3));
    await expect.poll(() => builds.length).toBe(1);
    const dropped = persister.drop();
    builds[0]!.release();
    await dropped;
    expect(store.compactions).toEqual([]);
  });
});

describe('folding stored documents', () => {
  it('folds a snapshot and its log into one state, skipping an update that does not apply', () => {
    const writer = new Y.Doc();
    const first = pushes(0, 2, writer);
    const snapshot = foldStored(null, first, { split: false }).state;
    const later = pushes(2, 2, writer);
    // Cut off inside its first number: it cannot even be read.
    const broken = new Uint8Array([0xff]);
    const { state, skipped } = foldStored(snapshot, [broken, later[1]!], { split: false });
    expect(state).toHaveLength(1);
    expect(skipped).toBe(1);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state[0]!);
    expect(doc.getArray('a').toArray()).toEqual([0, 1]);
    // The update after the broken one waits for it, kept in the snapshot as Yjs keeps pending structs.
    Y.applyUpdate(doc, later[0]!);
    expect(doc.getArray('a').toArray()).toEqual([0, 1, 2, 3]);
  });

  it('packs the updates it sends into one array, and unpacks the same updates in order', () => {
    const updates = [new Uint8Array([1, 2, 3]), new Uint8Array([4]), ...pushes(0, 20)];
    const packed = packUpdates(updates);
    expect(packed.sizes).toHaveLength(updates.length);
    expect(packed.bytes.byteLength).toBe(updates.reduce((sum, update) => sum + update.byteLength, 0));
    expect(unpackUpdates(packed)).toEqual(updates);
    expect(unpackUpdates(packUpdates([]))).toEqual([]);
  });

  it('builds snapshots in a process of their own, the same as in-thread', async () => {
    const builder = new SnapshotBuilder(workerUrl);
    cleanups.push(() => builder.close());
    const updates = pushes(0, 50);
    const [inWorker, again] = await Promise.all([builder.build({ snapshot: null, updates }), builder.build({ snapshot: null, updates: updates.slice(0, 10) })]);
    const doc = new Y.Doc();
    expect(inWorker.state).toHaveLength(1);
    Y.applyUpdate(doc, inWorker.state[0]!);
    expect(doc.getArray('a').toArray()).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(inWorker.skipped).toBe(0);
    const partial = new Y.Doc();
    Y.applyUpdate(partial, again.state[0]!);
    expect(partial.getArray('a').length).toBe(10);
  });

  it.runIf(process.platform === 'linux')('runs every thread of the snapshot process at the background priority, leaving this process as it was', async () => {
    const before = threadNices('self');
    const own = getPriority(currentThreadId() ?? 0);
    const builder = new SnapshotBuilder(workerUrl);
    cleanups.push(() => builder.close());
    await builder.build({ snapshot: null, updates: pushes(0, 5) });
    const pid = builder.pid;
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    // V8's helper threads included: they collect the garbage of a fold.
    const nices = threadNices(pid!);
    expect(nices.length).toBeGreaterThan(1);
    expect(nices.every((nice) => nice === backgroundNice)).toBe(true);
    expect(threadNices('self').filter((nice) => nice === backgroundNice).length).toBe(before.filter((nice) => nice === backgroundNice).length);
    expect(getPriority(currentThreadId() ?? 0)).toBe(own);
  });

  it('sends a large fold or split a piece per event-loop turn, and answers as for one sent whole', async () => {
    const builder = new SnapshotBuilder(workerUrl);
    cleanups.push(() => builder.close());
    // A board of about 2.6 MB, stored in parts, and updates after it.
    const writer = new Y.Doc();
    writer.transact(() => {
      for (let i = 0; i < 20_000; i += 1) writer.getMap('items').set(`item${i}`, `${i}:${'x'.repeat(120)}`);
    });
    const whole = Y.encodeStateAsUpdate(writer);
    const parts = await builder.split(whole);
    expect(parts).not.toBeNull();
    const updates = pushes(0, 300, writer);
    expect(piecesOf({ kind: 'fold', snapshot: parts!.parts, updates: packUpdates(updates), split: false }).pieces.length).toBeGreaterThanOrEqual(5);
    expect(piecesOf({ kind: 'split', update: whole }).pieces.length).toBeGreaterThanOrEqual(5);
    // Byte for byte (compared as buffers: an element-wise comparison of megabytes takes seconds).
    const same = (a: readonly Uint8Array[], b: readonly Uint8Array[]): boolean => a.length === b.length && a.every((part, i) => Buffer.from(part).equals(b[i]!));
    /** The messages `work` sent: pieces first, each in a turn of its own, then the request. */
    const sentBy = async <T>(work: () => Promise<T>): Promise<[T, { kind: string; sameTurn: boolean }[]]> => {
      const from = sent.length;
      const result = await work();
      return [result, sent.slice(from)];
    };
    const [folded, foldSent] = await sentBy(() => builder.build({ snapshot: parts!.parts, updates }));
    expect(foldSent.length).toBeGreaterThanOrEqual(6);
    expect(foldSent.map((m) => m.kind)).toEqual([...foldSent.slice(1).map(() => 'piece'), 'fold']);
    expect(foldSent.every((m) => !m.sameTurn)).toBe(true);
    expect(folded.skipped).toBe(0);
    expect(same(folded.state, foldStored(parts!.parts, updates, { split: true }).state)).toBe(true);
    const [again, splitSent] = await sentBy(() => builder.split(whole));
    expect(splitSent.length).toBeGreaterThanOrEqual(6);
    expect(splitSent.map((m) => m.kind)).toEqual([...splitSent.slice(1).map(() => 'piece'), 'split']);
    expect(splitSent.every((m) => !m.sameTurn)).toBe(true);
    expect(same(again!.parts, parts!.parts)).toBe(true);
    expect(again!.clocks).toEqual(parts!.clocks);
    // A snapshot of one large part (a joining client's state): cut across it.
    const [joined, joinSent] = await sentBy(() => builder.encodeWhole({ snapshot: [whole], updates }));
    expect(joinSent.length).toBeGreaterThanOrEqual(6);
    expect(joinSent.every((m) => !m.sameTurn)).toBe(true);
    expect(Buffer.from(joined!).equals(foldStored([whole], updates, { split: false }).state[0]!)).toBe(true);
  });

  it.runIf(process.platform === 'linux')('lowers the snapshot process as it starts, before its own code runs', async () => {
    const builder = new SnapshotBuilder(workerUrl);
    cleanups.push(() => builder.close());
    const built = builder.build({ snapshot: null, updates: pushes(0, 5) });
    // In the turn that started it: the process is still starting Node, and has lowered nothing itself.
    const pid = builder.pid;
    expect(pid).toBeDefined();
    expect(threadNices(pid!)[0]).toBe(backgroundNice);
    expect((await built).state).toHaveLength(1);
  });

  it.runIf(process.platform === 'linux')('returns the heap of a large fold to the system soon after, long before the idle process is ended', async () => {
    const builder = new SnapshotBuilder(workerUrl);
    cleanups.push(() => builder.close());
    await builder.build({ snapshot: null, updates: pushes(0, 5) });
    const pid = builder.pid!;
    const rssMb = (): number => readRssMB(pid) ?? 0;
    const base = rssMb();
    const writer = new Y.Doc();
    writer.transact(() => {
      for (let i = 0; i < 40_000; i += 1) writer.getMap('items').set(`item${i}`, `${i}:${'x'.repeat(120)}`);
    });
    await builder.build({ snapshot: [Y.encodeStateAsUpdate(writer)], updates: [] });
    // The peak the fold reached (VmHWM), not a sample after it: the process may have collected part of it before answering.
    const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    expect(peak).toBeGreaterThan(base + 40);
    // Measured: 53 MB before, 166 MB after the fold, 108 MB once released; without the release it stays until the process ends.
    await vi.waitFor(() => expect(rssMb()).toBeLessThan(peak - 0.3 * (peak - base)), { timeout: releaseHeapAfterMs + 5000, interval: 100 });
    expect(builder.pid).toBe(pid);
  });

  it('ends the snapshot process after its idle time, and starts another for the next build', async () => {
    const builder = new SnapshotBuilder(workerUrl, { idleMs: 50 });
    cleanups.push(() => builder.close());
    await builder.build({ snapshot: null, updates: pushes(0, 5) });
    const first = builder.pid!;
    await vi.waitFor(() => expect(builder.pid).toBeUndefined(), { timeout: 5000, interval: 20 });
    // Gone for good, not just forgotten.
    await vi.waitFor(() => expect(existsSync(`/proc/${first}`)).toBe(false), { timeout: 5000, interval: 20 });
    const again = await builder.build({ snapshot: null, updates: pushes(0, 7) });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, again.state[0]!);
    expect(doc.getArray('a').length).toBe(7);
    expect(builder.pid).not.toBe(first);
  });

  it('rejects the pending build when the snapshot process dies, and replaces it on the next', async () => {
    const builder = new SnapshotBuilder(workerUrl);
    cleanups.push(() => builder.close());
    await builder.build({ snapshot: null, updates: pushes(0, 2) });
    const pending = expect(builder.build({ snapshot: null, updates: pushes(0, 2000) })).rejects.toThrow(/snapshot process stopped/);
    process.kill(builder.pid!, 'SIGKILL');
    await pending;
    const after = await builder.build({ snapshot: null, updates: pushes(0, 3) });
    expect(after.state).toHaveLength(1);
    expect(after.skipped).toBe(0);
  });

  it('rejects pending builds when it closes, and refuses new ones', async () => {
    const builder = new SnapshotBuilder(workerUrl);
    const pending = expect(builder.build({ snapshot: null, updates: pushes(0, 2000) })).rejects.toThrow(/closed/);
    await builder.close();
    await pending;
    await expect(builder.build({ snapshot: null, updates: [] })).rejects.toThrow(/closed/);
  });

  it('compacts a registry document through the worker and reloads the same state', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    const store = new SpyDocumentStore(db.documents);
    const registry = new DocumentRegistry(store, { sweepIntervalMs: 0, compactAfterUpdates: 10, snapshotWorkerUrl: workerUrl });
    cleanups.push(() => registry.close());
    const doc = await registry.open('b1');
    // 25 × 16 KB: past the size that is encoded on the event loop (`inThreadSnapshotBytes`) from the second compaction on.
    const entry = (i: number): string => `${i}:${'x'.repeat(16_000)}`;
    for (let i = 0; i < 25; i++) {
      doc.getArray('a').push([entry(i)]);
      await registry.whenPersisted('b1');
    }
    // The worker starts on first use: on a loaded machine that alone can take seconds.
    await expect.poll(() => store.compactions.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(store.loads).toBeGreaterThanOrEqual(2);
    await registry.close();
    const fresh = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: null });
    cleanups.push(() => fresh.close());
    expect((await fresh.open('b1')).getArray('a').toArray()).toEqual(Array.from({ length: 25 }, (_, i) => entry(i)));
  });
});
