import { Binary } from 'mongodb';
import type { DocumentStore, LogTail, StoredDocument } from '../DocumentStore.js';
import type { MongoDbPort, MongoDocument } from './driverPort.js';
import { isDuplicateKeyError } from './driverPort.js';
import { documentCollections, writeOptions } from './documentCollections.js';
import { StorageError } from '../errors.js';
import { compactDocument } from './mongoCompaction.js';
import { KeyedChain } from '../KeyedChain.js';
import { unpackSnapshot } from '../snapshotParts.js';
import type { DocumentMeta } from './documentMeta.js';
import { documentMeta, snapshotGeneration, snapshotGenerationAtMost } from './documentMeta.js';
import type { ReadEntry } from './logGaps.js';
import { contiguousEnd, missingAfter, reservedBefore } from './logGaps.js';


/**
 * Updates of a log read per query by `load`: the driver decodes a query's answer on the event
 * loop, so a log of 10,000 updates is read as ten answers of bounded size, each decoded in its
 * own turn, never as one.
 */
const logRowsPerQuery = 1000;

/**
 * How long a reserved sequence number may stay unwritten before a load marks it abandoned (its
 * writer died, or its append failed): an append writes its numbers within moments of reserving
 * them. Only how soon the log moves past such a number depends on it (and on the processes'
 * clocks): a writer slower than this finds its number taken and writes its updates again.
 */
export const abandonedAfterMs = 30_000;

/** Reads of one `load` before it gives up: a delete or a number marked abandoned meanwhile makes it read again. */
const readAttempts = 3;

/** A load in progress: a `delete` overlapping it marks it, and it reads again once the delete is done (so a deleted document loads empty, not half read). */
type Reading = { deleted: boolean };

/**
 * What one read of a document found: its snapshot of the current generation, the log entries
 * after `base` (the highest of the number asked for, the snapshot's and `deletedSeq`), and the
 * last number up to which none is missing.
 */
type LogRead = { snapshot: MongoDocument | null; base: number; entries: ReadEntry[]; lastSeq: number };

/** Options of a `MongoDocumentStore`. */
export interface MongoDocumentStoreOptions {
  /** The clock reservations are stamped with and compared to `abandonedAfterMs` by; default `Date.now`. */
  now?: () => number;
}

const empty = (): StoredDocument => ({ snapshot: null, updates: [], lastSeq: 0 });

function bytes(data: unknown): Uint8Array {
  if (data instanceof Binary) return new Uint8Array(data.value());
  if (data instanceof Uint8Array) return new Uint8Array(data);
  throw new TypeError(`Stored document data is not binary (${typeof data}).`);
}

/**
 * Board documents in MongoDB, safe for several processes writing one document, without
 * multi-document transactions:
 * - `doc_meta` {_id: docId, seq, at, deletedSeq, deletions} (`DocumentMeta`): an append reserves
 *   N sequence numbers with one `$inc`, then writes `doc_updates` {docId, seq, data, at} with one
 *   ordered `insertMany`. Another process's append may be written in between, so a load may find
 *   a number missing while later ones are there: it returns every update it read, but reports as
 *   `lastSeq` only the last number up to which none is missing. A compaction of what it read
 *   covers that number and trims no further, so an update still being written is never trimmed
 *   nor hidden behind a snapshot (unlike PostgreSQL, appends here do not become visible in
 *   number order).
 * - A number still missing `abandonedAfterMs` after it was reserved is marked abandoned by the
 *   load that finds it: an entry {docId, seq, abandoned: true} under the unique index
 *   (docId, seq). Of the writer and the load, the first to write the number wins: a writer that
 *   comes later fails on the index and appends its updates again under new numbers (replaying a
 *   Yjs update twice changes nothing). Marks are kept until the document is deleted (trimming one
 *   would let its writer in after all), and are few: one per number of an append that failed.
 * - `doc_snapshots` {_id: docId, seq, data, parts?, fence, generation}: `parts` holds the part
 *   sizes of a snapshot stored in parts (`StoredDocument.snapshot`), `data` their bytes end to
 *   end. Compaction first stores the snapshot (only if it is not older than the stored one),
 *   then trims the log up to its seq. Load ignores log entries at or below the snapshot's seq,
 *   so a crash between the two steps loses nothing.
 * - A delete marks `doc_meta` in one write that checks the counter did not move: `deletedSeq` =
 *   the counter, and one more `deletions` (the generation). Log entries up to `deletedSeq` and
 *   snapshots of an earlier generation are never read again, whenever they are removed, and a
 *   compaction up to a number at or below `deletedSeq` (what was read before the delete) is
 *   ignored, so nothing brings the document back; a compaction racing the delete stores its
 *   snapshot under the old generation, where no load reads it, and removes it. Numbers go on
 *   from the counter, as in PostgreSQL (`deleted_seq`).
 */
