import type BetterSqlite3 from 'better-sqlite3';
import { StorageError } from '../errors.js';
import { isPartSizes } from '../snapshotParts.js';
import { bytesOf, nextTurn } from './turns.js';

/**
 * Bytes of snapshot written (or freed) per event-loop turn. A snapshot up to this size is stored
 * inline in its `doc_snapshots` row in one transaction; a larger one goes into
 * `doc_snapshot_parts` a few parts per turn (see `SqliteDocumentStore.compact`): writing the
 * 4 MB of a 10k-item board in one transaction held the event loop for 7 to 27 ms, and a disk
 * slow to take the pages for as long as it was slow.
 */
export const snapshotBytesPerTurn = 256 * 1024;

/** Parts of a replaced snapshot deleted per turn (a large snapshot's parts are tens of KB each). */
const partsFreedPerTurn = 4;

/** The row of a document's snapshot: inline (`gen` null, `data` its parts end to end) or in `doc_snapshot_parts` under `gen`. */
export type SnapshotRow = { seq: number; data: Buffer; parts: string | null; gen: number | null };

/** A load reading a document over several turns: `delete` marks it, and it reads again. */
export type Reading = { deleted: boolean };

/** A compaction's turns: a delete of its document sets `cancelled`, and it stops. */
export type CompactionState = { cancelled: boolean };

/**
 * The snapshots stored in `doc_snapshot_parts`, a generation per snapshot, read and written a
 * few parts per event-loop turn, and the loads reading them: the parts of a replaced generation
 * are freed only once no load reads the document.
 */
export class SqliteSnapshotParts {
  readonly #partsBetween: BetterSqlite3.Statement;
  readonly #lastPart: BetterSqlite3.Statement;
  readonly #genOf: BetterSqlite3.Statement;
  readonly #insert: (docId: string, gen: number, firstIdx: number, parts: readonly Uint8Array[]) => void;
  readonly #deleteBelow: BetterSqlite3.Statement;
  readonly #deleteAll: BetterSqlite3.Statement;
  /** Loads reading a document over several turns, by document. */
  readonly #reading = new Map<string, Set<Reading>>();
  /** Generation of the next snapshot written in parts (above every one stored). */
  #nextGen: number;

