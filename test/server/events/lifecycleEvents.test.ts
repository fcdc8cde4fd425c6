import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { plans } from '../../../server/accounts/plans.js';
import type { Principal } from '../../../server/auth/Principal.js';
import type { DomainEventMap, DomainEventType } from '../../../server/events/index.js';
import { createBoard, sticky } from '../../content/helpers.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import type { TestReceiver } from '../webhooks/receiver.js';
import { startReceiver } from '../webhooks/receiver.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let receiver: TestReceiver;
const seen: { type: DomainEventType; payload: DomainEventMap[DomainEventType] }[] = [];

async function principal(user: TestUser): Promise<Principal> {
  const found = await t.server.services.authenticator.authenticate(user.key);
  if (!found) throw new Error('no principal');
  return found;
}

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  alice = await t.createUser({ name: 'Alice', plan: 'pro' });
  bob = await t.createUser({ name: 'Bob', plan: 'pro' });
  receiver = await startReceiver();
  for (const type of ['board.deleted', 'item.created', 'member.updated', 'workspace.member.added', 'workspace.member.updated', 'workspace.plan.changed'] as const) {
    t.server.services.events.on(type, (payload) => void seen.push({ type, payload }));
  }
});

afterAll(async () => {
  await t.stop();
  await receiver.close();
});

describe('events of purges, duplicates and role changes', () => {
  it('the trash sweep emits board.deleted (purged) for a board whose retention ran out, and webhooks deliver it', async () => {
    const { webhook } = await t.server.services.webhooks.create(await principal(alice), { url: receiver.url, events: ['board.deleted'] });
    const boardId = await createBoard(t, alice.key, 'Old');
    const start = receiver.received.length;
    expect((await t.api(alice.key, 'DELETE', `/boards/${boardId}`)).status).toBe(200);
    t.clock.advance((plans.pro.trashRetentionDays + 1) * 86_400_000);
    expect(await t.server.services.trash.sweep()).toMatchObject({ boards: 1 });
    const purged = seen.filter((e) => e.type === 'board.deleted' && e.payload.workspaceId === alice.workspaceId && 'boardId' in e.payload && e.payload.boardId === boardId);
    expect(purged.map((e) => e.payload)).toMatchObject([
      { outcome: 'trashed', actor: { userId: alice.id } },
      { outcome: 'deleted', purged: true, actor: { userId: alice.id }, board: { id: boardId } },
    ]);
    // Both the move to trash and the purge reach the receiver (the board is gone, so rights allow board.deleted only).
    await vi.waitFor(() => expect(receiver.received.length).toBe(start + 2));
    const bodies = receiver.received.slice(start).map((d) => d.json);
    expect(bodies.find((body) => body.data.outcome === 'deleted')).toMatchObject({ type: 'board.deleted', boardId, data: { id: boardId, purged: true } });
    await t.server.services.webhooks.delete(await principal(alice), webhook.id);
  });

  it('a board duplicate emits item.created for each copied item of the new board', async () => {
    const boardId = await createBoard(t, alice.key, 'Source');
    const a = await json(await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('one')));
    const b = await json(await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('two')));
    const copy = await json(await t.api(alice.key, 'POST', `/boards/${boardId}/duplicate`));
    const created = seen.filter((e) => e.type === 'item.created' && 'boardId' in e.payload && e.payload.boardId === copy.id);
    expect(created.map((e) => (e.payload as DomainEventMap['item.created']).itemId).sort()).toEqual([a.id, b.id].sort());
    expect(created[0]?.payload).toMatchObject({ source: 'rest', copiedFrom: boardId, actor: { userId: alice.id }, item: { type: 'sticky_note' } });
  });

  it('changing a member role on a space or a board emits member.updated with the previous role; the same role emits nothing', async () => {
    const space = await json(await t.api(alice.key, 'POST', '/spaces', { name: 'Team' }));
    const spaces = t.server.services.spaceMembers;
    await spaces.share(alice.id, space.id, { email: bob.email, role: 'editor' });
    await spaces.changeRole(alice.id, space.id, bob.email, 'viewer');
    await spaces.changeRole(alice.id, space.id, bob.email, 'viewer');
    const onSpace = seen.filter((e) => e.type === 'member.updated' && (e.payload as DomainEventMap['member.updated']).resourceId === space.id);
    expect(onSpace.map((e) => e.payload)).toMatchObject([{ scope: 'space', member: { userId: bob.id, role: 'viewer' }, previousRole: 'editor', actor: { userId: alice.id } }]);

    const boardId = await createBoard(t, alice.key, 'Shared');
    await t.server.services.boardMembers.share(alice.id, boardId, { email: bob.email, role: 'commenter' });
    await t.server.services.boardMembers.changeRole(alice.id, boardId, bob.email, 'editor');
    const onBoard = seen.filter((e) => e.type === 'member.updated' && (e.payload as DomainEventMap['member.updated']).resourceId === boardId);
    expect(onBoard.map((e) => e.payload)).toMatchObject([{ scope: 'board', boardId, member: { userId: bob.id, role: 'editor' }, previousRole: 'commenter' }]);
  });

  it('a workspace role change emits workspace.member.updated with the previous role; joining emits workspace.member.added; the same role emits nothing', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const person = await t.createUser();
    const accounts = t.server.services.accounts;
    await accounts.setMembership(owner.workspaceId, person.id, 'member');
    await accounts.setMembership(owner.workspaceId, person.id, 'admin', owner.id);
    await accounts.setMembership(owner.workspaceId, person.id, 'admin', owner.id);
    const inWorkspace = seen.filter((e) => e.type.startsWith('workspace.member.') && e.payload.workspaceId === owner.workspaceId);
    expect(inWorkspace.map((e) => [e.type, e.payload])).toMatchObject([
      ['workspace.member.added', { userId: person.id, role: 'member', actor: { userId: owner.id } }],
      ['workspace.member.updated', { userId: person.id, role: 'admin', previousRole: 'member', actor: { userId: owner.id } }],
    ]);
  });

  it('a plan change emits workspace.plan.changed with the previous plan; the same plan emits nothing', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    await t.server.services.accounts.setPlan(owner.workspaceId, 'business');
    await t.server.services.accounts.setPlan(owner.workspaceId, 'business');
    const changes = seen.filter((e) => e.type === 'workspace.plan.changed' && e.payload.workspaceId === owner.workspaceId);
    expect(changes.map((e) => e.payload)).toMatchObject([{ plan: 'business', previousPlan: 'pro', actor: { userId: owner.id } }]);
  });
});
