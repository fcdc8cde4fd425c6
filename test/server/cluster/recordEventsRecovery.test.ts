import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityRecord } from '../../../storage/schema/boards.js';
import { boardCollections } from '../../../storage/schema/boards.js';
import type { RecordEventsRecord } from '../../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../../storage/schema/writeEvents.js';
import { haltEventsWhere } from '../../content/writeEventsKit.js';
import { redisAvailable } from '../../helpers/redis.js';
import { json } from '../../helpers/testServer.js';
import { twoServersWithReceiver } from './twoServers.js';

/**
 * docs/events.md "Durability of record events" across processes: a board created on one server
 * that stops between storing the board and announcing it leaves its journal row to the other
 * server, which records it once (one activity row, one verified webhook delivery) while it runs.
 */

const available = redisAvailable('the cluster tests');

describe.skipIf(!available)('a record operation cut on one server of two', () => {
  const cluster = twoServersWithReceiver();

  it('is recorded once by the server holding the recovery lease after the other stopped', async () => {
    const user = await cluster.servers.a.createUser({ name: 'Olive', plan: 'pro' });
    const hook = await json(cluster.servers.a.api(user.key, 'POST', '/webhooks', { url: cluster.receiver.url, events: ['board.created'] }));
    const rows = cluster.servers.db.collection<RecordEventsRecord>(writeEventCollections.records);
    haltEventsWhere(cluster.servers.a, (type) => type === 'board.created');
    cluster.servers.a.api(user.key, 'POST', '/boards', { title: 'Cut on A' }).catch(() => undefined);
    await expect.poll(() => rows.count({}), { timeout: 20_000 }).toBe(1);
    const [row] = await rows.find({});
    const boardId = row?.boardId ?? '';
    expect(row?.processId).toBe(cluster.servers.a.server.services.cluster.bus.processId);

    // While A runs, B leaves its row alone.
    const orphans = cluster.servers.b.server.services.orphans;
    for (let i = 0; i < 2; i++) await orphans?.runDue();
    expect(await rows.count({})).toBe(1);

    await cluster.servers.a.server.close();
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
    await expect.poll(() => cluster.receiver.received.length, { timeout: 20_000 }).toBe(1);
    const event = verifier.verify(cluster.receiver.received[0]?.body ?? '', cluster.receiver.received[0]?.headers as Record<string, string>) as { type: string; data: { id: string; title: string } };
    expect(event).toMatchObject({ type: 'board.created', data: { id: boardId, title: 'Cut on A' } });
    const activity = await cluster.servers.db.collection<ActivityRecord>(boardCollections.activity).find({ boardId });
    expect(activity.map((r) => r.action)).toEqual(['board.created']);
    await cluster.servers.b.server.services.webhookDispatcher.idle();
    expect(cluster.receiver.received).toHaveLength(1);
  }, 90_000);
});
