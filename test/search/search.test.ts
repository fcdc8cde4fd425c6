import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoard, read } from '../boards/helpers/api.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';

interface SearchBody {
  boards: { id: string; title: string; spaceId: string | null; workspaceId: string; role: string; updatedAt: string; links: { self: string } }[];
  items: { boardId: string; boardTitle: string; itemId: string; type: string; snippet: string; links: { self: string; board: string } }[];
  nextCursor: string | null;
}

let t: TestServer;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ plan: 'pro' });
  reader = await t.createUser({ plan: 'pro' });
  stranger = await t.createUser({ plan: 'pro' });
});
afterAll(async () => t.stop());

/** Adds a sticky note through the items API; returns its id. */
async function addNote(user: TestUser, boardId: string, text: string): Promise<string> {
  const item = await read<{ id: string }>(
    await t.api(user.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text } }),
    201,
  );
  return item.id;
}

/** A board created through the API (creation schedules its indexing). */
async function indexedBoard(user: TestUser, title: string): Promise<string> {
  return (await createBoard(t, user, { title })).id;
}

async function search(user: TestUser, query: string): Promise<SearchBody> {
  await t.server.services.search.flush();
  return read<SearchBody>(await t.api(user.key, 'GET', `/search?${query}`), 200);
}

const q = (text: string, extra = ''): string => `q=${encodeURIComponent(text)}${extra}`;

