import { Binary } from 'mongodb';
import type { DocumentStore, StoredDocument } from '../DocumentStore.js';
import type { MongoDbPort, MongoDocument } from './driverPort.js';
import { isDuplicateKeyError, majorityJournaled } from './driverPort.js';
import { StorageError, compactionFenced } from '../errors.js';
import { KeyedChain } from '../KeyedChain.js';
import { packSnapshot, unpackSnapshot } from '../snapshotParts.js';

const writeOptions = { writeConcern: majorityJournaled };

/**
 * Updates of a log read per query by `load`: the driver decodes a query's answer on the event
 * loop, so a log of 10,000 updates is read as ten answers of bounded size, each decoded in its
 * own turn, never as one.
 */
const logRowsPerQuery = 1000;

/** A load in progress: a `delete` overlapping it marks it, and it reads again once the delete is done (so a deleted document loads empty, not half read). */
type Reading = { deleted: boolean };

/** Collection names of the document store. */
export const documentCollections = {
  updates: 'doc_updates',
  snapshots: 'doc_snapshots',
  meta: 'doc_meta',
} as const;

interface UpdateDoc {
  seq: number;
  data: Binary;
}

function bytes(data: unknown): Uint8Array {
  if (data instanceof Binary) return new Uint8Array(data.value());
  if (data instanceof Uint8Array) return new Uint8Array(data);
  throw new TypeError(`Stored document data is not binary (${typeof data}).`);
}

/**
 * Board documents in MongoDB without multi-document transactions:
 * - `doc_meta` {_id: docId, seq}: a per-document counter; an append reserves N sequence
 *   numbers with one `$inc` and then writes `doc_updates` {docId, seq, data} with one ordered
 *   `insertMany`. Sequence numbers are never reused, even after `delete`.
 * - `doc_snapshots` {_id: docId, seq, data, parts?}: `parts` holds the part sizes of a snapshot
 *   stored in parts (`StoredDocument.snapshot`), `data` their bytes end to end. Compaction
 *   first stores the snapshot (only if it is not older than the stored one), then trims the
 *   log up to its seq. Load ignores log entries at or below the snapshot's seq, so a crash
 *   between the two steps loses nothing.
 */
export class MongoDocumentStore implements DocumentStore {
  readonly #db: MongoDbPort;
  readonly #ready: () => Promise<void>;
  /** Appends per document in this process, chained so their writes land in sequence order. */
  readonly #appendChains = new KeyedChain();
  /** Loads in progress per document, marked by a `delete` that ends while they read. */
  readonly #reading = new Map<string, Set<Reading>>();
  /** Deletes in progress in this process, per document. */
  readonly #deleting = new Map<string, Promise<void>>();

