import { afterEach, describe, expect, it } from 'vitest';
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
  /** Whether each board is still loaded: opening it again reads the store only when it is not (so call it last). */
  const loaded = async (boardIds: readonly string[]): Promise<boolean[]> => {
    const found: boolean[] = [];
    for (const boardId of boardIds) {
      const before = store.loads;
      await registry.open(boardId);
      found.push(store.loads === before);
    }
    return found;
  };
  return { clock, registry, loaded };
}

/** Opens each board in turn (no lease), `stepMs` of the clock apart. */
async function openInTurn(registry: DocumentRegistry, clock: ManualClock, boardIds: readonly string[], stepMs: number): Promise<void> {
  for (const boardId of boardIds) {
    await registry.open(boardId);
    clock.advance(stepMs);
  }
}

const boards = (count: number): string[] => Array.from({ length: count }, (_, i) => `b${i}`);

describe('idle unload under pressure', () => {
  it('keeps the idle delay (60 s by default) while no more than keptIdleDocuments (64 by default) are idle', async () => {
    const { clock, registry } = setup();
    await openInTurn(registry, clock, boards(64), 0);
    clock.advance(59_999);
    expect(await registry.sweep()).toBe(0);
    clock.advance(1);
    expect(await registry.sweep()).toBe(64);
  });

  it('past keptIdleDocuments, unloads the least recently used idle documents once unused for pressureUnloadMs (5 s by default)', async () => {
    const { clock, registry, loaded } = setup();
    // b0 used first, b64 last, 1 ms apart: one idle document more than are kept.
    await openInTurn(registry, clock, boards(65), 1);
    clock.advance(4_999 - 65);
    expect(await registry.sweep()).toBe(0);
    clock.advance(1);
    expect(await registry.sweep()).toBe(1);
    expect(registry.stats().loadedDocuments).toBe(64);
    // 64 idle again: the others wait for the whole idle delay.
    clock.advance(50_000);
    expect(await registry.sweep()).toBe(0);
    expect(await loaded(['b1', 'b64', 'b0'])).toEqual([true, true, false]);
  });

  it('unloads those past the kept ones oldest first, each after pressureUnloadMs, and keeps the most recently used', async () => {
    const { clock, registry, loaded } = setup({ keptIdleDocuments: 2, pressureUnloadMs: 5_000 });
    await openInTurn(registry, clock, ['b1', 'b2', 'b3', 'b4'], 1_000);
    // Now b1 was used 4 s ago, b4 1 s ago.
    clock.advance(999);
    expect(await registry.sweep()).toBe(0);
    clock.advance(1);
    expect(await registry.sweep()).toBe(1);
    clock.advance(1_000);
    expect(await registry.sweep()).toBe(1);
    clock.advance(1_000);
    expect(await registry.sweep()).toBe(0);
    expect(await loaded(['b3', 'b4', 'b1', 'b2'])).toEqual([true, true, false, false]);
  });

  it('never unloads a leased document, and keeps as many idle ones as are leased when that is more', async () => {
    const { clock, registry } = setup({ keptIdleDocuments: 1, pressureUnloadMs: 5_000 });
    const leases = [await registry.acquire('l1'), await registry.acquire('l2')];
    await openInTurn(registry, clock, ['b1', 'b2', 'b3'], 1);
    clock.advance(59_000);
    // Two leased, so two idle documents kept: only the oldest of the three goes.
    expect(await registry.sweep()).toBe(1);
    expect(registry.stats()).toMatchObject({ loadedDocuments: 4, leases: 2 });
    clock.advance(1_000);
    expect(await registry.sweep()).toBe(2);
    clock.advance(600_000);
    expect(await registry.sweep()).toBe(0);
    expect(registry.stats()).toMatchObject({ loadedDocuments: 2, leases: 2 });
    // Released: two idle documents, one kept.
    for (const lease of leases) lease.release();
    clock.advance(4_999);
    expect(await registry.sweep()).toBe(0);
    clock.advance(1);
    expect(await registry.sweep()).toBe(1);
    clock.advance(55_000);
    expect(await registry.sweep()).toBe(1);
  });
});
