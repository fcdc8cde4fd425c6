import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectEnvelope, json } from '../../helpers/testServer.js';
import { redisAvailable, startRedis } from '../../helpers/redis.js';
import type { TestRedis } from '../../helpers/redis.js';
import { connectClient, createBoard, sticky, synced } from '../../content/helpers.js';
import type { TestClient } from '../../content/helpers.js';
import { clientCreateSticky } from '../../content/helpers/syncClient.js';
import { startReceiver } from '../webhooks/receiver.js';
import type { TestReceiver } from '../webhooks/receiver.js';
import { startTwoServers } from './twoServers.js';
import { startTestServer } from '../../helpers/testServer.js';
import type { JobRecord } from '../../../storage/schema/jobs.js';
import { jobCollections } from '../../../storage/schema/jobs.js';
import type { LiveItemChangeRecord } from '../../../storage/schema/liveEdits.js';
import { liveEditCollections } from '../../../storage/schema/liveEdits.js';
import type { StoreOpeners, TwoServers } from './twoServers.js';
import { mongoStandInPair } from '../../storage/mongoProcessView.js';

const available = redisAvailable('the cluster tests');
const requestsPerMinute = 30;

/** A job left running by process `processId` (the recovery tests' fixture). */
function runningJob(id: string, processId: string, now: number): JobRecord {
  return {
    id,
    kind: 'ai.generate',
    status: 'running',
    progress: 0.5,
    result: null,
    error: null,
    boardId: 'brd_none',
    userId: 'usr_none',
    workspaceId: 'wsp_none',
    reservation: null,
    createdAt: now,
    startedAt: now,
    finishedAt: null,
    processId,
  };
}

