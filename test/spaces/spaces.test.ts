import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';
import type { BoardBody, LinkBody, MemberBody, PageBody, SpaceBody } from '../boards/helpers/api.js';
import { createBoard, createSpace, read, share } from '../boards/helpers/api.js';

let t: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ plan: 'pro', name: 'Olga Owner' });
  other = await t.createUser({ plan: 'pro', name: 'Otto Other' });
});
afterAll(async () => t.stop());

async function spaceList(user: TestUser, query = ''): Promise<PageBody<SpaceBody>> {
  return read<PageBody<SpaceBody>>(await t.api(user.key, 'GET', `/spaces${query}`), 200);
}

describe('POST /spaces', () => {
  it('creates a space owned by the caller, with links', async () => {
    const space = await createSpace(t, owner, '  Roadmap  ');
    expect(space).toMatchObject({ kind: 'space', name: 'Roadmap', role: 'owner', shared: false, boardCount: 0, trashedAt: null });
    expect(space.id).toMatch(/^spc_/);
    expect(space.owner).toEqual({ id: owner.id, name: 'Olga Owner', email: owner.email });
    expect(space.links.self).toBe(`${t.baseUrl}/spaces/${space.id}`);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'ok', colour: 'red' }, 'colour'],
    [{ name: 'ok', position: 'first' }, 'position'],
    [{}, 'name'],
  ])('refuses %j naming the field, storing nothing', async (body, field) => {
    const before = (await spaceList(owner)).data.length;
    const res = await expectEnvelope(await t.api(owner.key, 'POST', '/spaces', body), 422, 'validation_failed');
    expect(res.error.field).toBe(field);
    expect((await spaceList(owner)).data.length).toBe(before);
  });

  it('refuses whitespace-only names and non-JSON bodies', async () => {
    expect((await expectEnvelope(await t.api(owner.key, 'POST', '/spaces', { name: '   ' }), 422, 'validation_failed')).error.field).toBe('name');
    await expectEnvelope(await t.api(owner.key, 'POST', '/spaces', 'name=x', { 'Content-Type': 'text/plain' }), 415, 'unsupported_media_type');
  });

  it('answers 402 for a second space on basic, and stores nothing', async () => {
    const basic = await t.createUser({ plan: 'basic' });
    await createSpace(t, basic, 'The one');
    const res = await expectEnvelope(await t.api(basic.key, 'POST', '/spaces', { name: 'Second' }), 402, 'payment_required');
    expect(res.error).toMatchObject({ limit: 'spaces', plan: 'basic', max: 1, used: 1 });
    expect((await spaceList(basic)).data.filter((s) => s.kind === 'space')).toHaveLength(1);
  });
});

