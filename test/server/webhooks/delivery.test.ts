import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../../server/auth/Principal.js';
import type { WebhookDeliveryRecord } from '../../../storage/schema/webhooks.js';
import { webhookCollections } from '../../../storage/schema/webhooks.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import { createBoard, sticky } from '../../content/helpers.js';
import type { TestReceiver } from './receiver.js';
import { startReceiver } from './receiver.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let receiver: TestReceiver;

async function principal(user: TestUser): Promise<Principal> {
  const found = await t.server.services.authenticator.authenticate(user.key);
  if (!found) throw new Error('no principal');
  return found;
}

function verify(secret: string, index: number): unknown {
  const delivery = receiver.received[index];
  if (!delivery) throw new Error(`no delivery ${index}`);
  return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
}

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  alice = await t.createUser({ name: 'Alice', plan: 'pro' });
  bob = await t.createUser({ name: 'Bob', plan: 'pro' });
  receiver = await startReceiver();
});

afterAll(async () => {
  await t.stop();
  await receiver.close();
});

describe('webhook deliveries', () => {
  it('delivers a REST item create, signed and verifiable with standardwebhooks, in the documented shape', async () => {
    receiver.respond(204);
    const start = receiver.received.length;
    const { webhook, secret } = await t.server.services.webhooks.create(await principal(alice), { url: receiver.url, events: ['item.created'] });
    const boardId = await createBoard(t, alice.key);
    const item = await json(await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('hooked')));
    await vi.waitFor(() => expect(receiver.received.length).toBe(start + 1));
    const payload = verify(secret, start) as Record<string, unknown>;
    expect(payload).toMatchObject({ type: 'item.created', workspaceId: alice.workspaceId, boardId, data: { id: item.id, type: 'sticky_note', source: 'rest' } });
    expect(payload.id).toMatch(/^evt_/);
    expect(Number.isNaN(Date.parse(String(payload.createdAt)))).toBe(false);
    expect(receiver.received[start]?.headers['webhook-id']).toMatch(/^msg_/);
    await vi.waitFor(async () => {
      const log = await t.server.services.webhooks.deliveries(await principal(alice), webhook.id, { limit: 10 });
      expect(log.data[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, eventType: 'item.created' });
    });
    await t.server.services.webhooks.delete(await principal(alice), webhook.id);
  });

  it('retries a failing endpoint with backoff; a rotated secret signs the retry; the same webhook-id each time', async () => {
    receiver.respond(500);
    const start = receiver.received.length;
    const me = await principal(alice);
    const { webhook, secret } = await t.server.services.webhooks.create(me, { url: receiver.url, events: ['board.created'] });
    const boardId = await createBoard(t, alice.key);
    await vi.waitFor(() => expect(receiver.received.length).toBe(start + 1));
    expect(verify(secret, start)).toMatchObject({ type: 'board.created', boardId, data: { id: boardId } });
    let log = await t.server.services.webhooks.deliveries(me, webhook.id, { limit: 10 });
    await vi.waitFor(async () => {
      log = await t.server.services.webhooks.deliveries(me, webhook.id, { limit: 10 });
      expect(log.data[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastResponse: 'receiver says no' });
    });
    const next = log.data[0]?.nextAttemptAt ?? 0;
    expect(next - t.clock.now()).toBeGreaterThanOrEqual(4_000);
    expect(next - t.clock.now()).toBeLessThanOrEqual(6_000);

    const rotated = await t.server.services.webhooks.rotateSecret(me, webhook.id);
    expect(rotated.id).toBe(webhook.id);
    receiver.respond(200);
    t.clock.advance(6_001);
    t.server.services.webhookDispatcher.wake(webhook.id);
    await vi.waitFor(() => expect(receiver.received.length).toBe(start + 2));
    expect(verify(rotated.secret, start + 1)).toMatchObject({ type: 'board.created' });
    expect(() => verify(secret, start + 1)).toThrow();
    expect(receiver.received[start + 1]?.headers['webhook-id']).toBe(receiver.received[start]?.headers['webhook-id']);
    await t.server.services.webhooks.delete(me, webhook.id);
  });

  it('after about three days of failures disables the webhook and notifies its owner', async () => {
    receiver.respond(503);
    const me = await principal(alice);
    const { webhook } = await t.server.services.webhooks.create(me, { url: receiver.url, events: ['board.created'] });
    await createBoard(t, alice.key);
    let elapsedMs = 0;
    for (let attempt = 1; attempt <= 12; attempt++) {
      await vi.waitFor(async () => {
        const log = await t.server.services.webhooks.deliveries(me, webhook.id, { limit: 1 });
        expect(log.data[0]?.attempts).toBe(attempt);
      });
      t.clock.advance(1.3 * 86_400_000);
      elapsedMs += 1.3 * 86_400_000;
      t.server.services.webhookDispatcher.wake(webhook.id);
    }
    const log = await t.server.services.webhooks.deliveries(me, webhook.id, { limit: 1 });
    expect(log.data[0]).toMatchObject({ status: 'failed', attempts: 12 });
    expect(elapsedMs).toBeGreaterThan(0);
    expect(await t.server.services.webhooks.get(me, webhook.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const notifications = await json(await t.api(alice.key, 'GET', '/me/notifications'));
    expect((notifications.data as { kind: string }[]).some((n) => n.kind === 'webhook_disabled')).toBe(true);
    await t.server.services.webhooks.delete(me, webhook.id);
  });

  it('re-checks rights at delivery: an event of a board the owner cannot read is skipped, not sent', async () => {
    receiver.respond(204);
    const start = receiver.received.length;
    const alicesBoard = await createBoard(t, alice.key);
    const bobs = await principal(bob);
    const { webhook } = await t.server.services.webhooks.create(bobs, { url: receiver.url, events: ['item.created'] });
    // An outbox row as if Bob could read Alice's board when the event happened (e.g. shared, then removed).
    const outbox = t.server.services.db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries);
    await outbox.insert({
      id: 'msg_0000rights',
      webhookId: webhook.id,
      workspaceId: bob.workspaceId,
      eventId: 'evt_rights',
      eventType: 'item.created',
      boardId: alicesBoard,
      payload: '{}',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: t.clock.now(),
      lastStatusCode: null,
      lastDurationMs: null,
      lastResponse: null,
      createdAt: t.clock.now(),
      settledAt: null,
    });
    t.server.services.webhookDispatcher.wake(webhook.id);
    await vi.waitFor(async () => expect(await outbox.get('msg_0000rights')).toMatchObject({ status: 'skipped', attempts: 0, lastResponse: 'the owner can no longer read the board' }));
    // Bob's own board is delivered as usual.
    const bobsBoard = await createBoard(t, bob.key);
    await t.api(bob.key, 'POST', `/boards/${bobsBoard}/items`, sticky('mine'));
    await vi.waitFor(() => expect(receiver.received.length).toBe(start + 1));
    expect(receiver.received[start]?.json.boardId).toBe(bobsBoard);
    await t.server.services.webhooks.delete(bobs, webhook.id);
  });

  it('a hanging endpoint does not delay deliveries to another webhook', async () => {
    const slow = await startReceiver();
    slow.respond('hang');
    receiver.respond(204);
    const me = await principal(alice);
    const a = await t.server.services.webhooks.create(me, { url: slow.url, events: ['item.created'] });
    const b = await t.server.services.webhooks.create(me, { url: receiver.url, events: ['item.created'] });
    const boardId = await createBoard(t, alice.key);
    const start = receiver.received.length;
    for (let i = 0; i < 10; i++) expect((await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky(`n${i}`))).status).toBe(201);
    await vi.waitFor(() => expect(receiver.received.length).toBe(start + 10));
    // The slow endpoint holds at most its own bounded number of attempts.
    expect(slow.received.length).toBeLessThanOrEqual(4);
    await t.server.services.webhooks.delete(me, a.webhook.id);
    await t.server.services.webhooks.delete(me, b.webhook.id);
    await slow.close();
  });
});
