import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEventMap, DomainEventType } from '../../../server/events/index.js';
import type { Collection } from '../../../storage/index.js';
import type { AccessChangeRecord } from '../../../storage/schema/accessChanges.js';
import { accessChangeCollections } from '../../../storage/schema/accessChanges.js';
import type { MembershipRecord } from '../../../storage/schema/accounts.js';
import { accountCollections } from '../../../storage/schema/accounts.js';
import type { ActivityRecord, BoardMemberRecord } from '../../../storage/schema/boards.js';
import { boardCollections } from '../../../storage/schema/boards.js';
import type { OAuthConnectionRecord } from '../../../storage/schema/oauth.js';
import { oauthCollections } from '../../../storage/schema/oauth.js';
import type { WebhookRecord } from '../../../storage/schema/webhooks.js';
import { webhookCollections } from '../../../storage/schema/webhooks.js';
import type { RecordEventsRecord } from '../../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../../storage/schema/writeEvents.js';
import { createBoard } from '../../content/helpers.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { signIn } from '../../oauth/helpers/oauthFlow.js';
import { startReceiver } from '../webhooks/receiver.js';
import type { TestReceiver } from '../webhooks/receiver.js';

/**
 * docs/events.md "Durability of record events", workspace-level operations: a person added to a
 * workspace, one removed, a plan changed, an API key revoked, an app connection ended and a first
 * sign-in, each stopped after its record was stored and before its event was heard (as a `kill -9`
 * there would), have their effects once the store is opened again (an access change each, the
 * removed person's webhook disabled, the new account's invitation accepted), and a replay of their
 * rows doubles nothing.
 */

const env = { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };
const halted: readonly DomainEventType[] = [
  'workspace.member.added',
  'workspace.member.removed',
  'workspace.plan.changed',
  'api_key.revoked',
  'oauth.connection.ended',
  'account.signed_in',
];
const newcomer = 'newcomer.record-events@example.com';

let dataDir: string;
let receiver: TestReceiver;
let t: TestServer;
let olive: TestUser;
let bob: TestUser;
let carol: TestUser;
let boardId = '';
let keyId = '';
let carolsHook = '';
const connectionId = 'con_recordevents';
let rows: RecordEventsRecord[] = [];

const journal = (server: TestServer): Collection<RecordEventsRecord> => server.server.services.db.collection<RecordEventsRecord>(writeEventCollections.records);
const changes = (server: TestServer, kind: AccessChangeRecord['kind'], subject: string): Promise<number> =>
  server.server.services.db.collection<AccessChangeRecord>(accessChangeCollections.changes).count({ kind, subject });
const membership = (server: TestServer, workspaceId: string, userId: string): Promise<MembershipRecord | null> =>
  server.server.services.db.collection<MembershipRecord>(accountCollections.memberships).findOne({ workspaceId, userId });
const hook = (server: TestServer): Promise<WebhookRecord | null> => server.server.services.db.collection<WebhookRecord>(webhookCollections.webhooks).get(carolsHook);

