import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Collection, CollectionSpec, StoredRecord } from '../Collection.js';
import type { Database } from '../Database.js';
import type { DocumentStore } from '../DocumentStore.js';
import type { SearchIndex } from '../SearchIndex.js';
import { SqliteCollection } from './SqliteCollection.js';
import { SqliteDocumentStore } from './SqliteDocumentStore.js';
import { SqliteSearchIndex } from './SqliteSearchIndex.js';

/** Options of the embedded store. */
export interface SqliteDatabaseOptions {
  /** Folder of the database file `boards.sqlite`; created when missing. `:memory:` keeps everything in memory. */
  dataDir: string;
  /** `full` (default): every commit is fsynced, surviving power loss; `normal`: survives process crashes only. */
  synchronous?: 'full' | 'normal';
}

/**
 * The embedded default store: one SQLite file in WAL mode. `synchronous = FULL` makes every
 * committed transaction survive power loss as well as `kill -9`, which the durability contract
 * asks of acknowledged writes; the document log batches writes, so the fsync cost is shared.
 */
export class SqliteDatabase implements Database {
  readonly kind = 'sqlite';
  readonly documents: DocumentStore;
  readonly search: SearchIndex;
  readonly #db: BetterSqlite3.Database;
  readonly #collections = new Map<string, SqliteCollection<StoredRecord>>();

  constructor(options: SqliteDatabaseOptions) {
    let file = ':memory:';
    if (options.dataDir !== ':memory:') {
      mkdirSync(options.dataDir, { recursive: true });
      file = path.join(options.dataDir, 'boards.sqlite');
    }
    this.#db = new BetterSqlite3(file);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    this.#db.pragma('busy_timeout = 5000');
    this.#db.pragma('foreign_keys = ON');
    this.documents = new SqliteDocumentStore(this.#db);
    this.search = new SqliteSearchIndex(this.#db);
  }

  collection<T extends StoredRecord>(spec: CollectionSpec): Collection<T> {
    let collection = this.#collections.get(spec.name);
    if (!collection) {
      collection = new SqliteCollection<StoredRecord>(this.#db, spec);
      this.#collections.set(spec.name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  async ensureIndexes(): Promise<void> {
    // Tables and indexes are created when a collection is first opened.
  }

  /** The underlying connection, for adapters of the same store (full-text search). */
  get connection(): BetterSqlite3.Database {
    return this.#db;
  }

  async ping(): Promise<void> {
    this.#db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}
