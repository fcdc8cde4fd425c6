import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ActivityService } from '../../server/boards/ActivityService.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { createBoard, sticky } from './helpers.js';

/**
 * docs/events.md "Durability of write events", step 2: a REST write waits for one fsync, which
 * starts as soon as its update and its journal row are stored; its events are emitted, and their
 * subscribers' rows written, while the disk works, and before the client is answered.
 */

let t: TestServer;
let alice: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.createUser({ plan: 'pro' });
});
afterAll(() => t.stop());
afterEach(() => vi.restoreAllMocks());

describe('the fsync of a REST write', () => {
  test('is one, started before its activity row is written, which is written before the answer', async () => {
    const boardId = await createBoard(t, alice.key);
    const append = vi.spyOn(ActivityService.prototype, 'append');
    const sync = vi.spyOn(t.server.services.db.documents, 'sync');
    const created = await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky());
    expect(created.status).toBe(201);
    expect(append).toHaveBeenCalledTimes(1);
    expect(sync).toHaveBeenCalledTimes(1);
    expect(sync.mock.invocationCallOrder[0]!).toBeLessThan(append.mock.invocationCallOrder[0]!);
    const item: Body = await json(created);
    const feed: Body = await json(t.api(alice.key, 'GET', `/boards/${boardId}/activity`));
    expect(feed.data[0]).toMatchObject({ action: 'item.created', itemId: item.id });
  });

  test("of a batch is started before its item events are emitted, which are all emitted before the answer", async () => {
    const boardId = await createBoard(t, alice.key);
    const made: Body = await json(t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations: [0, 1, 2].map((i) => ({ op: 'create', ...sticky(`N${i}`, i * 300) })) }));
    const ids: string[] = made.results.map((r: Body) => r.id);
    const sync = vi.spyOn(t.server.services.db.documents, 'sync');
    const heard = vi.fn();
    const off = t.server.services.events.on('item.updated', heard);
    try {
      const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations: ids.map((id, i) => ({ op: 'move', id, position: { x: i, y: 500 } })) });
      expect(res.status).toBe(200);
      expect(heard).toHaveBeenCalledTimes(3);
      expect(sync).toHaveBeenCalledTimes(1);
      expect(sync.mock.invocationCallOrder[0]!).toBeLessThan(heard.mock.invocationCallOrder[0]!);
      expect(heard.mock.calls.map(([event]) => (event as { itemId: string }).itemId)).toEqual(ids);
    } finally {
      off();
    }
  });
});
