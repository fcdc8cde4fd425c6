import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';
import type { ActivityBody, BoardBody, PageBody } from './helpers/api.js';
import { createBoard, createSpace, read, share } from './helpers/api.js';

let t: TestServer;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ plan: 'pro', name: 'Bea Board' });
  stranger = await t.createUser({ plan: 'pro' });
});
afterAll(async () => t.stop());

async function boardIds(user: TestUser, query = ''): Promise<string[]> {
  return (await read<PageBody<BoardBody>>(await t.api(user.key, 'GET', `/boards${query}`), 200)).data.map((b) => b.id);
}

describe('POST /boards', () => {
  it('creates a board in the default space with a real Yjs document', async () => {
    const board = await createBoard(t, owner, { title: 'Plan' });
    expect(board).toMatchObject({ title: 'Plan', spaceId: null, role: 'owner', locked: false, trashedAt: null, workspaceId: owner.workspaceId });
    expect(board.owner).toEqual({ id: owner.id, name: 'Bea Board', email: owner.email });
    expect(board.links.sync).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v1\/sync\/brd_/);
    const stored = await t.server.services.db.documents.load(board.id);
    expect(stored.snapshot).toHaveLength(1);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, stored.snapshot?.[0] as Uint8Array);
    expect(doc.getMap('items').size).toBe(0);
  });

  it('creates in a space the caller can write; defaults the title', async () => {
    const space = await createSpace(t, owner, 'Team');
    const board = read<BoardBody>(await t.api(owner.key, 'POST', '/boards', { spaceId: space.id }), 201);
    expect(await board).toMatchObject({ spaceId: space.id, title: 'Untitled board' });
  });

  it('refuses bad input and unreadable or read-only spaces, storing nothing', async () => {
    const space = await createSpace(t, owner, 'Read only');
    const viewer = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, viewer, 'viewer');
    const before = await boardIds(viewer);
    expect((await expectEnvelope(await t.api(viewer.key, 'POST', '/boards', { title: '' }), 422, 'validation_failed')).error.field).toBe('title');
    expect((await expectEnvelope(await t.api(viewer.key, 'POST', '/boards', { title: 'x', locked: true }), 422, 'validation_failed')).error.field).toBe('locked');
    await expectEnvelope(await t.api(viewer.key, 'POST', '/boards', { title: 'x', spaceId: space.id }), 403, 'forbidden');
    await expectEnvelope(await t.api(stranger.key, 'POST', '/boards', { title: 'x', spaceId: space.id }), 404, 'not_found');
    await expectEnvelope(await t.api(viewer.key, 'POST', '/boards', { title: 'x', spaceId: 'spc_none' }), 404, 'not_found');
    expect(await boardIds(viewer)).toEqual(before);
  });
});

