import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { migrate } from '../../storage/postgres/schema.js';
import { PostgresSearchIndex } from '../../storage/postgres/PostgresSearchIndex.js';
import { describePostgres } from '../helpers/postgres.js';

const pools: pg.Pool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.end();
});

/** A search index over a pool in a fresh schema, and the statements its pool is asked to run. */
async function recordedIndex(url: string): Promise<{ index: PostgresSearchIndex; statements: string[] }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
  pools.push(pool);
  await migrate(pool, schema);
  const statements: string[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      statements.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text));
      return query(...args);
    },
  });
  return { index: new PostgresSearchIndex(pool, () => Promise.resolve()), statements };
}

/** Texts that break SQL built by hand: quotes, backslashes (which need `E''`), placeholders, statement separators. */
const awkward = ["O'Brien's \\plan\\", 'C:\\temp\\new', "'); DROP TABLE search_entries; --", '$1 $$ $2::text[]', 'a;b;\\\';c', 'tab\there\nnewline'];

describePostgres('PostgreSQL search writes', (cluster) => {
  it("writes a board's entries in one round trip, the board's lock and every statement in it", async () => {
    const { index, statements } = await recordedIndex(await cluster().createDatabase());
    await index.indexBoard('b1', 'Title', [{ itemId: 'i1', type: 'sticky_note', text: 'first words' }]);
    await index.updateBoard('b1', 'Title', [{ itemId: 'i2', type: 'sticky_note', text: 'second words' }], ['i1']);
    await index.removeBoard('b2');
    expect(statements).toHaveLength(3);
    for (const statement of statements) expect(statement).toMatch(/^SELECT pg_advisory_xact_lock\(/);
    expect((await index.indexedEntries('b1')).items).toEqual([{ itemId: 'i2', type: 'sticky_note', text: 'second words' }]);
  });

  it('stores and finds texts and ids with quotes, backslashes, placeholders and separators exactly as they are', async () => {
    const { index } = await recordedIndex(await cluster().createDatabase());
    const boardId = "b'\\1";
    const items = awkward.map((text, i) => ({ itemId: `i${i}'\\`, type: 'sticky_note', text: `${text} marker${i}` }));
    await index.indexBoard(boardId, "The 'title' \\ here", items);
    const stored = await index.indexedEntries(boardId);
    expect(stored.title).toBe("The 'title' \\ here");
    expect(stored.items).toEqual([...items].sort((a, b) => (a.itemId < b.itemId ? -1 : 1)));
    const found = await index.search('marker3', { boardIds: [boardId], boards: { limit: 10, offset: 0 }, items: { limit: 10, offset: 0 } });
    expect(found.items.map((hit) => hit.itemId)).toEqual([`i3'\\`]);
    await index.updateBoard(boardId, 'Renamed', [], [`i0'\\`, `i5'\\`]);
    expect((await index.indexedEntries(boardId)).items.map((item) => item.itemId)).toEqual([`i1'\\`, `i2'\\`, `i3'\\`, `i4'\\`]);
    await index.removeBoard(boardId);
    expect(await index.indexedEntries(boardId)).toEqual({ title: null, items: [] });
  });

  it('refuses an id PostgreSQL cannot hold (NUL) and changes nothing, and the next write works', async () => {
    const { index } = await recordedIndex(await cluster().createDatabase());
    await index.indexBoard('b1', 'Title', [{ itemId: 'i1', type: 'sticky_note', text: 'kept words' }]);
    // The write would delete the board's entries first: none of it runs.
    await expect(index.indexBoard('b1', 'Title', [{ itemId: 'bad\u0000id', type: 'sticky_note', text: 'never' }])).rejects.toThrow();
    expect((await index.indexedEntries('b1')).items).toEqual([{ itemId: 'i1', type: 'sticky_note', text: 'kept words' }]);
    await index.updateBoard('b1', 'Title', [{ itemId: 'i2', type: 'sticky_note', text: 'after' }], []);
    expect((await index.indexedEntries('b1')).items.map((item) => item.itemId)).toEqual(['i1', 'i2']);
  });
});
