import { parentPort, workerData } from 'node:worker_threads';
import * as Y from 'yjs';
// The module itself, not the storage index: a worker thread needs none of the adapters.
import { lowerThreadPriority } from '../../storage/threadPriority.js';

/** The `workerData` a snapshot worker is started with: importing this module anywhere else (a test, another worker) never takes over `parentPort`. */
export const snapshotWorkerData = { role: 'boards.snapshotWorker' } as const;

/** A stored document to fold into one snapshot: its last snapshot and the updates logged after it. */
export interface SnapshotRequest {
  id: number;
  snapshot: Uint8Array | null;
  updates: Uint8Array[];
}

/** The snapshot of a `SnapshotRequest`, or why it could not be built. */
export type SnapshotAnswer = { id: number; state: Uint8Array; skipped: number } | { id: number; error: string };

/**
 * The state of `snapshot` plus `updates`, encoded as one update. A stored update that does not
 * apply is skipped and counted, as at load (`ManagedDocument`): the snapshot drops it.
 */
export function foldStored(snapshot: Uint8Array | null, updates: readonly Uint8Array[]): { state: Uint8Array; skipped: number } {
  const doc = new Y.Doc({ gc: true });
  let skipped = 0;
  try {
    doc.transact(() => {
      if (snapshot !== null) Y.applyUpdate(doc, snapshot);
      for (const update of updates) {
        try {
          Y.applyUpdate(doc, update);
        } catch {
          skipped += 1;
        }
      }
    });
    return { state: Y.encodeStateAsUpdate(doc), skipped };
  } finally {
    doc.destroy();
  }
}

// Runs in a worker thread (see `SnapshotBuilder`): folds stored documents into snapshots off
// the event loop, one request at a time. Only when started as one (`snapshotWorkerData`).
if (parentPort && (workerData as { role?: unknown } | null)?.role === snapshotWorkerData.role) {
  const port = parentPort;
  // A snapshot can wait: on a shared core it must not halve the event loop's share.
  lowerThreadPriority();
  port.on('message', (request: SnapshotRequest) => {
    let answer: SnapshotAnswer;
    try {
      answer = { id: request.id, ...foldStored(request.snapshot, request.updates) };
    } catch (error) {
      answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer, 'state' in answer ? [answer.state.buffer as ArrayBuffer] : []);
  });
}
