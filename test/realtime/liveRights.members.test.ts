import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { sharedBoard } from '../content/fixtures.js';
import { createBoard, sticky } from '../content/helpers.js';
import { destroyLiveClients, itemStatus, openLive } from './liveClient.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterEach(() => destroyLiveClients());
afterAll(() => t.stop());


describe('space membership changes reach open sockets', () => {
  test('an editor lowered to viewer keeps the socket read-only: a write after the change is refused and not stored', async () => {
    const s = await sharedBoard(t);
    const c = await openLive(t, s.boardId, s.editor.key);
    await c.synced;
    c.addSticky('itm_editorbefore01', 'written as editor');
    await expect.poll(() => itemStatus(t, s.owner.key, s.boardId, 'itm_editorbefore01')).toBe(200);

    expect((await t.api(s.owner.key, 'PATCH', `/spaces/${s.spaceId}/members/${s.editor.email}`, { role: 'viewer' })).status).toBe(200);
    c.addSticky('itm_editorafter001', 'written as viewer');
    await expect.poll(() => c.denied()).toBe(1);
    expect(await itemStatus(t, s.owner.key, s.boardId, 'itm_editorafter001')).toBe(404);
    expect(c.closeCode()).toBeUndefined();
    // Still a reader: later changes keep arriving.
    const later = await json(t.api(s.owner.key, 'POST', `/boards/${s.boardId}/items`, sticky('still reading')));
    await expect.poll(() => c.itemIds().includes(later.id)).toBe(true);
  });

  test('a viewer raised to editor can write on the socket opened as viewer', async () => {
    const s = await sharedBoard(t);
    const c = await openLive(t, s.boardId, s.viewer.key);
    await c.synced;
    expect((await t.api(s.owner.key, 'PATCH', `/spaces/${s.spaceId}/members/${s.viewer.email}`, { role: 'editor' })).status).toBe(200);
    c.addSticky('itm_raisedwrite001', 'written after the raise');
    await expect.poll(() => itemStatus(t, s.owner.key, s.boardId, 'itm_raisedwrite001')).toBe(200);
    expect(c.denied()).toBe(0);
  });

  test('a viewer removed from the space is closed 4404 and never receives what is written after the removal', async () => {
    const s = await sharedBoard(t);
    const c = await openLive(t, s.boardId, s.viewer.key);
    await c.synced;
    const before = await json(t.api(s.owner.key, 'POST', `/boards/${s.boardId}/items`, sticky('visible before removal')));
    await expect.poll(() => c.itemIds().includes(before.id)).toBe(true);

    expect((await t.api(s.owner.key, 'DELETE', `/spaces/${s.spaceId}/members/${s.viewer.email}`)).status).toBe(204);
    expect((await t.api(s.owner.key, 'POST', `/boards/${s.boardId}/items`, sticky('secret after removal'))).status).toBe(201);
    expect(await c.closed).toBe(4404);
    expect(c.sawText('secret after removal')).toBe(false);
  });
});

describe('board membership changes reach open sockets', () => {
  async function boardSharedWith(role: string) {
    const owner = await t.createUser({ plan: 'pro' });
    const member = await t.createUser();
    const boardId = await createBoard(t, owner.key);
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: member.email, role })).status).toBeLessThan(300);
    return { owner, member, boardId };
  }

  test('an editor lowered to commenter on the board is made read-only', async () => {
    const { owner, member, boardId } = await boardSharedWith('editor');
    const c = await openLive(t, boardId, member.key);
    await c.synced;
    expect((await t.api(owner.key, 'PATCH', `/boards/${boardId}/members/${member.email}`, { role: 'commenter' })).status).toBe(200);
    c.addSticky('itm_commenterw0001', 'written as commenter');
    await expect.poll(() => c.denied()).toBe(1);
    expect(await itemStatus(t, owner.key, boardId, 'itm_commenterw0001')).toBe(404);
  });

  test('a board member removed is closed 4404 and gets nothing written after', async () => {
    const { owner, member, boardId } = await boardSharedWith('viewer');
    const c = await openLive(t, boardId, member.key);
    await c.synced;
    expect((await t.api(owner.key, 'DELETE', `/boards/${boardId}/members/${member.email}`)).status).toBe(204);
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('after the board share ended'))).status).toBe(201);
    expect(await c.closed).toBe(4404);
    expect(c.sawText('after the board share ended')).toBe(false);
  });
});

describe('workspace membership', () => {
  test('a person removed from the workspace is closed 4404 on its boards', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const colleague = await t.createUser();
    const accounts = t.server.services.accounts;
    await accounts.setMembership(owner.workspaceId, colleague.id, 'member');
    const boardId = await createBoard(t, owner.key);
    const c = await openLive(t, boardId, colleague.key);
    await c.synced;
    await accounts.removeMembership(owner.workspaceId, colleague.id, owner.id);
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('after leaving the workspace'))).status).toBe(201);
    expect(await c.closed).toBe(4404);
    expect(c.sawText('after leaving the workspace')).toBe(false);
  });

  /** A locked board of a pro workspace (admins and above write on it) and a colleague of the workspace with `role`. */
  async function lockedBoardWithColleague(role: 'admin' | 'member') {
    const owner = await t.createUser({ plan: 'pro' });
    const colleague = await t.createUser();
    await t.server.services.accounts.setMembership(owner.workspaceId, colleague.id, role, owner.id);
    const boardId = await createBoard(t, owner.key);
    expect((await t.api(owner.key, 'PATCH', `/boards/${boardId}`, { locked: true })).status).toBe(200);
    return { owner, colleague, boardId };
  }

  test('a workspace admin lowered to member is made read-only on a locked board: a write after the change is refused and not stored', async () => {
    const { owner, colleague, boardId } = await lockedBoardWithColleague('admin');
    const c = await openLive(t, boardId, colleague.key);
    await c.synced;
    c.addSticky('itm_wsadminbefore1', 'written as workspace admin');
    await expect.poll(() => itemStatus(t, owner.key, boardId, 'itm_wsadminbefore1')).toBe(200);

    await t.server.services.accounts.setMembership(owner.workspaceId, colleague.id, 'member', owner.id);
    c.addSticky('itm_wsmemberafter1', 'written as workspace member');
    await expect.poll(() => c.denied()).toBe(1);
    expect(await itemStatus(t, owner.key, boardId, 'itm_wsmemberafter1')).toBe(404);
    expect(c.closeCode()).toBeUndefined();
    const later = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('still reading as member')));
    await expect.poll(() => c.itemIds().includes(later.id)).toBe(true);
  });

  test('a workspace member raised to admin writes on a locked board through the socket opened as member', async () => {
    const { owner, colleague, boardId } = await lockedBoardWithColleague('member');
    const c = await openLive(t, boardId, colleague.key);
    await c.synced;
    await t.server.services.accounts.setMembership(owner.workspaceId, colleague.id, 'admin', owner.id);
    c.addSticky('itm_wsraisedwrite1', 'written after the raise to admin');
    await expect.poll(() => itemStatus(t, owner.key, boardId, 'itm_wsraisedwrite1')).toBe(200);
    expect(c.denied()).toBe(0);
  });
});
