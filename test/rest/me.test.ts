import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

let t: TestServer;
let alice: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.createUser({ name: 'Alice', plan: 'pro' });
});
afterAll(() => t.stop());

const settings = { emailEnabled: false, events: { comments: true, replies: false, shares: true, boardUpdates: true } };

describe('GET /me', () => {
  test('the person, their workspace and its plan', async () => {
    const res = await t.api(alice.key, 'GET', '/me');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      user: { id: alice.id, email: alice.email, name: 'Alice' },
      workspace: { id: alice.workspaceId, plan: 'pro', role: 'owner' },
      credential: { kind: 'api_key' },
    });
    expect(body.credential.scopes).toContain('user:read');
  });

  test('reflects a plan change at once', async () => {
    const bob = await t.createUser();
    await t.server.services.accounts.setPlan(bob.workspaceId, 'business');
    expect((await json(t.api(bob.key, 'GET', '/me'))).workspace.plan).toBe('business');
  });
});

describe('GET /me/credits', () => {
  test('the monthly wallet, spent and reset with the calendar month', async () => {
    const carol = await t.createUser({ plan: 'basic' });
    t.clock.set(Date.UTC(2026, 9, 15, 10));
    const fresh = await json(t.api(carol.key, 'GET', '/me/credits'));
    expect(fresh).toEqual({
      period: '2026-10',
      periodStart: '2026-10-01T00:00:00.000Z',
      resetsAt: '2026-11-01T00:00:00.000Z',
      credits: { limit: 100, used: 0, remaining: 100 },
      messages: { limit: 25, used: 0, remaining: 25 },
    });
    await t.server.services.usage.consume(carol.workspaceId, 'basic', { credits: 30, messages: 2 });
    const spent = await json(t.api(carol.key, 'GET', '/me/credits'));
    expect(spent.credits).toEqual({ limit: 100, used: 30, remaining: 70 });
    expect(spent.messages).toEqual({ limit: 25, used: 2, remaining: 23 });
    // Spending more than is left spends nothing.
    await expect(
      t.server.services.usage.consume(carol.workspaceId, 'basic', { credits: 71, messages: 0 }),
    ).rejects.toMatchObject({ code: 'payment_required', details: { limit: 'aiCreditsPerMonth', plan: 'basic', max: 100, used: 30 } });
    expect((await json(t.api(carol.key, 'GET', '/me/credits'))).credits.used).toBe(30);
    t.clock.set(Date.UTC(2026, 10, 1, 0, 0, 1));
    const next = await json(t.api(carol.key, 'GET', '/me/credits'));
    expect(next.period).toBe('2026-11');
    expect(next.credits.used).toBe(0);
  });

  test('the quota is the workspace plan\'s', async () => {
    const dave = await t.createUser({ plan: 'business' });
    const body = await json(t.api(dave.key, 'GET', '/me/credits'));
    expect(body.credits.limit).toBe(10_000);
  });

  test('concurrent spends never overdraw', async () => {
    const erin = await t.createUser({ plan: 'basic' });
    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, () => t.server.services.usage.consume(erin.workspaceId, 'basic', { credits: 10, messages: 0 })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    expect((await json(t.api(erin.key, 'GET', '/me/credits'))).credits.remaining).toBe(0);
  });
});

describe('GET /me/limits', () => {
  test("serves the plan table's row for the workspace", async () => {
    const basic = await t.createUser({ plan: 'basic' });
    const body = await json(t.api(basic.key, 'GET', '/me/limits'));
    expect(body.plan).toBe('basic');
    expect(body.limits).toMatchObject({ spaces: 1, trashAndRestore: false, aiCreditsPerMonth: 100 });
    const business = await json(t.api((await t.createUser({ plan: 'business' })).key, 'GET', '/me/limits'));
    expect(business.limits.spaces).toBeNull();
    expect(business.limits.trashAndRestore).toBe(true);
  });
});

describe('notification settings', () => {
  test('GET the defaults, PUT replaces them, GET reads them back', async () => {
    const frank = await t.createUser();
    const initial = await json(t.api(frank.key, 'GET', '/me/notification-settings'));
    expect(initial).toEqual({ emailEnabled: true, events: { comments: true, replies: true, shares: true, boardUpdates: false } });
    const put = await t.api(frank.key, 'PUT', '/me/notification-settings', settings);
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual(settings);
    expect(await json(t.api(frank.key, 'GET', '/me/notification-settings'))).toEqual(settings);
  });

  test.each([
    ['a missing field', { emailEnabled: true }, 'events'],
    ['a wrong type', { ...settings, emailEnabled: 'yes' }, 'emailEnabled'],
    ['an unknown field', { ...settings, sms: true }, 'sms'],
    ['an unknown event', { ...settings, events: { ...settings.events, likes: true } }, 'events.likes'],
    ['a nested wrong type', { ...settings, events: { ...settings.events, replies: 1 } }, 'events.replies'],
  ])('PUT with %s answers 422 naming the field and changes nothing', async (_, body, field) => {
    const gina = await t.createUser();
    const res = await t.api(gina.key, 'PUT', '/me/notification-settings', body);
    const envelope = await expectEnvelope(res, 422, 'validation_failed');
    expect(envelope.error.field).toBe(field);
    expect((await json(t.api(gina.key, 'GET', '/me/notification-settings'))).emailEnabled).toBe(true);
  });

  test('PUT without a body answers 422', async () => {
    const res = await t.api(alice.key, 'PUT', '/me/notification-settings');
    await expectEnvelope(res, 422, 'validation_failed');
  });

  test('PUT needs user:write; a workspace member who is not admin gets 403', async () => {
    const reader = await t.createUser({ scopes: 'user:read' });
    await expectEnvelope(await t.api(reader.key, 'PUT', '/me/notification-settings', settings), 403, 'insufficient_scope');
    const owner = await t.createUser();
    const member = await t.createUser();
    await t.server.services.accounts.setMembership(owner.workspaceId, member.id, 'member');
    const { secret } = await t.server.services.apiKeys.create({ userId: member.id, scopes: 'user:read user:write', workspaceId: owner.workspaceId });
    await expectEnvelope(await t.api(secret, 'PUT', '/me/notification-settings', settings), 403, 'forbidden');
  });
});

