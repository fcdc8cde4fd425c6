import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteSearchIndex } from '../../storage/sqlite/SqliteSearchIndex.js';

const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'theta', 'kappa'];
const textOf = (n: number): string => Array.from({ length: 12 }, (_, k) => `${words[(n + k) % words.length]}${(n * 31 + k) % 97}`).join(' ');

/** The FTS5 segments the index is made of now (each has its rows in the `_idx` table). */
function segments(db: BetterSqlite3.Database): number {
  return (db.prepare('SELECT count(DISTINCT segid) AS n FROM search_entries_fts_idx').get() as { n: number }).n;
}

describe('SqliteSearchIndex segment merging', () => {
  it("turns FTS5's automerge off in the table's own config, so no write merges in a burst", () => {
    const db = new BetterSqlite3(':memory:');
    new SqliteSearchIndex(db);
    // Opening it again (a restart) keeps the setting and does not fail.
    new SqliteSearchIndex(db);
    expect(db.prepare("SELECT v FROM search_entries_fts_config WHERE k = 'automerge'").get()).toEqual({ v: 0 });
    db.close();
  });

  it('merges a step in every write: one-item writes leave a few segments, and every entry stays findable', async () => {
    const db = new BetterSqlite3(':memory:');
    const index = new SqliteSearchIndex(db);
    const items = Array.from({ length: 5000 }, (_, i) => ({ itemId: `i${String(i).padStart(4, '0')}`, type: 'sticky_note', text: textOf(i) }));
    await index.indexBoard('b1', 'Board one', items);
    // Each write is a transaction of its own and so a new level-0 segment: without merging,
    // 600 of them leave about twenty (FTS5's crisis merge caps only a level at 16).
    for (let n = 0; n < 600; n++) {
      const i = (n * 37) % items.length;
      items[i] = { ...items[i]!, text: `${textOf(n + 1000)} edit${n}` };
      await index.updateBoard('b1', 'Board one', [items[i]!], []);
    }
    expect(segments(db)).toBeLessThanOrEqual(8);
    // FTS5's own consistency check of the index against its content table.
    db.prepare("INSERT INTO search_entries_fts (search_entries_fts) VALUES ('integrity-check')").run();
    const last = items[(599 * 37) % items.length]!;
    const found = await index.search('edit599', { boardIds: ['b1'], boards: { limit: 0, offset: 0 }, items: { limit: 5, offset: 0 } });
    expect(found.items.map((hit) => hit.itemId)).toEqual([last.itemId]);
    // An edit replaced its item's old text: the word it had before is gone from that item.
    const replaced = await index.search('edit0', { boardIds: ['b1'], boards: { limit: 0, offset: 0 }, items: { limit: 5, offset: 0 } });
    const stillEdit0 = items.filter((item) => item.text.split(' ').includes('edit0')).map((item) => item.itemId);
    expect(replaced.items.map((hit) => hit.itemId)).toEqual(stillEdit0);
    db.close();
  });
});
