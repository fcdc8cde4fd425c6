import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { CollectionSpec, IndexSpec } from '../Collection.js';
import { jsonField } from './filterToPostgres.js';
import { inTransaction } from './transaction.js';

/**
 * The PostgreSQL store's schema: numbered migrations for its own tables, recorded in
 * `schema_migrations`, and the tables of record collections, created when a collection is
 * first opened. Both run under one transaction-scoped advisory lock, so processes starting at
 * once apply each step exactly once and never race on `CREATE ... IF NOT EXISTS` (which is not
 * safe against a concurrent creator on its own).
 */

/** Key of the advisory lock taken around every schema change (an arbitrary constant: "boards"). */
const schemaLockKey = '1651470706';

/** A schema change, applied once, in order of `version`. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The store's own tables. Append only: a released migration is never edited. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'document log and snapshots',
    sql: `
      CREATE TABLE doc_heads (
        doc_id text COLLATE "C" PRIMARY KEY,
        last_seq bigint NOT NULL,
        deleted_seq bigint NOT NULL DEFAULT 0
      );
      CREATE TABLE doc_log (
        doc_id text COLLATE "C" NOT NULL,
        seq bigint NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (doc_id, seq)
      );
      CREATE TABLE doc_snapshots (
        doc_id text COLLATE "C" PRIMARY KEY,
        seq bigint NOT NULL,
        data bytea NOT NULL,
        parts integer[]
      );`,
  },
  {
    version: 2,
    name: 'search entries',
    sql: `
      CREATE TABLE search_entries (
        board_id text COLLATE "C" NOT NULL,
        item_id text COLLATE "C" NOT NULL,
        type text NOT NULL,
        text text NOT NULL,
        words tsvector NOT NULL,
        PRIMARY KEY (board_id, item_id)
      );
      CREATE INDEX search_entries_words ON search_entries USING gin (words);`,
  },
  {
    version: 3,
    name: 'compaction fences',
    // The highest fencing token a compaction of the document was accepted under (`DocumentStore.compact`).
    sql: `ALTER TABLE doc_snapshots ADD COLUMN fence bigint NOT NULL DEFAULT 0;`,
  },
];

/** Runs `fn` in a transaction holding the schema lock; `schema` (when given) is created first and made the search path. */
async function underSchemaLock(pool: Pool, schema: string | undefined, fn: (client: PoolClient) => Promise<void>): Promise<void> {
  await inTransaction(pool, 'BEGIN', async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [schemaLockKey]);
    if (schema !== undefined) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(`SET LOCAL search_path TO ${schema}`);
    }
    await fn(client);
  });
}

/** Applies the migrations not yet recorded in `schema_migrations`, in order; returns the versions applied. */
export async function migrate(pool: Pool, schema: string | undefined, steps: readonly Migration[] = migrations): Promise<number[]> {
  const applied: number[] = [];
  await underSchemaLock(pool, schema, async (client) => {
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version));
    for (const step of [...steps].sort((a, b) => a.version - b.version)) {
      if (done.has(step.version)) continue;
      await client.query(step.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [step.version, step.name]);
      applied.push(step.version);
    }
  });
  return applied;
}

const namePattern = /^[a-z0-9_]+$/;

/** A quoted index name, hashed when PostgreSQL would otherwise cut it at 63 bytes (and two names could meet). */
function indexName(prefix: string, collection: string, index: IndexSpec): string {
  const base = `${prefix}_${collection}_${index.fields.join('_')}`;
  const name = base.length <= 63 ? base : `${base.slice(0, 54)}_${createHash('sha256').update(base).digest('hex').slice(0, 8)}`;
  return `"${name}"`;
}

/** The table of collection `name` (`c_<name>`: `id`, and the record whole in `doc`). */
export function collectionTable(name: string): string {
  return `c_${name}`;
}

/**
 * Creates a collection's table and indexes when missing: a plain index over the fields' jsonb
 * expressions for queries, and for a unique index a unique one over the same expressions, under
 * which a missing field (SQL NULL) never clashes while a stored JSON null does, as in the other
 * adapters.
 */
export async function ensureCollection(pool: Pool, schema: string | undefined, spec: CollectionSpec): Promise<void> {
  if (!namePattern.test(spec.name)) throw new TypeError(`A collection name is lower-case letters, digits and _: ${spec.name}`);
  const table = collectionTable(spec.name);
  await underSchemaLock(pool, schema, async (client) => {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table} (id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL)`);
    for (const index of spec.indexes ?? []) {
      const columns = index.fields.map((field) => jsonField(field)).join(', ');
      const kind = index.unique ? 'UNIQUE INDEX' : 'INDEX';
      await client.query(`CREATE ${kind} IF NOT EXISTS ${indexName(index.unique ? 'ux' : 'ix', spec.name, index)} ON ${table} (${columns})`);
    }
  });
}

/** Whether `error` is PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
