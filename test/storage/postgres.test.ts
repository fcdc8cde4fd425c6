import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DuplicateKeyError } from '../../storage/errors.js';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import { migrate, migrations } from '../../storage/postgres/schema.js';
import { describePostgres } from '../helpers/postgres.js';
import { freePort } from '../helpers/testServer.js';
import { describeStorageContract } from './contract.js';

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

    it('two writers appending to one document at once lose nothing and keep each writer’s order', async () => {
      const { dbs, close } = await stores(2);
      try {
        const perWriter = 60;
        const write = async (db: PostgresDatabase, writer: number): Promise<number[]> => {
          const seqs: number[] = [];
          // Some one at a time, some fired together: the store keeps call order within a process.
          for (let i = 0; i < perWriter; i += 3) {
            seqs.push(await db.documents.append('doc', [Uint8Array.of(writer, i)]));
            seqs.push(...(await Promise.all([db.documents.append('doc', [Uint8Array.of(writer, i + 1)]), db.documents.append('doc', [Uint8Array.of(writer, i + 2)])])));
          }
          return seqs;
        };
        const [one, two] = await Promise.all([write(dbs[0] as PostgresDatabase, 1), write(dbs[1] as PostgresDatabase, 2)]);
        for (const seqs of [one, two]) expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect([...one, ...two].sort((a, b) => a - b)).toEqual(Array.from({ length: 2 * perWriter }, (_, i) => i + 1));
        const stored = await (dbs[1] as PostgresDatabase).documents.load('doc');
        expect(stored.lastSeq).toBe(2 * perWriter);
        for (const writer of [1, 2]) {
          const mine = stored.updates.filter((update) => update[0] === writer).map((update) => update[1]);
          expect(mine).toEqual(Array.from({ length: perWriter }, (_, i) => i));
        }
        // Each update sits at the number its append returned.
        one.forEach((seq, i) => expect([...(stored.updates[seq - 1] ?? [])]).toEqual([1, i]));
      } finally {
        await close();
      }
    });

    it('compactions by one process while another appends lose no update', async () => {
      const { dbs, close } = await stores(2);
      const [writer, compactor] = dbs as [PostgresDatabase, PostgresDatabase];
      try {
        const source = new Y.Doc();
        const pending: Uint8Array[] = [];
        source.on('update', (update: Uint8Array) => pending.push(update));
        const total = 120;
        let done = false;
        const writing = (async () => {
          for (let i = 0; i < total; i += 1) {
            source.getMap('m').set(`k${i}`, i);
            await writer.documents.append('doc', pending.splice(0));
          }
          done = true;
        })();
        let compactions = 0;
        do {
          const stored = await compactor.documents.load('doc');
          if (stored.lastSeq === 0) continue;
          const doc = new Y.Doc();
          for (const part of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(doc, part);
          await compactor.documents.compact('doc', [Y.encodeStateAsUpdate(doc)], stored.lastSeq);
          compactions += 1;
        } while (!done);
        await writing;
        expect(compactions).toBeGreaterThan(1);
        const stored = await writer.documents.load('doc');
        expect(stored.snapshot).not.toBeNull();
        expect(stored.lastSeq).toBe(total);
        const replayed = new Y.Doc();
        for (const part of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(replayed, part);
        expect(replayed.getMap('m').toJSON()).toEqual(source.getMap('m').toJSON());
      } finally {
        await close();
      }
    });

    it('a compaction of what was read before a delete does not bring the document back', async () => {
      const { dbs, close } = await stores(2);
      const [one, two] = dbs as [PostgresDatabase, PostgresDatabase];
      try {
        const doc = new Y.Doc();
        doc.getText('t').insert(0, 'gone');
        const seq = await one.documents.append('doc', [Y.encodeStateAsUpdate(doc)]);
        const read = await one.documents.load('doc');
        await two.documents.delete('doc');
        await one.documents.compact('doc', [Y.encodeStateAsUpdate(doc)], read.lastSeq);
        expect(await two.documents.load('doc')).toEqual({ snapshot: null, updates: [], lastSeq: 0 });
        // Numbers go on from before the delete, so a later compaction is told apart from a stale one.
        const again = await two.documents.append('doc', [Uint8Array.of(1)]);
        expect(again).toBeGreaterThan(seq);
        await one.documents.compact('doc', [Uint8Array.of(2)], again);
        expect(await two.documents.load('doc')).toEqual({ snapshot: [Uint8Array.of(2)], updates: [], lastSeq: again });
      } finally {
        await close();
      }
    });

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
