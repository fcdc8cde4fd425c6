import type BetterSqlite3 from 'better-sqlite3';
import type { Collection, CollectionSpec, Filter, FindOptions, InsertOptions, Sort, StoredRecord, Update } from '../Collection.js';
import { applyUpdate } from '../applyUpdate.js';
import { DuplicateKeyError } from '../errors.js';
import { fieldExpr, filterToSql, sortToSql } from './filterToSql.js';
import { commitShared } from './WalSync.js';
import type { WalSync } from './WalSync.js';

type Row = { id: string; doc: string };

const uniqueViolations = new Set(['SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLITE_CONSTRAINT_UNIQUE']);

/** A collection stored as a table `c_<name>(id TEXT PRIMARY KEY, doc TEXT)` holding JSON, with expression indexes. */
export class SqliteCollection<T extends StoredRecord> implements Collection<T> {
  readonly name: string;
  readonly #db: BetterSqlite3.Database;
  readonly #table: string;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  readonly #walSync: WalSync | undefined;

  /**
   * `walSync`: the fsync of the WAL of `db`, which then commits with `synchronous = NORMAL`; an
   * immediate write waits for it. Without it (in memory, or a store opened `normal`) a write is
   * as durable as the connection's own `synchronous` makes it, and resolves at once.
   */
  constructor(db: BetterSqlite3.Database, spec: CollectionSpec, walSync?: WalSync) {
    this.name = spec.name;
    this.#db = db;
    this.#walSync = walSync;
    this.#table = `c_${spec.name}`;
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.#table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID`);
    for (const index of spec.indexes ?? []) {
      const suffix = `${spec.name}_${index.fields.join('_')}`;
      const columns = index.fields.map((f) => fieldExpr(f)).join(', ');
      db.exec(`CREATE INDEX IF NOT EXISTS ix_${suffix} ON ${this.#table} (${columns})`);
      if (index.unique) {
        // Uniqueness is enforced on the JSON text of each field (`->`), which is SQL NULL only for
        // a missing field: a missing field never clashes, a stored null does, and `1`, `true` and
        // `"1"` stay distinct, exactly like MongoDB's unique index filtered on `$exists`. The
        // plain index above serves queries, whose expressions read values with json_extract.
        const keys = index.fields.map((f) => (f === 'id' ? 'id' : `(doc -> '$.${f}')`)).join(', ');
        db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ux_${suffix} ON ${this.#table} (${keys})`);
      }
    }
  }

  #prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      // Filters are built from a handful of shapes per call site; the cache stays small.
      if (this.#statements.size < 500) this.#statements.set(sql, statement);
    }
    return statement;
  }

  #write(sql: string, params: unknown[]): BetterSqlite3.RunResult {
    try {
      return this.#prepare(sql).run(...params);
    } catch (error) {
      if (error instanceof Error && 'code' in error && uniqueViolations.has(String(error.code))) {
        throw new DuplicateKeyError(this.name, { cause: error });
      }
      throw error;
    }
  }

  async insert(record: T, options: InsertOptions = {}): Promise<void> {
    await this.#withDurability(options, () => this.#write(`INSERT INTO ${this.#table} (id, doc) VALUES (?, ?)`, [record.id, JSON.stringify(record)]));
  }

  /**
   * Runs the write `fn`, committed without an fsync on the event loop (`commitShared`). A
   * `shared` write resolves at once; an `immediate` one once `WalSync` fsynced the WAL that holds
   * it, off the loop and shared with every write waiting at the time (group commit): the same
   * promise as a FULL commit, without holding every connection of the process for the disk.
   */
  async #withDurability<R>(options: InsertOptions, fn: () => R): Promise<R> {
    const result = commitShared(this.#walSync, fn);
    if (options.durability !== 'shared') await this.#walSync?.request();
    return result;
  }

  async put(record: T, options: InsertOptions = {}): Promise<void> {
    // Not INSERT OR REPLACE: that would silently delete another record holding the same unique field.
    await this.#withDurability(options, () =>
      this.#write(`INSERT INTO ${this.#table} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`, [
        record.id,
        JSON.stringify(record),
      ]),
    );
  }

  async get(id: string): Promise<T | null> {
    const row = this.#prepare(`SELECT doc FROM ${this.#table} WHERE id = ?`).get(id) as Row | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  #select(filter: Filter<T>, options: FindOptions<T> = {}): Row[] {
    const where = filterToSql(filter);
    const limit = options.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(options.limit))}`;
    const sql = `SELECT id, doc FROM ${this.#table} WHERE ${where.sql} ORDER BY ${sortToSql(options.sort)}${limit}`;
    return this.#prepare(sql).all(...where.params) as Row[];
  }

  async findOne(filter: Filter<T>, sort?: Sort<T>): Promise<T | null> {
    const [row] = this.#select(filter, sort ? { sort, limit: 1 } : { limit: 1 });
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async find(filter: Filter<T>, options?: FindOptions<T>): Promise<T[]> {
    return this.#select(filter, options).map((row) => JSON.parse(row.doc) as T);
  }

  async count(filter: Filter<T>): Promise<number> {
    const where = filterToSql(filter);
    const row = this.#prepare(`SELECT count(*) AS n FROM ${this.#table} WHERE ${where.sql}`).get(...where.params) as {
      n: number;
    };
    return row.n;
  }

  async updateOne(filter: Filter<T>, update: Update<T>, options: InsertOptions = {}): Promise<T | null> {
    // better-sqlite3 runs synchronously, so select + write inside one transaction is atomic
    // against this process and, through SQLite's write lock, against other processes.
    const transaction = this.#db.transaction(() => {
      const [row] = this.#select(filter, { limit: 1 });
      if (!row) return null;
      const next = applyUpdate(JSON.parse(row.doc) as T, update);
      this.#write(`UPDATE ${this.#table} SET doc = ? WHERE id = ?`, [JSON.stringify(next), row.id]);
      return next;
    });
    return this.#withDurability(options, () => transaction.immediate());
  }

  async updateMany(filter: Filter<T>, update: Update<T>): Promise<number> {
    const transaction = this.#db.transaction(() => {
      const rows = this.#select(filter);
      for (const row of rows) {
        const next = applyUpdate(JSON.parse(row.doc) as T, update);
        this.#write(`UPDATE ${this.#table} SET doc = ? WHERE id = ?`, [JSON.stringify(next), row.id]);
      }
      return rows.length;
    });
    return this.#withDurability({}, () => transaction.immediate());
  }

  async deleteMany(filter: Filter<T>, options: InsertOptions = {}): Promise<number> {
    const where = filterToSql(filter);
    return (await this.#withDurability(options, () => this.#write(`DELETE FROM ${this.#table} WHERE ${where.sql}`, where.params))).changes;
  }
}