  /** `ready` resolves once the store's indexes exist (it is called before every operation). */
  constructor(db: MongoDbPort, ready: () => Promise<void>) {
    this.#db = db;
    this.#ready = ready;
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

  async append(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    // A later batch must not become visible before an earlier one: a load in between would
    // report the later seq, a compaction up to it would then hide the earlier batch for good.
    return this.#appendChains.run(docId, () => this.#appendNow(docId, updates));
  }

  async #appendNow(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    await this.#ready();
    if (updates.length === 0) return (await this.load(docId)).lastSeq;
    const counter = await this.#meta.findOneAndUpdate(
      { _id: docId },
      { $inc: { seq: updates.length } },
      { ...writeOptions, returnDocument: 'after', upsert: true },
    );
    const last = Number(counter?.['seq']);
    if (!Number.isSafeInteger(last)) throw new TypeError(`Bad sequence counter for document ${docId}.`);
    const first = last - updates.length + 1;
    const docs = updates.map((data, i): MongoDocument => ({ docId, seq: first + i, data: new Binary(data) }));
    await this.#updates.insertMany(docs, { ...writeOptions, ordered: true });
    return last;
  }

  async #snapshotSeq(docId: string): Promise<{ seq: number; data: Binary; parts: unknown } | null> {
    const snapshot = await this.#snapshots.findOne({ _id: docId });
    return snapshot ? { seq: Number(snapshot['seq']), data: snapshot['data'] as Binary, parts: snapshot['parts'] ?? null } : null;
  }

  /**
   * The snapshot and the updates logged after it. The log is read first, `logRowsPerQuery`
   * updates per query in sequence order, then the snapshot: a compaction meanwhile only makes the
   * snapshot newer than some of the updates read (they are dropped) or trims updates not read yet
   * (the snapshot read afterwards covers them), so no update goes missing. A delete in this
   * process meanwhile makes it read again once the delete is done.
   */
  async load(docId: string): Promise<StoredDocument> {
    await this.#ready();
    for (let attempt = 1; ; attempt += 1) {
      await this.#deleting.get(docId)?.catch(() => undefined);
      const stored = await this.#read(docId);
      if (stored !== undefined) return stored;
      if (attempt >= 3) throw new StorageError('storage_unavailable', `The document ${docId} kept being deleted while it was read.`);
    }
  }

  /** One read of `load`; undefined when the document was deleted meanwhile. */
  async #read(docId: string): Promise<StoredDocument | undefined> {
    const reading: Reading = { deleted: false };
    const readers = this.#reading.get(docId) ?? new Set<Reading>();
    this.#reading.set(docId, readers.add(reading));
    try {
      const log: { seq: number; update: Uint8Array }[] = [];
      for (let rows = logRowsPerQuery; rows === logRowsPerQuery; ) {
        const after = log.at(-1)?.seq ?? 0;
        const page = (await this.#updates.find({ docId, seq: { $gt: after } }).sort({ seq: 1 }).limit(logRowsPerQuery).toArray()) as unknown as UpdateDoc[];
        for (const entry of page) log.push({ seq: entry.seq, update: bytes(entry.data) });
        rows = page.length;
      }
      const snapshot = await this.#snapshotSeq(docId);
      if (reading.deleted || this.#deleting.has(docId)) return undefined;
      const from = snapshot?.seq ?? 0;
      const after = log.filter((entry) => entry.seq > from);
      return {
        snapshot: snapshot ? unpackSnapshot(bytes(snapshot.data), snapshot.parts) : null,
        updates: after.map((entry) => entry.update),
        lastSeq: after.at(-1)?.seq ?? from,
      };
    } finally {
      readers.delete(reading);
      if (readers.size === 0 && this.#reading.get(docId) === readers) this.#reading.delete(docId);
    }
  }

  /**
   * Stores the snapshot unless a later one is stored, then trims the log it covers. The highest
   * fence accepted is kept in the snapshot document itself (one atomic write with the snapshot):
   * with `fence`, the write applies only where the stored fence is not higher, and a refusal for
   * that reason throws `compaction_fenced` with nothing changed and nothing trimmed. Without
   * `fence` the stored one is carried over.
   */
  async compact(docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence?: number): Promise<void> {
    await this.#ready();
    const { data, sizes } = packSnapshot(snapshot);
    const kept = fence ?? (await this.#fenceOf(docId));
    const unfenced = { $or: [{ fence: { $exists: false } }, { fence: { $lte: kept } }] };
    try {
      await this.#snapshots.replaceOne(
        { _id: docId, seq: { $lte: upToSeq }, ...(fence === undefined ? {} : unfenced) },
        { _id: docId, seq: upToSeq, data: new Binary(data), fence: kept, ...(sizes === null ? {} : { parts: [...sizes] }) },
        { ...writeOptions, upsert: true },
      );
    } catch (error) {
      // The upsert's insert clashes on _id when the stored snapshot is newer or has a higher fence: keep it.
      if (!isDuplicateKeyError(error)) throw error;
      const accepted = await this.#fenceOf(docId);
      if (fence !== undefined && accepted > fence) throw compactionFenced(docId, fence, accepted);
    }
    await this.#updates.deleteMany({ docId, seq: { $lte: upToSeq } }, writeOptions);
  }

  /** The highest fence accepted for the document's compactions (0 when none). */
  async #fenceOf(docId: string): Promise<number> {
    const stored = await this.#snapshots.findOne({ _id: docId });
    return Number(stored?.['fence'] ?? 0);
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
    const snapshot = await this.#snapshotSeq(docId);
    return this.#updates.countDocuments({ docId, seq: { $gt: snapshot?.seq ?? 0 } });
  }

  async delete(docId: string): Promise<void> {
    await this.#ready();
    const run = (async () => {
      await this.#updates.deleteMany({ docId }, writeOptions);
      await this.#snapshots.deleteMany({ _id: docId }, writeOptions);
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

  /** Every write is acknowledged by a majority with journaling: nothing more to wait for. */
  async sync(): Promise<void> {}
}
