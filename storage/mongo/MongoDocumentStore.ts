import { Binary } from 'mongodb';
import type { DocumentStore, StoredDocument } from '../DocumentStore.js';
import type { MongoDbPort, MongoDocument } from './driverPort.js';
import { isDuplicateKeyError, majorityJournaled } from './driverPort.js';
import { packSnapshot, unpackSnapshot } from '../snapshotParts.js';

const writeOptions = { writeConcern: majorityJournaled };

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
  readonly #appendChains = new Map<string, Promise<unknown>>();

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
    const previous = this.#appendChains.get(docId) ?? Promise.resolve();
    const run = previous.then(
      () => this.#appendNow(docId, updates),
      () => this.#appendNow(docId, updates),
    );
    this.#appendChains.set(docId, run);
    try {
      return await run;
    } finally {
      if (this.#appendChains.get(docId) === run) this.#appendChains.delete(docId);
    }
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

  async load(docId: string): Promise<StoredDocument> {
    await this.#ready();
    // The log is read before the snapshot: a compaction in between then only makes the
    // snapshot newer and the filter below drops what it covers, so no update goes missing.
    const log = (await this.#updates.find({ docId }).sort({ seq: 1 }).toArray()) as unknown as UpdateDoc[];
    const snapshot = await this.#snapshotSeq(docId);
    const from = snapshot?.seq ?? 0;
    const after = log.filter((entry) => entry.seq > from);
    return {
      snapshot: snapshot ? unpackSnapshot(bytes(snapshot.data), snapshot.parts) : null,
      updates: after.map((entry) => bytes(entry.data)),
      lastSeq: after.at(-1)?.seq ?? from,
    };
  }

  async compact(docId: string, snapshot: readonly Uint8Array[], upToSeq: number): Promise<void> {
    await this.#ready();
    const { data, sizes } = packSnapshot(snapshot);
    try {
      await this.#snapshots.replaceOne(
        { _id: docId, seq: { $lte: upToSeq } },
        { _id: docId, seq: upToSeq, data: new Binary(data), ...(sizes === null ? {} : { parts: [...sizes] }) },
        { ...writeOptions, upsert: true },
      );
    } catch (error) {
      // The upsert's insert clashes on _id when a newer snapshot is stored: keep that one.
      if (!isDuplicateKeyError(error)) throw error;
    }
    await this.#updates.deleteMany({ docId, seq: { $lte: upToSeq } }, writeOptions);
  }

  async pendingUpdates(docId: string): Promise<number> {
    await this.#ready();
    const snapshot = await this.#snapshotSeq(docId);
    return this.#updates.countDocuments({ docId, seq: { $gt: snapshot?.seq ?? 0 } });
  }

  async delete(docId: string): Promise<void> {
    await this.#ready();
    await this.#updates.deleteMany({ docId }, writeOptions);
    await this.#snapshots.deleteMany({ _id: docId }, writeOptions);
  }

  /** Every write is acknowledged by a majority with journaling: nothing more to wait for. */
  async sync(): Promise<void> {}
}
