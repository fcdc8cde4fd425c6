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
  updates: PackedUpdates;
  split: boolean;
  /** Sent in pieces ahead of it (`PieceRequest`): the sizes of the snapshot's parts, end to end in the pieces' bytes. */
  pieceSizes?: number[];
}

/**
 * Updates end to end, with the size of each: they cross the channel as one typed array, in one
 * copy, where thousands of small ones would each cost a call of the channel's serializer on the
 * event loop (10,000 updates of 180 bytes beside a 4 MB snapshot: 10 to 12 ms to send, against 2
 * to 7 ms packed).
 */
export interface PackedUpdates {
  bytes: Uint8Array;
  sizes: Uint32Array;
}

/** `updates` as one `PackedUpdates`. */
export function packUpdates(updates: readonly Uint8Array[]): PackedUpdates {
  const sizes = new Uint32Array(updates.length);
  let total = 0;
  updates.forEach((update, i) => {
    sizes[i] = update.byteLength;
    total += update.byteLength;
  });
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const update of updates) {
    bytes.set(update, offset);
    offset += update.byteLength;
  }
  return { bytes, sizes };
}

/** The updates of `packed`, as views of its bytes. */
export function unpackUpdates(packed: PackedUpdates): Uint8Array[] {
  const updates: Uint8Array[] = [];
  let offset = 0;
  for (const size of packed.sizes) {
    updates.push(packed.bytes.subarray(offset, offset + size));
    offset += size;
  }
  return updates;
}

/** A stored snapshot to split into parts for a load a few milliseconds per event-loop turn (`splitUpdate`). */
export interface SplitRequest {
  id: number;
  kind: 'split';
  update: Uint8Array;
  /** Sent in pieces ahead of it (`PieceRequest`): the update's size, its bytes those of the pieces. */
  pieceSizes?: number[];
}

/**
 * Bytes of a large request sent ahead of it, a piece per event-loop turn (`SnapshotBuilder`): a
 * fold's snapshot parts or a split's update, end to end and cut in pieces; the request then
 * gives the sizes to cut them back into (`pieceSizes`).
 */
export interface PieceRequest {
  id: number;
  kind: 'piece';
  chunks: Uint8Array[];
}

export type SnapshotRequest = FoldRequest | SplitRequest | PieceRequest;

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

/** Pieces received ahead of their request, by request id. */
const received = new Map<number, Uint8Array[]>();

/** `request` with the bytes sent ahead of it in pieces, cut back into the parts (or the update) they were. */
function withPieces(request: FoldRequest | SplitRequest): FoldRequest | SplitRequest {
  const chunks = received.get(request.id) ?? [];
  received.delete(request.id);
  if (request.pieceSizes === undefined) return request;
  const { bytes } = packUpdates(chunks);
  if (bytes.byteLength !== request.pieceSizes.reduce((sum, size) => sum + size, 0)) throw new Error('The pieces of a request do not add up to its sizes.');
  const blobs = unpackUpdates({ bytes, sizes: Uint32Array.from(request.pieceSizes) });
  return request.kind === 'fold' ? { ...request, snapshot: blobs } : { ...request, update: blobs[0] ?? new Uint8Array() };
}

/** The answer to `request`. */
function answer(request: FoldRequest | SplitRequest): SnapshotAnswer {
  try {
    const whole = withPieces(request);
    if (whole.kind === 'split') return { id: whole.id, split: splitUpdate(whole.update) };
    return { id: whole.id, ...foldStored(whole.snapshot, unpackUpdates(whole.updates), { split: whole.split }) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Milliseconds without a request after which the snapshot process returns the heap of its last board to the system. */
export const releaseHeapAfterMs = 1000;

/**
 * Collects the garbage of the last request (the process is started with `--expose-gc`), so the
 * heap a large board's fold left goes back to the system now, a page at a time, rather than all
 * at once when the idle process is ended. The kernel frees a dying process's memory in one
 * stretch that its low priority does not shorten: on the event loop's core that held the loop
 * 20 ms (a server pinned to one core, its snapshot process ending after a 10k-item board's
 * fold) and 33 ms for a 300 MB heap.
 */
function releaseHeap(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

// Runs as a child process of the server (see `SnapshotBuilder`): folds stored documents into
// snapshots, or splits a snapshot for a load, one request at a time. Only when started as one
// (`snapshotProcessFlag`, with an IPC channel).
const send = process.send?.bind(process);
if (send !== undefined && process.argv.includes(snapshotProcessFlag)) {
  // A snapshot can wait: on a shared core neither its work nor its garbage collection (on V8's
  // helper threads) may take the event loop's share.
  lowerProcessPriority();
  let release: NodeJS.Timeout | undefined;
  process.on('message', (request: SnapshotRequest) => {
    clearTimeout(release);
    if (request.kind === 'piece') received.set(request.id, [...(received.get(request.id) ?? []), ...request.chunks]);
    else send(answer(request));
    release = setTimeout(releaseHeap, releaseHeapAfterMs);
  });
  // The server is gone (ended, or killed): nothing more to do.
  process.on('disconnect', () => process.exit(0));
}
