import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, NewAsset } from '../../storage/index.js';
import { AssetStore, assetChunkBytes } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { describePostgres } from '../helpers/postgres.js';
import { MingoStandInDb } from './mingoStandIn.js';

function asset(boardId: string, assetId: string, bytes: number): NewAsset {
  return { boardId, assetId, contentType: 'image/png', bytes, width: 4, height: 3, sha256: 'ab'.repeat(32), createdBy: 'usr_1', createdAt: 1 };
}

/** The asset storage contract, run on every store. */
function describeAssetStorage(name: string, open: () => Promise<Database>): void {
  describe(`asset storage (${name})`, () => {
    it('keeps bytes of several chunks exactly, and a one-byte image in one', async () => {
      const db = await open();
      try {
        const store = new AssetStore(db);
        await db.ensureIndexes();
        const data = randomBytes(assetChunkBytes * 2 + 1234);
        const record = await store.put(asset('brd_1', 'ast_big', data.byteLength), data);
        expect(record).toMatchObject({ id: 'brd_1/ast_big', chunks: 3, bytes: data.byteLength });
        expect((await store.read(record)).equals(data)).toBe(true);
        const tiny = await store.put(asset('brd_1', 'ast_tiny', 1), Buffer.from([0]));
        expect(tiny.chunks).toBe(1);
        expect([...(await store.read(tiny))]).toEqual([0]);
        expect(await store.get('brd_1', 'ast_big')).toStrictEqual(record);
        expect(await store.get('brd_2', 'ast_big')).toBeNull();
        expect(await store.usage('brd_1')).toEqual({ count: 2, bytes: data.byteLength + 1 });
      } finally {
        await db.close();
      }
    });

    it('refuses a second asset with the same id on a board', async () => {
      const db = await open();
      try {
        const store = new AssetStore(db);
        await store.put(asset('brd_1', 'ast_a', 3), Buffer.from([1, 2, 3]));
        await expect(store.put(asset('brd_1', 'ast_a', 3), Buffer.from([4, 5, 6]))).rejects.toMatchObject({ name: 'DuplicateKeyError' });
      } finally {
        await db.close();
      }
    });

    it('copies the listed assets to another board and deletes a board whole, leaving the others', async () => {
      const db = await open();
      try {
        const store = new AssetStore(db);
        const data = randomBytes(assetChunkBytes + 10);
        await store.put(asset('brd_1', 'ast_a', data.byteLength), data);
        await store.put(asset('brd_1', 'ast_b', 2), Buffer.from([1, 2]));
        expect(await store.copy('brd_1', 'brd_2', ['ast_a', 'ast_missing'])).toBe(1);
        const copied = await store.get('brd_2', 'ast_a');
        expect(copied).toMatchObject({ boardId: 'brd_2', assetId: 'ast_a', chunks: 2 });
        expect((await store.read(copied!)).equals(data)).toBe(true);
        expect(await store.get('brd_2', 'ast_b')).toBeNull();
        expect(await store.deleteBoard('brd_1')).toBe(2);
        expect(await store.usage('brd_1')).toEqual({ count: 0, bytes: 0 });
        expect(await db.collection({ name: 'asset_chunks' }).count({})).toBe(2);
        expect((await store.read(copied!)).equals(data)).toBe(true);
      } finally {
        await db.close();
      }
    });

    it('reports a record whose chunks are gone as storage_damaged, never as short bytes', async () => {
      const db = await open();
      try {
        const store = new AssetStore(db);
        const record = await store.put(asset('brd_1', 'ast_a', 5), Buffer.from([1, 2, 3, 4, 5]));
        await db.collection<{ id: string; boardId: string }>({ name: 'asset_chunks' }).deleteMany({ boardId: 'brd_1' });
        await expect(store.read(record)).rejects.toMatchObject({ code: 'storage_damaged' });
      } finally {
        await db.close();
      }
    });
  });
}

describeAssetStorage('sqlite', async () => new SqliteDatabase({ dataDir: ':memory:' }));
describeAssetStorage('the mongodb adapter over the mingo stand-in', async () => new MongoDatabase(new MingoStandInDb()));

describePostgres('PostgreSQL asset storage', (cluster) => {
  let url = '';
  beforeAll(async () => {
    url = await cluster().createDatabase();
  });
  describeAssetStorage('PostgreSQL', async () => PostgresDatabase.connect({ url, schema: `t_${randomBytes(6).toString('hex')}` }));
});
