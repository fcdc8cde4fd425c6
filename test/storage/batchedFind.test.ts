import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../storage/index.js';
import { batchedFind, findTogether, openDatabase } from '../../storage/index.js';
import { bothStores } from './bothStores.js';
import { describePostgres } from '../helpers/postgres.js';

type Person = { id: string; team: string; age: number; note: string | null };
type Team = { id: string; name: string };
const people = { name: 'batch_people', indexes: [{ fields: ['team'] }] };
const teams = { name: 'batch_teams', indexes: [] };

/** Records with sort ties, a NUL and the escape character in strings, and a null field. */
async function fill(db: Database): Promise<void> {
  const p = db.collection<Person>(people);
  for (const [i, team] of ['red', 'blue', 'red', 'red', 'blue'].entries()) {
    await p.insert({ id: `p${i}`, team, age: [30, 20, 30, 10, 40][i] ?? 0, note: i === 1 ? 'a\u0000b\uE000c' : i === 2 ? null : `note ${i}` });
  }
  await db.collection<Team>(teams).insert({ id: 'red', name: 'Red team' });
}

/** Each find of a batch answers what `Collection.find` answers alone, in order, on this store. */
async function answersAsFind(db: Database): Promise<void> {
  await fill(db);
  const finds = [
    batchedFind<Person>(people, { team: 'red' }, { sort: [['age', -1]] }),
    batchedFind<Person>(people, { team: { $in: ['blue', 'green'] } }, { sort: [['age', 1]], limit: 1 }),
    batchedFind<Team>(teams, { id: 'red' }, { limit: 1 }),
    batchedFind<Team>(teams, { id: 'nobody' }),
    batchedFind<Person>(people, { $or: [{ note: null }, { age: 20 }] }),
  ] as const;
  const [red, youngestBlue, team, none, odd] = await findTogether(db, finds);
  expect(red.map((r) => r.id)).toEqual(['p0', 'p2', 'p3']);
  expect(youngestBlue).toEqual([{ id: 'p1', team: 'blue', age: 20, note: 'a\u0000b\uE000c' }]);
  expect(team).toEqual([{ id: 'red', name: 'Red team' }]);
  expect(none).toEqual([]);
  expect(odd.map((r) => r.id)).toEqual(['p1', 'p2']);
  const alone = await Promise.all(finds.map((f) => db.collection(f.spec).find(f.filter, f.options)));
  expect([red, youngestBlue, team, none, odd]).toEqual(alone);
}

describe('finds run together', () => {
  for (const [name, open] of bothStores('boards-batch-')) {
    it(`answer as each find alone, in order (${name})`, async () => {
      const db = await open();
      try {
        await answersAsFind(db);
      } finally {
        await db.close();
      }
    });
  }
});

describePostgres('finds run together on PostgreSQL', (cluster) => {
  const open: Database[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.close();
  });
  const connect = async (url: string): Promise<Database> => {
    const db = await openDatabase({ kind: 'postgres', url });
    open.push(db);
    return db;
  };

  it('answer as each find alone, in order, in one statement', async () => {
    const db = await connect(await cluster().createDatabase());
    expect(db.findBatch).toBeTypeOf('function');
    await answersAsFind(db);
  });

  it('read a collection no one has written yet (its table is created first) and see what another process wrote at once', async () => {
    const url = await cluster().createDatabase();
    const [a, b] = [await connect(url), await connect(url)];
    expect(await findTogether(b, [batchedFind<Team>(teams, {})] as const)).toEqual([[]]);
    await a.collection<Team>(teams).insert({ id: 't', name: 'New' });
    expect(await findTogether(b, [batchedFind<Team>(teams, {})] as const)).toEqual([[{ id: 't', name: 'New' }]]);
  });
});