function sharedWork(store?: StoreOpeners): void {
  let redis: TestRedis;
  let servers: TwoServers;
  let receiver: TestReceiver;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    servers = await startTwoServers(redis.url, { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true', BOARDS_RATE_LIMIT_PER_MINUTE: String(requestsPerMinute) }, store);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await servers?.stop();
    await receiver?.close();
    await redis?.stop();
  });

  it('delivers a live edit made on one server to a webhook once, whichever server dispatches', async () => {
    const user = await servers.a.createUser();
    const created = await servers.a.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] });
    expect(created.status).toBe(201);
    const boardId = await createBoard(servers.a, user.key);
    const onB = connectClient(servers.b, boardId, user.key);
    clients.push(onB);
    await synced(onB);
    clientCreateSticky(onB.doc, 'hooked', { x: 0, y: 0, text: 'hooked' }, user.id);
    const deliveredIds = (): string[] => receiver.received.filter((d) => d.json.boardId === boardId).map((d) => String(d.json.data['id']));
    await vi.waitFor(() => expect(deliveredIds()).toContain('hooked'), { timeout: 20_000 });
    // A later write through the other server: once it is delivered, a second delivery of the first would be out too.
    const marker = await json(servers.a.api(user.key, 'POST', `/boards/${boardId}/items`, sticky('marker')));
    await vi.waitFor(() => expect(deliveredIds()).toContain(marker.id as string), { timeout: 20_000 });
    await Promise.all([servers.a.server.services.webhookDispatcher.idle(), servers.b.server.services.webhookDispatcher.idle()]);
    expect(deliveredIds().filter((id) => id === 'hooked')).toHaveLength(1);
    expect(deliveredIds().filter((id) => id === marker.id)).toHaveLength(1);
  });

  it('leaves a delivery in flight on the server holding the outbox to it: the other server does not attempt it too', async () => {
    const user = await servers.a.createUser();
    expect((await servers.a.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] })).status).toBe(201);
    const boardId = await createBoard(servers.a, user.key);
    const outboxTries = { a: 0, b: 0 };
    for (const side of ['a', 'b'] as const) {
      const leases = servers[side].server.services.cluster.leases;
      const acquire = leases.acquire.bind(leases);
      const renew = leases.renew.bind(leases);
      vi.spyOn(leases, 'acquire').mockImplementation((name, ttlMs) => {
        if (name === 'webhook-outbox') outboxTries[side] += 1;
        return acquire(name, ttlMs);
      });
      vi.spyOn(leases, 'renew').mockImplementation((lease, ttlMs) => {
        if (lease.name === 'webhook-outbox') outboxTries[side] += 1;
        return renew(lease, ttlMs);
      });
    }
    receiver.respond('hang');
    try {
      const item = await json(servers.b.api(user.key, 'POST', `/boards/${boardId}/items`, sticky('slow endpoint')));
      const attempts = (): number => receiver.received.filter((d) => d.json.boardId === boardId && d.json.data['id'] === item.id).length;
      await vi.waitFor(() => expect(attempts()).toBe(1), { timeout: 20_000 });
      // Both servers scan the outbox twice more while the attempt hangs (the row still reads as pending).
      const after = { ...outboxTries };
      await vi.waitFor(() => {
        expect(outboxTries.a).toBeGreaterThanOrEqual(after.a + 2);
        expect(outboxTries.b).toBeGreaterThanOrEqual(after.b + 2);
      }, { timeout: 20_000 });
      expect(attempts()).toBe(1);
    } finally {
      receiver.respond(204);
      vi.restoreAllMocks();
    }
  });

  it('runs the trash purge on the one server holding its lease', async () => {
    // Paid plans keep deleted boards in trash (basic deletes them for good).
    const user = await servers.a.createUser({ plan: 'pro' });
    const boardId = await createBoard(servers.a, user.key);
    expect((await servers.a.api(user.key, 'DELETE', `/boards/${boardId}`)).status).toBe(200);
    servers.clock.advance(31 * 24 * 3_600_000);
    const [onA, onB] = await Promise.all([servers.a.server.services.trash.sweep(), servers.b.server.services.trash.sweep()]);
    // One server purged the board; the other, without the lease, purged nothing.
    expect([onA.boards, onB.boards].sort()).toEqual([0, 1]);
    expect((await servers.b.api(user.key, 'GET', `/boards/${boardId}`)).status).toBe(404);
  });

  it('a server that starts leaves the running work of a live server alone and recovers that of a stopped one', async () => {
    const jobs = servers.db.collection<JobRecord>(jobCollections.jobs);
    const journal = servers.db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
    const liveProcess = servers.a.server.services.cluster.bus.processId;
    await jobs.insert(runningJob('job_of_live', liveProcess, servers.clock.now()));
    await jobs.insert(runningJob('job_of_gone', 'a-process-that-stopped', servers.clock.now()));
    const row = (id: string, processId: string): LiveItemChangeRecord => ({ id, boardId: 'brd_none', actorId: 'usr_none', steps: [{ id: 'item', change: 'created' }], at: servers.clock.now(), processId });
    await journal.insert(row('lic_of_live', liveProcess));
    await journal.insert(row('lic_of_gone', 'a-process-that-stopped'));
    const third = await startTestServer({ dataDir: servers.a.dataDir, clock: servers.clock, env: { BOARDS_REDIS_URL: redis.url }, start: { database: servers.db } });
    try {
      expect(await jobs.get('job_of_live')).toMatchObject({ status: 'running' });
      expect(await jobs.get('job_of_gone')).toMatchObject({ status: 'failed', error: { code: 'interrupted' } });
      expect(await journal.get('lic_of_live')).not.toBeNull();
      expect(await journal.get('lic_of_gone')).toBeNull();
    } finally {
      await third.server.close();
      await jobs.deleteMany({ id: { $in: ['job_of_live', 'job_of_gone'] } });
      await journal.deleteMany({ id: 'lic_of_live' });
    }
  });

  it('settles the jobs of a process that died on the server holding the recovery lease, while both run', async () => {
    const jobs = servers.db.collection<JobRecord>(jobCollections.jobs);
    const running = runningJob('job_orphaned', 'a-process-that-died', servers.clock.now());
    await jobs.insert(running);
    try {
      const recoveries = [servers.a.server.services.orphans, servers.b.server.services.orphans];
      // Twice: a server acts from its second run holding the lease.
      for (let i = 0; i < 2; i++) await Promise.all(recoveries.map((orphans) => orphans?.runDue()));
      expect(await jobs.get('job_orphaned')).toMatchObject({ status: 'failed', error: { code: 'interrupted' } });
    } finally {
      await jobs.deleteMany({ id: 'job_orphaned' });
    }
  });

  it('counts one request budget per credential across both servers', async () => {
    const user = await servers.a.createUser();
    for (let i = 0; i < requestsPerMinute; i++) {
      const side = i % 2 === 0 ? servers.a : servers.b;
      const res = await side.api(user.key, 'GET', '/me');
      expect(res.status).toBe(200);
      expect(res.headers.get('RateLimit-Remaining')).toBe(String(requestsPerMinute - i - 1));
    }
    for (const side of [servers.a, servers.b]) {
      const refused = await side.api(user.key, 'GET', '/me');
      await expectEnvelope(refused, 429, 'rate_limited');
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    // Another credential has its own budget.
    const other = await servers.b.createUser();
    expect((await servers.b.api(other.key, 'GET', '/me')).status).toBe(200);
  });
}

describe.skipIf(!available)('two servers over one store and one Redis: work done once, limits shared (one sqlite store)', () => {
  sharedWork();
});

describe.skipIf(!available)('two servers over one store and one Redis: work done once, limits shared (the MongoDB store over the mingo stand-in, an adapter per server)', () => {
  const [open, second] = mongoStandInPair();
  sharedWork({ open, second });
});
