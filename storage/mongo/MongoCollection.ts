import type { Collection, Filter, FindOptions, InsertOptions, Sort, StoredRecord, Update } from '../Collection.js';
import { DuplicateKeyError } from '../errors.js';
import type { MongoCollectionPort, MongoDocument } from './driverPort.js';
import { isDuplicateKeyError, majorityJournaled } from './driverPort.js';
import { fromMongoDocument, toMongoDocument, toMongoFilter, toMongoSort, toMongoUpdate } from './toMongoQuery.js';

const writeOptions = { writeConcern: majorityJournaled };

/**
 * A collection stored as a MongoDB collection of the same name, one document per record with
 * `_id` = `id`. Every operation first waits for the collection's indexes, so a unique index
 * is in force before the first write can race it.
 */
export class MongoCollection<T extends StoredRecord> implements Collection<T> {
  readonly name: string;
  readonly #collection: MongoCollectionPort;
  readonly #ready: () => Promise<void>;

  /** `ready` resolves once the collection's indexes exist (it is called before every operation). */
  constructor(name: string, collection: MongoCollectionPort, ready: () => Promise<void>) {
    this.name = name;
    this.#collection = collection;
    this.#ready = ready;
  }

  async #write<R>(run: () => Promise<R>): Promise<R> {
    await this.#ready();
    try {
      return await run();
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new DuplicateKeyError(this.name, { cause: error });
      throw error;
    }
  }

  /** Every write waits for the journal (majority, journaled), so `durability` changes nothing here. */
  async insert(record: T, _options?: InsertOptions): Promise<void> {
    await this.#write(() => this.#collection.insertOne(toMongoDocument(record), writeOptions));
  }

  async put(record: T, _options?: InsertOptions): Promise<void> {
    const doc = toMongoDocument(record);
    await this.#write(() => this.#collection.replaceOne({ _id: doc['_id'] }, doc, { ...writeOptions, upsert: true }));
  }

  async get(id: string): Promise<T | null> {
    await this.#ready();
    const doc = await this.#collection.findOne({ _id: { $eq: id } });
    return doc ? fromMongoDocument<T>(doc) : null;
  }

  async findOne(filter: Filter<T>, sort?: Sort<T>): Promise<T | null> {
    const [record] = await this.find(filter, sort ? { sort, limit: 1 } : { limit: 1 });
    return record ?? null;
  }

  async find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    const query = toMongoFilter(filter);
    const sort = toMongoSort(options.sort);
    let limit: number | undefined;
    if (options.limit !== undefined) {
      limit = Math.max(0, Math.floor(options.limit));
      // MongoDB reads limit 0 as "no limit"; the port means no records.
      if (limit === 0) return [];
    }
    await this.#ready();
    let cursor = this.#collection.find(query).sort(sort);
    if (limit !== undefined) cursor = cursor.limit(limit);
    const docs = await cursor.toArray();
    return docs.map((doc) => fromMongoDocument<T>(doc));
  }

  async count(filter: Filter<T>): Promise<number> {
    const query = toMongoFilter(filter);
    await this.#ready();
    return this.#collection.countDocuments(query);
  }

  async updateOne(filter: Filter<T>, update: Update<T>, _options?: InsertOptions): Promise<T | null> {
    const query = toMongoFilter(filter);
    const change = toMongoUpdate(update);
    if (!change) return this.findOne(filter);
    // Sorting by _id picks the same record as the sqlite adapter when several match.
    const doc: MongoDocument | null = await this.#write(() =>
      this.#collection.findOneAndUpdate(query, change, { ...writeOptions, returnDocument: 'after', sort: { _id: 1 } }),
    );
    return doc ? fromMongoDocument<T>(doc) : null;
  }

  /** Unlike sqlite, not all-or-nothing: a unique clash part way leaves earlier records updated. */
  async updateMany(filter: Filter<T>, update: Update<T>): Promise<number> {
    const query = toMongoFilter(filter);
    const change = toMongoUpdate(update);
    if (!change) return this.count(filter);
    const result = await this.#write(() => this.#collection.updateMany(query, change, writeOptions));
    return result.matchedCount;
  }

  async deleteMany(filter: Filter<T>, _options?: InsertOptions): Promise<number> {
    const query = toMongoFilter(filter);
    const result = await this.#write(() => this.#collection.deleteMany(query, writeOptions));
    return result.deletedCount;
  }
}
