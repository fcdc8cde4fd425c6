import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type * as planTable from '../../server/accounts/plans.js';
import type { TestServer } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { createBoard, sticky } from '../content/helpers.js';
import { destroyLiveClients, openLive } from './liveClient.js';

// Every plan of the shipped table has public links; this suite runs the server on a table where
// basic has none, so that a plan change which takes links away can be seen to end their sockets.
vi.mock('../../server/accounts/plans.js', async (importOriginal) => {
  const original = await importOriginal<typeof planTable>();
  return { ...original, plans: Object.freeze({ ...original.plans, basic: Object.freeze({ ...original.plans.basic, publicLinks: false }) }) };
});

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterEach(() => destroyLiveClients());
afterAll(() => t.stop());

describe('plan changes reach open sockets', () => {
  test('a plan without public links closes the link guests of the workspace boards 4404; its people stay connected', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const boardId = await createBoard(t, owner.key);
    const link = await json(t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer' }));
    const guest = await openLive(t, boardId, link.token);
    const member = await openLive(t, boardId, owner.key);
    await Promise.all([guest.synced, member.synced]);
    // Another workspace's guest is not touched by this workspace's plan.
    const other = await t.createUser({ plan: 'pro' });
    const otherBoard = await createBoard(t, other.key);
    const otherLink = await json(t.api(other.key, 'PUT', `/boards/${otherBoard}/public-link`, { enabled: true, role: 'viewer' }));
    const otherGuest = await openLive(t, otherBoard, otherLink.token);
    await otherGuest.synced;

    await t.server.services.accounts.setPlan(owner.workspaceId, 'basic');
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('after the plan change'))).status).toBe(201);
    expect(await guest.closed).toBe(4404);
    expect(guest.sawText('after the plan change')).toBe(false);
    await expect.poll(() => member.sawText('after the plan change')).toBe(true);
    expect(member.closeCode()).toBeUndefined();
    expect(otherGuest.closeCode()).toBeUndefined();
  });

  test('a plan change that keeps public links keeps their guests', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const boardId = await createBoard(t, owner.key);
    const link = await json(t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer' }));
    const guest = await openLive(t, boardId, link.token);
    await guest.synced;
    await t.server.services.accounts.setPlan(owner.workspaceId, 'business');
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('after the upgrade'))).status).toBe(201);
    await expect.poll(() => guest.sawText('after the upgrade')).toBe(true);
    expect(guest.closeCode()).toBeUndefined();
  });
});