describe('GET /spaces', () => {
  it('lists in dashboard order: own by position, shared, then default and trash with counts', async () => {
    const me = await t.createUser({ plan: 'pro' });
    const b = await createSpace(t, me, 'B');
    const a = await read<SpaceBody>(await t.api(me.key, 'POST', '/spaces', { name: 'A', position: 1 }), 201);
    const foreign = await createSpace(t, other, 'Foreign');
    await share(t, other, foreign.id, me, 'viewer');
    await createBoard(t, me, { spaceId: b.id });
    await createBoard(t, me);
    const list = await spaceList(me);
    expect(list.data.map((s) => s.id)).toEqual([a.id, b.id, foreign.id, 'default', 'trash']);
    expect(list.data.find((s) => s.id === foreign.id)).toMatchObject({ shared: true, role: 'viewer' });
    expect(list.data.find((s) => s.id === b.id)?.boardCount).toBe(1);
    // SPEC: "two built-in spaces named `default` and `trash`".
    expect(list.data.find((s) => s.id === 'default')).toMatchObject({ kind: 'default', name: 'default', boardCount: 1, role: null });
    expect(list.data.find((s) => s.id === 'trash')).toMatchObject({ kind: 'trash', name: 'trash', boardCount: 0, spaceCount: 0 });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PageBody<SpaceBody> = await spaceList(me, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(list.data.map((s) => s.id));
  });

  it('refuses a bad limit and a foreign cursor', async () => {
    expect((await expectEnvelope(await t.api(owner.key, 'GET', '/spaces?limit=0'), 422, 'validation_failed')).error.field).toBe('limit');
    expect((await expectEnvelope(await t.api(owner.key, 'GET', '/spaces?cursor=nope'), 422, 'validation_failed')).error.field).toBe('cursor');
  });
});

describe('GET and PATCH /spaces/{spaceId}', () => {
  it('gets a space and the built-ins; 404 for unknown and unshared spaces', async () => {
    const space = await createSpace(t, owner, 'Gettable');
    expect(await read<SpaceBody>(await t.api(owner.key, 'GET', `/spaces/${space.id}`), 200)).toMatchObject({ id: space.id });
    expect(await read<SpaceBody>(await t.api(owner.key, 'GET', '/spaces/trash'), 200)).toMatchObject({ kind: 'trash', name: 'trash' });
    expect(await read<SpaceBody>(await t.api(owner.key, 'GET', '/spaces/default'), 200)).toMatchObject({ kind: 'default', name: 'default' });
    await expectEnvelope(await t.api(owner.key, 'GET', '/spaces/spc_missing'), 404, 'not_found');
    await expectEnvelope(await t.api(other.key, 'GET', `/spaces/${space.id}`), 404, 'not_found');
  });

  it('renames (a shared editor may) and reorders', async () => {
    const space = await createSpace(t, owner, 'Old');
    const editor = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, editor, 'editor');
    const renamed = await read<SpaceBody>(await t.api(editor.key, 'PATCH', `/spaces/${space.id}`, { name: 'New' }), 200);
    expect(renamed).toMatchObject({ name: 'New', role: 'editor' });
    const moved = await read<SpaceBody>(await t.api(owner.key, 'PATCH', `/spaces/${space.id}`, { position: -5 }), 200);
    expect(moved.position).toBe(-5);
    expect((await spaceList(owner)).data[0]?.id).toBe(space.id);
  });

  it('refuses empty changes, bad names and built-ins', async () => {
    const space = await createSpace(t, owner, 'Stable');
    await expectEnvelope(await t.api(owner.key, 'PATCH', `/spaces/${space.id}`, {}), 422, 'validation_failed');
    await expectEnvelope(await t.api(owner.key, 'PATCH', `/spaces/${space.id}`, { name: ' ' }), 422, 'validation_failed');
    await expectEnvelope(await t.api(owner.key, 'PATCH', '/spaces/default', { name: 'Mine' }), 409, 'conflict');
    expect((await read<SpaceBody>(await t.api(owner.key, 'GET', `/spaces/${space.id}`), 200)).name).toBe('Stable');
  });
});

