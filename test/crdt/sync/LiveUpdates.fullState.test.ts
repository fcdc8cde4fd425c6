import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import type { DocumentLease } from '../../../crdt/documents/DocumentLease.js';
import { silentLogger } from '../../../crdt/documents/Logger.js';
import { LiveUpdates } from '../../../crdt/sync/LiveUpdates.js';
import { SqliteDatabase } from '../../../storage/index.js';

setFlagsFromString('--expose-gc');
/** V8's full collection (exposed to a fresh context by the flag above). */
const collectGarbage = runInNewContext('gc') as () => void;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function liveUpdatesOf(boardId: string): Promise<{ lease: DocumentLease; live: LiveUpdates }> {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: null });
  cleanups.push(() => db.close());
  cleanups.push(() => registry.close());
  await registry.create(boardId);
  const lease = await registry.acquire(boardId);
  cleanups.push(() => lease.release());
  const live = new LiveUpdates(lease, {
    boardId,
    logger: silentLogger,
    whenStored: () => Promise.resolve(),
    relay: () => {},
    scheduleFlush: () => {},
    flushSoon: () => {},
    applyOrigin: 'batch',
    onApplied: () => {},
  });
  cleanups.push(() => live.dispose());
  return { lease, live };
}

/** A weak reference to the messages a client joining now is sent (made in a function of its own, so no local keeps them). */
function joinMessages(live: LiveUpdates): WeakRef<readonly Uint8Array[]> {
  return new WeakRef(live.fullStateMessages());
}

describe('LiveUpdates.fullStateMessages', () => {
  it('shares the messages between clients joining while the document keeps its state', async () => {
    const { live } = await liveUpdatesOf('b-join');
    expect(live.fullStateMessages()).toBe(live.fullStateMessages());
  });

  it('lets go of the messages once the document has let go of the state they were made from', async () => {
    const { lease, live } = await liveUpdatesOf('b-edited');
    const joined = joinMessages(live);
    // An edit larger than half the kept state: the document stops following it and drops it.
    lease.doc.transact(() => lease.doc.getMap('items').set('note', 'x'.repeat(4096)));
    await expect
      .poll(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        collectGarbage();
        return joined.deref();
      })
      .toBeUndefined();
    // The next client still gets the whole board.
    const [stepTwo] = live.fullStateMessages();
    expect(stepTwo!.byteLength).toBeGreaterThan(4096);
  });
});
