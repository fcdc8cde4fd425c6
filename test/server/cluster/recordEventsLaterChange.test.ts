import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../storage/index.js';
import { openDatabase } from '../../../storage/index.js';
import type { RecordEventsRecord } from '../../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../../storage/schema/writeEvents.js';
import { createBoard } from '../../content/helpers.js';
import { haltEventsWhere } from '../../content/writeEventsKit.js';
import { describePostgres } from '../../helpers/postgres.js';
import { redisAvailable, startRedis } from '../../helpers/redis.js';
import type { TestRedis } from '../../helpers/redis.js';
import { json } from '../../helpers/testServer.js';
import { startReceiver } from '../webhooks/receiver.js';
import type { TestReceiver } from '../webhooks/receiver.js';
import { startTwoServers } from './twoServers.js';
import type { TwoServers } from './twoServers.js';

/**
 * docs/events.md "Durability of record events" across processes: a rename cut on one server
 * between its store and its events, then renamed again on the other server before the first
 * stopped, is announced twice (once per rename) after the other server recovers the row.
 */

const available = redisAvailable('the cluster tests');

function cutAndChangedElsewhere(open?: () => Promise<Database>): void {
  let redis: TestRedis;
  let servers: TwoServers;
  let receiver: TestReceiver;

  beforeAll(async () => {
    redis = await startRedis();
    servers = await startTwoServers(redis.url, { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' }, open);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await servers?.stop();
    await receiver?.close();
    await redis?.stop();
  });

  it('the row of the first rename is recorded once by the other server', async () => {
    const user = await servers.a.createUser({ name: 'Olive', plan: 'pro' });
    const hook = await json(servers.a.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['board.updated'] }));
    const boardId = await createBoard(servers.a, user.key, 'Start');
    const rows = servers.db.collection<RecordEventsRecord>(writeEventCollections.records);
    haltEventsWhere(servers.a, (type) => type === 'board.updated');
    servers.a.api(user.key, 'PATCH', `/boards/${boardId}`, { title: 'On A' }).catch(() => undefined);
    await expect.poll(async () => (await json(servers.b.api(user.key, 'GET', `/boards/${boardId}`))).title, { timeout: 20_000 }).toBe('On A');
    expect(await rows.count({})).toBe(1);
    expect((await servers.b.api(user.key, 'PATCH', `/boards/${boardId}`, { title: 'On B' })).status).toBe(200);
    await expect.poll(() => rows.count({}), { timeout: 20_000 }).toBe(1);

    await servers.a.server.close();
    vi.restoreAllMocks();
    const orphans = servers.b.server.services.orphans;
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
    const titles = (): string[] =>
      receiver.received.map((delivery) => (verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { data: { title: string } }).data.title).sort();
    await expect.poll(titles, { timeout: 20_000 }).toEqual(['On A', 'On B']);
    await servers.b.server.services.webhookDispatcher.idle();
    expect(titles()).toEqual(['On A', 'On B']);
  }, 90_000);
}

describe.skipIf(!available)('a rename cut on one server of two and changed again on the other (one sqlite store)', () => {
  cutAndChangedElsewhere();
});

describePostgres('a rename cut on one server of two and changed again on the other (PostgreSQL)', (cluster) => {
  describe.skipIf(!available)('with Redis', () => {
    cutAndChangedElsewhere(async () => openDatabase({ kind: 'postgres', url: await cluster().createDatabase() }));
  });
});