describe('GET /boards and /boards/recent', () => {
  it('lists own boards, boards in shared spaces and boards shared directly; filters by space', async () => {
    const me = await t.createUser({ plan: 'pro' });
    const mine = await createBoard(t, me, { title: 'Mine' });
    const space = await createSpace(t, owner, 'Shared with me');
    const inShared = await createBoard(t, owner, { title: 'In shared space', spaceId: space.id });
    await share(t, owner, space.id, me, 'viewer');
    const direct = await createBoard(t, owner, { title: 'Direct' });
    await t.server.services.boardMembers.share(owner.id, direct.id, { email: me.email, role: 'commenter' });
    await createBoard(t, owner, { title: 'Not mine' });

    expect(new Set(await boardIds(me))).toEqual(new Set([mine.id, inShared.id, direct.id]));
    expect(await boardIds(me, `?spaceId=${space.id}`)).toEqual([inShared.id]);
    expect(new Set(await boardIds(me, '?spaceId=default'))).toEqual(new Set([mine.id, direct.id]));
    expect(await boardIds(me, '?sort=title')).toEqual([direct.id, inShared.id, mine.id]);
    const roles = (await read<PageBody<BoardBody>>(await t.api(me.key, 'GET', '/boards?sort=title'), 200)).data.map((b) => b.role);
    expect(roles).toEqual(['commenter', 'viewer', 'owner']);
    await expectEnvelope(await t.api(stranger.key, 'GET', `/boards?spaceId=${space.id}`), 404, 'not_found');
    await expectEnvelope(await t.api(me.key, 'GET', '/boards?sort=random'), 422, 'validation_failed');
  });

  it('pages through every board exactly once, in every order', async () => {
    const me = await t.createUser({ plan: 'pro' });
    const made: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      made.push((await createBoard(t, me, { title: `B${i % 3}` })).id);
      if (i % 2 === 0) t.clock.advance(1000);
    }
    for (const sort of ['updated', 'created', 'title', 'position']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: PageBody<BoardBody> = await read(await t.api(me.key, 'GET', `/boards?limit=3&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`), 200);
        seen.push(...page.data.map((b) => b.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.sort()).toEqual([...made].sort());
    }
  });

  it('recent answers the ten most recently updated boards', async () => {
    const me = await t.createUser({ plan: 'pro' });
    const made: BoardBody[] = [];
    for (let i = 0; i < 12; i += 1) {
      made.push(await createBoard(t, me, { title: `R${i}` }));
      t.clock.advance(1000);
    }
    await read(await t.api(me.key, 'PATCH', `/boards/${made[0]?.id}`, { title: 'Touched' }), 200);
    const recent = await read<PageBody<BoardBody>>(await t.api(me.key, 'GET', '/boards/recent'), 200);
    expect(recent.nextCursor).toBeNull();
    expect(recent.data.map((b) => b.title)).toEqual(['Touched', 'R11', 'R10', 'R9', 'R8', 'R7', 'R6', 'R5', 'R4', 'R3']);
  });
});

describe('GET and PATCH /boards/{boardId}', () => {
  it('gets a board; 404 for unknown ids and for people who cannot read it', async () => {
    const board = await createBoard(t, owner);
    expect((await read<BoardBody>(await t.api(owner.key, 'GET', `/boards/${board.id}`), 200)).id).toBe(board.id);
    await expectEnvelope(await t.api(owner.key, 'GET', '/boards/brd_missing'), 404, 'not_found');
    await expectEnvelope(await t.api(stranger.key, 'GET', `/boards/${board.id}`), 404, 'not_found');
  });

  it('renames and locks with admin, reorders and moves with editor, and a lock stops editors', async () => {
    const space = await createSpace(t, owner, 'From');
    const target = await createSpace(t, owner, 'To');
    const board = await createBoard(t, owner, { spaceId: space.id });
    const editor = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, editor, 'editor');
    await share(t, owner, target.id, editor, 'editor');
    const url = `/boards/${board.id}`;
    await expectEnvelope(await t.api(editor.key, 'PATCH', url, { title: 'Mine now' }), 403, 'forbidden');
    expect((await read<BoardBody>(await t.api(editor.key, 'PATCH', url, { position: 7.5 }), 200)).position).toBe(7.5);
    expect(await read<BoardBody>(await t.api(owner.key, 'PATCH', url, { title: 'Renamed', locked: true }), 200)).toMatchObject({ title: 'Renamed', locked: true });
    await expectEnvelope(await t.api(editor.key, 'PATCH', url, { position: 1 }), 403, 'forbidden');
    await read(await t.api(owner.key, 'PATCH', url, { locked: false }), 200);
    const moved = await read<BoardBody>(await t.api(editor.key, 'PATCH', url, { spaceId: target.id }), 200);
    expect(moved.spaceId).toBe(target.id);
    expect((await read<BoardBody>(await t.api(owner.key, 'PATCH', url, { spaceId: 'default' }), 200)).spaceId).toBeNull();
  });

  it('refuses bad moves and bad input, changing nothing', async () => {
    const board = await createBoard(t, owner, { title: 'Fixed' });
    const foreign = await createSpace(t, stranger, 'Foreign');
    const viewOnly = await createSpace(t, stranger, 'View only');
    await share(t, stranger, viewOnly.id, owner, 'viewer');
    const url = `/boards/${board.id}`;
    await expectEnvelope(await t.api(owner.key, 'PATCH', url, { spaceId: foreign.id }), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'PATCH', url, { spaceId: viewOnly.id }), 403, 'forbidden');
    const shared = await createSpace(t, stranger, 'Shared editor');
    await share(t, stranger, shared.id, owner, 'editor');
    expect((await expectEnvelope(await t.api(owner.key, 'PATCH', url, { spaceId: shared.id }), 422, 'validation_failed')).error.field).toBe('spaceId');
    await expectEnvelope(await t.api(owner.key, 'PATCH', url, {}), 422, 'validation_failed');
    expect((await expectEnvelope(await t.api(owner.key, 'PATCH', url, { locked: 'yes' }), 422, 'validation_failed')).error.field).toBe('locked');
    expect((await expectEnvelope(await t.api(owner.key, 'PATCH', url, { title: ' ' }), 422, 'validation_failed')).error.field).toBe('title');
    expect(await read<BoardBody>(await t.api(owner.key, 'GET', url), 200)).toMatchObject({ title: 'Fixed', spaceId: null, locked: false });
  });
});