  constructor(db: BetterSqlite3.Database) {
    this.#nextGen = (db.prepare('SELECT coalesce(max(gen), 0) + 1 AS gen FROM doc_snapshots').get() as { gen: number }).gen;
    this.#partsBetween = db.prepare('SELECT idx, data FROM doc_snapshot_parts WHERE doc_id = ? AND gen = ? AND idx >= ? AND idx < ? ORDER BY idx');
    this.#genOf = db.prepare('SELECT gen FROM doc_snapshots WHERE doc_id = ?').pluck();
    const insertPart = db.prepare('INSERT INTO doc_snapshot_parts (doc_id, gen, idx, data) VALUES (?, ?, ?, ?)');
    this.#insert = db.transaction((docId: string, gen: number, firstIdx: number, parts: readonly Uint8Array[]) => {
      parts.forEach((part, i) => insertPart.run(docId, gen, firstIdx + i, part));
    });
    this.#deleteBelow = db.prepare('DELETE FROM doc_snapshot_parts WHERE doc_id = ? AND gen = ? AND idx < ?');
    this.#deleteAll = db.prepare('DELETE FROM doc_snapshot_parts WHERE doc_id = ?');
    this.#lastPart = db.prepare('SELECT coalesce(max(idx), -1) FROM doc_snapshot_parts WHERE doc_id = ? AND gen = ?').pluck();
  }

  /** A generation above every one stored or given, for a new snapshot's parts. */
  nextGen(): number {
    return this.#nextGen++;
  }

  /** The generation of the document's snapshot: null when it is inline, undefined when it has none. */
  genOf(docId: string): number | null | undefined {
    return this.#genOf.get(docId) as number | null | undefined;
  }

  /** Registers a load reading the document over several turns, until `stopReading`. */
  startReading(docId: string): Reading {
    const reading: Reading = { deleted: false };
    const readers = this.#reading.get(docId) ?? new Set<Reading>();
    this.#reading.set(docId, readers.add(reading));
    return reading;
  }

  /** Ends a load's reading: once none reads the document, `free` goes on deleting its replaced parts. */
  stopReading(docId: string, reading: Reading): void {
    const readers = this.#reading.get(docId);
    if (readers === undefined) return;
    readers.delete(reading);
    if (readers.size === 0) this.#reading.delete(docId);
  }

  /** Deletes every part of the document, of every generation (run within the transaction of its delete). */
  removeDocument(docId: string): void {
    this.#deleteAll.run(docId);
  }

  /** Tells the loads reading the document that it was deleted. */
  markDeleted(docId: string): void {
    for (const reading of this.#reading.get(docId) ?? []) reading.deleted = true;
  }

  /**
   * The parts of a snapshot stored in `doc_snapshot_parts`, about `snapshotBytesPerTurn` a turn;
   * undefined when the document was deleted meanwhile (read it again). Throws StorageError
   * `storage_damaged` when a part is missing or not the size recorded.
   */
  async read(docId: string, row: SnapshotRow): Promise<Uint8Array[] | undefined> {
    const sizes = row.parts === null ? undefined : parseSizes(row.parts);
    if (!isPartSizes(sizes)) throw damagedParts(row);
    const rows: { idx: number; data: Buffer }[] = [];
    for (const [i, { from, to }] of rangesOf(sizes, snapshotBytesPerTurn).entries()) {
      if (i > 0) await nextTurn();
      rows.push(...(this.#partsBetween.all(docId, row.gen, from, to) as { idx: number; data: Buffer }[]));
    }
    const lastIdx = this.#lastPart.get(docId, row.gen) as number;
    const whole = rows.length === sizes.length && lastIdx === sizes.length - 1 && rows.every((part, i) => part.idx === i && part.data.byteLength === sizes[i]);
    if (whole) return rows.map((part) => bytesOf(part.data));
    // Deleted (or replaced, after a delete) meanwhile: read again.
    if (this.genOf(docId) !== row.gen) return undefined;
    throw damagedParts(row);
  }

  /**
   * Writes the snapshot's parts under `gen`, about `snapshotBytesPerTurn` a turn; false when a
   * delete of the document cancelled it (the delete removed every part written, these included).
   */
  async write(docId: string, gen: number, snapshot: readonly Uint8Array[], sizes: readonly number[], state: CompactionState): Promise<boolean> {
    for (const [i, { from, to }] of rangesOf(sizes, snapshotBytesPerTurn).entries()) {
      if (i > 0) await nextTurn();
      if (state.cancelled) return false;
      this.#insert(docId, gen, from, snapshot.slice(from, to));
    }
    return true;
  }

  /** Deletes every part of a generation at once (a compaction that failed before storing it). */
  discard(docId: string, gen: number): void {
    this.#deleteBelow.run(docId, gen, Number.MAX_SAFE_INTEGER);
  }

  /** Deletes the parts of a generation no snapshot points at any more, a few per turn. */
  async free(docId: string, gen: number, state: CompactionState): Promise<void> {
    const last = this.#lastPart.get(docId, gen) as number;
    for (let below = 0; below <= last; ) {
      await nextTurn();
      if (state.cancelled) return;
      // A load may be reading them (it read which generation before this one replaced it).
      if (this.#reading.has(docId)) continue;
      below += partsFreedPerTurn;
      this.#deleteBelow.run(docId, gen, below);
    }
  }
}

/** The part sizes stored in `doc_snapshots.parts`; what is not JSON is left to `unpackSnapshot` to refuse. */
export function parseSizes(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function damagedParts(row: SnapshotRow): StorageError {
  return new StorageError('storage_damaged', `A stored snapshot's parts (generation ${row.gen}) are missing or not the sizes recorded.`);
}

/** Consecutive index ranges [from, to) of parts of these sizes, about `bytes` each (a larger part alone). */
function rangesOf(sizes: readonly number[], bytes: number): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  let from = 0;
  let size = 0;
  sizes.forEach((partSize, idx) => {
    if (idx > from && size + partSize > bytes) {
      ranges.push({ from, to: idx });
      from = idx;
      size = 0;
    }
    size += partSize;
  });
  if (sizes.length > from) ranges.push({ from, to: sizes.length });
  return ranges;
}
