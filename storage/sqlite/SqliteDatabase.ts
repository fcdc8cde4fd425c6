import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Collection, CollectionSpec, StoredRecord } from '../Collection.js';
import type { Database } from '../Database.js';
import type { SearchIndex } from '../SearchIndex.js';
import { SqliteCollection } from './SqliteCollection.js';
import { configureConnection } from './connection.js';
import { SqliteDocumentStore } from './SqliteDocumentStore.js';
import { SqliteSearchIndex } from './SqliteSearchIndex.js';
import { WalCheckpointer } from './WalCheckpointer.js';
import { WalSync } from './WalSync.js';
import { DocumentJournal } from './DocumentJournal.js';
import type { StorageObserver } from '../StorageObserver.js';

/** Options of the embedded store. */
export interface SqliteDatabaseOptions {
  /** Folder of the database file `boards.sqlite`; created when missing. `:memory:` keeps everything in memory. */
  dataDir: string;
  /**
   * `full` (default): acknowledged writes survive power loss (records: an immediate write resolves
   * once the WAL is fsynced; document log: `documents.sync()` fsyncs); `normal`: writes survive
   * crashes of the process only.
   */
  synchronous?: 'full' | 'normal';
  /** With `full`: most ms between a document write and its fsync when nobody calls `sync`. Default 50. */
  documentSyncDelayMs?: number;
  /**
   * Period of the WAL checkpoint (`WalCheckpointer`, which fsyncs off the event loop, so that
   * commits there never checkpoint), in ms. Default 1000.
   */
  checkpointIntervalMs?: number;
  /**
   * Write document appends to a journal file first (`DocumentJournal`, in `<dataDir>/journal`)
   * and move them into the database in batches. Default true for a file; a second process on
   * the same folder (the command line while the server runs) finds it locked and appends to the
   * database directly.
   */
  documentJournal?: boolean;
  /** Hears of failures in background work (a WAL checkpoint, an fsync nobody waited for); they are retried. */
  onBackgroundError?: (error: Error) => void;
  /** Told of each fsync round of the WAL and the journal (metrics). */
  observer?: StorageObserver;
  /**
   * False for a short command beside a server that may be running on the same folder (`boards
   * admin`): no `WalCheckpointer` (SQLite checkpoints inside commits, as usual) and no document
   * journal, whether or not the server holds it, so the command never replays, moves or deletes
   * the server's journal; document appends go to the database directly. Nor does opening remove
   * snapshot parts no snapshot uses yet: they may be those of a compaction the server is writing.
   * Default true.
   */
  background?: boolean;
}

/**
 * The embedded default store: one SQLite file in WAL mode, two connections on the event loop,
 * and a journal for document appends. Both connections commit with `synchronous = NORMAL`, so no
 * commit fsyncs on the event loop. A record write survives `kill -9` at once and, unless made
 * with `durability: 'shared'`, resolves once `WalSync` fsynced the WAL on the thread pool (it
 * survives power loss), one fsync shared by every write waiting then: as durable as
 * `synchronous = FULL`, which would hold every connection of the process for the disk at each
 * commit. The search index commits the same way, without waiting.
 *
 * A document append is one write to the journal (`DocumentJournal`) before it returns: it
 * survives `kill -9` (live updates are relayed then), and power loss once `documents.sync()`
 * resolves (REST answers wait for that; one fsync shared by every caller, off the event loop).
 * Appends move into the log table in batches on the document connection, its WAL fsynced the
 * same way by `WalSync`. Checkpoints fsync off the event loop (`WalCheckpointer`).
 */
export class SqliteDatabase implements Database {
  readonly kind = 'sqlite';
  readonly writesBeforeReturn = true;
  readonly documents: SqliteDocumentStore;
  readonly search: SearchIndex;
  readonly #db: BetterSqlite3.Database;
  readonly #documentDb: BetterSqlite3.Database;
  readonly #collections = new Map<string, SqliteCollection<StoredRecord>>();
  readonly #walSync: WalSync | undefined;
  readonly #checkpointer: WalCheckpointer | undefined;
  /** Runs a function in one transaction of the main connection (`batch`). */
  #inTransaction: ((run: () => unknown) => unknown) | undefined;