export class MongoDocumentStore implements DocumentStore {
  readonly #db: MongoDbPort;
  readonly #ready: () => Promise<void>;
  readonly #now: () => number;
  /** Appends per document in this process, chained so their writes land in sequence order. */
  readonly #appendChains = new KeyedChain();
  /** Loads in progress per document, marked by a `delete` that ends while they read. */
  readonly #reading = new Map<string, Set<Reading>>();
  /** Deletes in progress in this process, per document. */
  readonly #deleting = new Map<string, Promise<void>>();

  /** `ready` resolves once the store's indexes exist (it is called before every operation). */
  constructor(db: MongoDbPort, ready: () => Promise<void>, options: MongoDocumentStoreOptions = {}) {
    this.#db = db;
    this.#ready = ready;
    this.#now = options.now ?? Date.now;
  }

  get #updates() {
    return this.#db.collection(documentCollections.updates);
  }

  get #snapshots() {
    return this.#db.collection(documentCollections.snapshots);
  }

  get #meta() {
    return this.#db.collection(documentCollections.meta);
  }

  async #readMeta(docId: string): Promise<DocumentMeta> {
    return documentMeta(docId, await this.#meta.findOne({ _id: docId }));
  }

  async append(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    // In call order within this process: each writer's updates keep their order in the log.
    return this.#appendChains.run(docId, () => this.#appendNow(docId, updates));
  }

  async #appendNow(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    await this.#ready();
    if (updates.length === 0) return (await this.load(docId)).lastSeq;
    for (;;) {
      const reservedAt = this.#now();
      const counter = await this.#meta.findOneAndUpdate(
        { _id: docId },
        { $inc: { seq: updates.length }, $set: { at: reservedAt } },
        { ...writeOptions, returnDocument: 'after', upsert: true },
      );
      const reserved = documentMeta(docId, counter);
      const last = reserved.seq;
      const first = last - updates.length + 1;
      const docs = updates.map((data, i): MongoDocument => ({ docId, seq: first + i, data: new Binary(data), at: reservedAt }));
      try {
        await this.#updates.insertMany(docs, { ...writeOptions, ordered: true });
        return last;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      // A load marked a number of this append abandoned (it took longer than `abandonedAfterMs`):
      // append the updates again under new numbers, unless the document was deleted meanwhile
      // (then they went with it, as an append before the delete).
      if ((await this.#readMeta(docId)).generation !== reserved.generation) return last;
    }
  }

  /**
   * The snapshot and the updates logged after it. The log is read first, `logRowsPerQuery`
   * updates per query in sequence order, then the snapshot: a compaction meanwhile only makes the
   * snapshot newer than some of the updates read (they are dropped) or trims updates not read yet
   * (the snapshot read afterwards covers them), so no update goes missing. `lastSeq` is the last
   * number up to which no number is missing (see the class comment); updates read after a
   * missing one are returned too. A delete meanwhile, in this process or another, makes it read
   * again, and so does marking numbers abandoned.
   */
  async load(docId: string): Promise<StoredDocument> {
    const { snapshot, base, entries, lastSeq } = await this.#readSettled(docId, 0);
    if (snapshot === null && lastSeq === base) return empty();
    return {
      snapshot: snapshot ? unpackSnapshot(bytes(snapshot['data']), snapshot['parts'] ?? null) : null,
      updates: entries.map((entry) => entry.update as Uint8Array),
      lastSeq,
    };
  }

  /**
   * The log after `afterSeq`, read as `load` reads it (the snapshot after the log, so that a
   * compaction meanwhile is seen); null when the snapshot or a delete covers a number after it.
   */
  async readLogAfter(docId: string, afterSeq: number): Promise<LogTail | null> {
    const { base, entries, lastSeq } = await this.#readSettled(docId, afterSeq);
    if (base > afterSeq) return null;
    return { updates: entries.map((entry) => ({ seq: entry.seq, update: entry.update as Uint8Array })), lastSeq };
  }

  /** Reads the document's log after `afterSeq` and its snapshot (`#read`), again while a delete or an abandoned mark makes a read stale. */
  async #readSettled(docId: string, afterSeq: number): Promise<LogRead> {
    await this.#ready();
    for (let attempt = 1; ; attempt += 1) {
      await this.#deleting.get(docId)?.catch(() => undefined);
      const read = await this.#read(docId, afterSeq);
      if (read !== undefined) return read;
      if (attempt >= readAttempts) throw new StorageError('storage_unavailable', `The document ${docId} kept changing while it was read.`);
    }
  }

  /** One read of the log after `afterSeq`, then of the snapshot; undefined when it must read again. */
  async #read(docId: string, afterSeq: number): Promise<LogRead | undefined> {
    const reading: Reading = { deleted: false };
    const readers = this.#reading.get(docId) ?? new Set<Reading>();
    this.#reading.set(docId, readers.add(reading));
    try {
      const meta = await this.#readMeta(docId);
      const log: ReadEntry[] = [];
      for (let rows = logRowsPerQuery; rows === logRowsPerQuery; ) {
        const after = log.at(-1)?.seq ?? Math.max(meta.deletedSeq, afterSeq);
        const page = await this.#updates
          .find({ docId, seq: { $gt: after }, abandoned: { $exists: false } })
          .sort({ seq: 1 })
          .limit(logRowsPerQuery)
          .toArray();
        for (const entry of page) log.push({ seq: Number(entry['seq']), reservedAt: Number(entry['at'] ?? 0), update: bytes(entry['data']) });
        rows = page.length;
      }
      const stored = await this.#snapshots.findOne({ _id: docId });
      const now = await this.#readMeta(docId);
      if (now.generation !== meta.generation || reading.deleted || this.#deleting.has(docId)) return undefined;
      const snapshot = stored !== null && snapshotGeneration(stored) === meta.generation ? stored : null;
      const base = Math.max(meta.deletedSeq, Number(snapshot?.['seq'] ?? 0), afterSeq);
      const entries = log.filter((entry) => entry.seq > base);
      const lastSeq = await this.#lastWhole(docId, meta, base, entries);
      return lastSeq === undefined ? undefined : { snapshot, base, entries, lastSeq };
    } finally {
      readers.delete(reading);
      if (readers.size === 0 && this.#reading.get(docId) === readers) this.#reading.delete(docId);
    }
  }

  /**
   * The last number up to which every number after `base` was read (`entries`) or is marked
   * abandoned. Marks the numbers missing for longer than `abandonedAfterMs` abandoned and
   * resolves undefined then (read again: a number marked may have been written just before).
   */
  async #lastWhole(docId: string, meta: DocumentMeta, base: number, entries: readonly ReadEntry[]): Promise<number | undefined> {
    const present = new Set(entries.map((entry) => entry.seq));
    let end = contiguousEnd(base, present);
    let missing = missingAfter(end, meta.seq, present);
    if (missing.length === 0) return end;
    const marked = await this.#updates.find({ docId, seq: { $gt: end, $lte: missing.at(-1) }, abandoned: true }).toArray();
    for (const mark of marked) present.add(Number(mark['seq']));
    end = contiguousEnd(base, present);
    missing = missingAfter(end, meta.seq, present);
    const abandoned = reservedBefore(missing, entries, meta.seq, meta.reservedAt, this.#now() - abandonedAfterMs);
    if (abandoned.length === 0) return end;
    for (const seq of abandoned) {
      try {
        await this.#updates.insertOne({ docId, seq, abandoned: true, at: this.#now() }, writeOptions);
      } catch (error) {
        // Written meanwhile (or marked by another load): the next read has it.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    return undefined;
  }

  /** See `compactDocument`: the snapshot stored unless a later one is, then the log it covers trimmed. */
  async compact(docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence?: number): Promise<void> {
    await this.#ready();
    await compactDocument(this.#db, docId, snapshot, upToSeq, fence);
  }

  /** From the `doc_meta` counters, in one query. */
  async lastSeqs(docIds: readonly string[]): Promise<Map<string, number>> {
    await this.#ready();
    const seqs = new Map(docIds.map((docId) => [docId, 0]));
    if (docIds.length === 0) return seqs;
    for (const counter of await this.#meta.find({ _id: { $in: [...docIds] } }).toArray()) seqs.set(String(counter['_id']), Number(counter['seq'] ?? 0));
    return seqs;
  }

  async pendingUpdates(docId: string): Promise<number> {
    await this.#ready();
    const { deletedSeq, generation } = await this.#readMeta(docId);
    const stored = await this.#snapshots.findOne({ _id: docId });
    const snapshotSeq = stored !== null && snapshotGeneration(stored) === generation ? Number(stored['seq']) : 0;
    return this.#updates.countDocuments({ docId, seq: { $gt: Math.max(deletedSeq, snapshotSeq) }, abandoned: { $exists: false } });
  }

  /** Marks the document deleted (see the class comment), then removes its log and snapshot. */
  async delete(docId: string): Promise<void> {
    await this.#ready();
    const run = (async () => {
      const marked = await this.#markDeleted(docId);
      await this.#updates.deleteMany({ docId, seq: { $lte: marked.deletedSeq } }, writeOptions);
      await this.#snapshots.deleteMany({ _id: docId, ...snapshotGenerationAtMost(marked.generation - 1) }, writeOptions);
    })();
    this.#deleting.set(docId, run);
    try {
      await run;
    } finally {
      if (this.#deleting.get(docId) === run) this.#deleting.delete(docId);
      // Loads still reading may have read some of what it deleted (one that ends while it runs sees `#deleting`).
      for (const reading of this.#reading.get(docId) ?? []) reading.deleted = true;
    }
  }

  /** Sets `deletedSeq` to the counter and adds one to the generation, in one write that applies only while the counter stays where it was read. */
  async #markDeleted(docId: string): Promise<DocumentMeta> {
    for (;;) {
      const stored = await this.#meta.findOne({ _id: docId });
      const seq = documentMeta(docId, stored).seq;
      try {
        const marked = await this.#meta.findOneAndUpdate(
          { _id: docId, seq: stored === null ? 0 : (stored['seq'] ?? null) },
          { $set: { deletedSeq: seq }, $inc: { deletions: 1 } },
          { ...writeOptions, returnDocument: 'after', upsert: stored === null },
        );
        if (marked !== null) return documentMeta(docId, marked);
      } catch (error) {
        // Created by an append since it was read: read it again.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  }

  /** Every write is acknowledged by a majority with journaling: nothing more to wait for. */
  async sync(): Promise<void> {}
}
