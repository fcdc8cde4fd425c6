import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../storage/index.js';
import { openDatabase } from '../../../storage/index.js';
import type { RecordEventsRecord } from '../../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../../storage/schema/writeEvents.js';
import { createBoard } from '../../content/helpers.js';
import { haltEventsWhere } from '../../content/writeEventsKit.js';
import { describePostgres } from '../../helpers/postgres.js';
import { redisAvailable } from '../../helpers/redis.js';
import { json } from '../../helpers/testServer.js';
import { twoServersWithReceiver } from './twoServers.js';

/**
 * docs/events.md "Durability of record events" across processes: a rename cut on one server
 * between its store and its events, then renamed again on the other server before the first
 * stopped, is announced twice (once per rename) after the other server recovers the row.
 */

const available = redisAvailable('the cluster tests');

function cutAndChangedElsewhere(open?: () => Promise<Database>): void {
  const cluster = twoServersWithReceiver(open);

  it('the row of the first rename is recorded once by the other server', async () => {
    const user = await cluster.servers.a.createUser({ name: 'Olive', plan: 'pro' });
    const hook = await json(cluster.servers.a.api(user.key, 'POST', '/webhooks', { url: cluster.receiver.url, events: ['board.updated'] }));
    const boardId = await createBoard(cluster.servers.a, user.key, 'Start');
    const rows = cluster.servers.db.collection<RecordEventsRecord>(writeEventCollections.records);
    haltEventsWhere(cluster.servers.a, (type) => type === 'board.updated');
    cluster.servers.a.api(user.key, 'PATCH', `/boards/${boardId}`, { title: 'On A' }).catch(() => undefined);
    await expect.poll(async () => (await json(cluster.servers.b.api(user.key, 'GET', `/boards/${boardId}`))).title, { timeout: 20_000 }).toBe('On A');
    expect(await rows.count({})).toBe(1);
    expect((await cluster.servers.b.api(user.key, 'PATCH', `/boards/${boardId}`, { title: 'On B' })).status).toBe(200);
    await expect.poll(() => rows.count({}), { timeout: 20_000 }).toBe(1);

    await cluster.servers.a.server.close();
    vi.restoreAllMocks();
    const orphans = cluster.servers.b.server.services.orphans;
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
      cluster.receiver.received.map((delivery) => (verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { data: { title: string } }).data.title).sort();
    await expect.poll(titles, { timeout: 20_000 }).toEqual(['On A', 'On B']);
    await cluster.servers.b.server.services.webhookDispatcher.idle();
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
