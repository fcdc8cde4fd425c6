import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Collection, CollectionSpec, StoredRecord } from '../Collection.js';
import type { Database } from '../Database.js';
import type { DocumentStore } from '../DocumentStore.js';
import type { SearchIndex } from '../SearchIndex.js';
import { SqliteCollection } from './SqliteCollection.js';
import { configureConnection } from './connection.js';
import { SqliteDocumentStore } from './SqliteDocumentStore.js';
import { WorkerDocumentStore } from './WorkerDocumentStore.js';
import { SqliteSearchIndex } from './SqliteSearchIndex.js';

/** Options of the embedded store. */
export interface SqliteDatabaseOptions {
  /** Folder of the database file `boards.sqlite`; created when missing. `:memory:` keeps everything in memory. */
  dataDir: string;
  /**
   * `full` (default): acknowledged writes survive power loss (records: every commit is fsynced;
   * document log: `documents.sync()` fsyncs, see `WorkerDocumentStore`); `normal`: writes
   * survive crashes of the process only.
   */
  synchronous?: 'full' | 'normal';
  /** With `full` and the worker-served log: most ms between a document write and its fsync when nobody calls `sync`. Default 50. */
  documentSyncDelayMs?: number;
  /**
   * Serve the document log from a worker thread with its own connection (default true for a
   * file), so commits never block the event loop. Running from TypeScript sources (tests), the
   * worker needs the compiled script: pass `documentWorkerUrl`, else the log stays in-process.
   */
  documentsInWorker?: boolean;
  /** The compiled worker script; default `documentWorker.js` beside this module when it is compiled. */
  documentWorkerUrl?: URL;
}

const compiledWorkerUrl = import.meta.url.endsWith('.js') ? new URL('./documentWorker.js', import.meta.url) : undefined;

/**
 * The embedded default store: one SQLite file in WAL mode. `synchronous = FULL` makes every
 * committed record survive power loss as well as `kill -9`, which the durability contract asks
 * of acknowledged writes. The document log, served by a worker thread, separates the two: a
 * write survives `kill -9` once it resolves (live updates are relayed then), and power loss
 * once `sync()` resolves (REST answers wait for that); fsyncs are shared by every caller.
 */
export class SqliteDatabase implements Database {
  readonly kind = 'sqlite';
  readonly documents: DocumentStore;
  readonly search: SearchIndex;
  readonly #db: BetterSqlite3.Database;
  readonly #collections = new Map<string, SqliteCollection<StoredRecord>>();
  readonly #worker: WorkerDocumentStore | undefined;

  constructor(options: SqliteDatabaseOptions) {
    let file = ':memory:';
    if (options.dataDir !== ':memory:') {
      mkdirSync(options.dataDir, { recursive: true });
      file = path.join(options.dataDir, 'boards.sqlite');
    }
    this.#db = new BetterSqlite3(file);
    const synchronous = options.synchronous ?? 'full';
    configureConnection(this.#db, synchronous);
    // The tables exist before the worker opens its own connection.
    const local = new SqliteDocumentStore(this.#db);
    const workerUrl = options.documentWorkerUrl ?? compiledWorkerUrl;
    if (file !== ':memory:' && options.documentsInWorker !== false && workerUrl !== undefined) {
      this.#worker = new WorkerDocumentStore({ file, synchronous, syncDelayMs: options.documentSyncDelayMs ?? 50, workerUrl });
      this.documents = this.#worker;
    } else {
      this.documents = local;
    }
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
    await this.#worker?.close();
    if (this.#db.open) this.#db.close();
  }
}