describe('moving a board (PATCH spaceId)', () => {
  it("refuses to move a board into the default space of a workspace the mover is not in, changing nothing", async () => {
    const space = await createSpace(t, owner, 'Shared with an editor');
    const board = await createBoard(t, owner, { spaceId: space.id, title: 'Stays' });
    const editor = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, editor, 'editor');
    const url = `/boards/${board.id}`;
    const refused = await expectEnvelope(await t.api(editor.key, 'PATCH', url, { spaceId: 'default' }), 422, 'validation_failed');
    expect(refused.error.field).toBe('spaceId');
    expect(await read<BoardBody>(await t.api(editor.key, 'GET', url), 200)).toMatchObject({ spaceId: space.id, role: 'editor' });
    // The owner (a member of the board's workspace) may still move it home.
    expect((await read<BoardBody>(await t.api(owner.key, 'PATCH', url, { spaceId: 'default' }), 200)).spaceId).toBeNull();
  });

  it("a board created by a guest in someone's shared space never lands in that person's default space", async () => {
    const space = await createSpace(t, owner, 'Guest space');
    const guest = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, guest, 'editor');
    const board = await createBoard(t, guest, { spaceId: space.id, title: 'Guest board' });
    expect(board.workspaceId).toBe(owner.workspaceId);
    await expectEnvelope(await t.api(guest.key, 'PATCH', `/boards/${board.id}`, { spaceId: 'default' }), 422, 'validation_failed');
    expect((await read<BoardBody>(await t.api(owner.key, 'GET', `/boards/${board.id}`), 200)).spaceId).toBe(space.id);
  });

  it('a workspace member (editor through the workspace) may move into the default space and still reads the board', async () => {
    const member = await t.createUser({ plan: 'pro' });
    await t.server.services.accounts.setMembership(owner.workspaceId, member.id, 'member');
    const space = await createSpace(t, owner, 'Team room');
    const board = await createBoard(t, owner, { spaceId: space.id });
    const moved = await read<BoardBody>(await t.api(member.key, 'PATCH', `/boards/${board.id}`, { spaceId: 'default' }), 200);
    expect(moved).toMatchObject({ spaceId: null, role: 'editor' });
  });
});