/** The newcomer's board memberships and `board.shared` activity rows (both one once the invitation is accepted). */
async function accepted(server: TestServer): Promise<{ members: number; shared: number }> {
  const user = await server.server.services.accounts.findUserByEmail(newcomer);
  if (!user) return { members: 0, shared: 0 };
  const db = server.server.services.db;
  const members = await db.collection<BoardMemberRecord>(boardCollections.boardMembers).count({ boardId, userId: user.id });
  const activity = await db.collection<ActivityRecord>(boardCollections.activity).find({ boardId, action: 'board.shared' });
  return { members, shared: activity.filter((row) => row.data.userId === user.id).length };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'boards-workspace-events-'));
  receiver = await startReceiver();
  t = await startTestServer({ env, dataDir });
  olive = await t.createUser({ name: 'Olive', plan: 'pro' });
  bob = await t.createUser({ name: 'Bob', plan: 'pro' });
  carol = await t.createUser({ name: 'Carol', plan: 'pro' });
  boardId = await createBoard(t, olive.key);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('workspace-level operations stopped between their store and their events', () => {
  it('each is recorded once after the restart: access changes, the webhook disabled, the invitation accepted', async () => {
    const services = t.server.services;
    // Carol acts in Olive's workspace with a webhook of hers; Olive invites an address without an account.
    await services.accounts.setMembership(olive.workspaceId, carol.id, 'member');
    const { secret } = await services.apiKeys.create({ userId: carol.id, workspaceId: olive.workspaceId, scopes: 'boards:read' });
    carolsHook = (await json(t.api(secret, 'POST', '/webhooks', { url: receiver.url, events: ['board.created'] }))).id as string;
    expect((await t.api(olive.key, 'POST', `/boards/${boardId}/members`, { email: newcomer, role: 'editor' })).status).toBeLessThan(300);
    const { key } = await services.apiKeys.create({ userId: bob.id, scopes: 'boards:read' });
    keyId = key.id;
    const now = services.clock.now();
    await services.db.collection<OAuthConnectionRecord>(oauthCollections.connections).insert({
      id: connectionId,
      clientId: 'app_recordevents',
      userId: bob.id,
      workspaceId: bob.workspaceId,
      scopes: ['boards:read'],
      createdAt: now,
      lastRefreshedAt: now,
      revokedAt: null,
    });
    const carolBefore = await changes(t, 'user', carol.id);

    // Every halted event is lost as a kill there would lose it: the emit fails, the journal row stays.
    const events = services.events;
    const emit = events.emit.bind(events);
    vi.spyOn(events, 'emit').mockImplementation(<K extends DomainEventType>(type: K, payload: DomainEventMap[K]) =>
      halted.includes(type) ? Promise.reject(new Error('the process was killed here')) : emit(type, payload),
    );
    const killed = /killed here/;
    await expect(services.accounts.setMembership(olive.workspaceId, bob.id, 'member', olive.id)).rejects.toThrow(killed);
    await expect(services.accounts.removeMembership(olive.workspaceId, carol.id, olive.id)).rejects.toThrow(killed);
    await expect(services.accounts.setPlan(olive.workspaceId, 'business')).rejects.toThrow(killed);
    await expect(services.apiKeys.revoke(bob.id, keyId)).rejects.toThrow(killed);
    await expect(services.oauth.grants.endConnection(connectionId)).rejects.toThrow(killed);
    await expect(signIn(t, newcomer)).rejects.toThrow(/answered 5/);

    // Every record was stored, with its row journaled and nothing heard.
    expect(await membership(t, olive.workspaceId, bob.id)).toMatchObject({ role: 'member' });
    expect(await membership(t, olive.workspaceId, carol.id)).toBeNull();
    expect((await services.accounts.getWorkspace(olive.workspaceId)).plan).toBe('business');
    expect((await services.apiKeys.list(bob.id)).find((k) => k.id === keyId)?.revokedAt).not.toBeNull();
    expect((await services.oauth.grants.connectionsOf(bob.id)).map((c) => c.id)).not.toContain(connectionId);
    expect(await services.accounts.findUserByEmail(newcomer)).not.toBeNull();
    rows = await journal(t).find({}, { sort: [['id', 1]] });
    expect(rows.flatMap((row) => row.events.map((event) => event.type))).toEqual(halted);
    expect(await changes(t, 'user', bob.id)).toBe(0);
    expect(await changes(t, 'workspace', olive.workspaceId)).toBe(0);
    expect(await changes(t, 'credential', keyId)).toBe(0);
    expect(await changes(t, 'credential', connectionId)).toBe(0);
    expect(await changes(t, 'user', carol.id)).toBe(carolBefore);
    expect(await hook(t)).toMatchObject({ enabled: true });
    expect(await accepted(t)).toEqual({ members: 0, shared: 0 });

    // The process stops there; the next one opens the same store.
    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => journal(t).count({}), { timeout: 20_000 }).toBe(0);
    expect(await changes(t, 'user', bob.id)).toBe(1);
    expect(await changes(t, 'workspace', olive.workspaceId)).toBe(1);
    expect(await changes(t, 'credential', keyId)).toBe(1);
    expect(await changes(t, 'credential', connectionId)).toBe(1);
    expect(await changes(t, 'user', carol.id)).toBe(carolBefore + 1);
    expect(await hook(t)).toMatchObject({ enabled: false, disabledReason: 'owner_left' });
    expect(await accepted(t)).toEqual({ members: 1, shared: 1 });
  }, 120_000);

  it('a replay of the rows records nothing twice', async () => {
    expect(rows).toHaveLength(halted.length);
    for (const row of rows) await journal(t).insert(row);
    expect(await t.server.services.liveEdits.recover()).toBe(halted.length);
    await expect.poll(() => journal(t).count({})).toBe(0);
    expect(await accepted(t)).toEqual({ members: 1, shared: 1 });
    expect(await hook(t)).toMatchObject({ enabled: false, disabledReason: 'owner_left' });
  });

  it('an operation refused or already done journals nothing and announces nothing again', async () => {
    const services = t.server.services;
    const heard: string[] = [];
    const off = services.events.onEach([...halted, 'workspace.member.updated'], (type) => {
      heard.push(type);
    });
    try {
      // The key and the connection are ended already; Carol is no member; the plan is the same.
      await services.apiKeys.revoke(bob.id, keyId);
      await services.oauth.grants.endConnection(connectionId);
      await services.accounts.removeMembership(olive.workspaceId, carol.id, olive.id);
      await services.accounts.setPlan(olive.workspaceId, 'business');
      await expect(services.accounts.setMembership(olive.workspaceId, olive.id, 'member')).rejects.toThrow(/owner/);
      expect(heard).toEqual([]);
      expect(await journal(t).count({})).toBe(0);
      // A change that is made is announced once.
      await services.accounts.setMembership(olive.workspaceId, bob.id, 'admin', olive.id);
      expect(heard).toEqual(['workspace.member.updated']);
      await expect.poll(() => journal(t).count({})).toBe(0);
    } finally {
      off();
    }
  });
});
