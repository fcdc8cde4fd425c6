import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../helpers/testServer.js';
import type { TestUser } from '../../helpers/testServer.js';
import { redisAvailable, startRedis } from '../../helpers/redis.js';
import type { TestRedis } from '../../helpers/redis.js';
import { connectClient, createBoard, sticky, synced } from '../../content/helpers.js';
import type { TestClient } from '../../content/helpers.js';
import { clientCreateSticky } from '../../content/helpers/syncClient.js';
import { startTwoServers } from './twoServers.js';
import type { StoreOpeners, TwoServers } from './twoServers.js';
import { mongoStandInPair } from '../../storage/mongoProcessView.js';

const available = redisAvailable('the cluster tests');

function liveBoards(store?: StoreOpeners): void {
  let redis: TestRedis;
  let servers: TwoServers;
  let user: TestUser;
  const clients: TestClient[] = [];
  /** Item events per server, by item id. */
  const itemEvents = { a: new Map<string, number>(), b: new Map<string, number>() };

  beforeAll(async () => {
    redis = await startRedis();
    servers = await startTwoServers(redis.url, {}, store);
    user = await servers.a.createUser();
    for (const side of ['a', 'b'] as const) {
      servers[side].server.services.events.on('item.created', (event) => {
        const counts = itemEvents[side];
        counts.set(event.itemId, (counts.get(event.itemId) ?? 0) + 1);
      });
    }
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await servers?.stop();
    await redis?.stop();
  });

  /** A live client of `user` on `boardId` through server `side`, synced. */
  async function live(side: 'a' | 'b', boardId: string): Promise<TestClient> {
    const client = connectClient(servers[side], boardId, user.key);
    clients.push(client);
    await synced(client);
    return client;
  }

  it('shows each live client the edits made through the other server', async () => {
    const boardId = await createBoard(servers.a, user.key);
    const onA = await live('a', boardId);
    const onB = await live('b', boardId);
    clientCreateSticky(onA.doc, 'from-a', { x: 0, y: 0, text: 'A' }, user.id);
    clientCreateSticky(onB.doc, 'from-b', { x: 300, y: 0, text: 'B' }, user.id);
    await vi.waitFor(() => {
      expect(onA.itemIds()).toEqual(['from-a', 'from-b']);
      expect(onB.itemIds()).toEqual(['from-a', 'from-b']);
    }, { timeout: 10_000 });
    // Each server's copy has both: REST reads on either see them.
    for (const side of ['a', 'b'] as const) {
      const res = await servers[side].api(user.key, 'GET', `/boards/${boardId}/items`);
      expect(res.status).toBe(200);
      expect(((await json(res)).data as { id: string }[]).map((item) => item.id).sort()).toEqual(['from-a', 'from-b']);
    }
  });

  it('shows each live client the presence of a client on the other server', async () => {
    const boardId = await createBoard(servers.a, user.key);
    const onA = await live('a', boardId);
    const onB = await live('b', boardId);
    onA.provider.awareness.setLocalStateField('user', { name: 'on A' });
    onB.provider.awareness.setLocalStateField('user', { name: 'on B' });
    await vi.waitFor(() => {
      // The stock client renews its state every 15 s; set it again until the other side has it.
      onA.provider.awareness.setLocalStateField('cursor', { x: Math.random() });
      onB.provider.awareness.setLocalStateField('cursor', { x: Math.random() });
      expect((onB.provider.awareness.getStates().get(onA.doc.clientID) as { user?: { name: string } } | undefined)?.user?.name).toBe('on A');
      expect((onA.provider.awareness.getStates().get(onB.doc.clientID) as { user?: { name: string } } | undefined)?.user?.name).toBe('on B');
    }, { timeout: 10_000, interval: 100 });
    // Each server's presence names the person with both clients: its own connection's and the one the other server relayed.
    for (const side of ['a', 'b'] as const) {
      const res = await servers[side].api(user.key, 'GET', `/boards/${boardId}/presence`);
      expect(res.status).toBe(200);
      const { data } = (await json(res)) as { data: { user: { id: string }; clientIds: number[] }[] };
      expect(data).toHaveLength(1);
      expect(data[0]?.user.id).toBe(user.id);
      expect(data[0]?.clientIds).toEqual([onA.doc.clientID, onB.doc.clientID].sort((x, y) => x - y));
    }
    // A client that leaves is gone from the other server's clients at once, not after the awareness timeout.
    const leaving = onA.doc.clientID;
    onA.provider.disconnect();
    await vi.waitFor(() => expect(onB.provider.awareness.getStates().has(leaving)).toBe(false), { timeout: 10_000 });
    const after = (await json(await servers.b.api(user.key, 'GET', `/boards/${boardId}/presence`))) as { data: { clientIds: number[] }[] };
    expect(after.data[0]?.clientIds).toEqual([onB.doc.clientID]);
  });

  it('answers GET presence on a server with no client of the board with the clients connected to the other', async () => {
    const boardId = await createBoard(servers.a, user.key);
    const onA = await live('a', boardId);
    onA.provider.awareness.setLocalStateField('user', { name: 'only on A' });
    await vi.waitFor(() => expect(servers.a.server.services.hub.presence(boardId)[0]?.clientIds).toEqual([onA.doc.clientID]));
    // B has no room for the board: it asks A over the bus.
    expect(servers.b.server.services.hub.presence(boardId)).toEqual([]);
    const res = await servers.b.api(user.key, 'GET', `/boards/${boardId}/presence`);
    expect(res.status).toBe(200);
    const { data } = (await json(res)) as { data: { user: { id: string }; clientIds: number[] }[] };
    expect(data.map((entry) => entry.user.id)).toEqual([user.id]);
    expect(data[0]?.clientIds).toEqual([onA.doc.clientID]);
    // Nobody anywhere: an empty list.
    const empty = await createBoard(servers.a, user.key);
    expect(((await json(await servers.b.api(user.key, 'GET', `/boards/${empty}/presence`))) as { data: unknown[] }).data).toEqual([]);
  });

  it('shows a client joining through one server the presence of those already on the other at once', async () => {
    const boardId = await createBoard(servers.a, user.key);
    const onA = await live('a', boardId);
    onA.provider.awareness.setLocalStateField('user', { name: 'already here' });
    await vi.waitFor(() => expect(servers.a.server.services.hub.presence(boardId)[0]?.clientIds).toEqual([onA.doc.clientID]));
    const onB = await live('b', boardId);
    // Well before the stock client renews its state (every 15 s): the room on B asked A for it.
    await vi.waitFor(() => {
      expect((onB.provider.awareness.getStates().get(onA.doc.clientID) as { user?: { name: string } } | undefined)?.user?.name).toBe('already here');
    }, { timeout: 5_000 });
  });

  it('relays a REST write made on one server to a live client on the other', async () => {
    const boardId = await createBoard(servers.a, user.key);
    const onB = await live('b', boardId);
    const res = await servers.a.api(user.key, 'POST', `/boards/${boardId}/items`, sticky('over REST'));
    expect(res.status).toBe(201);
    const { id } = await json(res);
    await vi.waitFor(() => expect(onB.itemIds()).toContain(id as string), { timeout: 10_000 });
  });

  it('turns one live edit into one set of item events, on the server that took it', async () => {
    const boardId = await createBoard(servers.a, user.key);
    const onA = await live('a', boardId);
    const onB = await live('b', boardId);
    clientCreateSticky(onA.doc, 'once', { x: 0, y: 0, text: 'once' }, user.id);
    await vi.waitFor(() => expect(onB.itemIds()).toContain('once'), { timeout: 10_000 });
    // A later edit through B: B's events for it go out with anything B gathered since, so had B
    // taken the first edit for its own, its event would be out by then too.
    clientCreateSticky(onB.doc, 'marker', { x: 300, y: 0, text: 'marker' }, user.id);
    await vi.waitFor(() => expect(itemEvents.b.get('marker')).toBe(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(itemEvents.a.get('once')).toBe(1), { timeout: 10_000 });
    expect(itemEvents.b.has('once')).toBe(false);
    expect(itemEvents.a.has('marker')).toBe(false);
  });

  it('closes the live clients on the other server when a board is deleted for good', async () => {
    const boardId = await createBoard(servers.a, user.key);
    const onB = await live('b', boardId);
    const closes: number[] = [];
    onB.provider.on('connection-close', (event: { code: number } | null) => {
      if (event) closes.push(event.code);
    });
    // The person's workspace is on the basic plan: a delete is for good (no trash).
    expect((await servers.a.api(user.key, 'DELETE', `/boards/${boardId}`)).status).toBe(200);
    await vi.waitFor(() => expect(closes).toContain(4404), { timeout: 10_000 });
    onB.provider.disconnect();
    expect(await servers.db.documents.load(boardId)).toEqual({ snapshot: null, updates: [], lastSeq: 0 });
  });

  it('converges after Redis is killed and restarted: what the bus lost is caught up from the store', async () => {
    const boardId = await createBoard(servers.a, user.key);
    const onA = await live('a', boardId);
    const onB = await live('b', boardId);
    await redis.kill();
    clientCreateSticky(onA.doc, 'while-down', { x: 0, y: 0, text: 'lost on the bus' }, user.id);
    // Stored on A (its REST read has it) even though no message can reach B now.
    await vi.waitFor(async () => {
      const res = await servers.a.api(user.key, 'GET', `/boards/${boardId}/items`);
      expect(((await json(res)).data as { id: string }[]).map((item) => item.id)).toContain('while-down');
    }, { timeout: 10_000 });
    // The bus gave the message up (ioredis retries a command over a few reconnects first), so only the store has it.
    await vi.waitFor(() => expect(servers.a.logs.some((line) => line.includes('publishing a board message failed'))).toBe(true), { timeout: 20_000 });
    await redis.start();
    await vi.waitFor(() => expect(onB.itemIds()).toContain('while-down'), { timeout: 20_000 });
    clientCreateSticky(onB.doc, 'after', { x: 300, y: 0, text: 'after' }, user.id);
    await vi.waitFor(() => expect(onA.itemIds()).toEqual(['after', 'while-down']), { timeout: 20_000 });
  });
}

describe.skipIf(!available)('two servers over one store and one Redis: live boards (one sqlite store)', () => {
  liveBoards();
});

describe.skipIf(!available)('two servers over one store and one Redis: live boards (the MongoDB store over the mingo stand-in, an adapter per server)', () => {
  const [open, second] = mongoStandInPair();
  liveBoards({ open, second });
});