describe('one rule for boards in trash: readable by restorers, read-only, writes say trashed', () => {
  it('GET board, items, outline and members answer 200 with trashedAt set; PATCH, DELETE, item and member writes answer 409 trashed', async () => {
    const board = await createBoard(t, owner, { title: 'Binned' });
    const item = await read<{ id: string }>(
      await t.api(owner.key, 'POST', `/boards/${board.id}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'kept' } }),
      201,
    );
    await read(await t.api(owner.key, 'DELETE', `/boards/${board.id}`), 200);
    const url = `/boards/${board.id}`;
    const got = await read<BoardBody>(await t.api(owner.key, 'GET', url), 200);
    expect(got.trashedAt).not.toBeNull();
    expect(got.purgeAt).not.toBeNull();
    expect((await read<PageBody<{ id: string }>>(await t.api(owner.key, 'GET', `${url}/items`), 200)).data.map((i) => i.id)).toEqual([item.id]);
    await read(await t.api(owner.key, 'GET', `${url}/items/${item.id}`), 200);
    await read(await t.api(owner.key, 'GET', `${url}/outline`), 200);
    await read(await t.api(owner.key, 'GET', `${url}/members`), 200);
    const writes: [string, string, unknown][] = [
      ['PATCH', url, { title: 'x' }],
      ['PATCH', url, { spaceId: 'default' }],
      ['DELETE', url, undefined],
      ['POST', `${url}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'x' } }],
      ['PATCH', `${url}/items/${item.id}`, { data: { text: 'changed' } }],
      ['DELETE', `${url}/items/${item.id}`, undefined],
      ['POST', `${url}/items:batch`, { operations: [{ op: 'delete', id: item.id }] }],
      ['PUT', `${url}/public-link`, { enabled: true }],
      ['POST', `${url}/chat`, { text: 'hello' }],
    ];
    for (const [method, path, body] of writes) {
      const res = await expectEnvelope(await t.api(owner.key, method, path, body), 409, 'trashed');
      expect(res.error.message, `${method} ${path}`).toMatch(/trash/);
    }
    expect((await read<{ data: { text: string } }>(await t.api(owner.key, 'GET', `${url}/items/${item.id}`), 200)).data.text).toBe('kept');
    expect(await read<BoardBody>(await t.api(owner.key, 'GET', url), 200)).toMatchObject({ title: 'Binned', spaceId: null });
  });

  it('a reader who may not restore sees a trashed board as 404, reads and writes alike', async () => {
    const space = await createSpace(t, owner, 'Viewers see nothing in trash');
    const board = await createBoard(t, owner, { spaceId: space.id });
    const viewer = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, viewer, 'editor');
    await read(await t.api(owner.key, 'DELETE', `/boards/${board.id}`), 200);
    for (const [method, path] of [['GET', `/boards/${board.id}`], ['GET', `/boards/${board.id}/items`], ['PATCH', `/boards/${board.id}`], ['DELETE', `/boards/${board.id}`]] as const) {
      await expectEnvelope(await t.api(viewer.key, method, path, method === 'PATCH' ? { position: 1 } : undefined), 404, 'not_found');
    }
  });
});

