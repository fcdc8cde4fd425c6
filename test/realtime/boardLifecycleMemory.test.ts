import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoard } from '../content/helpers.js';
import { startTestServer } from '../helpers/testServer.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { openLive } from './liveClient.js';

describe('boards opened live and closed again', { timeout: 120_000 }, () => {
  let t: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestServer();
    alice = await t.createUser({ email: 'alice@example.com' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('leave nothing of theirs in the process once their documents are unloaded', async () => {
    const { services } = t.server;
    const boards: string[] = [];
    for (let i = 0; i < 25; i += 1) boards.push(await createBoard(t, alice.key, `Churn ${i}`));
    for (const boardId of boards) {
      const client = await openLive(t, boardId, alice.key);
      await client.synced;
      client.addSticky(`itm_${boardId.slice(-8)}`, `heron ${boardId}`);
      await expect.poll(async () => ((await (await t.api(alice.key, 'GET', `/boards/${boardId}/items`)).json()) as { data: unknown[] }).data.length).toBe(1);
      client.destroy();
    }
    await services.search.flush();
    await expect.poll(() => services.hub.stats().rooms).toBe(0);
    // What a loaded board holds while it is loaded: the search upkeep's item hashes, its last live editor.
    expect(services.search.memory().itemHashes).toBeGreaterThan(0);
    expect(services.liveEdits.heldBoards()).toBeGreaterThan(0);

    // Idle for over a minute, each time: the coalescing windows of live edits close meanwhile (their events read the document again).
    await expect
      .poll(async () => {
        t.clock.advance(61_000);
        await services.documents.sweep();
        return { loaded: services.documents.stats().loadedDocuments, liveEdits: services.liveEdits.heldBoards() };
      })
      .toEqual({ loaded: 0, liveEdits: 0 });
    expect(services.search.memory()).toEqual({ boards: 0, itemHashes: 0 });
    expect(services.liveEdits.heldBoards()).toBe(0);
    expect(services.hub.stats()).toMatchObject({ rooms: 0, connections: 0 });
    expect(services.documents.stats()).toEqual({ loadedDocuments: 0, loadingDocuments: 0, pendingUpdates: 0, leases: 0 });
    // The items are all stored and found.
    const found = (await (await t.api(alice.key, 'GET', '/search?q=heron')).json()) as { items: unknown[] };
    expect(found.items.length).toBeGreaterThan(0);
  });
});
