import { MongoClient } from 'mongodb';
import type { Collection, CollectionSpec, IndexSpec, StoredRecord } from '../Collection.js';
import type { Database } from '../Database.js';
import type { DocumentStore } from '../DocumentStore.js';
import type { SearchIndex } from '../SearchIndex.js';
import { StorageError } from '../errors.js';
import type { MongoDbPort, MongoDocument, MongoSort } from './driverPort.js';
import { majorityJournaled } from './driverPort.js';
import { MongoCollection } from './MongoCollection.js';
import { documentCollections } from './documentCollections.js';
import { MongoDocumentStore } from './MongoDocumentStore.js';
import { MongoSearchIndex } from './MongoSearchIndex.js';
import { mongoField } from './toMongoQuery.js';

/** Options of a `MongoDatabase` built over an existing `Db`. */
export interface MongoDatabaseOptions {
  /** Called by `close()`, e.g. to close the client that owns the `Db`; default: nothing. */
  close?: () => Promise<void>;
  /** The document store's clock (`MongoDocumentStoreOptions.now`); default `Date.now`. */
  now?: () => number;
}

/** Database name used when neither the argument nor the URL names one. */
const defaultDatabaseName = 'boards';

function databaseNameFromUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** The documents store's own index: one log entry per (document, seq). */
const documentIndexes: CollectionSpec = {
  name: documentCollections.updates,
  indexes: [{ fields: ['docId', 'seq'], unique: true }],
};

async function createIndex(db: MongoDbPort, collectionName: string, index: IndexSpec): Promise<void> {
  const fields = index.fields.map((f) => mongoField(f));
  const keys: MongoSort = {};
  for (const field of fields) keys[field] = 1;
  const name = `${index.unique ? 'ux' : 'ix'}_${fields.join('_')}`;
  if (!index.unique) {
    await db.collection(collectionName).createIndex(keys, { name, writeConcern: majorityJournaled });
    return;
  }
  // Records that lack a field of a unique index never clash, as in SQLite where NULLs are
  // distinct. `$exists` (not `$type`) keeps the index usable for equality queries on the field.
  const partialFilterExpression: MongoDocument = {};
  for (const field of fields) partialFilterExpression[field] = { $exists: true };
  await db
    .collection(collectionName)
    .createIndex(keys, { name, unique: true, partialFilterExpression, writeConcern: majorityJournaled });
}

/**
 * The production store over the official MongoDB driver. Every write uses write concern
 * majority + journal. Indexes of each collection spec are created once, when the spec is first
 * opened, and `ensureIndexes()` (called at start-up) waits for all of them.
 */
export class MongoDatabase implements Database {
  readonly kind = 'mongodb';
  readonly documents: DocumentStore;
  readonly search: SearchIndex;
  readonly #searchIndex: MongoSearchIndex;
  readonly #db: MongoDbPort;
  readonly #close: () => Promise<void>;
  readonly #collections = new Map<string, MongoCollection<StoredRecord>>();
  readonly #specs = new Map<string, CollectionSpec>();
  readonly #indexPromises = new Map<string, Promise<void>>();

  /** A store over an already-connected `Db` (or a stand-in with the same methods). */
  constructor(db: MongoDbPort, options: MongoDatabaseOptions = {}) {
    this.#db = db;
    this.#close = options.close ?? (async () => {});
    this.#specs.set(documentIndexes.name, documentIndexes);
    this.documents = new MongoDocumentStore(db, () => this.#indexes(documentIndexes.name), options.now === undefined ? {} : { now: options.now });
    this.#searchIndex = new MongoSearchIndex(db);
    this.search = this.#searchIndex;
  }

  /**
   * Connects to `url` and opens `databaseName` (default: the URL's database, else `boards`).
   * Throws `StorageError` `storage_unavailable` when the server cannot be reached.
   */
  static async connect(url: string, databaseName?: string): Promise<MongoDatabase> {
    const client = new MongoClient(url, { writeConcern: majorityJournaled });
    try {
      await client.connect();
    } catch (error) {
      throw new StorageError('storage_unavailable', 'Cannot connect to MongoDB.', { cause: error });
    }
    const db: MongoDbPort = client.db(databaseName ?? databaseNameFromUrl(url) ?? defaultDatabaseName);
    return new MongoDatabase(db, { close: () => client.close() });
  }

  /** Creates a spec's indexes once; a failed attempt is forgotten so the next call retries. */
  #indexes(name: string): Promise<void> {
    let promise = this.#indexPromises.get(name);
    if (!promise) {
      const spec = this.#specs.get(name);
      const indexes = spec?.indexes ?? [];
      promise = Promise.all(indexes.map((index) => createIndex(this.#db, name, index))).then(() => undefined);
      this.#indexPromises.set(name, promise);
      promise.catch(() => {
        // The error reaches every caller of this promise; dropping it here lets the next one retry.
        if (this.#indexPromises.get(name) === promise) this.#indexPromises.delete(name);
      });
    }
    return promise;
  }

  collection<T extends StoredRecord>(spec: CollectionSpec): Collection<T> {
    let collection = this.#collections.get(spec.name);
    if (!collection) {
      this.#specs.set(spec.name, spec);
      collection = new MongoCollection<StoredRecord>(spec.name, this.#db.collection(spec.name), () =>
        this.#indexes(spec.name),
      );
      this.#collections.set(spec.name, collection);
      // Start now so indexes exist before the first request; a failure surfaces on first use.
      void this.#indexes(spec.name);
    }
    return collection as unknown as Collection<T>;
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([...[...this.#specs.keys()].map((name) => this.#indexes(name)), this.#searchIndex.ready()]);
  }

  async ping(): Promise<void> {
    try {
      await this.#db.command({ ping: 1 });
    } catch (error) {
      throw new StorageError('storage_unavailable', 'MongoDB does not answer.', { cause: error });
    }
  }

  async close(): Promise<void> {
    await this.#close();
  }
}