describe('DELETE and restore /boards/{boardId}', () => {
  it('trashes on pro for 30 days and restores', async () => {
    const board = await createBoard(t, owner);
    const gone = await read<{ outcome: string; trashedAt: string; purgeAt: string }>(await t.api(owner.key, 'DELETE', `/boards/${board.id}`), 200);
    expect(gone.outcome).toBe('trashed');
    expect(Date.parse(gone.purgeAt) - Date.parse(gone.trashedAt)).toBe(30 * 86_400_000);
    expect(await boardIds(owner)).not.toContain(board.id);
    expect(await boardIds(owner, '?spaceId=trash')).toContain(board.id);
    await expectEnvelope(await t.api(owner.key, 'PATCH', `/boards/${board.id}`, { title: 'x' }), 409, 'trashed');
    const restored = await read<BoardBody>(await t.api(owner.key, 'POST', `/boards/${board.id}/restore`), 200);
    expect(restored).toMatchObject({ id: board.id, trashedAt: null, purgeAt: null });
    await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${board.id}/restore`), 409, 'conflict');
  });

  it('deletes for good on basic, with its document, and refuses restore with 402', async () => {
    const basic = await t.createUser({ plan: 'basic' });
    const board = await createBoard(t, basic);
    const gone = await read<{ outcome: string; purgeAt: string | null }>(await t.api(basic.key, 'DELETE', `/boards/${board.id}`), 200);
    expect(gone).toMatchObject({ outcome: 'deleted', purgeAt: null });
    await expectEnvelope(await t.api(basic.key, 'GET', `/boards/${board.id}`), 404, 'not_found');
    const stored = await t.server.services.db.documents.load(board.id);
    expect(stored.snapshot).toBeNull();
    expect(stored.updates).toHaveLength(0);

    const space = await createSpace(t, basic, 'Only');
    const inSpace = await createBoard(t, basic, { spaceId: space.id });
    await read(await t.api(basic.key, 'DELETE', `/spaces/${space.id}`), 200);
    const refused = await expectEnvelope(await t.api(basic.key, 'POST', `/boards/${inSpace.id}/restore`), 402, 'payment_required');
    expect(refused.error).toMatchObject({ limit: 'trashAndRestore', plan: 'basic', max: false });
    await read(await t.api(basic.key, 'POST', `/spaces/${space.id}/restore`), 200);
    expect((await read<BoardBody>(await t.api(basic.key, 'GET', `/boards/${inSpace.id}`), 200)).trashedAt).toBeNull();
  });

  it('restores a board whose space is still in trash into default', async () => {
    const space = await createSpace(t, owner, 'Gone');
    const board = await createBoard(t, owner, { spaceId: space.id });
    await read(await t.api(owner.key, 'DELETE', `/spaces/${space.id}`), 200);
    const restored = await read<BoardBody>(await t.api(owner.key, 'POST', `/boards/${board.id}/restore`), 200);
    expect(restored.spaceId).toBeNull();
    const back = await read<{ restoredBoards: number }>(await t.api(owner.key, 'POST', `/spaces/${space.id}/restore`), 200);
    expect(back.restoredBoards).toBe(0);
  });
});

describe('GET /boards/{boardId}/activity', () => {
  it('has a row for every API change, newest first, cursor-paginated, plus rows the items layer records', async () => {
    const space = await createSpace(t, owner, 'Active');
    const board = await createBoard(t, owner, { title: 'Busy' });
    const url = `/boards/${board.id}`;
    await read(await t.api(owner.key, 'PATCH', url, { title: 'Busier' }), 200);
    await read(await t.api(owner.key, 'PATCH', url, { locked: true }), 200);
    await read(await t.api(owner.key, 'PATCH', url, { locked: false, spaceId: space.id }), 200);
    await read(await t.api(owner.key, 'PUT', `${url}/public-link`, { enabled: true }), 200);
    await read(await t.api(owner.key, 'DELETE', url), 200);
    await read(await t.api(owner.key, 'POST', `${url}/restore`), 200);
    await t.server.services.activity.record({ boardId: board.id, actorId: owner.id, action: 'item.created', itemId: 'itm_1' });

    const actions: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PageBody<ActivityBody> = await read(await t.api(owner.key, 'GET', `${url}/activity?limit=3${cursor ? `&cursor=${cursor}` : ''}`), 200);
      actions.push(...page.data.map((r) => r.action));
      cursor = page.nextCursor;
    } while (cursor);
    expect(actions).toEqual([
      'item.created',
      'board.restored',
      'board.trashed',
      'board.public_link_updated',
      'board.moved',
      'board.unlocked',
      'board.locked',
      'board.renamed',
      'board.created',
    ]);
    const first = (await read<PageBody<ActivityBody>>(await t.api(owner.key, 'GET', `${url}/activity?limit=9`), 200)).data.at(-2);
    expect(first).toMatchObject({ action: 'board.renamed', data: { from: 'Busy', to: 'Busier' }, actor: { id: owner.id } });
    await expectEnvelope(await t.api(stranger.key, 'GET', `${url}/activity`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'GET', `${url}/activity?cursor=zzz`), 422, 'validation_failed');
  });
});
