import { describe, expect, it } from 'vitest';
import type { Database } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import type { WebhookDeliveryRecord, WebhookRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { MingoStandInDb } from './mingoStandIn.js';

const adapters: [string, () => Database][] = [
  ['sqlite', () => new SqliteDatabase({ dataDir: ':memory:' })],
  ['mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())],
];

function hook(id: string, workspaceId: string, enabled: boolean): WebhookRecord {
  return {
    id,
    workspaceId,
    ownerId: 'usr_1',
    clientId: null,
    url: 'https://example.com/hook',
    events: ['item.created', 'board.created'],
    description: '',
    boardIds: null,
    spaceIds: ['spc_1'],
    enabled,
    disabledReason: null,
    secretSealed: 'sealed',
    createdAt: 1,
    updatedAt: 1,
  };
}

function delivery(id: string, webhookId: string, status: WebhookDeliveryRecord['status'], nextAttemptAt: number | null): WebhookDeliveryRecord {
  return {
    id,
    webhookId,
    workspaceId: 'wsp_1',
    eventId: `evt_${id}`,
    eventType: 'item.created',
    boardId: 'brd_1',
    payload: '{"a":1}',
    status,
    attempts: 0,
    nextAttemptAt,
    lastStatusCode: null,
    lastDurationMs: null,
    lastResponse: null,
    createdAt: 1,
    settledAt: null,
  };
}

describe.each(adapters)('webhook storage (%s)', (_name, open) => {
  it('keeps webhooks with their lists and finds the enabled ones of a workspace', async () => {
    const db = open();
    const webhooks = db.collection<WebhookRecord>(webhookCollections.webhooks);
    await db.ensureIndexes();
    await webhooks.insert(hook('whk_a', 'wsp_1', true));
    await webhooks.insert(hook('whk_b', 'wsp_1', false));
    await webhooks.insert(hook('whk_c', 'wsp_2', true));
    const found = await webhooks.find({ workspaceId: 'wsp_1', enabled: true });
    expect(found.map((w) => w.id)).toEqual(['whk_a']);
    expect(found[0]?.events).toEqual(['item.created', 'board.created']);
    expect(found[0]?.spaceIds).toEqual(['spc_1']);
    expect(found[0]?.boardIds).toBeNull();
    expect(await webhooks.count({ workspaceId: 'wsp_1' })).toBe(2);
    await db.close();
  });

  it('finds due pending deliveries per webhook in order, pages newest first, and settles them', async () => {
    const db = open();
    const deliveries = db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries);
    await db.ensureIndexes();
    await deliveries.insert(delivery('msg_1', 'whk_a', 'pending', 10));
    await deliveries.insert(delivery('msg_2', 'whk_a', 'pending', 5));
    await deliveries.insert(delivery('msg_3', 'whk_a', 'pending', 50));
    await deliveries.insert(delivery('msg_4', 'whk_a', 'delivered', null));
    await deliveries.insert(delivery('msg_5', 'whk_b', 'pending', 1));
    const due = await deliveries.find({ webhookId: 'whk_a', status: 'pending', nextAttemptAt: { $lte: 20 } }, { sort: [['nextAttemptAt', 1], ['id', 1]], limit: 10 });
    expect(due.map((d) => d.id)).toEqual(['msg_2', 'msg_1']);
    const page = await deliveries.find({ webhookId: 'whk_a', id: { $lt: 'msg_4' } }, { sort: [['id', -1]], limit: 2 });
    expect(page.map((d) => d.id)).toEqual(['msg_3', 'msg_2']);
    const settled = await deliveries.updateOne({ id: 'msg_2' }, { $set: { status: 'delivered', nextAttemptAt: null, attempts: 1, lastStatusCode: 204 } });
    expect(settled).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, payload: '{"a":1}' });
    expect(await deliveries.count({ status: 'pending', nextAttemptAt: { $lte: 20 } })).toBe(2);
    expect(await deliveries.deleteMany({ webhookId: 'whk_a' })).toBe(4);
    await db.close();
  });
});
