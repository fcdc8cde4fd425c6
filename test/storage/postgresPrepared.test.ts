import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { batchedFind } from '../../storage/BatchedFind.js';
import { PostgresCollection } from '../../storage/postgres/PostgresCollection.js';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import { PostgresDocumentStore } from '../../storage/postgres/PostgresDocumentStore.js';
import { ensureCollection, migrate } from '../../storage/postgres/schema.js';
import { StatementNames } from '../../storage/postgres/StatementNames.js';
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
    expect(await store.lastSeqs(['d1', 'd2', 'd3'])).toEqual(new Map([['d1', 3], ['d2', 1], ['d3', 0]]));
    expect(await store.lastSeqs(['d2'])).toEqual(new Map([['d2', 1]]));
    expect(await prepared(pool)).toEqual(['boards_doc_append', 'boards_doc_last_seqs']);
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

  it('runs a find, a count and a delete built from a filter as prepared statements from their second run, each answering for its own values', async () => {
    const { pool, schema } = await onePool(await cluster().createDatabase());
    type Row = { id: string; n: number; tag: string };
    const spec = { name: 'rows', indexes: [{ fields: ['tag'] }] };
    await ensureCollection(pool, schema, spec);
    const rows = new PostgresCollection<Row>(pool, spec, () => Promise.resolve(), new StatementNames());
    for (const [i, tag] of ['a', 'b', 'b', 'c'].entries()) await rows.insert({ id: `r${i}`, n: i, tag });
    expect(await prepared(pool)).toEqual(['c_rows.insert']);

    expect((await rows.find({ tag: 'a' })).map((row) => row.id)).toEqual(['r0']);
    // Run once, a text holds no statement on the connection.
    expect(await prepared(pool)).toEqual(['c_rows.insert']);
    expect((await rows.find({ tag: 'b' })).map((row) => row.id)).toEqual(['r1', 'r2']);
    expect((await rows.find({ tag: 'c' })).map((row) => row.id)).toEqual(['r3']);
    expect(await rows.find({ tag: 'none' })).toEqual([]);
    expect(await prepared(pool)).toEqual(['boards_s1', 'c_rows.insert']);

    expect(await rows.count({ tag: 'b' })).toBe(2);
    expect(await rows.count({ tag: 'c' })).toBe(1);
    expect(await rows.deleteMany({ id: { $in: ['r0'] } })).toBe(1);
    expect(await rows.deleteMany({ id: { $in: ['r1', 'r3', 'nope'] } })).toBe(2);
    expect(await prepared(pool)).toEqual(['boards_s1', 'boards_s2', 'boards_s3', 'c_rows.insert']);
    expect((await rows.find({ tag: { $ne: 'x' } })).map((row) => row.id)).toEqual(['r2']);
  });

  it('prepares at most the number of texts it is given, and runs every other text unnamed with the right answer', async () => {
    const { pool, schema } = await onePool(await cluster().createDatabase());
    type Row = { id: string; n: number };
    const spec = { name: 'capped', indexes: [] };
    await ensureCollection(pool, schema, spec);
    const rows = new PostgresCollection<Row>(pool, spec, () => Promise.resolve(), new StatementNames(2));
    for (let i = 0; i < 5; i++) await rows.insert({ id: `r${i}`, n: i });
    for (let run = 0; run < 3; run++) {
      expect((await rows.find({ n: { $gte: 3 } })).map((row) => row.id)).toEqual(['r3', 'r4']);
      expect((await rows.find({ n: { $lt: 1 } })).map((row) => row.id)).toEqual(['r0']);
      expect((await rows.find({ n: 2 })).map((row) => row.id)).toEqual(['r2']);
      expect(await rows.count({ n: { $lte: 1 } })).toBe(2);
    }
    expect(await prepared(pool)).toEqual(['boards_s1', 'boards_s2', 'c_capped.insert']);
  });

  it('runs a batch of finds (the rights read of a request) as one prepared statement from its second run', async () => {
    const url = await cluster().createDatabase();
    const db = await PostgresDatabase.connect({ url, maxConnections: 1 });
    const names: (string | undefined)[] = [];
    const clientQuery = pg.Client.prototype.query;
    try {
      type Row = { id: string; owner: string };
      const spec = { name: 'grants', indexes: [{ fields: ['owner'] }] };
      const grants = db.collection<Row>(spec);
      await grants.insert({ id: 'g1', owner: 'ann' });
      await grants.insert({ id: 'g2', owner: 'bob' });
      (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
        const config = args[0] as { text?: string; name?: string };
        if (typeof config === 'object' && config.text?.includes('jsonb_agg')) names.push(config.name);
        return (clientQuery as (...rest: unknown[]) => unknown).apply(this, args);
      };
      for (const owner of ['ann', 'bob', 'ann']) {
        const [mine, all] = await db.findBatch([batchedFind<Row>(spec, { owner }), batchedFind<Row>(spec, {}, { limit: 5 })]);
        expect(mine?.map((row) => row.id)).toEqual([owner === 'ann' ? 'g1' : 'g2']);
        expect(all?.map((row) => row.id)).toEqual(['g1', 'g2']);
      }
      expect(names).toEqual([undefined, 'boards_s1', 'boards_s1']);
    } finally {
      pg.Client.prototype.query = clientQuery;
      await db.close();
    }
  });
});
