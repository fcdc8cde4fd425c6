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

  it('runs batches one after the other and one inside another, and takes back the writes of one that throws', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    const rows = db.collection<{ id: string; n: number }>({ name: 'batched' });
    const first = db.batch(() => [rows.insert({ id: 'a', n: 1 })]);
    const nested = db.batch(() => [rows.insert({ id: 'b', n: 2 }), ...db.batch(() => [rows.insert({ id: 'c', n: 3 })])]);
    await Promise.all([...first, ...nested]);
    let lost: Promise<void> | undefined;
    expect(() =>
      db.batch(() => {
        lost = rows.insert({ id: 'd', n: 4 });
        throw new Error('stop');
      }),
    ).toThrow('stop');
    await lost;
    expect(db.connection.inTransaction).toBe(false);
    expect((await rows.find({})).map((r) => r.id).sort()).toEqual(['a', 'b', 'c']);
  });
});
