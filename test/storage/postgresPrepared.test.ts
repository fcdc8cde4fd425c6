import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { PostgresCollection } from '../../storage/postgres/PostgresCollection.js';
import { PostgresDocumentStore } from '../../storage/postgres/PostgresDocumentStore.js';
import { ensureCollection, migrate } from '../../storage/postgres/schema.js';
import { describePostgres } from '../helpers/postgres.js';

const pools: pg.Pool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.end();
});

/** A pool of one connection in a fresh schema (so `pg_prepared_statements` shows that connection's statements). */
async function onePool(url: string): Promise<{ pool: pg.Pool; schema: string }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
  pools.push(pool);
  await migrate(pool, schema);
  return { pool, schema };
}

/** The statements prepared on the pool's one connection, by name. */
async function prepared(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
  return rows.map((row) => row.name);
}

describePostgres('PostgreSQL statements run on every write', (cluster) => {
  it('appends with one statement prepared once per connection, numbering every append in order', async () => {
    const { pool } = await onePool(await cluster().createDatabase());
    const store = new PostgresDocumentStore(pool, () => Promise.resolve());
    expect(await store.append('d1', [new Uint8Array([1])])).toBe(1);
    expect(await store.append('d1', [new Uint8Array([2]), new Uint8Array([3])])).toBe(3);
    expect(await store.append('d2', [new Uint8Array([4])])).toBe(1);
    expect(await prepared(pool)).toEqual(['boards_doc_append']);
    expect((await store.load('d1')).updates).toEqual([new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])]);
  });

  it("reads and writes a record by id with statements prepared per table, which two collections' tables do not share", async () => {
    const { pool, schema } = await onePool(await cluster().createDatabase());
    type Row = { id: string; n: number };
    const open = async (name: string): Promise<PostgresCollection<Row>> => {
      const spec = { name, indexes: [] };
      await ensureCollection(pool, schema, spec);
      return new PostgresCollection<Row>(pool, spec, () => Promise.resolve());
    };
    const a = await open('alpha');
    const b = await open('beta');
    await a.insert({ id: 'x', n: 1 });
    await b.insert({ id: 'x', n: 2 });
    await a.put({ id: 'x', n: 3 });
    expect(await a.get('x')).toEqual({ id: 'x', n: 3 });
    expect(await b.get('x')).toEqual({ id: 'x', n: 2 });
    expect(await prepared(pool)).toEqual(['c_alpha.get', 'c_alpha.insert', 'c_alpha.put', 'c_beta.get', 'c_beta.insert']);
  });
});
