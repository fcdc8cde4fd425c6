import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../storage/index.js';
import { openDatabase } from '../../../storage/index.js';
import type { BoardMemberRecord, BoardRecord } from '../../../storage/schema/boards.js';
import { boardCollections } from '../../../storage/schema/boards.js';
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
 * docs/events.md "Durability of record events" across processes: a space trash and a share cut
 * on one server between their store and their events, then undone on the other server (the
 * space restored, the person removed) before the first stopped, are each announced once after
 * the other server recovers their rows, before its own restore and removal in the deliveries.
 */

const available = redisAvailable('the cluster tests');

function cutAndUndoneElsewhere(open?: () => Promise<Database>): void {
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

  it('the rows of the trash and of the share are recorded once by the other server', async () => {
    const user = await servers.a.createUser({ name: 'Olive', plan: 'pro' });
    const bert = await servers.a.createUser({ name: 'Bert', plan: 'pro' });
    const hook = await json(servers.a.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['board.deleted', 'board.restored', 'member.added', 'member.removed'] }));
    const spaceId = (await json(servers.a.api(user.key, 'POST', '/spaces', { name: 'Team' }))).id as string;
    const inSpace = (await json(servers.a.api(user.key, 'POST', '/boards', { title: 'In space', spaceId }))).id as string;
    const shared = await createBoard(servers.a, user.key, 'Shared');
    const rows = servers.db.collection<RecordEventsRecord>(writeEventCollections.records);
    const boards = servers.db.collection<BoardRecord>(boardCollections.boards);
    const members = servers.db.collection<BoardMemberRecord>(boardCollections.boardMembers);

    haltEventsWhere(servers.a, (type) => type === 'board.deleted' || type === 'member.added');
    servers.a.api(user.key, 'DELETE', `/spaces/${spaceId}`).catch(() => undefined);
    servers.a.api(user.key, 'POST', `/boards/${shared}/members`, { email: bert.email, role: 'viewer' }).catch(() => undefined);
    await expect.poll(async () => (await boards.get(inSpace))?.trashedWithSpaceId, { timeout: 20_000 }).toBe(spaceId);
    await expect.poll(() => members.get(`${shared}:${bert.id}`), { timeout: 20_000 }).not.toBeNull();
    expect(await rows.count({})).toBe(2);
    // The other server undoes both before the first stops.
    expect((await servers.b.api(user.key, 'POST', `/spaces/${spaceId}/restore`)).status).toBe(200);
    expect((await servers.b.api(user.key, 'DELETE', `/boards/${shared}/members/${encodeURIComponent(bert.email)}`)).status).toBeLessThan(300);
    await expect.poll(() => rows.count({}), { timeout: 20_000 }).toBe(2);

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
    const heard = (): string[] =>
      receiver.received
        .map((delivery) => verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { type: string; data: { id?: string; resourceId?: string } })
        .map((event) => `${event.type} ${event.data.resourceId ?? event.data.id ?? ''}`)
        .sort();
    const expected = [`board.deleted ${inSpace}`, `board.restored ${inSpace}`, `member.added ${shared}`, `member.removed ${shared}`];
    await expect.poll(heard, { timeout: 20_000 }).toEqual(expected);
    await servers.b.server.services.webhookDispatcher.idle();
    expect(heard()).toEqual(expected);
    // The restore on the other server stands: the replay of the trash left the board as it is.
    expect((await boards.get(inSpace))?.trashedAt).toBeNull();
  }, 90_000);
}

describe.skipIf(!available)('a space trash and a share cut on one server of two and undone on the other (one sqlite store)', () => {
  cutAndUndoneElsewhere();
});

describePostgres('a space trash and a share cut on one server of two and undone on the other (PostgreSQL)', (cluster) => {
  describe.skipIf(!available)('with Redis', () => {
    cutAndUndoneElsewhere(async () => openDatabase({ kind: 'postgres', url: await cluster().createDatabase() }));
  });
});