  constructor(options: SqliteDatabaseOptions) {
    const onError = options.onBackgroundError ?? (() => undefined);
    const synchronous = options.synchronous ?? 'full';
    if (options.dataDir === ':memory:') {
      // One in-memory database is one connection: records and documents share it.
      this.#db = new BetterSqlite3(':memory:');
      configureConnection(this.#db, synchronous);
      this.#documentDb = this.#db;
      this.documents = new SqliteDocumentStore(this.#db);
    } else {
      mkdirSync(options.dataDir, { recursive: true });
      const file = path.join(options.dataDir, 'boards.sqlite');
      this.#db = new BetterSqlite3(file);
      // With `full`, commits still make no fsync of their own: `WalSync` fsyncs the WAL off the
      // loop, and record writes wait for it (see `commitShared`).
      configureConnection(this.#db, 'normal');
      this.#documentDb = new BetterSqlite3(file);
      configureConnection(this.#documentDb, 'normal');
      const background = options.background ?? true;
      if (background) {
        for (const db of [this.#db, this.#documentDb]) db.pragma('wal_autocheckpoint = 0');
        this.#checkpointer = new WalCheckpointer({ file, intervalMs: options.checkpointIntervalMs ?? 1000, onError });
      }
      const syncDelayMs = options.documentSyncDelayMs ?? 50;
      const observer = options.observer;
      const observeFsync = observer?.fsync?.bind(observer);
      if (synchronous === 'full') this.#walSync = new WalSync(file, syncDelayMs, onError, observeFsync && ((seconds) => observeFsync('wal', seconds)));
      const journal =
        options.documentJournal === false || !background
          ? undefined
          : DocumentJournal.open({
              dir: path.join(options.dataDir, 'journal'),
              fsync: synchronous === 'full',
              syncDelayMs,
              segmentBytes: 1024 * 1024,
              onError,
              ...(observeFsync ? { observeFsync: (seconds: number) => observeFsync('journal', seconds) } : {}),
            });
      this.documents = new SqliteDocumentStore(this.#documentDb, {
        ...(this.#walSync ? { walSync: this.#walSync } : {}),
        ...(journal ? { journal } : {}),
        onError,
        owner: background,
      });
    }
    this.search = new SqliteSearchIndex(this.#db, this.#walSync);
  }

  collection<T extends StoredRecord>(spec: CollectionSpec): Collection<T> {
    let collection = this.#collections.get(spec.name);
    if (!collection) {
      collection = new SqliteCollection<StoredRecord>(this.#db, spec, this.#walSync);
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

  /** The checkpointer when WAL checkpoints run outside commits (`WalCheckpointer`); undefined when SQLite checkpoints inside commits. */
  get checkpointer(): WalCheckpointer | undefined {
    return this.#checkpointer;
  }

  /** Runs `writes` in one transaction (one commit for every collection write they start; see `Database.batch`). */
  batch<R>(writes: () => R): R {
    // One wrapper made once: better-sqlite3 builds four functions and their properties for each `transaction()`, a cost paid per live turn otherwise.
    this.#inTransaction ??= this.#db.transaction((run: () => unknown) => run());
    return this.#inTransaction(writes) as R;
  }

  /** Frees the page cache of both connections (`PRAGMA shrink_memory`). */
  releaseMemory(): void {
    for (const db of new Set([this.#db, this.#documentDb])) if (db.open) db.pragma('shrink_memory');
  }

  async ping(): Promise<void> {
    this.#db.prepare('SELECT 1').get();
  }

  /** Fsyncs what the document log wrote, closes the checkpointer's connections, then both of its own (the last checkpoints the rest). */
  async close(): Promise<void> {
    try {
      await this.documents.close();
      await this.#walSync?.close();
      await this.#checkpointer?.close();
    } finally {
      if (this.#documentDb.open) this.#documentDb.close();
      if (this.#db.open) this.#db.close();
    }
  }
}
