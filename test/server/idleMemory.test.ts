import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentRegistry } from '../../crdt/index.js';
import { releaseMemoryWhenIdle } from '../../server/idleMemory.js';
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
    const stop = releaseMemoryWhenIdle(documents, gc, 0);
    cleanups.push(async () => stop());
    return { documents, gc };
  }

  it('asks for three full collections, off the sweep, when a sweep unloads the last documents', async () => {
    const { documents, gc } = await setup();
    for (const id of ['brd_a', 'brd_b', 'brd_c']) await documents.open(id);
    expect(await documents.sweep()).toBe(3);
    await vi.waitFor(() => expect(gc).toHaveBeenCalledTimes(3));
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async' });
    // Nothing unloaded: nothing asked.
    expect(await documents.sweep()).toBe(0);
    expect(gc).toHaveBeenCalledTimes(3);
  });

  it('asks nothing when a board is loaded again before the collection is due', async () => {
    const { documents } = await setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    cleanups.push(async () => void vi.useRealTimers());
    const gc = vi.fn();
    const stop = releaseMemoryWhenIdle(documents, gc, 2_000);
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