describe('DELETE and restore /spaces/{spaceId}', () => {
  it('trashes the space with its boards and restores exactly those boards', async () => {
    const space = await createSpace(t, owner, 'Doomed');
    const kept = await createBoard(t, owner, { spaceId: space.id, title: 'Kept' });
    const earlier = await createBoard(t, owner, { spaceId: space.id, title: 'Trashed earlier' });
    await read(await t.api(owner.key, 'DELETE', `/boards/${earlier.id}`), 200);
    const gone = await read<{ outcome: string; boardCount: number; purgeAt: string; trashedAt: string }>(
      await t.api(owner.key, 'DELETE', `/spaces/${space.id}`),
      200,
    );
    expect(gone).toMatchObject({ outcome: 'trashed', boardCount: 1 });
    expect(Date.parse(gone.purgeAt) - Date.parse(gone.trashedAt)).toBe(30 * 86_400_000);
    // A board in trash stays visible to whoever may restore it, marked as trashed.
    expect((await read<BoardBody>(await t.api(owner.key, 'GET', `/boards/${kept.id}`), 200)).trashedAt).not.toBeNull();
    await expectEnvelope(await t.api(owner.key, 'PATCH', `/spaces/${space.id}`, { name: 'x' }), 404, 'not_found');
    const trash = await read<SpaceBody>(await t.api(owner.key, 'GET', '/spaces/trash'), 200);
    expect(trash.spaceCount).toBeGreaterThanOrEqual(1);

    const restored = await read<SpaceBody & { restoredBoards: number }>(await t.api(owner.key, 'POST', `/spaces/${space.id}/restore`), 200);
    expect(restored).toMatchObject({ id: space.id, restoredBoards: 1, trashedAt: null, boardCount: 1 });
    expect((await read<BoardBody>(await t.api(owner.key, 'GET', `/boards/${kept.id}`), 200)).trashedAt).toBeNull();
    expect((await read<BoardBody>(await t.api(owner.key, 'GET', `/boards/${earlier.id}`), 200)).trashedAt).not.toBeNull();
    await expectEnvelope(await t.api(owner.key, 'POST', `/spaces/${space.id}/restore`), 409, 'conflict');
  });

  it('on basic, restoring a space brings back its boards, which cannot be restored one by one; trash counts only what can', async () => {
    const basic = await t.createUser({ plan: 'basic' });
    const space = await createSpace(t, basic, 'Only');
    const boards = [await createBoard(t, basic, { spaceId: space.id }), await createBoard(t, basic, { spaceId: space.id })];
    await read(await t.api(basic.key, 'DELETE', `/spaces/${space.id}`), 200);
    // The trash shows the space to restore, and no board: basic cannot restore a board alone.
    expect(await read<SpaceBody>(await t.api(basic.key, 'GET', '/spaces/trash'), 200)).toMatchObject({ spaceCount: 1, boardCount: 0 });
    const refused = await expectEnvelope(await t.api(basic.key, 'POST', `/boards/${boards[0]?.id}/restore`), 402, 'payment_required');
    expect(refused.error).toMatchObject({ limit: 'trashAndRestore', plan: 'basic', max: false });
    expect((await read<BoardBody>(await t.api(basic.key, 'GET', `/boards/${boards[0]?.id}`), 200)).trashedAt).not.toBeNull();

    const restored = await read<SpaceBody & { restoredBoards: number }>(await t.api(basic.key, 'POST', `/spaces/${space.id}/restore`), 200);
    expect(restored).toMatchObject({ restoredBoards: 2, boardCount: 2, trashedAt: null });
    for (const board of boards) expect((await read<BoardBody>(await t.api(basic.key, 'GET', `/boards/${board.id}`), 200)).trashedAt).toBeNull();
    expect(await read<SpaceBody>(await t.api(basic.key, 'GET', '/spaces/trash'), 200)).toMatchObject({ spaceCount: 0, boardCount: 0 });
  });

  it('on a paid plan, the trash counts a board that went with its space as restorable one by one', async () => {
    const pro = await t.createUser({ plan: 'pro' });
    const space = await createSpace(t, pro, 'Paid');
    await createBoard(t, pro, { spaceId: space.id });
    await read(await t.api(pro.key, 'DELETE', `/spaces/${space.id}`), 200);
    expect(await read<SpaceBody>(await t.api(pro.key, 'GET', '/spaces/trash'), 200)).toMatchObject({ spaceCount: 1, boardCount: 1 });
  });

  it('refuses built-ins and unknown spaces', async () => {
    await expectEnvelope(await t.api(owner.key, 'DELETE', '/spaces/trash'), 409, 'conflict');
    await expectEnvelope(await t.api(owner.key, 'DELETE', '/spaces/spc_nothing'), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'POST', '/spaces/spc_nothing/restore'), 404, 'not_found');
  });
});