describe('GET /search', () => {
  it('finds boards by title and items by text, whole words, ignoring case and diacritics', async () => {
    const board = await indexedBoard(owner, 'Zephyr Café launch');
    const note = await addNote(owner, board, 'Order zephyr mugs for the CAFÉ opening');
    await addNote(owner, board, 'Unrelated note');
    const found = await search(owner, q('zephyr cafe'));
    expect(found.boards).toEqual([
      expect.objectContaining({ id: board, title: 'Zephyr Café launch', spaceId: null, workspaceId: owner.workspaceId, role: 'owner' }),
    ]);
    expect(found.boards[0]?.links.self).toBe(`${t.baseUrl}/boards/${board}`);
    expect(found.items).toEqual([
      {
        boardId: board,
        boardTitle: 'Zephyr Café launch',
        itemId: note,
        type: 'sticky_note',
        snippet: 'Order zephyr mugs for the CAFÉ opening',
        links: { self: `${t.baseUrl}/boards/${board}/items/${note}`, board: `${t.baseUrl}/boards/${board}` },
      },
    ]);
    expect(found.nextCursor).toBeNull();
    expect((await search(owner, q('ZEPHYR mugs'))).items.map((i) => i.itemId)).toEqual([note]);
    expect(await search(owner, q('zeph'))).toEqual({ boards: [], items: [], nextCursor: null });
    expect((await search(owner, q('zephyr absentword'))).items).toEqual([]);
  });

  it('finds a renamed board by its new title only', async () => {
    const owner = await t.createUser();
    const board = await indexedBoard(owner, 'Quokka retro');
    expect((await search(owner, 'q=quokka')).boards.map((b) => b.id)).toEqual([board]);
    expect((await t.api(owner.key, 'PATCH', `/boards/${board}`, { title: 'Wombat retro' })).status).toBe(200);
    expect((await search(owner, 'q=quokka')).boards).toEqual([]);
    expect((await search(owner, 'q=wombat')).boards.map((b) => b.id)).toEqual([board]);
  });

  it('keeps up with item edits and deletions', async () => {
    const board = await indexedBoard(owner, 'Edits');
    const note = await addNote(owner, board, 'quokka draft');
    expect((await search(owner, q('quokka'))).items.map((i) => i.itemId)).toEqual([note]);
    await read(await t.api(owner.key, 'PATCH', `/boards/${board}/items/${note}`, { data: { text: 'wombat final' } }), 200);
    expect((await search(owner, q('quokka'))).items).toEqual([]);
    expect((await search(owner, q('wombat'))).items.map((i) => i.itemId)).toEqual([note]);
    await read(await t.api(owner.key, 'DELETE', `/boards/${board}/items/${note}`), 200);
    expect((await search(owner, q('wombat'))).items).toEqual([]);
  });

  it("finds a duplicated board's title and items without loading the copy, and follows the copy's own edits", async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const board = await indexedBoard(owner, 'Numbat plan');
    const note = await addNote(owner, board, 'bilby roadmap');
    await search(owner, q('bilby'));
    const loaded: string[] = [];
    const stop = t.server.services.documents.onLoaded((boardId) => loaded.push(boardId));
    try {
      const copy = await read<{ id: string }>(await t.api(owner.key, 'POST', `/boards/${board}/duplicate`), 201);
      const found = await search(owner, q('bilby'));
      expect(found.items.map((i) => [i.boardId, i.itemId, i.boardTitle]).sort()).toEqual(
        [
          [board, note, 'Numbat plan'],
          [copy.id, note, 'Copy_Numbat plan'],
        ].sort(),
      );
      expect((await search(owner, q('copy_numbat'))).boards.map((b) => b.id)).toEqual([copy.id]);
      expect(loaded).not.toContain(copy.id);
      // The copy's own edit reaches the index; the original keeps its text.
      await read(await t.api(owner.key, 'PATCH', `/boards/${copy.id}/items/${note}`, { data: { text: 'potoroo roadmap' } }), 200);
      expect((await search(owner, q('potoroo'))).items.map((i) => i.boardId)).toEqual([copy.id]);
      expect((await search(owner, q('bilby'))).items.map((i) => i.boardId)).toEqual([board]);
    } finally {
      stop();
    }
  });

  it("never shows a stranger's board; shows a shared board; hides a board in trash until restored", async () => {
    const secret = await indexedBoard(stranger, 'Narwhal secrets');
    await addNote(stranger, secret, 'narwhal tusk plans');
    const shared = await indexedBoard(owner, 'Narwhal shared');
    await addNote(owner, shared, 'narwhal migration');
    const boardsOf = async (user: TestUser): Promise<string[]> => (await search(user, q('narwhal'))).boards.map((b) => b.id).sort();
    const itemBoardsOf = async (user: TestUser): Promise<string[]> => (await search(user, q('narwhal'))).items.map((i) => i.boardId).sort();

    expect(await boardsOf(reader)).toEqual([]);
    expect(await itemBoardsOf(reader)).toEqual([]);
    await t.server.services.boardMembers.share(owner.id, shared, { email: reader.email, role: 'viewer' });
    const seen = await search(reader, q('narwhal'));
    expect(seen.boards.map((b) => [b.id, b.role])).toEqual([[shared, 'viewer']]);
    expect(seen.items.map((i) => i.boardId)).toEqual([shared]);
    expect(await boardsOf(owner)).toEqual([shared]);
    expect(await boardsOf(stranger)).toEqual([secret]);

    await read(await t.api(owner.key, 'DELETE', `/boards/${shared}`), 200);
    expect(await boardsOf(reader)).toEqual([]);
    expect(await itemBoardsOf(owner)).toEqual([]);
    await read(await t.api(owner.key, 'POST', `/boards/${shared}/restore`), 200);
    expect(await itemBoardsOf(reader)).toEqual([shared]);
  });

  it('forgets a board deleted for good', async () => {
    const basic = await t.createUser({ plan: 'basic' });
    const board = await indexedBoard(basic, 'Ocelot');
    await addNote(basic, board, 'ocelot notes');
    expect((await search(basic, q('ocelot'))).items).toHaveLength(1);
    await read(await t.api(basic.key, 'DELETE', `/boards/${board}`), 200);
    await t.server.services.search.flush();
    const left = await t.server.services.db.search.search('ocelot', {
      boardIds: [board],
      boards: { limit: 5, offset: 0 },
      items: { limit: 5, offset: 0 },
    });
    expect(left).toEqual({ boards: [], items: [], moreBoards: false, moreItems: false });
  });

  it('answers FTS syntax and punctuation as plain words, never an error', async () => {
    const board = await indexedBoard(owner, 'Syntax and (parens)');
    await addNote(owner, board, 'NEAR the "quoted" AND-gate: col:umn * star');
    for (const text of ['"', '""', 'AND (', ')', '*', 'NEAR(', 'col:umn', '-gate', "'", '^', '{', 'OR', '\\']) {
      const res = await t.api(owner.key, 'GET', `/search?${q(text)}`);
      expect(res.status, text).toBe(200);
    }
    expect((await search(owner, q('"quoted'))).items).toHaveLength(1);
    expect((await search(owner, q('AND ('))).boards.map((b) => b.id)).toEqual([board]);
    expect((await search(owner, q('col:umn gate*'))).items).toHaveLength(1);
    expect(await search(owner, q('"'))).toEqual({ boards: [], items: [], nextCursor: null });
  });

  it('pages both kinds with one cursor, limit per kind', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const boards: string[] = [];
    for (let i = 0; i < 3; i += 1) boards.push(await indexedBoard(user, `Pangolin ${i}`));
    const items: string[] = [];
    for (let i = 0; i < 5; i += 1) items.push(await addNote(user, boards[0] as string, `pangolin ${i}`));
    const seenBoards: string[] = [];
    const seenItems: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: SearchBody = await search(user, q('pangolin', `&limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      expect(page.boards.length).toBeLessThanOrEqual(2);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seenBoards.push(...page.boards.map((b) => b.id));
      seenItems.push(...page.items.map((i) => i.itemId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seenBoards.sort()).toEqual([...boards].sort());
    expect(seenItems.sort()).toEqual([...items].sort());
  });

  it('refuses a missing, blank or long q, bad limits and foreign cursors', async () => {
    const field = async (query: string): Promise<string | undefined> =>
      (await expectEnvelope(await t.api(owner.key, 'GET', `/search${query}`), 422, 'validation_failed')).error.field;
    expect(await field('')).toBe('q');
    expect(await field('?q=')).toBe('q');
    expect(await field('?q=%20%20')).toBe('q');
    expect(await field(`?${q('a'.repeat(201))}`)).toBe('q');
    for (const limit of ['0', '51', 'x', '-1']) expect(await field(`?q=a&limit=${limit}`)).toBe('limit');
    expect(await field('?q=a&cursor=nonsense')).toBe('cursor');
    const user = await t.createUser({ plan: 'pro' });
    for (let i = 0; i < 3; i += 1) await indexedBoard(user, `Axolotl ${i}`);
    const first = await search(user, q('axolotl', '&limit=1'));
    expect(first.nextCursor).not.toBeNull();
    expect((await expectEnvelope(await t.api(user.key, 'GET', `/search?q=other&cursor=${first.nextCursor}`), 422, 'validation_failed')).error.field).toBe('cursor');
    expect((await search(user, q('AXOLOTL', `&limit=1&cursor=${first.nextCursor}`))).boards).toHaveLength(1);
  });

  it('needs a token with boards:read', async () => {
    await expectEnvelope(await t.api(null, 'GET', '/search?q=a'), 401, 'unauthorized');
    const noBoards = await t.createUser({ plan: 'pro', scopes: 'user:read' });
    await expectEnvelope(await t.api(noBoards.key, 'GET', '/search?q=a'), 403, 'insufficient_scope');
  });
});
