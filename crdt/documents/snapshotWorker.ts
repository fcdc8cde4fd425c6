import { parentPort, workerData } from 'node:worker_threads';
import * as Y from 'yjs';
// The module itself, not the storage index: a worker thread needs none of the adapters.
import { lowerThreadPriority } from '../../storage/threadPriority.js';
import { splitLoadAboveBytes, splitUpdate } from './splitUpdate.js';
import type { SplitUpdate } from './splitUpdate.js';

/** The `workerData` a snapshot worker is started with: importing this module anywhere else (a test, another worker) never takes over `parentPort`. */
export const snapshotWorkerData = { role: 'boards.snapshotWorker' } as const;

/** A stored document to fold into one snapshot: its last snapshot (in its stored parts) and the updates logged after it. */
export interface FoldRequest {
  id: number;
  kind: 'fold';
  snapshot: readonly Uint8Array[] | null;
  updates: readonly Uint8Array[];
}

/** A stored snapshot to split into parts for a load a few milliseconds per event-loop turn (`splitUpdate`). */
export interface SplitRequest {
  id: number;
  kind: 'split';
  update: Uint8Array;
}

export type SnapshotRequest = FoldRequest | SplitRequest;

/** A snapshot's parts in the order to apply them, and the state they reach (`splitUpdate`); null when it cannot be split. */
export type SplitState = SplitUpdate | null;

/** The answer to a `SnapshotRequest`, or why it failed. */
export type SnapshotAnswer = { id: number; state: Uint8Array[]; skipped: number } | { id: number; split: SplitState } | { id: number; error: string };

/** A folded snapshot: the parts to store (one, unless split), and how many stored updates did not apply. */
export interface Folded {
  state: Uint8Array[];
  skipped: number;
}

/**
 * The state of `snapshot` plus `updates`, encoded as one update, or with `split` and over
 * `splitLoadAboveBytes` as the parts of `splitUpdate` (a load then applies one per event-loop
 * turn without decoding the snapshot first). A stored update that does not apply is skipped and
 * counted, as at load (`ManagedDocument`): the snapshot drops it.
 */
export function foldStored(snapshot: readonly Uint8Array[] | null, updates: readonly Uint8Array[], options: { split: boolean }): Folded {
  const doc = new Y.Doc({ gc: true });
  let skipped = 0;
  let state: Uint8Array;
  try {
    doc.transact(() => {
      for (const part of snapshot ?? []) Y.applyUpdate(doc, part);
      for (const update of updates) {
        try {
          Y.applyUpdate(doc, update);
        } catch {
          skipped += 1;
        }
      }
    });
    state = Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
  if (!options.split || state.byteLength <= splitLoadAboveBytes) return { state: [state], skipped };
  return { state: splitUpdate(state)?.parts ?? [state], skipped };
}

/** The buffers under `parts`, each once (transferring one twice throws). */
function buffersOf(parts: readonly Uint8Array[]): ArrayBuffer[] {
  return [...new Set(parts.map((part) => part.buffer as ArrayBuffer))];
}

/** What answering `request` gives, and the buffers to transfer with it. */
function answer(request: SnapshotRequest): { answer: SnapshotAnswer; transfer: ArrayBuffer[] } {
  try {
    if (request.kind === 'split') {
      const split = splitUpdate(request.update);
      return { answer: { id: request.id, split }, transfer: split === null ? [] : buffersOf(split.parts) };
    }
    const folded = foldStored(request.snapshot, request.updates, { split: true });
    return { answer: { id: request.id, ...folded }, transfer: buffersOf(folded.state) };
  } catch (error) {
    return { answer: { id: request.id, error: error instanceof Error ? error.message : String(error) }, transfer: [] };
  }
}

// Runs in a worker thread (see `SnapshotBuilder`): folds stored documents into snapshots, or
// splits a snapshot for a load, off the event loop, one request at a time. Only when started
// as one (`snapshotWorkerData`).
if (parentPort && (workerData as { role?: unknown } | null)?.role === snapshotWorkerData.role) {
  const port = parentPort;
  // A snapshot can wait: on a shared core it must not halve the event loop's share.
  lowerThreadPriority();
  port.on('message', (request: SnapshotRequest) => {
    const reply = answer(request);
    port.postMessage(reply.answer, reply.transfer);
  });
}
