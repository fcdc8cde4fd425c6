import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../storage/Database.js';
import type { SearchOptions } from '../../storage/SearchIndex.js';
import { maxQueryTerms, snippetChars } from '../../storage/searchText.js';

const all = ['b1', 'b2', 'b3'];

function page(boardIds: readonly string[] = all, limit = 20, offset = 0): SearchOptions {
  return { boardIds, boards: { limit, offset }, items: { limit, offset } };
}

/**
 * The search index part of the storage contract (rules in storage/SearchIndex.ts): whole words,
 * every word, case and diacritics folded, only the boards asked for, safe with any input.
 */
export function describeSearchIndexContract(getDb: () => Database): void {
  describe('search index', () => {
    let db: Database;

    beforeEach(async () => {
      db = getDb();
      await db.search.indexBoard('b1', 'Roadmap Q3', [
        { itemId: 'i1', type: 'sticky_note', text: 'Ship the Café menu redesign' },
        { itemId: 'i2', type: 'text', text: 'Budget review with finance' },
        { itemId: 'i3', type: 'shape', text: '   ' },
      ]);
      await db.search.indexBoard('b2', 'Café opening', [{ itemId: 'i1', type: 'card', text: 'MENU tasting; roadmap draft' }]);
      await db.search.indexBoard('b3', 'Secret plans', [{ itemId: 'i9', type: 'doc', text: 'roadmap for the merger' }]);
    });

    const itemKeys = async (query: string, options = page()): Promise<string[]> =>
      (await db.search.search(query, options)).items.map((hit) => `${hit.boardId}/${hit.itemId}`).sort();
    const boardKeys = async (query: string, options = page()): Promise<string[]> =>
      (await db.search.search(query, options)).boards.map((hit) => hit.boardId).sort();

    it('finds board titles and item texts by whole word, ignoring case and diacritics', async () => {
      expect(await boardKeys('roadmap')).toEqual(['b1']);
      expect(await itemKeys('roadmap')).toEqual(['b2/i1', 'b3/i9']);
      expect(await boardKeys('CAFE')).toEqual(['b2']);
      expect(await itemKeys('café')).toEqual(['b1/i1']);
      expect(await itemKeys('menu')).toEqual(['b1/i1', 'b2/i1']);
      const [hit] = (await db.search.search('budget', page())).items;
      expect(hit).toEqual({ boardId: 'b1', itemId: 'i2', type: 'text', snippet: 'Budget review with finance' });
      expect((await db.search.search('opening', page())).boards).toEqual([{ boardId: 'b2', title: 'Café opening' }]);
    });

    it('needs every word, whole: no prefixes, no stemming', async () => {
      expect(await itemKeys('menu roadmap')).toEqual(['b2/i1']);
      expect(await itemKeys('menu budget')).toEqual([]);
      expect(await itemKeys('road')).toEqual([]);
      expect(await itemKeys('menus')).toEqual([]);
      expect(await itemKeys('review, finance!')).toEqual(['b1/i2']);
    });

    it('returns nothing outside the boards asked for', async () => {
      expect(await itemKeys('roadmap', page(['b1', 'b2']))).toEqual(['b2/i1']);
      expect(await boardKeys('secret', page(['b1', 'b2']))).toEqual([]);
      expect(await db.search.search('roadmap', page([]))).toEqual({ boards: [], items: [], moreBoards: false, moreItems: false });
    });

    it('replaces a board on reindex and forgets a removed board', async () => {
      await db.search.indexBoard('b1', 'Roadmap Q4', [{ itemId: 'i7', type: 'text', text: 'Hiring plan' }]);
      expect(await itemKeys('budget')).toEqual([]);
      expect(await itemKeys('hiring')).toEqual(['b1/i7']);
      expect(await boardKeys('q4')).toEqual(['b1']);
      expect(await boardKeys('q3')).toEqual([]);
      await db.search.removeBoard('b1');
      await db.search.removeBoard('unknown');
      expect(await itemKeys('hiring')).toEqual([]);
      expect(await boardKeys('roadmap')).toEqual([]);
      expect(await itemKeys('roadmap')).toEqual(['b2/i1', 'b3/i9']);
    });

    it('updates part of a board: title, changed items, removed items, blanked items', async () => {
      await db.search.indexBoard('b1', 'Roadmap Q3', [
        { itemId: 'k1', type: 'text', text: 'alpha' },
        { itemId: 'k2', type: 'text', text: 'bravo' },
        { itemId: 'k3', type: 'text', text: 'charlie' },
      ]);
      await db.search.updateBoard('b1', 'Roadmap Q5', [{ itemId: 'k1', type: 'card', text: 'delta' }, { itemId: 'k4', type: 'text', text: 'echo' }, { itemId: 'k3', type: 'text', text: ' ' }], ['k2']);
      expect(await itemKeys('alpha')).toEqual([]);
      expect(await itemKeys('delta')).toEqual(['b1/k1']);
      expect(await itemKeys('bravo')).toEqual([]);
      expect(await itemKeys('charlie')).toEqual([]);
      expect(await itemKeys('echo')).toEqual(['b1/k4']);
      expect(await boardKeys('q5')).toEqual(['b1']);
      expect(await boardKeys('q3')).toEqual([]);
      expect(await itemKeys('roadmap')).toEqual(['b2/i1', 'b3/i9']);
    });

    it('reads back what is indexed for one board, title and items, and nothing for an unknown board', async () => {
      await db.search.updateBoard('b1', 'Roadmap Q4', [{ itemId: 'i4', type: 'text', text: 'New note' }], ['i2']);
      const entries = await db.search.indexedEntries('b1');
      expect(entries.title).toBe('Roadmap Q4');
      expect([...entries.items].sort((a, b) => a.itemId.localeCompare(b.itemId))).toEqual([
        { itemId: 'i1', type: 'sticky_note', text: 'Ship the Café menu redesign' },
        { itemId: 'i4', type: 'text', text: 'New note' },
      ]);
      expect(await db.search.indexedEntries('nope')).toEqual({ title: null, items: [] });
    });

    it('reads back every entry of a large board exactly once, whatever the ids, and none of its neighbours', async () => {
      const items = Array.from({ length: 2500 }, (_, i) => ({ itemId: `n${String(i).padStart(4, '0')}${i % 7 === 0 ? '~' : ''}`, type: 'text', text: `note ${i}` }));
      await db.search.indexBoard('big', 'Big board', items);
      await db.search.indexBoard('big0', 'Neighbour', [{ itemId: 'a', type: 'text', text: 'other' }]);
      const entries = await db.search.indexedEntries('big');
      expect(entries.title).toBe('Big board');
      expect(entries.items).toHaveLength(2500);
      expect(new Set(entries.items.map((item) => item.itemId))).toEqual(new Set(items.map((item) => item.itemId)));
    });

    it('treats query syntax as plain words and never fails on odd input', async () => {
      for (const query of ['"', '""', 'AND (', '*', 'NEAR(a b)', 'menu OR', '-menu', 'text:menu', "d'oh", ')(', '^', '\\', '{}', '  ', '']) {
        await expect(db.search.search(query, page())).resolves.toBeDefined();
      }
      expect(await itemKeys('"menu')).toEqual(['b1/i1', 'b2/i1']);
      expect(await itemKeys('menu*')).toEqual(['b1/i1', 'b2/i1']);
      expect(await itemKeys('AND')).toEqual([]);
      await db.search.indexBoard('b2', 'Logic', [{ itemId: 'i1', type: 'text', text: 'this AND that or NOT near' }]);
      expect(await itemKeys('and not NEAR')).toEqual(['b2/i1']);
      expect(await itemKeys('"')).toEqual([]);
    });

    it('ignores words past the first maxQueryTerms', async () => {
      const filler = Array.from({ length: maxQueryTerms }, () => 'menu').join(' ');
      const many = Array.from({ length: maxQueryTerms }, (_, i) => `w${i}`);
      await db.search.indexBoard('b3', 'Words', [{ itemId: 'i1', type: 'text', text: many.join(' ') }]);
      expect(await itemKeys(`${many.join(' ')} absent`)).toEqual(['b3/i1']);
      expect(await itemKeys(`${filler} roadmap`)).toEqual(['b2/i1']);
    });

    it('pages each kind by limit and offset, in a stable order, flagging more', async () => {
      const items = Array.from({ length: 5 }, (_, i) => ({ itemId: `i${i}`, type: 'text', text: 'same words here' }));
      await db.search.indexBoard('b1', 'same', items);
      await db.search.indexBoard('b2', 'same', items.slice(0, 2));
      const first = await db.search.search('same words', { boardIds: all, boards: { limit: 1, offset: 0 }, items: { limit: 4, offset: 0 } });
      expect(first.items.map((h) => `${h.boardId}/${h.itemId}`)).toEqual(['b1/i0', 'b1/i1', 'b1/i2', 'b1/i3']);
      expect(first.moreItems).toBe(true);
      expect(first.boards).toEqual([]);
      expect(first.moreBoards).toBe(false);
      const second = await db.search.search('same words', { boardIds: all, boards: { limit: 0, offset: 0 }, items: { limit: 4, offset: 4 } });
      expect(second.items.map((h) => `${h.boardId}/${h.itemId}`)).toEqual(['b1/i4', 'b2/i0', 'b2/i1']);
      expect(second.moreItems).toBe(false);
      const titles = await db.search.search('same', { boardIds: all, boards: { limit: 1, offset: 0 }, items: { limit: 0, offset: 0 } });
      expect(titles).toMatchObject({ boards: [{ boardId: 'b1' }], items: [], moreBoards: true, moreItems: false });
    });

    it('cuts long texts to a snippet around the first match', async () => {
      const text = `${'lorem ipsum '.repeat(40)}the needle sits here ${'dolor sit '.repeat(40)}`;
      await db.search.indexBoard('b3', 'Long', [{ itemId: 'i1', type: 'doc', text }]);
      const [hit] = (await db.search.search('NEEDLE', page())).items;
      expect(hit?.snippet).toContain('the needle sits here');
      expect(hit?.snippet.startsWith('…')).toBe(true);
      expect(hit?.snippet.endsWith('…')).toBe(true);
      expect(hit?.snippet.length).toBeLessThanOrEqual(snippetChars + 2);
    });
  });
}
