import pg from 'pg';
import type { BatchedFind } from '../BatchedFind.js';
import type { Collection, CollectionSpec, StoredRecord } from '../Collection.js';
import type { Database } from '../Database.js';
import { StorageError, asError } from '../errors.js';
import { fromStoredJson } from './nulSafeJson.js';
import { PostgresCollection } from './PostgresCollection.js';
import { PostgresDocumentStore } from './PostgresDocumentStore.js';
import { PostgresSearchIndex } from './PostgresSearchIndex.js';
import { collectionTable, ensureCollection, migrate } from './schema.js';
import { SqlParams } from './SqlParams.js';
import { StatementNames } from './StatementNames.js';
import { guardPool } from './unavailable.js';

/** Options of the PostgreSQL store. */
export interface PostgresDatabaseOptions {
  /** `postgres://user:password@host:port/database?...` (libpq-style parameters such as `sslmode` work). */
  url: string;
  /**
   * Schema holding the tables, created when missing; default: the connection's search path
   * (`public`). Lower-case letters, digits and `_`.
   */
  schema?: string;
  /** Most connections the pool opens. Default 10. */
  maxConnections?: number;
  /** How long a connection attempt may take before it fails, in ms. Default 10000. */
  connectTimeoutMs?: number;
  /** Hears of errors of idle pooled connections (a server restart); the pool replaces them. */
  onBackgroundError?: (error: Error) => void;
  /** Most statement texts built from filters that run prepared on each connection (`StatementNames`). Default 256; 0 runs them all unnamed. */
  maxPreparedStatements?: number;
}

const schemaPattern = /^[a-z_][a-z0-9_]*$/;
/** The type id of jsonb, whose values are parsed by `fromStoredJson`. */
const jsonbOid = 3802;

/**
 * The shared store over PostgreSQL (`pg` pool): records as JSONB rows per collection, the board
 * document log with per-document sequence numbers allocated in the database, and full-text
 * search, all safe for several server processes at once. Every connection commits with
 * `synchronous_commit = on`, so a write that resolved survives a crash of the database server.
 * The store's own tables come from numbered migrations applied at `connect`; a collection's table
 * and indexes are created when it is first opened (see `schema.ts`).
 */
export class PostgresDatabase implements Database {
  readonly kind = 'postgres';
  readonly documents: PostgresDocumentStore;
  readonly search: PostgresSearchIndex;
  readonly #pool: pg.Pool;
  readonly #schema: string | undefined;
  readonly #collections = new Map<string, PostgresCollection<StoredRecord>>();
  readonly #specs = new Map<string, CollectionSpec>();
  readonly #tables = new Map<string, Promise<void>>();
  readonly #names: StatementNames;
  #migrated: Promise<void> | null = null;

