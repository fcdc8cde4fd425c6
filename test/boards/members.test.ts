import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';
import type { LinkBody, MemberBody, PageBody } from './helpers/api.js';
import { createBoard, createSpace, read, share } from './helpers/api.js';

let t: TestServer;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ plan: 'pro', name: 'Mona Owner' });
  stranger = await t.createUser({ plan: 'pro' });
});
afterAll(async () => t.stop());

describe('GET /boards/{boardId}/members', () => {
  it('lists the owner, space members with inheritedFrom, and direct members, one row per person at their highest role', async () => {
    const space = await createSpace(t, owner, 'Design');
    const creator = await t.createUser({ plan: 'pro', name: 'Cleo Creator' });
    const viewer = await t.createUser({ plan: 'pro', name: 'Vic Viewer' });
    const direct = await t.createUser({ plan: 'pro', name: 'Dora Direct' });
    await share(t, owner, space.id, creator, 'editor');
    await share(t, owner, space.id, viewer, 'viewer');
    const board = await createBoard(t, creator, { spaceId: space.id, title: 'By Cleo' });
    await t.server.services.boardMembers.share(owner.id, board.id, { email: direct.email, role: 'commenter' });
    await t.server.services.boardMembers.share(owner.id, board.id, { email: viewer.email, role: 'admin' });

    const list = await read<PageBody<MemberBody>>(await t.api(viewer.key, 'GET', `/boards/${board.id}/members`), 200);
    const rows = list.data.map((m) => [m.user.name, m.role, m.source, m.inheritedFrom?.name ?? null]);
    expect(rows).toEqual([
      ['Cleo Creator', 'owner', 'owner', null],
      ['Mona Owner', 'owner', 'space', 'Design'],
      ['Vic Viewer', 'admin', 'board', null],
      ['Dora Direct', 'commenter', 'board', null],
    ]);
    expect(list.data[1]?.inheritedFrom).toEqual({ spaceId: space.id, name: 'Design' });

    const firstPage = await read<PageBody<MemberBody>>(await t.api(owner.key, 'GET', `/boards/${board.id}/members?limit=3`), 200);
    expect(firstPage.data).toHaveLength(3);
    const rest = await read<PageBody<MemberBody>>(
      await t.api(owner.key, 'GET', `/boards/${board.id}/members?limit=3&cursor=${firstPage.nextCursor}`),
      200,
    );
    expect(rest.data.map((m) => m.user.name)).toEqual(['Dora Direct']);
    expect(rest.nextCursor).toBeNull();
  });

  it('answers 404 to people who cannot read the board and 422 for a bad limit', async () => {
    const board = await createBoard(t, owner);
    await expectEnvelope(await t.api(stranger.key, 'GET', `/boards/${board.id}/members`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${board.id}/members?limit=500`), 422, 'validation_failed');
  });
});

describe('board public link', () => {
  it('is enabled by admins, resolves to the board and role, and stops on disable, rotate, expiry and trash', async () => {
    const board = await createBoard(t, owner, { title: 'Public' });
    const access = t.server.services.access;
    const url = `/boards/${board.id}/public-link`;
    expect(await read<LinkBody>(await t.api(owner.key, 'GET', url), 200)).toMatchObject({ enabled: false, token: null });
    const link = await read<LinkBody>(await t.api(owner.key, 'PUT', url, { enabled: true, role: 'commenter' }), 200);
    const token = link.token as string;
    expect(await access.publicLinkAccess(token, board.id)).toMatchObject({ boardId: board.id, role: 'commenter' });
    expect(await access.resolvePublicLink(token)).toEqual({ resourceType: 'board', id: board.id, role: 'commenter' });
    const otherBoard = await createBoard(t, owner);
    expect(await access.publicLinkAccess(token, otherBoard.id)).toBeNull();

    await read(await t.api(owner.key, 'PUT', url, { enabled: false }), 200);
    expect(await access.publicLinkAccess(token, board.id)).toBeNull();
    const rotated = await read<LinkBody>(await t.api(owner.key, 'PUT', url, { enabled: true, rotate: true }), 200);
    expect(await access.publicLinkAccess(token, board.id)).toBeNull();
    expect(await access.publicLinkAccess(rotated.token as string, board.id)).toMatchObject({ role: 'commenter' });

    const expiresAt = new Date(t.clock.now() + 60_000).toISOString();
    await read(await t.api(owner.key, 'PUT', url, { enabled: true, expiresAt }), 200);
    t.clock.advance(60_000);
    expect(await access.publicLinkAccess(rotated.token as string, board.id)).toBeNull();
    await read(await t.api(owner.key, 'PUT', url, { enabled: true, expiresAt: null }), 200);
    expect(await access.publicLinkAccess(rotated.token as string, board.id)).not.toBeNull();
    await read(await t.api(owner.key, 'DELETE', `/boards/${board.id}`), 200);
    expect(await access.publicLinkAccess(rotated.token as string, board.id)).toBeNull();
    expect(await access.publicLinkAccess('bds_pl_unknown', board.id)).toBeNull();
  });

  it('answers the address that opens the board with the link, which REST refuses with a message saying where it works', async () => {
    const board = await createBoard(t, owner, { title: 'Shared by address' });
    const link = await read<LinkBody>(await t.api(owner.key, 'PUT', `/boards/${board.id}/public-link`, { enabled: true, role: 'editor' }), 200);
    expect(link.url).toBe(`${t.url}/boards/${board.id}#link=${link.token as string}`);
    const refused = await expectEnvelope(await t.api(link.token as string, 'GET', `/boards/${board.id}`), 401, 'unauthorized');
    expect(refused.error.message).toContain('live sync');
    expect((await read<LinkBody>(await t.api(owner.key, 'PUT', `/boards/${board.id}/public-link`, { enabled: false }), 200)).url).toBeNull();
    const space = await createSpace(t, owner, 'Shared space');
    const spaceLink = await read<LinkBody>(await t.api(owner.key, 'PUT', `/spaces/${space.id}/public-link`, { enabled: true }), 200);
    expect(spaceLink).toMatchObject({ token: expect.stringMatching(/^bds_pl_/), url: null });
  });

  it("a space's link opens the boards in that space only", async () => {
    const space = await createSpace(t, owner, 'Open space');
    const inside = await createBoard(t, owner, { spaceId: space.id });
    const outside = await createBoard(t, owner);
    const link = await read<LinkBody>(await t.api(owner.key, 'PUT', `/spaces/${space.id}/public-link`, { enabled: true }), 200);
    const access = t.server.services.access;
    expect(await access.publicLinkAccess(link.token as string, inside.id)).toMatchObject({ role: 'viewer', via: { resourceType: 'space', id: space.id } });
    expect(await access.publicLinkAccess(link.token as string, outside.id)).toBeNull();
  });

  it('refuses editors (403), strangers (404) and bad input, storing nothing', async () => {
    const space = await createSpace(t, owner, 'Guarded');
    const board = await createBoard(t, owner, { spaceId: space.id });
    const editor = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, editor, 'editor');
    const url = `/boards/${board.id}/public-link`;
    await expectEnvelope(await t.api(editor.key, 'PUT', url, { enabled: true }), 403, 'forbidden');
    await expectEnvelope(await t.api(stranger.key, 'PUT', url, { enabled: true }), 404, 'not_found');
    expect((await expectEnvelope(await t.api(owner.key, 'PUT', url, { enabled: 'yes' }), 422, 'validation_failed')).error.field).toBe('enabled');
    expect((await expectEnvelope(await t.api(owner.key, 'PUT', url, { enabled: true, expiresAt: 'tomorrow' }), 422, 'validation_failed')).error.field).toBe('expiresAt');
    expect(await read<LinkBody>(await t.api(owner.key, 'GET', url), 200)).toMatchObject({ enabled: false, token: null });
  });
});
