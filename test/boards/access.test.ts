import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserGrants } from '../../server/access/index.js';
import { atLeast, highestRole, roleOnBoard, roleOnSpace } from '../../server/access/index.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import { createBoard, createSpace, read, share } from './helpers/api.js';

function grants(partial: Partial<UserGrants>): UserGrants {
  return {
    userId: 'usr_me',
    workspaceRoles: new Map(),
    spaceRoles: new Map(),
    boardRoles: new Map(),
    ownedSpaceIds: new Set(),
    ...partial,
  };
}

const board = { id: 'brd_1', workspaceId: 'wsp_1', ownerId: 'usr_owner', spaceId: 'spc_1' };

describe('role resolution (pure)', () => {
  it('orders roles and picks the highest', () => {
    expect(highestRole(['viewer', null, 'admin', 'editor'])).toBe('admin');
    expect(highestRole([])).toBeNull();
    expect(atLeast('editor', 'commenter')).toBe(true);
    expect(atLeast('commenter', 'editor')).toBe(false);
    expect(atLeast(null, 'viewer')).toBe(false);
  });

  it.each([
    ['no grants', {}, null],
    ['board creator', { userId: 'usr_owner' }, 'owner'],
    ['workspace owner', { workspaceRoles: new Map([['wsp_1', 'owner' as const]]) }, 'owner'],
    ['workspace admin', { workspaceRoles: new Map([['wsp_1', 'admin' as const]]) }, 'admin'],
    ['workspace member', { workspaceRoles: new Map([['wsp_1', 'member' as const]]) }, 'editor'],
    ['space owner', { ownedSpaceIds: new Set(['spc_1']) }, 'owner'],
    ['space viewer', { spaceRoles: new Map([['spc_1', 'viewer' as const]]) }, 'viewer'],
    ['direct commenter', { boardRoles: new Map([['brd_1', 'commenter' as const]]) }, 'commenter'],
    [
      'space viewer + direct admin: highest wins',
      { spaceRoles: new Map([['spc_1', 'viewer' as const]]), boardRoles: new Map([['brd_1', 'admin' as const]]) },
      'admin',
    ],
    ['another workspace', { workspaceRoles: new Map([['wsp_2', 'owner' as const]]) }, null],
  ] as const)('%s', (_name, partial, expected) => {
    expect(roleOnBoard(grants(partial as Partial<UserGrants>), board)).toBe(expected);
  });

  it('a space role never reaches boards outside the space', () => {
    const g = grants({ spaceRoles: new Map([['spc_1', 'admin']]) });
    expect(roleOnBoard(g, { ...board, spaceId: null })).toBeNull();
    expect(roleOnSpace(g, { id: 'spc_1', workspaceId: 'wsp_9', ownerId: 'usr_x' })).toBe('admin');
  });
});

describe('AccessService (what the realtime layer calls)', () => {
  let t: TestServer;
  let owner: TestUser;
  const people: Record<string, TestUser> = {};

  beforeAll(async () => {
    t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
    owner = await t.createUser({ plan: 'pro' });
    for (const role of ['admin', 'editor', 'commenter', 'viewer', 'stranger']) people[role] = await t.createUser({ plan: 'pro' });
  });
  afterAll(async () => t.stop());

  it('answers role, canRead, canComment and canEdit per role; a lock leaves editing to admins', async () => {
    const space = await createSpace(t, owner, 'Realtime');
    for (const role of ['admin', 'editor', 'commenter', 'viewer']) await share(t, owner, space.id, people[role] as TestUser, role);
    const b = await createBoard(t, owner, { spaceId: space.id });
    const access = t.server.services.access;
    const summary = async (): Promise<Record<string, string>> => {
      const out: Record<string, string> = {};
      for (const [name, user] of Object.entries({ owner, ...people })) {
        const a = await access.boardAccess(user.id, b.id);
        out[name] = a ? `${a.role}:${a.canRead ? 'r' : ''}${a.canComment ? 'c' : ''}${a.canEdit ? 'w' : ''}` : 'none';
      }
      return out;
    };
    expect(await summary()).toEqual({
      owner: 'owner:rcw',
      admin: 'admin:rcw',
      editor: 'editor:rcw',
      commenter: 'commenter:rc',
      viewer: 'viewer:r',
      stranger: 'none',
    });
    await read(await t.api(owner.key, 'PATCH', `/boards/${b.id}`, { locked: true }), 200);
    expect((await summary()).editor).toBe('editor:rc');
    expect(await access.canWrite((people.admin as TestUser).id, b.id)).toBe(true);
    expect(await access.canWrite((people.editor as TestUser).id, b.id)).toBe(false);
    expect(await access.canRead((people.viewer as TestUser).id, b.id)).toBe(true);
    expect(await access.boardRole((people.stranger as TestUser).id, b.id)).toBeNull();
    await read(await t.api(owner.key, 'DELETE', `/boards/${b.id}`), 200);
    expect(await access.boardRole(owner.id, b.id)).toBeNull();
    expect(await access.boardRole(owner.id, 'brd_unknown')).toBeNull();
  });

  it('gives workspace members editor and workspace admins admin on the workspace boards', async () => {
    const b = await createBoard(t, owner);
    const accounts = t.server.services.accounts;
    const member = people.commenter as TestUser;
    const admin = people.viewer as TestUser;
    await accounts.setMembership(owner.workspaceId, member.id, 'member');
    await accounts.setMembership(owner.workspaceId, admin.id, 'admin');
    expect(await t.server.services.access.boardRole(member.id, b.id)).toBe('editor');
    expect(await t.server.services.access.boardRole(admin.id, b.id)).toBe('admin');
    await accounts.removeMembership(owner.workspaceId, member.id);
    expect(await t.server.services.access.boardRole(member.id, b.id)).toBeNull();
  });
});
