import { setImmediate as nextTurn } from 'node:timers/promises';
import * as Y from 'yjs';
import type { StoredDocument } from '../../storage/index.js';
import type { Logger } from './Logger.js';
import type { SplitState } from './snapshotWorker.js';
import { splitLoadAboveBytes } from './splitUpdate.js';

/** Origin of the transaction that applies the stored state on load; never persisted again. */
export const loadOrigin: unique symbol = Symbol('boards.load');

/** How a stored document is applied at load (see `loadStoredDocument`). */
export interface DocumentLoadOptions {
  /** Milliseconds of logged updates applied per event-loop turn at load (at least one update a turn). */
  loadMsPerTurn: number;
  /** Splits a large snapshot stored whole into parts that apply one per event-loop turn. */
  split?: (update: Uint8Array) => Promise<SplitState>;
}

/** A stored document applied to a new `Y.Doc` by `loadStoredDocument`. */
export interface LoadedDocument {
  doc: Y.Doc;
  /** Bytes of the snapshot's parts and of the logged updates that applied. */
  sizeBytes: number;
  /** The snapshot's parts, as stored. */
  parts: readonly Uint8Array[];
  /** The logged updates as applied; undefined when one did not apply (it may have applied in part). */
  logged: readonly Uint8Array[] | undefined;
}

/** Applies the parts of a snapshot to `doc` in order, one per event-loop turn; throws what a part that does not apply throws. */
async function applyPartPerTurn(doc: Y.Doc, parts: readonly Uint8Array[]): Promise<void> {
  for (const [index, part] of parts.entries()) {
    if (index > 0) await nextTurn();
    Y.applyUpdate(doc, part, loadOrigin);
  }
}

/**
 * Applies `snapshot` to the empty `doc` in the parts `split` gives, one per event-loop turn.
 * False when it could not (no parts, a part failed, or the result misses the snapshot's state):
 * `doc` may then hold part of it and must be dropped.
 */
async function applyInParts(doc: Y.Doc, snapshot: Uint8Array, split: (update: Uint8Array) => Promise<SplitState>, logger: Logger, id: string): Promise<boolean> {
  let parts: SplitState;
  try {
    parts = await split(snapshot);
  } catch (error) {
    logger.warn({ err: error, docId: id }, 'Could not split a large snapshot; loading it whole');
    return false;
  }
  if (parts === null) return false;
  try {
    await applyPartPerTurn(doc, parts.parts);
  } catch (error) {
    logger.error({ err: error, docId: id }, 'A part of a split snapshot did not apply; loading it whole');
    return false;
  }
  const { store } = doc;
  const reached = Y.decodeStateVector(Y.encodeStateVector(doc));
  const whole = reached.size === parts.clocks.length && parts.clocks.every(([client, clock]) => reached.get(client) === clock);
  if (store.pendingStructs !== null || store.pendingDs !== null || !whole) {
    logger.error({ docId: id }, 'A split snapshot did not give its whole state; loading it whole');
    return false;
  }
  return true;
}

/**
 * Applies a stored document to a new `Y.Doc`: its snapshot, then its logged updates, in one
 * transaction per `options.loadMsPerTurn` of them and event-loop turn (one that does not apply is
 * logged and skipped; the next compaction drops it). A large board's snapshot loads a part per
 * event-loop turn (a few milliseconds at a time instead of one apply of a few hundred at 10k items):
 * - stored in parts (compaction splits a large one), as stored;
 * - stored whole and over `splitLoadAboveBytes`, in the parts `options.split` gives; when a
 *   part fails, or the parts do not reach the snapshot's state vector, the snapshot is applied
 *   whole on a fresh document instead.
 * Every transaction has `loadOrigin`. Throws what a snapshot (or a part of it) that does not apply throws.
 */
export async function loadStoredDocument(id: string, stored: StoredDocument, logger: Logger, options: DocumentLoadOptions): Promise<LoadedDocument> {
  let doc = new Y.Doc({ gc: true });
  const parts = stored.snapshot ?? [];
  /** Parts of the snapshot applied before the log's first slice (which applies the rest). */
  let partsApplied = 0;
  const [whole] = parts;
  if (parts.length > 1) {
    // Stored in parts by compaction: one per turn. A part that does not apply fails the load,
    // as a whole snapshot does: skipping it would lose the board at the next compaction.
    await applyPartPerTurn(doc, parts);
    if (doc.store.pendingStructs !== null || doc.store.pendingDs !== null) {
      // Kept, not lost: Yjs encodes pending structs with the state, and they apply once what they need arrives.
      logger.error({ docId: id, parts: parts.length }, 'A snapshot stored in parts left structs pending');
    }
    partsApplied = parts.length;
  } else if (whole !== undefined && options.split !== undefined && whole.byteLength > splitLoadAboveBytes) {
    if (await applyInParts(doc, whole, options.split, logger, id)) partsApplied = 1;
    else {
      doc.destroy();
      doc = new Y.Doc({ gc: true });
    }
  }
  let sizeBytes = 0;
  let index = 0;
  let first = true;
  /** The logged updates as applied, for `encodedState`; none when one did not apply. */
  let logged: Uint8Array[] | undefined = [];
  // The log, in one transaction per `options.loadMsPerTurn` and event-loop turn (a large board's log is up to half its snapshot).
  do {
    if (!first) await nextTurn();
    const sliceStart = performance.now();
    doc.transact(() => {
      if (first) {
        for (const [index, part] of parts.entries()) {
          if (index >= partsApplied) Y.applyUpdate(doc, part, loadOrigin);
          sizeBytes += part.byteLength;
        }
      }
      // At least one update per turn, checked after it: a slow one still moves the load on.
      while (index < stored.updates.length) {
        const update = stored.updates[index] as Uint8Array;
        try {
          Y.applyUpdate(doc, update, loadOrigin);
          sizeBytes += update.byteLength;
          logged?.push(update);
        } catch (error) {
          // One undecodable entry must not make the whole board unloadable; the next compaction drops it.
          logger.error({ err: error, docId: id, index, bytes: update.byteLength }, 'Skipped a stored update that does not apply');
          // It may have applied in part: the state is encoded from the document when first asked for.
          logged = undefined;
        }
        index += 1;
        if (performance.now() - sliceStart >= options.loadMsPerTurn) break;
      }
    }, loadOrigin);
    first = false;
  } while (index < stored.updates.length);
  return { doc, sizeBytes, parts, logged };
}
