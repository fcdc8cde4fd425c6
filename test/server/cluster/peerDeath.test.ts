import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../helpers/testServer.js';
import type { TestUser } from '../../helpers/testServer.js';
import { redisAvailable, startRedis } from '../../helpers/redis.js';
import type { TestRedis } from '../../helpers/redis.js';
import { connectClient, createBoard, sticky, synced } from '../../content/helpers.js';
import type { TestClient } from '../../content/helpers.js';
import type { IdempotentRequest } from '../../../server/idempotency/IdempotencyService.js';
import { startTwoServers } from './twoServers.js';
import type { TwoServers } from './twoServers.js';

const available = redisAvailable('the cluster tests');

describe.skipIf(!available)('two servers over one store and one Redis: when one of them dies', () => {
  let redis: TestRedis;
  let servers: TwoServers;
  let user: TestUser;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    servers = await startTwoServers(redis.url);
    user = await servers.a.createUser();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    // Server A "died" by letting its liveness lease go; it runs on for the next test.
    const liveness = servers.a.server.services.liveness;
    if (liveness !== undefined && !(await servers.b.server.services.liveness?.isAlive(liveness.processId))) await liveness.start();
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await servers?.stop();
    await redis?.stop();
  });

  /** Lets server A's liveness lease go, as it lapses when the process is killed. */
  async function killA(): Promise<string> {
    const liveness = servers.a.server.services.liveness;
    if (liveness === undefined) throw new Error('server A has no liveness lease');
    await liveness.stop();
    return liveness.processId;
  }

  /** A new board with a live client on B that has heard an item A created (B knows A from the bus then). */
  async function boardHeardOnB(): Promise<{ boardId: string; onB: TestClient; heardId: string }> {
    const boardId = await createBoard(servers.a, user.key);
    const onB = connectClient(servers.b, boardId, user.key);
    clients.push(onB);
    await synced(onB);
    const heard = await servers.a.api(user.key, 'POST', `/boards/${boardId}/items`, sticky('heard'));
    expect(heard.status).toBe(201);
    const heardId = (await json(heard)).id as string;
    await vi.waitFor(() => expect(onB.itemIds()).toContain(heardId), { timeout: 10_000 });
    return { boardId, onB, heardId };
  }

  async function itemIdsVia(side: 'a' | 'b', boardId: string): Promise<string[]> {
    const res = await servers[side].api(user.key, 'GET', `/boards/${boardId}/items`);
    expect(res.status).toBe(200);
    return ((await json(res)).data as { id: string }[]).map((item) => item.id);
  }

  it('brings an update the dead server stored but never published to the live clients and REST reads of the other', async () => {
    const { boardId, onB, heardId: firstId } = await boardHeardOnB();

    // From here A stores its updates and dies before it publishes them.
    const publish = vi.spyOn(servers.a.server.services.cluster.bus, 'publish').mockImplementation(() => Promise.resolve());
    const lost = await servers.a.api(user.key, 'POST', `/boards/${boardId}/items`, sticky('stored, never published'));
    expect(lost.status).toBe(201);
    const lostId = (await json(lost)).id as string;
    expect(publish).toHaveBeenCalledWith(boardId, 'update', expect.any(Uint8Array));
    expect(await itemIdsVia('a', boardId)).toContain(lostId);
    // B's copy lacks it while A lives: nothing told B.
    expect(await itemIdsVia('b', boardId)).not.toContain(lostId);

    const deadId = await killA();
    expect(await servers.b.server.services.peerWatch?.runDue()).toEqual({ stopped: [deadId], caughtUp: 0 });
    await vi.waitFor(() => expect(onB.itemIds()).toContain(lostId), { timeout: 10_000 });
    expect(await itemIdsVia('b', boardId)).toEqual(expect.arrayContaining([firstId, lostId]));
  });

  it('finds no stopped peer while the other server lives, and catches nothing up', async () => {
    await boardHeardOnB();
    const catchUp = vi.spyOn(servers.b.server.services.documents.replication!, 'catchUpAll');
    expect(await servers.b.server.services.peerWatch?.runDue()).toEqual({ stopped: [], caughtUp: 0 });
    expect(catchUp).not.toHaveBeenCalled();
  });

  it('catches up, without a death, an update stored and never heard once its gap outlives one check', async () => {
    const { boardId, onB } = await boardHeardOnB();
    const watch = servers.b.server.services.peerWatch;
    // Boards that A's earlier writes left B in step with read nothing.
    await vi.waitFor(async () => expect(await watch?.runDue()).toEqual({ stopped: [], caughtUp: 0 }), { timeout: 10_000 });

    // The bus loses A's next update (as it may while Redis restarts); A lives on.
    vi.spyOn(servers.a.server.services.cluster.bus, 'publish').mockImplementation(() => Promise.resolve());
    const lost = await servers.a.api(user.key, 'POST', `/boards/${boardId}/items`, sticky('never heard'));
    const lostId = (await json(lost)).id as string;
    // A gap seen once may be a message on its way: nothing is read yet.
    expect(await watch?.runDue()).toEqual({ stopped: [], caughtUp: 0 });
    expect(await itemIdsVia('b', boardId)).not.toContain(lostId);
    expect(await watch?.runDue()).toEqual({ stopped: [], caughtUp: 1 });
    await vi.waitFor(() => expect(onB.itemIds()).toContain(lostId), { timeout: 10_000 });
    expect(await itemIdsVia('b', boardId)).toContain(lostId);
    // In step again: the next check reads nothing.
    expect(await watch?.runDue()).toEqual({ stopped: [], caughtUp: 0 });
  });

  it('lets a retry on the other server take over at once an Idempotency-Key claimed by a server that died', async () => {
    const boardId = await createBoard(servers.a, user.key);
    // A write that stamps a receipt in the board: the retry tells from it that the write never landed.
    const request: IdempotentRequest = { credentialId: 'cred_peer_death', key: 'key-1', fingerprint: 'f'.repeat(64), receiptBoardId: boardId };
    expect((await servers.a.server.services.idempotency.begin(request)).kind).toBe('run');
    // While A runs, its claim is a request in flight.
    await expect(servers.b.server.services.idempotency.begin(request)).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    await killA();
    // Well within the 60 s a claim of another process otherwise counts as running (the clock stands still).
    const decision = await servers.b.server.services.idempotency.begin(request);
    expect(decision.kind).toBe('run');
    // The claim is B's now: A, were it still running, would find it in flight.
    await expect(servers.a.server.services.idempotency.begin(request)).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
  });

  it('settles at once, as in doubt, a claim without a receipt left by a server that died', async () => {
    const request: IdempotentRequest = { credentialId: 'cred_peer_death', key: 'key-2', fingerprint: 'e'.repeat(64), receiptBoardId: null };
    expect((await servers.a.server.services.idempotency.begin(request)).kind).toBe('run');
    await expect(servers.b.server.services.idempotency.begin(request)).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    await killA();
    await expect(servers.b.server.services.idempotency.begin(request)).rejects.toMatchObject({ code: 'idempotency_key_in_doubt' });
  });
});
