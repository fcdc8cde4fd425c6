import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityRecord } from '../../../storage/schema/boards.js';
import { boardCollections } from '../../../storage/schema/boards.js';
import type { RecordEventsRecord } from '../../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../../storage/schema/writeEvents.js';
import { haltEventsWhere } from '../../content/writeEventsKit.js';
import { redisAvailable, startRedis } from '../../helpers/redis.js';
import type { TestRedis } from '../../helpers/redis.js';
import { json } from '../../helpers/testServer.js';
import { startReceiver } from '../webhooks/receiver.js';
import type { TestReceiver } from '../webhooks/receiver.js';
import { startTwoServers } from './twoServers.js';
import type { TwoServers } from './twoServers.js';

/**
 * docs/events.md "Durability of record events" across processes: a board created on one server
 * that stops between storing the board and announcing it leaves its journal row to the other
 * server, which records it once (one activity row, one verified webhook delivery) while it runs.
 */

const available = redisAvailable('the cluster tests');

describe.skipIf(!available)('a record operation cut on one server of two', () => {
  let redis: TestRedis;
  let servers: TwoServers;
  let receiver: TestReceiver;

  beforeAll(async () => {
    redis = await startRedis();
    servers = await startTwoServers(redis.url, { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await servers?.stop();
    await receiver?.close();
    await redis?.stop();
  });

  it('is recorded once by the server holding the recovery lease after the other stopped', async () => {
    const user = await servers.a.createUser({ name: 'Olive', plan: 'pro' });
    const hook = await json(servers.a.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['board.created'] }));
    const rows = servers.db.collection<RecordEventsRecord>(writeEventCollections.records);
    haltEventsWhere(servers.a, (type) => type === 'board.created');
    servers.a.api(user.key, 'POST', '/boards', { title: 'Cut on A' }).catch(() => undefined);
    await expect.poll(() => rows.count({}), { timeout: 20_000 }).toBe(1);
    const [row] = await rows.find({});
    const boardId = row?.boardId ?? '';
    expect(row?.processId).toBe(servers.a.server.services.cluster.bus.processId);

    // While A runs, B leaves its row alone.
    const orphans = servers.b.server.services.orphans;
    for (let i = 0; i < 2; i++) await orphans?.runDue();
    expect(await rows.count({})).toBe(1);

    await servers.a.server.close();
    vi.restoreAllMocks();
    await expect
      .poll(
        async () => {
          await orphans?.runDue();
          return rows.count({});
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(0);

    const verifier = new Webhook(hook.secret as string);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const event = verifier.verify(receiver.received[0]?.body ?? '', receiver.received[0]?.headers as Record<string, string>) as { type: string; data: { id: string; title: string } };
    expect(event).toMatchObject({ type: 'board.created', data: { id: boardId, title: 'Cut on A' } });
    const activity = await servers.db.collection<ActivityRecord>(boardCollections.activity).find({ boardId });
    expect(activity.map((r) => r.action)).toEqual(['board.created']);
    await servers.b.server.services.webhookDispatcher.idle();
    expect(receiver.received).toHaveLength(1);
  }, 90_000);
});
