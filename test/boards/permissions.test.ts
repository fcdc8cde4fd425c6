import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';
import { createBoard, createSpace, read, share } from './helpers/api.js';

/**
 * The permission matrix: every organising operation x every role (held through the space's
 * sharing; the owner created the space and board) x a stranger from another workspace x a
 * token missing the operation's scope. Each cell asserts the status (and the error code).
 */

const callers = ['owner', 'admin', 'editor', 'commenter', 'viewer', 'stranger', 'noScope'] as const;
type Caller = (typeof callers)[number];
const sharedRoles = ['admin', 'editor', 'commenter', 'viewer'] as const;

/** A space shared with each role and a board in it. */
interface Fixture {
  spaceId: string;
  boardId: string;
}

interface Op {
  name: string;
  scope: 'boards:read' | 'boards:write';
  /** Needs a fixture of its own per cell (the operation changes what other cells rely on). */
  fresh?: 'active' | 'spaceInTrash' | 'boardInTrash';
  /** Expected status per caller, in `callers` order (noScope is always 403). */
  expect: readonly [number, number, number, number, number, number];
  call(fx: Fixture): [method: string, path: string, body?: unknown];
}

const R = 200;
const readers = [R, R, R, R, R, 404] as const;
const ownerAdmin = [R, R, 403, 403, 403, 404] as const;
const editorUp = [R, R, R, 403, 403, 404] as const;
const everyone = [R, R, R, R, R, R] as const;
let target: TestUser;

const ops: Op[] = [
  { name: 'listSpaces', scope: 'boards:read', expect: everyone, call: () => ['GET', '/spaces'] },
  { name: 'createSpace', scope: 'boards:write', expect: [201, 201, 201, 201, 201, 201], call: () => ['POST', '/spaces', { name: 'Mine' }] },
  { name: 'getSpace', scope: 'boards:read', expect: readers, call: (f) => ['GET', `/spaces/${f.spaceId}`] },
  { name: 'updateSpace (rename)', scope: 'boards:write', expect: editorUp, call: (f) => ['PATCH', `/spaces/${f.spaceId}`, { name: 'Renamed' }] },
  { name: 'deleteSpace', scope: 'boards:write', fresh: 'active', expect: [R, 403, 403, 403, 403, 404], call: (f) => ['DELETE', `/spaces/${f.spaceId}`] },
  { name: 'listSpaceMembers', scope: 'boards:read', expect: readers, call: (f) => ['GET', `/spaces/${f.spaceId}/members`] },
  {
    name: 'shareSpace',
    scope: 'boards:write',
    expect: ownerAdmin,
    call: (f) => ['POST', `/spaces/${f.spaceId}/members`, { email: target.email, role: 'commenter' }],
  },
  {
    name: 'updateSpaceMember',
    scope: 'boards:write',
    expect: ownerAdmin,
    call: (f) => ['PATCH', `/spaces/${f.spaceId}/members/${encodeURIComponent(target.email)}`, { role: 'viewer' }],
  },
  {
    name: 'removeSpaceMember',
    scope: 'boards:write',
    fresh: 'active',
    expect: [204, 204, 403, 403, 403, 404],
    call: (f) => ['DELETE', `/spaces/${f.spaceId}/members/${encodeURIComponent(target.email)}`],
  },
  { name: 'getSpacePublicLink', scope: 'boards:read', expect: readers, call: (f) => ['GET', `/spaces/${f.spaceId}/public-link`] },
  { name: 'putSpacePublicLink', scope: 'boards:write', expect: ownerAdmin, call: (f) => ['PUT', `/spaces/${f.spaceId}/public-link`, { enabled: true }] },
  { name: 'restoreSpace', scope: 'boards:write', fresh: 'spaceInTrash', expect: [R, 404, 404, 404, 404, 404], call: (f) => ['POST', `/spaces/${f.spaceId}/restore`] },
  { name: 'listBoards', scope: 'boards:read', expect: everyone, call: () => ['GET', '/boards'] },
  { name: 'createBoard', scope: 'boards:write', expect: [201, 201, 201, 403, 403, 404], call: (f) => ['POST', '/boards', { title: 'New', spaceId: f.spaceId }] },
  { name: 'listRecentBoards', scope: 'boards:read', expect: everyone, call: () => ['GET', '/boards/recent'] },
  { name: 'getBoard', scope: 'boards:read', expect: readers, call: (f) => ['GET', `/boards/${f.boardId}`] },
  { name: 'updateBoard (rename)', scope: 'boards:write', expect: ownerAdmin, call: (f) => ['PATCH', `/boards/${f.boardId}`, { title: 'Renamed' }] },
  { name: 'updateBoard (lock)', scope: 'boards:write', expect: ownerAdmin, call: (f) => ['PATCH', `/boards/${f.boardId}`, { locked: false }] },
  { name: 'updateBoard (reorder)', scope: 'boards:write', expect: editorUp, call: (f) => ['PATCH', `/boards/${f.boardId}`, { position: 5 }] },
  { name: 'deleteBoard', scope: 'boards:write', fresh: 'active', expect: ownerAdmin, call: (f) => ['DELETE', `/boards/${f.boardId}`] },
  { name: 'restoreBoard', scope: 'boards:write', fresh: 'boardInTrash', expect: [R, R, 404, 404, 404, 404], call: (f) => ['POST', `/boards/${f.boardId}/restore`] },
  { name: 'listBoardActivity', scope: 'boards:read', expect: readers, call: (f) => ['GET', `/boards/${f.boardId}/activity`] },
  { name: 'listBoardMembers', scope: 'boards:read', expect: readers, call: (f) => ['GET', `/boards/${f.boardId}/members`] },
  { name: 'listSpaceInvitations', scope: 'boards:read', expect: ownerAdmin, call: (f) => ['GET', `/spaces/${f.spaceId}/invitations`] },
  { name: 'listBoardInvitations', scope: 'boards:read', expect: ownerAdmin, call: (f) => ['GET', `/boards/${f.boardId}/invitations`] },
  { name: 'getBoardPublicLink', scope: 'boards:read', expect: readers, call: (f) => ['GET', `/boards/${f.boardId}/public-link`] },
  { name: 'putBoardPublicLink', scope: 'boards:write', expect: ownerAdmin, call: (f) => ['PUT', `/boards/${f.boardId}/public-link`, { enabled: true, role: 'viewer' }] },
];

