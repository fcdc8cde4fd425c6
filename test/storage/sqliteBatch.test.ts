import { afterEach, describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '../../storage/index.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';

describe('SqliteDatabase.batch', () => {
  let db: SqliteDatabase;
  afterEach(async () => {
    await db.close();
  });

  it('runs the writes it starts in one transaction, and a failing write rejects alone', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    const rows = db.collection<{ id: string; n: number }>({ name: 'batched' });
    await rows.insert({ id: 'taken', n: 0 });
    const seen: boolean[] = [];
    const writes = db.batch(() => {
      const started = ['a', 'taken', 'b'].map((id, n) => {
        const write = rows.insert({ id, n });
        seen.push(db.connection.inTransaction);
        return write;
      });
      return started;
    });
    expect(seen).toEqual([true, true, true]);
    expect(db.connection.inTransaction).toBe(false);
    const settled = await Promise.allSettled(writes);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
    expect((await rows.find({})).map((r) => r.id).sort()).toEqual(['a', 'b', 'taken']);
  });
});
