import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { StorageError } from '../../storage/errors.js';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import { describePostgres } from '../helpers/postgres.js';

/** A stopped server must read as `storage_unavailable` (503 in the API), not as an internal error. */
describePostgres('PostgreSQL store while its server is stopped', (cluster) => {
  it('rejects collection and document writes with storage_unavailable while the server is down, stores none of them, and works again once it is back', async () => {
    const db = await PostgresDatabase.connect({ url: await cluster().createDatabase(), connectTimeoutMs: 2000 });
    try {
      const notes = db.collection<{ id: string; text: string }>({ name: 'notes' });
      await db.ensureIndexes();
      await notes.insert({ id: 'before', text: 'stored' });
      const doc = new Y.Doc();
      doc.getMap('m').set('k', 1);
      const update = Y.encodeStateAsUpdate(doc);

      cluster().halt();
      try {
        for (const write of [() => notes.insert({ id: 'during', text: 'refused' }), () => notes.get('before'), () => db.documents.append('doc-1', [update])]) {
          const error: unknown = await write().then(() => null, (caught: unknown) => caught);
          expect(error).toBeInstanceOf(StorageError);
          expect(error).toMatchObject({ code: 'storage_unavailable' });
        }
      } finally {
        cluster().resume();
      }

      await expect.poll(() => notes.get('before').catch(() => null), { timeout: 30_000, interval: 200 }).toEqual({ id: 'before', text: 'stored' });
      expect(await notes.get('during')).toBeNull();
      await notes.insert({ id: 'after', text: 'stored' });
      await expect(notes.insert({ id: 'after', text: 'again' })).rejects.toMatchObject({ code: 'duplicate_key' });
      expect(await db.documents.append('doc-1', [update])).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }, 90_000);
});