describe('space members', () => {
  it('shares by email (adding then updating), lists, changes and removes with URL-encoded emails', async () => {
    const space = await createSpace(t, owner, 'Shared');
    const plus = await t.createUser({ plan: 'pro', email: `ann+boards.${Date.now()}@example.com`, name: 'Ann' });
    const added = await read<MemberBody>(
      await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email: plus.email.toUpperCase(), role: 'viewer' }),
      200,
    );
    expect(added).toMatchObject({ email: plus.email, role: 'viewer', created: true, source: 'space' });
    const updated = await read<MemberBody>(
      await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email: plus.email, role: 'commenter' }),
      200,
    );
    expect(updated).toMatchObject({ role: 'commenter', created: false });

    const list = await read<PageBody<MemberBody>>(await t.api(owner.key, 'GET', `/spaces/${space.id}/members`), 200);
    expect(list.data.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [plus.email, 'commenter'],
    ]);

    const path = `/spaces/${space.id}/members/${encodeURIComponent(plus.email)}`;
    expect((await read<MemberBody>(await t.api(owner.key, 'PATCH', path, { role: 'admin' }), 200)).role).toBe('admin');
    await read(await t.api(owner.key, 'DELETE', path), 204);
    await expectEnvelope(await t.api(owner.key, 'DELETE', path), 404, 'not_found');
    await expectEnvelope(await t.api(plus.key, 'GET', `/spaces/${space.id}`), 404, 'not_found');

    const notes = await read<{ data: { kind: string; title: string }[] }>(await t.api(plus.key, 'GET', '/me/notifications'), 200);
    expect(notes.data.filter((n) => n.kind === 'share')).toHaveLength(1);
  });

  it('lets a member leave by removing themselves', async () => {
    const space = await createSpace(t, owner, 'Leavable');
    const viewer = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, viewer, 'viewer');
    await read(await t.api(viewer.key, 'DELETE', `/spaces/${space.id}/members/${encodeURIComponent(viewer.email)}`), 204);
    await expectEnvelope(await t.api(viewer.key, 'GET', `/spaces/${space.id}`), 404, 'not_found');
  });

  it('refuses bad input and the owner, and stores nothing; an unknown address gets an invitation, not membership', async () => {
    const space = await createSpace(t, owner, 'Strict');
    const url = `/spaces/${space.id}/members`;
    expect((await expectEnvelope(await t.api(owner.key, 'POST', url, { email: 'not-an-email', role: 'viewer' }), 422, 'validation_failed')).error.field).toBe('email');
    expect(await read<{ status: string }>(await t.api(owner.key, 'POST', url, { email: 'nobody@example.com', role: 'viewer' }), 200)).toMatchObject({ status: 'invited' });
    expect((await expectEnvelope(await t.api(owner.key, 'POST', url, { email: other.email, role: 'owner' }), 422, 'validation_failed')).error.field).toBe('role');
    await expectEnvelope(await t.api(owner.key, 'POST', url, { email: owner.email, role: 'viewer' }), 409, 'conflict');
    await expectEnvelope(await t.api(owner.key, 'PATCH', `${url}/${encodeURIComponent(owner.email)}`, { role: 'viewer' }), 409, 'conflict');
    await expectEnvelope(await t.api(owner.key, 'PATCH', `${url}/${encodeURIComponent(other.email)}`, { role: 'viewer' }), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'PATCH', `${url}/${encodeURIComponent(other.email)}`, { role: 'boss' }), 422, 'validation_failed');
    expect((await read<PageBody<MemberBody>>(await t.api(owner.key, 'GET', url), 200)).data).toHaveLength(1);
  });
});

describe('space public link', () => {
  it('is disabled at first, then enabled, rotated, hidden from lower roles, and disabled', async () => {
    const space = await createSpace(t, owner, 'Linked');
    const url = `/spaces/${space.id}/public-link`;
    expect(await read<LinkBody>(await t.api(owner.key, 'GET', url), 200)).toMatchObject({ enabled: false, token: null });
    const on = await read<LinkBody>(await t.api(owner.key, 'PUT', url, { enabled: true, role: 'editor' }), 200);
    expect(on).toMatchObject({ enabled: true, role: 'editor' });
    expect(on.token).toMatch(/^bds_pl_/);
    const viewer = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, viewer, 'viewer');
    expect(await read<LinkBody>(await t.api(viewer.key, 'GET', url), 200)).toMatchObject({ enabled: true, token: null });
    const rotated = await read<LinkBody>(await t.api(owner.key, 'PUT', url, { enabled: true, rotate: true }), 200);
    expect(rotated.token).not.toBe(on.token);
    expect(rotated.role).toBe('editor');
    const off = await read<LinkBody>(await t.api(owner.key, 'PUT', url, { enabled: false }), 200);
    expect(off).toMatchObject({ enabled: false, token: rotated.token });
  });

  it('refuses bad input and stores nothing', async () => {
    const space = await createSpace(t, owner, 'Unlinked');
    const url = `/spaces/${space.id}/public-link`;
    const past = new Date(t.clock.now() - 1000).toISOString();
    expect((await expectEnvelope(await t.api(owner.key, 'PUT', url, { enabled: true, expiresAt: past }), 422, 'validation_failed')).error.field).toBe('expiresAt');
    expect((await expectEnvelope(await t.api(owner.key, 'PUT', url, { enabled: true, role: 'admin' }), 422, 'validation_failed')).error.field).toBe('role');
    expect((await expectEnvelope(await t.api(owner.key, 'PUT', url, {}), 422, 'validation_failed')).error.field).toBe('enabled');
    expect(await read<LinkBody>(await t.api(owner.key, 'GET', url), 200)).toMatchObject({ enabled: false, token: null });
  });
});