describe('notifications', () => {
  test('newest first, cursor-paginated, with unread filter and count', async () => {
    const hal = await t.createUser();
    const actor = await t.createUser({ name: 'Ivy' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1000);
      const n = await t.server.services.notifications.notify({
        userId: hal.id,
        workspaceId: hal.workspaceId,
        kind: 'comment',
        title: `Comment ${i}`,
        body: 'Looks good',
        boardId: 'brd_x',
        itemId: null,
        actorId: actor.id,
      });
      ids.push(n.id);
    }
    const first = await json(t.api(hal.key, 'GET', '/me/notifications?limit=2'));
    expect(first.data.map((n: { id: string }) => n.id)).toEqual([ids[4], ids[3]]);
    expect(first.data[0]).toMatchObject({ kind: 'comment', read: false, readAt: null, actor: { id: actor.id, name: 'Ivy' } });
    expect(first.unreadCount).toBe(5);
    const second = await json(t.api(hal.key, 'GET', `/me/notifications?limit=2&cursor=${first.nextCursor}`));
    expect(second.data.map((n: { id: string }) => n.id)).toEqual([ids[2], ids[1]]);
    const third = await json(t.api(hal.key, 'GET', `/me/notifications?limit=2&cursor=${second.nextCursor}`));
    expect(third.data.map((n: { id: string }) => n.id)).toEqual([ids[0]]);
    expect(third.nextCursor).toBeNull();

    const read = await t.api(hal.key, 'POST', `/me/notifications/${ids[4]}/read`);
    expect(read.status).toBe(200);
    expect(await json(read)).toMatchObject({ id: ids[4], read: true });
    const again = await json(t.api(hal.key, 'POST', `/me/notifications/${ids[4]}/read`));
    expect(again.read).toBe(true);
    const unread = await json(t.api(hal.key, 'GET', '/me/notifications?unread=true'));
    expect(unread.data).toHaveLength(4);
    expect(unread.unreadCount).toBe(4);
  });

  test("another person's notification is not found, nor an unknown one", async () => {
    const jack = await t.createUser();
    const n = await t.server.services.notifications.notify({
      userId: jack.id,
      workspaceId: jack.workspaceId,
      kind: 'share',
      title: 'Shared',
      body: '',
      boardId: null,
      itemId: null,
      actorId: null,
    });
    await expectEnvelope(await t.api(alice.key, 'POST', `/me/notifications/${n.id}/read`), 404, 'not_found');
    await expectEnvelope(await t.api(alice.key, 'POST', '/me/notifications/ntf_missing/read'), 404, 'not_found');
    const mine = await json(t.api(jack.key, 'GET', '/me/notifications'));
    expect(mine.data[0].read).toBe(false);
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['cursor=garbage', 'cursor'],
    ['unread=maybe', 'unread'],
  ])('bad query %s answers 422 naming %s', async (query, field) => {
    const body = await expectEnvelope(await t.api(alice.key, 'GET', `/me/notifications?${query}`), 422, 'validation_failed');
    expect(body.error.field).toBe(field);
  });

  test('mark-read needs user:write', async () => {
    const reader = await t.createUser({ scopes: 'user:read' });
    await expectEnvelope(await t.api(reader.key, 'POST', '/me/notifications/ntf_x/read'), 403, 'insufficient_scope');
  });
});

describe('GET /me/sources', () => {
  test('the catalogue with this person\'s connections', async () => {
    const kim = await t.createUser();
    await t.server.services.sources.connect(kim.id, 'notion', 'kim@example.com');
    const body = await json(t.api(kim.key, 'GET', '/me/sources'));
    expect(body.data.length).toBeGreaterThanOrEqual(5);
    const notion = body.data.find((s: { id: string }) => s.id === 'notion');
    expect(notion).toMatchObject({ connected: true, accountLabel: 'kim@example.com' });
    expect(body.data.filter((s: { connected: boolean }) => s.connected)).toHaveLength(1);
    // Connections are per person.
    const other = await json(t.api(alice.key, 'GET', '/me/sources'));
    expect(other.data.every((s: { connected: boolean }) => !s.connected)).toBe(true);
  });

  test('needs user:read', async () => {
    const writer = await t.createUser({ scopes: 'boards:read' });
    await expectEnvelope(await t.api(writer.key, 'GET', '/me/sources'), 403, 'insufficient_scope');
  });
});
