import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeCluster, startCluster } from '../../helpers/cluster.js';
import type { TestCluster } from '../../helpers/cluster.js';
import { apiRequest } from '../../helpers/spawnServer.js';
import { json } from '../../helpers/testServer.js';
import { sticky } from '../../content/helpers.js';
import { clientCreateSticky, clientItemIds, connectSyncClient } from '../../content/helpers/syncClient.js';
import type { SyncClient } from '../../content/helpers/syncClient.js';

/**
 * docs/cluster.md "Faults" with real processes: Redis, then PostgreSQL, stopped and started again
 * while live clients on processes A and C edit and REST writes arrive.
 */

const names = ['a', 'b', 'c'] as const;

/** What one REST write answered: 201 with the item, or an error envelope (or no answer in time). */
interface Outcome {
  /** The process that answered. */
  name: string;
  status: number;
  id?: string;
  code?: string;
  requestId?: string;
}

describeCluster('three boards processes behind nginx while a shared store goes away', () => {
  let cluster: TestCluster;
  const clients: SyncClient[] = [];

  const live = (name: string, boardId: string): SyncClient => {
    const client = connectSyncClient(cluster.direct(name), boardId, cluster.key);
    clients.push(client);
    return client;
  };
  /** A REST item write to `name`, which must answer within 30 s (never hang). */
  const write = async (name: string, boardId: string, text: string): Promise<Outcome> => {
    const res = await fetch(`${cluster.direct(name)}/v1/boards/${boardId}/items`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cluster.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(sticky(text)),
      signal: AbortSignal.timeout(30_000),
    });
    const body = await json(res);
    if (res.status === 201) return { name, status: 201, id: body.id as string };
    return { name, status: res.status, code: body.error?.code as string, requestId: body.requestId as string };
  };
  const itemIdsVia = (name: string, boardId: string): Promise<string[]> => cluster.itemIds(cluster.direct(name), boardId);
  /** Both clients hold the same items as the store, which has everything in `expected`. */
  const converged = async (boardId: string, pair: SyncClient[], expected: string[]): Promise<void> => {
    await vi.waitFor(async () => {
      const stored = await itemIdsVia('b', boardId);
      for (const client of pair) expect(clientItemIds(client.doc)).toEqual(stored);
      expect(expected.filter((id) => !stored.includes(id))).toEqual([]);
    }, { timeout: 90_000, interval: 250 });
  };

  beforeAll(async () => {
    cluster = await startCluster(names);
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.destroy();
    await cluster?.stop();
  }, 60_000);

  it('keeps answering REST writes while Redis is down (201 stored, or 503 in the envelope; no hang), and the clients on A and C converge with every acknowledged write once Redis is back', async () => {
    const boardId = await cluster.newBoard('Redis away');
    const pair = [live('a', boardId), live('c', boardId)];
    await Promise.all(pair.map((client) => client.synced()));
    clientCreateSticky(pair[0]!.doc, 'before', { x: 0, y: 0, text: 'before' }, cluster.userId);
    await vi.waitFor(() => expect(clientItemIds(pair[1]!.doc)).toContain('before'), { timeout: 15_000, interval: 50 });

    await cluster.redis.kill();
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 6; i += 1) {
      for (const name of names) outcomes.push(await write(name, boardId, `while Redis is away ${name}${i}`));
      clientCreateSticky(pair[i % 2]!.doc, `away-${i}`, { x: i * 10, y: 300, text: `away ${i}` }, cluster.userId);
    }
    for (const outcome of outcomes) {
      expect([201, 503]).toContain(outcome.status);
      if (outcome.status === 503) expect(outcome).toMatchObject({ code: 'service_unavailable', requestId: expect.any(String) });
    }
    const acknowledged = outcomes.flatMap((outcome) => (outcome.id === undefined ? [] : [outcome.id]));
    // Each process shows the writes it acknowledged; the others' reach it from the store once Redis is back.
    for (const name of names) {
      const stored = await itemIdsVia(name, boardId);
      expect(outcomes.filter((outcome) => outcome.name === name && outcome.id !== undefined && !stored.includes(outcome.id))).toEqual([]);
    }

    await cluster.redis.start();
    clientCreateSticky(pair[1]!.doc, 'after', { x: 0, y: 600, text: 'after' }, cluster.userId);
    await converged(boardId, pair, [...acknowledged, 'before', 'after', ...Array.from({ length: 6 }, (_, i) => `away-${i}`)]);
  });

  it('answers REST writes 503 (storage unavailable, code service_unavailable) in the envelope while PostgreSQL is down, stores none of them, recovers by itself when it is back, and the clients on A and C converge with their edits', async () => {
    const boardId = await cluster.newBoard('PostgreSQL away');
    const pair = [live('a', boardId), live('c', boardId)];
    await Promise.all(pair.map((client) => client.synced()));
    const first = await write('b', boardId, 'before');
    expect(first.status).toBe(201);

    cluster.postgres.halt();
        for (const name of names) {
      const outcome = await write(name, boardId, `refused on ${name}`);
      expect(outcome).toMatchObject({ status: 503, code: 'service_unavailable', requestId: expect.any(String) });
    }
    for (let i = 0; i < 4; i += 1) clientCreateSticky(pair[i % 2]!.doc, `offline-${i}`, { x: i * 10, y: 300, text: `offline ${i}` }, cluster.userId);

    cluster.postgres.resume();
    // Each process reconnects by itself: writes succeed again on all three.
    const later: string[] = [];
    for (const name of names) {
      await vi.waitFor(async () => {
        const outcome = await write(name, boardId, `after on ${name}`);
        expect(outcome.status).toBe(201);
        later.push(outcome.id ?? '');
      }, { timeout: 60_000, interval: 500 });
    }
    await converged(boardId, pair, [first.id ?? '', ...later, ...Array.from({ length: 4 }, (_, i) => `offline-${i}`)]);
    // None of the refused writes was stored.
    const res = await apiRequest(cluster.direct('b'), cluster.key, 'GET', `/boards/${boardId}/items?limit=200`);
    const texts = ((await json(res)).data as { data: { text?: string } }[]).map((item) => item.data.text ?? '');
    expect(texts.filter((text) => text.startsWith('refused on'))).toEqual([]);
  });
});
