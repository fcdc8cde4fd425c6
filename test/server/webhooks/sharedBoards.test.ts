import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookDeliveryRecord } from '../../../storage/schema/webhooks.js';
import { webhookCollections } from '../../../storage/schema/webhooks.js';
import { createBoard, sticky } from '../../content/helpers.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import type { TestReceiver } from './receiver.js';
import { startReceiver } from './receiver.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
/** Bob's endpoint. */
let bobs: TestReceiver;
/** Alice's own endpoint: once her copy of an event arrived, Bob's would have been queued with it. */
let alices: TestReceiver;
let bobsHook: string;
let alicesHook: string;

async function makeWebhook(user: TestUser, receiver: TestReceiver): Promise<string> {
  const response = await t.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] });
  expect(response.status).toBe(201);
  return (await json(response)).id as string;
}

const outbox = () => t.server.services.db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries);

/** Creates an item on `boardId` as Alice and waits until her own webhook received it; returns the item id. */
async function itemSeenByAlice(boardId: string, text: string): Promise<string> {
  const item = await json(await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky(text)));
  await vi.waitFor(() => expect(alices.received.some((d) => d.json.data['id'] === item.id)).toBe(true));
  return item.id as string;
}

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  alice = await t.createUser({ name: 'Alice', plan: 'pro' });
  bob = await t.createUser({ name: 'Bob', plan: 'pro' });
  bobs = await startReceiver();
  alices = await startReceiver();
  bobsHook = await makeWebhook(bob, bobs);
  alicesHook = await makeWebhook(alice, alices);
});

afterAll(async () => {
  await t.stop();
  await bobs.close();
  await alices.close();
});

describe("a webhook hears every board its owner can read, checked at the event and again at delivery", () => {
  it('a board of another workspace shared with the owner is delivered; before the share and after the removal nothing is', async () => {
    const boardId = await createBoard(t, alice.key);
    const before = await itemSeenByAlice(boardId, 'not yet shared');
    expect(await outbox().find({ webhookId: bobsHook, boardId })).toEqual([]);

    expect((await t.api(alice.key, 'POST', `/boards/${boardId}/members`, { email: bob.email, role: 'viewer' })).status).toBeLessThan(300);
    const shared = await itemSeenByAlice(boardId, 'shared');
    await vi.waitFor(() => expect(bobs.received.map((d) => d.json.data['id'])).toContain(shared));
    const delivered = bobs.received.find((d) => d.json.data['id'] === shared);
    expect(delivered?.json).toMatchObject({ type: 'item.created', boardId, workspaceId: alice.workspaceId });
    // The event from before the share never reaches Bob, not even later.
    expect(bobs.received.map((d) => d.json.data['id'])).not.toContain(before);

    expect((await t.api(alice.key, 'DELETE', `/boards/${boardId}/members/${encodeURIComponent(bob.email)}`)).status).toBeLessThan(300);
    const removed = await itemSeenByAlice(boardId, 'after removal');
    expect(await outbox().find({ webhookId: bobsHook, boardId })).toHaveLength(1);
    expect(bobs.received.map((d) => d.json.data['id'])).not.toContain(removed);
  });

  it('a board in a space shared with the owner is delivered too', async () => {
    const space = await json(await t.api(alice.key, 'POST', '/spaces', { name: 'Shared space' }));
    expect((await t.api(alice.key, 'POST', `/spaces/${space.id}/members`, { email: bob.email, role: 'commenter' })).status).toBeLessThan(300);
    const board = await json(await t.api(alice.key, 'POST', '/boards', { title: 'In the space', spaceId: space.id }));
    const item = await itemSeenByAlice(board.id, 'in a shared space');
    await vi.waitFor(() => expect(bobs.received.map((d) => d.json.data['id'])).toContain(item));
  });

  it('a delivery queued while the owner could read the board is dropped at delivery once they were removed', async () => {
    const boardId = await createBoard(t, alice.key);
    expect((await t.api(alice.key, 'POST', `/boards/${boardId}/members`, { email: bob.email, role: 'editor' })).status).toBeLessThan(300);
    bobs.respond(500);
    const item = await itemSeenByAlice(boardId, 'queued');
    const row = async () => outbox().findOne({ webhookId: bobsHook, boardId });
    await vi.waitFor(async () => expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 }));

    expect((await t.api(alice.key, 'DELETE', `/boards/${boardId}/members/${encodeURIComponent(bob.email)}`)).status).toBeLessThan(300);
    bobs.respond(204);
    const seen = bobs.received.length;
    t.clock.advance(6_001);
    t.server.services.webhookDispatcher.wake(bobsHook);
    await vi.waitFor(async () => expect(await row()).toMatchObject({ status: 'skipped', attempts: 1, lastResponse: 'the owner can no longer read the board' }));
    expect(bobs.received.slice(seen).map((d) => d.json.data['id'])).not.toContain(item);
    expect(alicesHook).toMatch(/^whk_/);
  });
});