let t: TestServer;
const people = {} as Record<Exclude<Caller, 'noScope'>, TestUser>;
const missingScopeKeys = {} as Record<Op['scope'], string>;
let shared: Fixture;

async function fixture(state: 'active' | 'spaceInTrash' | 'boardInTrash' = 'active'): Promise<Fixture> {
  const owner = people.owner;
  const space = await createSpace(t, owner, 'Matrix');
  for (const role of sharedRoles) await share(t, owner, space.id, people[role], role);
  await share(t, owner, space.id, target, 'viewer');
  const board = await createBoard(t, owner, { title: 'Matrix board', spaceId: space.id });
  if (state === 'spaceInTrash') await read(await t.api(owner.key, 'DELETE', `/spaces/${space.id}`), 200);
  if (state === 'boardInTrash') await read(await t.api(owner.key, 'DELETE', `/boards/${board.id}`), 200);
  return { spaceId: space.id, boardId: board.id };
}

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  for (const caller of ['owner', ...sharedRoles, 'stranger'] as const) {
    people[caller] = await t.createUser({ plan: 'business', name: caller });
  }
  target = await t.createUser({ plan: 'pro', name: 'target' });
  const all = 'user:read user:write boards:read boards:write ai:write skills:read skills:write';
  for (const scope of ['boards:read', 'boards:write'] as const) {
    const { secret } = await t.server.services.apiKeys.create({ userId: people.owner.id, scopes: all.replace(scope, '').trim() });
    missingScopeKeys[scope] = secret;
  }
  shared = await fixture();
});
afterAll(async () => t.stop());

const cells = ops.flatMap((op) => callers.map((caller, i) => ({ op, caller, status: caller === 'noScope' ? 403 : (op.expect[i] as number) })));

describe('permission matrix', () => {
  it(`covers ${ops.length} operations x ${callers.length} callers = ${cells.length} cells`, () => {
    expect(cells).toHaveLength(ops.length * callers.length);
  });

  it.each(cells.map((c) => [c.op.name, c.caller, c.status, c] as const))('%s as %s answers %i', async (_name, caller, status, cell) => {
    const fx = cell.op.fresh ? await fixture(cell.op.fresh) : shared;
    const key = caller === 'noScope' ? missingScopeKeys[cell.op.scope] : people[caller].key;
    const [method, path, body] = cell.op.call(fx);
    const response = await t.api(key, method, path, body);
    if (status < 400) {
      const text = await response.text();
      expect(response.status, text).toBe(status);
      return;
    }
    const code = status === 404 ? 'not_found' : caller === 'noScope' ? 'insufficient_scope' : 'forbidden';
    await expectEnvelope(response, status, code);
  });
});
