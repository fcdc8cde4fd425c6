import * as Y from 'yjs';
// The module itself, not the storage index: the snapshot process needs none of the adapters.
import { lowerProcessPriority } from '../../storage/threadPriority.js';
import { splitLoadAboveBytes, splitUpdate } from './splitUpdate.js';
import type { SplitUpdate } from './splitUpdate.js';

/**
 * The argument a snapshot process is started with (`SnapshotBuilder`): importing this module
 * anywhere else (a test, the server) never takes over the process's IPC channel.
 */
export const snapshotProcessFlag = '--boards-snapshot-process';

/**
 * A stored document to fold into one snapshot: its last snapshot (in its stored parts) and the
 * updates logged after it; `split`: a large one answered in parts to store (a compaction), else
 * whole (the state a joining client is sent).
 */
export interface FoldRequest {
  id: number;
  kind: 'fold';
  snapshot: readonly Uint8Array[] | null;
  updates: readonly Uint8Array[];
  split: boolean;
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

/** The answer to `request`. */
function answer(request: SnapshotRequest): SnapshotAnswer {
  try {
    if (request.kind === 'split') return { id: request.id, split: splitUpdate(request.update) };
    return { id: request.id, ...foldStored(request.snapshot, request.updates, { split: request.split }) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

// Runs as a child process of the server (see `SnapshotBuilder`): folds stored documents into
// snapshots, or splits a snapshot for a load, one request at a time. Only when started as one
// (`snapshotProcessFlag`, with an IPC channel).
const send = process.send?.bind(process);
if (send !== undefined && process.argv.includes(snapshotProcessFlag)) {
  // A snapshot can wait: on a shared core neither its work nor its garbage collection (on V8's
  // helper threads) may take the event loop's share.
  lowerProcessPriority();
  process.on('message', (request: SnapshotRequest) => {
    send(answer(request));
  });
  // The server is gone (ended, or killed): nothing more to do.
  process.on('disconnect', () => process.exit(0));
}
