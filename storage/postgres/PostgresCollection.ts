import type { Pool } from 'pg';
import type { Collection, CollectionSpec, Filter, FindOptions, InsertOptions, Sort, StoredRecord, Update } from '../Collection.js';
import { DuplicateKeyError } from '../errors.js';
import { filterToPostgres, sortToPostgres, updateToPostgres } from './filterToPostgres.js';
import { SqlParams } from './SqlParams.js';
import type { StatementNames } from './StatementNames.js';
import { encodeString, toStoredJson } from './nulSafeJson.js';
import { collectionTable, isUniqueViolation } from './schema.js';

type Row = { doc: Record<string, unknown> };

/**
 * A collection stored as a table `c_<name>(id text COLLATE "C" PRIMARY KEY, doc jsonb)`, the
 * record whole in `doc`, with an expression index per declared index (`schema.ts`). Every write
 * is one statement, committed with `synchronous_commit = on` before it resolves, so `durability`
 * changes nothing here. Every operation first waits for the table and its indexes to exist.
 */
export class PostgresCollection<T extends StoredRecord> implements Collection<T> {
  readonly name: string;
  readonly #pool: Pool;
  readonly #table: string;
  readonly #ready: () => Promise<void>;
  readonly #names: StatementNames | undefined;

  /**
   * `ready` resolves once the table and its indexes exist (it is called before every operation);
   * `names` picks which of the statements built from filters run prepared (none without it).
   */
  constructor(pool: Pool, spec: CollectionSpec, ready: () => Promise<void>, names?: StatementNames) {
    this.name = spec.name;
    this.#pool = pool;
    this.#table = collectionTable(spec.name);
    this.#ready = ready;
    this.#names = names;
  }

  /**
   * Runs `sql`; as the named prepared statement `name`, or the one `StatementNames` gives it
   * (statements run on every request, whose parsing and planning cost the server about as much as
   * running them).
   */
  async #query(sql: string, values: unknown[], name?: string): Promise<Row[]> {
    await this.#ready();
    try {
      return (await this.#pool.query<Row>(name === undefined ? this.#statement(sql, values) : { name, text: sql, values })).rows;
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateKeyError(this.name, { cause: error });
      throw error;
    }
  }

  /** A statement built from a filter: prepared once `StatementNames` names its text. */
  #statement(text: string, values: unknown[]): { name?: string; text: string; values: unknown[] } {
    return this.#names?.statement(text, values) ?? { text, values };
  }

  async #count(sql: string, values: unknown[]): Promise<number> {
    await this.#ready();
    try {
      return (await this.#pool.query(this.#statement(sql, values))).rowCount ?? 0;
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateKeyError(this.name, { cause: error });
      throw error;
    }
  }

  async insert(record: T, _options?: InsertOptions): Promise<void> {
    await this.#query(`INSERT INTO ${this.#table} (id, doc) VALUES ($1, $2::jsonb)`, [encodeString(record.id), toStoredJson(record)], `${this.#table}.insert`);
  }

  async put(record: T, _options?: InsertOptions): Promise<void> {
    // An upsert on the id only: a record holding another's unique field is refused, never replaced.
    await this.#query(
      `INSERT INTO ${this.#table} (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
      [encodeString(record.id), toStoredJson(record)],
      `${this.#table}.put`,
    );
  }

  async get(id: string): Promise<T | null> {
    const [row] = await this.#query(`SELECT doc FROM ${this.#table} WHERE id = $1`, [encodeString(id)], `${this.#table}.get`);
    return row ? (row.doc as T) : null;
  }

  async findOne(filter: Filter<T>, sort?: Sort<T>): Promise<T | null> {
    const [record] = await this.find(filter, sort ? { sort, limit: 1 } : { limit: 1 });
    return record ?? null;
  }

  async find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    const params = new SqlParams();
    const rows = await this.#query(this.selectSql(filter, options, params), params.values);
    return rows.map((row) => row.doc as T);
  }

  /**
   * The `SELECT doc` of `find(filter, options)`, its values added to `params`; with `numbered`,
   * each row also carries `n`, its place in the order (what a batch of finds aggregates by).
   */
  selectSql(filter: Filter<T>, options: FindOptions<T>, params: SqlParams, numbered = false): string {
    const where = filterToPostgres(filter, params);
    const order = sortToPostgres(options.sort);
    const limit = options.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(options.limit))}`;
    const n = numbered ? `, row_number() OVER (ORDER BY ${order}) AS n` : '';
    return `SELECT doc${n} FROM ${this.#table} WHERE ${where} ORDER BY ${order}${limit}`;
  }

  /** Resolves once the table and its indexes exist. */
  ready(): Promise<void> {
    return this.#ready();
  }

  async count(filter: Filter<T>): Promise<number> {
    const params = new SqlParams();
    const where = filterToPostgres(filter, params);
    const [row] = (await this.#query(`SELECT count(*)::int AS n FROM ${this.#table} WHERE ${where}`, params.values)) as unknown as { n: number }[];
    return row?.n ?? 0;
  }

  /**
   * One statement: the first match in id order is locked (a concurrent update of it makes this
   * one check the filter again on the updated record, and take the next match if it no longer
   * matches), then updated.
   */
  async updateOne(filter: Filter<T>, update: Update<T>, _options?: InsertOptions): Promise<T | null> {
    const params = new SqlParams();
    const where = filterToPostgres(filter, params);
    const doc = updateToPostgres(update, params);
    const [row] = await this.#query(
      `WITH target AS (SELECT id FROM ${this.#table} WHERE ${where} ORDER BY id LIMIT 1 FOR UPDATE)
       UPDATE ${this.#table} t SET doc = ${doc} FROM target WHERE t.id = target.id RETURNING t.doc`,
      params.values,
    );
    return row ? (row.doc as T) : null;
  }

  /** One statement: all or nothing (a unique clash leaves every record as it was). */
  async updateMany(filter: Filter<T>, update: Update<T>): Promise<number> {
    const params = new SqlParams();
    const where = filterToPostgres(filter, params);
    const doc = updateToPostgres(update, params);
    return this.#count(`UPDATE ${this.#table} SET doc = ${doc} WHERE ${where}`, params.values);
  }

  async deleteMany(filter: Filter<T>, _options?: InsertOptions): Promise<number> {
    const params = new SqlParams();
    const where = filterToPostgres(filter, params);
    return this.#count(`DELETE FROM ${this.#table} WHERE ${where}`, params.values);
  }
}