  private constructor(pool: pg.Pool, schema: string | undefined, names: StatementNames) {
    this.#pool = pool;
    this.#schema = schema;
    this.#names = names;
    const ready = (): Promise<void> => this.#migrations();
    this.documents = new PostgresDocumentStore(pool, ready, (collection) => this.#tableOf(collection));
    this.search = new PostgresSearchIndex(pool, ready);
  }

  /**
   * Connects and applies the migrations this process knows and the database lacks. Throws
   * `StorageError` `storage_unavailable` when the server cannot be reached or refuses the
   * connection, TypeError for a bad schema name.
   */
  static async connect(options: PostgresDatabaseOptions): Promise<PostgresDatabase> {
    if (options.schema !== undefined && !schemaPattern.test(options.schema)) throw new TypeError(`A schema name is lower-case letters, digits and _: ${options.schema}`);
    const settings = ['-c synchronous_commit=on', ...(options.schema === undefined ? [] : [`-c search_path=${options.schema}`])];
    const pool = new pg.Pool({
      connectionString: options.url,
      types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === jsonbOid ? fromStoredJson : pg.types.getTypeParser(oid, format ?? 'text'))) as typeof pg.types.getTypeParser },
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      options: settings.join(' '),
    });
    const onError = options.onBackgroundError ?? (() => undefined);
    pool.on('error', (error) => onError(new StorageError('storage_unavailable', 'An idle PostgreSQL connection failed; the pool opens another', { cause: error })));
    const db = new PostgresDatabase(guardPool(pool), options.schema, new StatementNames(options.maxPreparedStatements));
    try {
      await db.#migrations();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new StorageError('storage_unavailable', `Cannot open the PostgreSQL store: ${asError(error).message}`, { cause: error });
    }
    return db;
  }

  /** Applies the migrations once; a failed attempt is forgotten so the next call retries. */
  #migrations(): Promise<void> {
    if (this.#migrated === null) {
      const attempt = migrate(this.#pool, this.#schema).then(() => undefined);
      this.#migrated = attempt;
      attempt.catch(() => {
        if (this.#migrated === attempt) this.#migrated = null;
      });
    }
    return this.#migrated;
  }

  /** Creates a collection's table and indexes once; a failed attempt is forgotten so the next call retries. */
  #table(spec: CollectionSpec): Promise<void> {
    let promise = this.#tables.get(spec.name);
    if (!promise) {
      const attempt = this.#migrations().then(() => ensureCollection(this.#pool, this.#schema, spec));
      promise = attempt;
      this.#tables.set(spec.name, attempt);
      attempt.catch(() => {
        if (this.#tables.get(spec.name) === attempt) this.#tables.delete(spec.name);
      });
    }
    return promise;
  }

  /** The table of a collection opened here (`collection`), once it exists: for the records an append inserts with its updates. */
  async #tableOf(collection: string): Promise<string> {
    const spec = this.#specs.get(collection);
    if (spec === undefined) throw new TypeError(`No collection ${collection} was opened on this database.`);
    await this.#table(spec);
    return collectionTable(spec.name);
  }

  collection<T extends StoredRecord>(spec: CollectionSpec): Collection<T> {
    let collection = this.#collections.get(spec.name);
    if (!collection) {
      collection = new PostgresCollection<StoredRecord>(this.#pool, spec, () => this.#table(spec), this.#names);
      this.#collections.set(spec.name, collection);
      this.#specs.set(spec.name, spec);
      // Start now so the table exists before the first request; a failure surfaces on first use.
      this.#table(spec).catch(() => undefined);
    }
    return collection as unknown as Collection<T>;
  }

  /**
   * One statement: each find a scalar subquery aggregating its records, in its order, into one
   * jsonb array column (`[]` when none matched); every find reads the same snapshot.
   */
  async findBatch(finds: readonly BatchedFind<StoredRecord>[]): Promise<StoredRecord[][]> {
    if (finds.length === 0) return [];
    const collections = finds.map((find) => this.collection<StoredRecord>(find.spec) as PostgresCollection<StoredRecord>);
    await Promise.all(collections.map((collection) => collection.ready()));
    const params = new SqlParams();
    const columns = finds.map((find, i) => {
      const select = collections[i]?.selectSql(find.filter, find.options ?? {}, params, true) ?? '';
      return `(SELECT coalesce(jsonb_agg(s.doc ORDER BY s.n), '[]'::jsonb) FROM (${select}) s) AS r${i}`;
    });
    const { rows } = await this.#pool.query<Record<string, StoredRecord[]>>(this.#names.statement(`SELECT ${columns.join(', ')}`, params.values));
    const [row] = rows;
    return finds.map((_, i) => row?.[`r${i}`] ?? []);
  }

  async ensureIndexes(): Promise<void> {
    await this.#migrations();
    await Promise.all([...this.#specs.values()].map((spec) => this.#table(spec)));
  }

  async ping(): Promise<void> {
    try {
      await this.#pool.query('SELECT 1');
    } catch (error) {
      throw new StorageError('storage_unavailable', 'PostgreSQL does not answer.', { cause: error });
    }
  }

  /** Closes every pooled connection once the queries in flight are done. */
  async close(): Promise<void> {
    await this.#pool.end();
  }
}
