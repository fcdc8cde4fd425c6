import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '../../storage/errors.js';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import { migrate, migrations } from '../../storage/postgres/schema.js';
import { describePostgres } from '../helpers/postgres.js';
import { freePort } from '../helpers/testServer.js';
import { describeStorageContract } from './contract.js';
import { describeDocumentLogAcrossProcesses } from './documentLogAcrossProcesses.js';

const freshSchema = (): string => `t_${randomBytes(6).toString('hex')}`;

describe('PostgreSQL store without a server', () => {
  it('reports an unreachable server as storage_unavailable', async () => {
    const url = `postgres://boards:secret@127.0.0.1:${await freePort()}/boards`;
    await expect(PostgresDatabase.connect({ url, connectTimeoutMs: 2000 })).rejects.toMatchObject({ code: 'storage_unavailable' });
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(PostgresDatabase.connect({ url: 'postgres://127.0.0.1/boards', schema: 'x; DROP TABLE y' })).rejects.toBeInstanceOf(TypeError);
  });
});

describePostgres('PostgreSQL store', (cluster) => {
  let url = '';
  let icuUrl = '';
  beforeAll(async () => {
    url = await cluster().createDatabase();
    // Strings compare in binary order whatever the database's collation: run the suite under a linguistic one too.
    icuUrl = await cluster().createDatabase("TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'");
  });

  describeStorageContract('PostgreSQL', async () => PostgresDatabase.connect({ url, schema: freshSchema() }));
  describeStorageContract('PostgreSQL, database with an ICU en-US collation', async () => PostgresDatabase.connect({ url: icuUrl, schema: freshSchema() }));

  it('ping reports storage_unavailable while the database refuses connections, and answers once it takes them again', async () => {
    const own = await cluster().createDatabase();
    const failures: Error[] = [];
    const db = await PostgresDatabase.connect({ url: own, onBackgroundError: (error) => failures.push(error) });
    try {
      await db.ping();
      await cluster().allowConnections(own, false);
      await expect(db.ping()).rejects.toMatchObject({ code: 'storage_unavailable' });
      // The pooled connection that was ended is reported, not thrown at whoever uses the pool next.
      await expect.poll(() => failures.length).toBeGreaterThan(0);
      expect(failures[0]).toMatchObject({ code: 'storage_unavailable' });
      await cluster().allowConnections(own, true);
      await expect(db.ping()).resolves.toBeUndefined();
    } finally {
      await db.close();
    }
  });

  it('stores, finds and updates strings holding U+0000 (which jsonb cannot hold) and U+E000 exactly', async () => {
    const db = await PostgresDatabase.connect({ url, schema: freshSchema() });
    try {
      type Odd = { id: string; name: string; tags?: string[] };
      const odd = db.collection<Odd>({ name: 'odd', indexes: [{ fields: ['name'], unique: true }] });
      const record: Odd = { id: 'a\u0000', name: 'x\u0000y\uE000z\uE0000', tags: ['\u0000', '\uE000'] };
      await odd.insert(record);
      await odd.insert({ id: 'b', name: 'x\uE000y' });
      expect(await odd.get('a\u0000')).toStrictEqual(record);
      expect(await odd.get('a')).toBeNull();
      expect((await odd.find({ name: record.name })).map((r) => r.id)).toEqual(['a\u0000']);
      expect((await odd.find({ id: { $in: ['a\u0000', 'b'] } })).map((r) => r.id)).toEqual(['a\u0000', 'b']);
      await expect(odd.insert({ id: 'c', name: record.name })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await odd.updateOne({ id: 'b' }, { $set: { name: '\u0000\uE000' } })).toStrictEqual({ id: 'b', name: '\u0000\uE000' });
      expect(await odd.get('b')).toStrictEqual({ id: 'b', name: '\u0000\uE000' });
    } finally {
      await db.close();
    }
  });

  it('indexes texts PostgreSQL would refuse as they are: NUL characters, over a megabyte of words, words over 2 KB', async () => {
    const db = await PostgresDatabase.connect({ url, schema: freshSchema() });
    try {
      const many = Array.from({ length: 200_000 }, (_, i) => `w${i.toString(36)}`).join(' ');
      await db.search.indexBoard('b', 'Odd\u0000texts', [
        { itemId: 'nul', type: 'text', text: 'before\u0000after' },
        { itemId: 'many', type: 'text', text: `first ${many}` },
        { itemId: 'long', type: 'text', text: `${'x'.repeat(3000)} tail` },
      ]);
      const page = { boardIds: ['b'], boards: { limit: 10, offset: 0 }, items: { limit: 10, offset: 0 } };
      expect((await db.search.search('after before', page)).items.map((hit) => hit.itemId)).toEqual(['nul']);
      expect((await db.search.search('texts', page)).boards.map((hit) => hit.boardId)).toEqual(['b']);
      expect((await db.search.search('first w0', page)).items.map((hit) => hit.itemId)).toEqual(['many']);
      expect((await db.search.search('tail', page)).items.map((hit) => hit.itemId)).toEqual(['long']);
    } finally {
      await db.close();
    }
  });

  describe('several processes on one store (each a store with its own pool)', () => {
    /**
     * `count` stores on one fresh schema, opened at once, and a plain pool on the same schema (to
     * look at the tables); all closed by `close`.
     */
    async function stores(count: number): Promise<{ dbs: PostgresDatabase[]; schema: string; pool: pg.Pool; close: () => Promise<void> }> {
      const schema = freshSchema();
      const dbs = await Promise.all(Array.from({ length: count }, () => PostgresDatabase.connect({ url, schema })));
      const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
      return { dbs, schema, pool, close: async () => void (await Promise.all([pool.end(), ...dbs.map((db) => db.close())])) };
    }

    describeDocumentLogAcrossProcesses('PostgreSQL, a store with its own pool per process', async (count) => {
      const { dbs, close } = await stores(count);
      return { dbs, close };
    }, it);

    it('applies each migration once when several processes start at once, and again never', async () => {
      const { dbs, schema, pool, close } = await stores(4);
      try {
        const { rows } = await pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(rows.map((row) => row.version)).toEqual(migrations.map((step) => step.version));
        expect(await migrate(pool, schema)).toEqual([]);
        // Collections opened by every process at once: one table, one unique index in force for all.
        const spec = { name: 'people', indexes: [{ fields: ['email'], unique: true }] };
        const results = await Promise.allSettled(dbs.map((db, i) => db.collection<{ id: string; email: string }>(spec).insert({ id: `p${i}`, email: 'same@example.com' })));
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DuplicateKeyError);
      } finally {
        await close();
      }
    });

    it('rolls a failing migration back whole and records nothing of it', async () => {
      const { schema, pool, close } = await stores(1);
      try {
        const broken = [...migrations, { version: 1000, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' }];
        await expect(migrate(pool, schema, broken)).rejects.toMatchObject({ code: '42883' });
        const { rows } = await pool.query("SELECT to_regclass('half_done') AS half, (SELECT max(version) FROM schema_migrations) AS latest");
        expect(rows[0]).toEqual({ half: null, latest: migrations.at(-1)?.version });
      } finally {
        await close();
      }
    });
  });
});
