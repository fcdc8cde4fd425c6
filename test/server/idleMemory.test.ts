import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentRegistry } from '../../crdt/index.js';
import { releaseMemoryWhenIdle } from '../../server/idleMemory.js';
import { loadMallocTrim } from '../../server/mallocTrim.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';

describe('releasing memory once the last board is unloaded', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    const documents = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, idleUnloadMs: 0 });
    cleanups.push(() => documents.close());
    const gc = vi.fn();
    const trim = vi.fn(() => true);
    const releaseMemory = vi.spyOn(db, 'releaseMemory');
    const stop = releaseMemoryWhenIdle(documents, { store: db, gc, trim, delayMs: 0 });
    cleanups.push(async () => stop());
    return { db, documents, gc, trim, releaseMemory };
  }

  it('releases the store\'s caches and asks for three full collections, off the sweep, when a sweep unloads the last documents', async () => {
    const { documents, gc, releaseMemory } = await setup();
    for (const id of ['brd_a', 'brd_b', 'brd_c']) await documents.open(id);
    expect(await documents.sweep()).toBe(3);
    await vi.waitFor(() => expect(gc).toHaveBeenCalledTimes(3));
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async' });
    expect(releaseMemory).toHaveBeenCalledTimes(1);
    // Nothing unloaded: nothing asked.
    expect(await documents.sweep()).toBe(0);
    expect(gc).toHaveBeenCalledTimes(3);
    expect(releaseMemory).toHaveBeenCalledTimes(1);
  });

  it('gives the allocator\'s free pages back once the three collections are done, and only then', async () => {
    const { documents } = await setup();
    const steps: string[] = [];
    const collectionsDone: (() => void)[] = [];
    const gc = vi.fn(() => {
      steps.push('gc');
      return new Promise<void>((resolve) => collectionsDone.push(() => (steps.push('collected'), resolve())));
    });
    const trim = vi.fn(() => (steps.push('trim'), true));
    const stop = releaseMemoryWhenIdle(documents, { gc, trim, delayMs: 0 });
    cleanups.push(async () => stop());
    await documents.open('brd_a');
    expect(await documents.sweep()).toBe(1);
    for (let i = 0; i < 3; i += 1) {
      await vi.waitFor(() => expect(collectionsDone).toHaveLength(i + 1));
      expect(trim).not.toHaveBeenCalled();
      collectionsDone[i]!();
    }
    await vi.waitFor(() => expect(trim).toHaveBeenCalledTimes(1));
    expect(steps).toEqual(['gc', 'collected', 'gc', 'collected', 'gc', 'collected', 'trim']);
  });

  it('gives nothing back when a board is loaded while the collections run', async () => {
    const { documents } = await setup();
    let collected: () => void = () => {};
    const gc = vi.fn(() => new Promise<void>((resolve) => (collected = resolve)));
    const trim = vi.fn(() => true);
    const stop = releaseMemoryWhenIdle(documents, { gc, trim, delayMs: 0 });
    cleanups.push(async () => stop());
    await documents.open('brd_a');
    expect(await documents.sweep()).toBe(1);
    await vi.waitFor(() => expect(gc).toHaveBeenCalledTimes(1));
    const lease = await documents.acquire('brd_b');
    for (let i = 1; i <= 3; i += 1) {
      collected();
      await vi.waitFor(() => expect(gc).toHaveBeenCalledTimes(Math.min(i + 1, 3)));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(trim).not.toHaveBeenCalled();
    lease.release();
  });

  it('without --expose-gc still releases the store\'s caches and gives the free pages back', async () => {
    const { db, documents } = await setup();
    const releaseMemory = vi.spyOn(db, 'releaseMemory');
    const trim = vi.fn(() => false);
    const stop = releaseMemoryWhenIdle(documents, { store: db, gc: undefined, trim, delayMs: 0 });
    cleanups.push(async () => stop());
    await documents.open('brd_a');
    expect(await documents.sweep()).toBe(1);
    // Once from the set-up's watcher, once from this one.
    await vi.waitFor(() => expect(releaseMemory).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(trim).toHaveBeenCalledTimes(1));
  });

  it('asks nothing when a board is loaded again before the collection is due', async () => {
    const { documents } = await setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    cleanups.push(async () => void vi.useRealTimers());
    const gc = vi.fn();
    const stop = releaseMemoryWhenIdle(documents, { gc, delayMs: 2_000 });
    cleanups.push(async () => stop());
    await documents.open('brd_a');
    expect(await documents.sweep()).toBe(1);
    const lease = await documents.acquire('brd_b');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(gc).not.toHaveBeenCalled();
    lease.release();
    // The next sweep that leaves nothing loaded asks, once the delay is over.
    expect(await documents.sweep()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(gc).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(gc).toHaveBeenCalledTimes(3);
  });

  it('asks nothing while a document stays loaded', async () => {
    const { documents, gc } = await setup();
    await documents.open('brd_a');
    const lease = await documents.acquire('brd_b');
    expect(await documents.sweep()).toBe(1);
    expect(gc).not.toHaveBeenCalled();
    lease.release();
    expect(await documents.sweep()).toBe(1);
    await vi.waitFor(() => expect(gc).toHaveBeenCalledTimes(3));
  });
});

describe('glibc\'s malloc_trim', () => {
  // The C library this Node runs on, as Node reports it: glibc's version, or none (musl, macOS, Windows).
  const glibc = (process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime;

  it.runIf(glibc !== undefined)('is built at install, loaded once, and says whether it gave pages back', () => {
    const trim = loadMallocTrim();
    expect(trim).toBeTypeOf('function');
    expect(typeof trim!()).toBe('boolean');
    expect(loadMallocTrim()).toBe(trim);
  });
});

describe('the sqlite store gives its page caches back', () => {
  it('reads and writes as before once it has freed its connections\' page caches', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'boards-release-'));
    const db = new SqliteDatabase({ dataDir: dir });
    try {
      const big = new Uint8Array(4000).fill(3);
      for (let i = 0; i < 300; i += 1) db.documents.appendNow(`d${i % 10}`, [big]);
      for (let i = 0; i < 10; i += 1) await db.documents.load(`d${i}`);
      db.releaseMemory();
      expect((await db.documents.load('d3')).updates).toHaveLength(30);
      db.documents.appendNow('d3', [big]);
      expect((await db.documents.load('d3')).updates).toHaveLength(31);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
