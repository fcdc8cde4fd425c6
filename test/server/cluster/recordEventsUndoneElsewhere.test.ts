import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../storage/index.js';
import type { BoardMemberRecord, BoardRecord } from '../../../storage/schema/boards.js';
import { boardCollections } from '../../../storage/schema/boards.js';
import type { RecordEventsRecord } from '../../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../../storage/schema/writeEvents.js';
import { createBoard } from '../../content/helpers.js';
import { haltEventsWhere } from '../../content/writeEventsKit.js';
import { describePostgres } from '../../helpers/postgres.js';
import { redisAvailable } from '../../helpers/redis.js';
import { json } from '../../helpers/testServer.js';
import { twoServersWithReceiver } from './twoServers.js';
import type { StoreOpeners } from './twoServers.js';
import { mongoStandInPair } from '../../storage/mongoProcessView.js';

/**
 * docs/events.md "Durability of record events" across processes: a space trash and a share cut
 * on one server between their store and their events, then undone on the other server (the
 * space restored, the person removed) before the first stopped, are each announced once after
 * the other server recovers their rows, before its own restore and removal in the deliveries.
 */

const available = redisAvailable('the cluster tests');

function cutAndUndoneElsewhere(open?: StoreOpeners): void {
  const cluster = twoServersWithReceiver(open);

  it('the rows of the trash and of the share are recorded once by the other server', async () => {
    const user = await cluster.servers.a.createUser({ name: 'Olive', plan: 'pro' });
    const bert = await cluster.servers.a.createUser({ name: 'Bert', plan: 'pro' });
    const hook = await json(cluster.servers.a.api(user.key, 'POST', '/webhooks', { url: cluster.receiver.url, events: ['board.deleted', 'board.restored', 'member.added', 'member.removed'] }));
    const spaceId = (await json(cluster.servers.a.api(user.key, 'POST', '/spaces', { name: 'Team' }))).id as string;
    const inSpace = (await json(cluster.servers.a.api(user.key, 'POST', '/boards', { title: 'In space', spaceId }))).id as string;
    const shared = await createBoard(cluster.servers.a, user.key, 'Shared');
    const rows = cluster.servers.db.collection<RecordEventsRecord>(writeEventCollections.records);
    const boards = cluster.servers.db.collection<BoardRecord>(boardCollections.boards);
    const members = cluster.servers.db.collection<BoardMemberRecord>(boardCollections.boardMembers);

    haltEventsWhere(cluster.servers.a, (type) => type === 'board.deleted' || type === 'member.added');
    cluster.servers.a.api(user.key, 'DELETE', `/spaces/${spaceId}`).catch(() => undefined);
    cluster.servers.a.api(user.key, 'POST', `/boards/${shared}/members`, { email: bert.email, role: 'viewer' }).catch(() => undefined);
    await expect.poll(async () => (await boards.get(inSpace))?.trashedWithSpaceId, { timeout: 20_000 }).toBe(spaceId);
    await expect.poll(() => members.get(`${shared}:${bert.id}`), { timeout: 20_000 }).not.toBeNull();
    expect(await rows.count({})).toBe(2);
    // The other server undoes both before the first stops.
    expect((await cluster.servers.b.api(user.key, 'POST', `/spaces/${spaceId}/restore`)).status).toBe(200);
    expect((await cluster.servers.b.api(user.key, 'DELETE', `/boards/${shared}/members/${encodeURIComponent(bert.email)}`)).status).toBeLessThan(300);
    await expect.poll(() => rows.count({}), { timeout: 20_000 }).toBe(2);

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
    const heard = (): string[] =>
      cluster.receiver.received
        .map((delivery) => verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { type: string; data: { id?: string; resourceId?: string } })
        .map((event) => `${event.type} ${event.data.resourceId ?? event.data.id ?? ''}`)
        .sort();
    const expected = [`board.deleted ${inSpace}`, `board.restored ${inSpace}`, `member.added ${shared}`, `member.removed ${shared}`];
    await expect.poll(heard, { timeout: 20_000 }).toEqual(expected);
    await cluster.servers.b.server.services.webhookDispatcher.idle();
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

describe.skipIf(!available)('a space trash and a share cut on one server of two and undone on the other (the MongoDB store over the mingo stand-in, an adapter per server)', () => {
  const [open, second] = mongoStandInPair();
  cutAndUndoneElsewhere({ open, second });
});
