import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Collection } from '../../../storage/index.js';
import type { WebhookDeliveryRecord, WebhookEventRecord, WebhookRecord, WebhookVersionRecord } from '../../../storage/schema/webhooks.js';
import { webhookCollections } from '../../../storage/schema/webhooks.js';
import { createBoard, sticky } from '../../content/helpers.js';
import { redisAvailable, startRedis } from '../../helpers/redis.js';
import type { TestRedis } from '../../helpers/redis.js';
import type { TestUser } from '../../helpers/testServer.js';
import { json } from '../../helpers/testServer.js';
import type { TestReceiver } from '../webhooks/receiver.js';
import { startReceiver } from '../webhooks/receiver.js';
import { startTwoServers } from './twoServers.js';
import type { TwoServers } from './twoServers.js';

/**
 * Issue 54: which webhooks an event may go to is known to each process without reading the
 * webhooks on the write path; a webhook changed on one process is seen by the next write on the
 * other (the version record both read, bumped before the change is answered).
 */

const available = redisAvailable('the webhook subscription cluster tests');

describe.skipIf(!available)('two servers over one store and one Redis: webhook subscriptions', () => {
  let redis: TestRedis;
  let servers: TwoServers;
  let receiver: TestReceiver;
  let user: TestUser;
  let boardId: string;

  beforeAll(async () => {
    redis = await startRedis();
    servers = await startTwoServers(redis.url, { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true', BOARDS_RATE_LIMIT_PER_MINUTE: '1000000' });
    receiver = await startReceiver();
    user = await servers.a.createUser({ plan: 'pro' });
    boardId = await createBoard(servers.a, user.key);
  });
  afterAll(async () => {
    await servers?.stop();
    await receiver?.close();
    await redis?.stop();
  });

  const createItem = async (on: 'a' | 'b', text: string): Promise<string> => {
    const res = await servers[on].api(user.key, 'POST', `/boards/${boardId}/items`, sticky(text));
    expect(res.status).toBe(201);
    return (await json(res)).id as string;
  };
  const createdIds = (): unknown[] => receiver.received.filter((d) => d.json.type === 'item.created').map((d) => d.json.data.id);
  const idle = async (): Promise<void> => {
    await servers.a.server.services.webhookDispatcher.idle();
    await servers.b.server.services.webhookDispatcher.idle();
  };

  it('a webhook created on A hears the very next item written on B, though B had read the webhooks before', async () => {
    // B writes (and so learns the enabled webhooks: none) before the webhook exists.
    await createItem('b', 'before');
    const res = await servers.a.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] });
    expect(res.status).toBe(201);
    const itemId = await createItem('b', 'next');
    await vi.waitFor(() => expect(createdIds()).toEqual([itemId]), { timeout: 20_000 });
  });

  it('a webhook deleted on A receives nothing written on B after its delete answered', async () => {
    const created = await json(servers.a.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.updated'] }));
    // B has the webhook in the list it holds: an update written there is delivered.
    const itemId = await createItem('b', 'to update');
    expect((await servers.b.api(user.key, 'PATCH', `/boards/${boardId}/items/${itemId}`, { data: { text: 'heard' } })).status).toBe(200);
    await vi.waitFor(() => expect(receiver.received.filter((d) => d.json.type === 'item.updated')).toHaveLength(1), { timeout: 20_000 });

    expect((await servers.a.api(user.key, 'DELETE', `/webhooks/${created.id}`)).status).toBe(204);
    expect((await servers.b.api(user.key, 'PATCH', `/boards/${boardId}/items/${itemId}`, { data: { text: 'unheard' } })).status).toBe(200);
    // Nothing was recorded for it: no event row waits, no delivery row names the webhook.
    expect(await servers.db.collection<WebhookEventRecord>(webhookCollections.events).find({ eventType: 'item.updated' })).toEqual([]);
    await servers.a.server.services.webhookDispatcher.idle();
    await idle();
    expect(await servers.db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries).find({ webhookId: created.id })).toEqual([]);
    expect(receiver.received.filter((d) => d.json.type === 'item.updated')).toHaveLength(1);
  });

  it('with ten webhooks, a write reads one version record per event-loop turn and never the webhooks themselves', async () => {
    for (let i = 0; i < 9; i += 1) expect((await servers.a.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] })).status).toBe(201);
    // The first write on each process after the change reads the list once.
    await createItem('a', 'warm a');
    await createItem('b', 'warm b');
    await idle();
    const webhooks: Collection<WebhookRecord> = servers.db.collection(webhookCollections.webhooks);
    const versions: Collection<WebhookVersionRecord> = servers.db.collection(webhookCollections.versions);
    const listed = vi.spyOn(webhooks, 'find');
    const versionReads = vi.spyOn(versions, 'get');
    try {
      for (let i = 0; i < 5; i += 1) await createItem(i % 2 === 0 ? 'a' : 'b', `counted ${i}`);
      const after5 = versionReads.mock.calls.length;
      // A batch of 50 creates emits 50 events in one turn: one version read, like a single create.
      const batch = await servers.b.api(user.key, 'POST', `/boards/${boardId}/items:batch`, {
        operations: Array.from({ length: 50 }, (_, i) => ({ op: 'create', type: 'sticky_note', position: { x: i * 10, y: 0 }, data: { text: `batched ${i}` } })),
      });
      expect(batch.status).toBe(200);
      const forBatch = versionReads.mock.calls.length - after5;
      // The webhooks' list is never read for the writes (the fan-out after the answer reads by workspace or owner).
      expect(listed.mock.calls.filter(([filter]) => Object.keys(filter).length === 1 && 'enabled' in filter)).toEqual([]);
      expect(after5).toBeGreaterThanOrEqual(5);
      expect(after5).toBeLessThanOrEqual(10);
      expect(forBatch).toBeGreaterThanOrEqual(1);
      expect(forBatch).toBeLessThanOrEqual(3);
    } finally {
      listed.mockRestore();
      versionReads.mockRestore();
    }
    await vi.waitFor(() => expect(createdIds().length).toBeGreaterThanOrEqual(1 + 10 * 2 + 10 * 5 + 10 * 50), { timeout: 60_000 });
  });
});
