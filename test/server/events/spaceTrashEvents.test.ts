import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEventMap } from '../../../server/events/index.js';
import { createBoard, sticky } from '../../content/helpers.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import type { TestReceiver } from '../webhooks/receiver.js';
import { startReceiver } from '../webhooks/receiver.js';

let t: TestServer;
let owner: TestUser;
let receiver: TestReceiver;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true', BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ name: 'Olive', plan: 'pro' });
  receiver = await startReceiver();
});

afterAll(async () => {
  await t.stop();
  await receiver.close();
});

/** Ids of the boards the person finds by `text` (board titles and item text). */
async function foundBoards(user: TestUser, text: string): Promise<string[]> {
  await t.server.services.search.flush();
  const body = await json(t.api(user.key, 'GET', `/search?q=${encodeURIComponent(text)}`));
  const ids = new Set<string>([...(body.boards as { id: string }[]).map((b) => b.id), ...(body.items as { boardId: string }[]).map((i) => i.boardId)]);
  return [...ids].sort();
}

describe('a space trashed and restored announces each of its boards', () => {
  it('the owner webhook receives board.deleted (trashed) per board of a trashed space and board.restored per board on restore; search follows', async () => {
    const hook = await json(t.api(owner.key, 'POST', '/webhooks', { url: receiver.url, events: ['board.deleted', 'board.restored'] }));
    expect(hook.id).toMatch(/^whk_/);
    const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Quokka' }));
    const inSpace = [
      (await json(t.api(owner.key, 'POST', '/boards', { title: 'Quokka one', spaceId: space.id }))).id as string,
      (await json(t.api(owner.key, 'POST', '/boards', { title: 'Quokka two', spaceId: space.id }))).id as string,
    ].sort();
    for (const boardId of inSpace) expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('quokka notes'))).status).toBe(201);
    const outside = await createBoard(t, owner.key, 'Quokka elsewhere');
    // A board of the space already in trash on its own does not go (or come back) with the space.
    const trashedBefore = (await json(t.api(owner.key, 'POST', '/boards', { title: 'Quokka old', spaceId: space.id }))).id as string;
    expect((await t.api(owner.key, 'DELETE', `/boards/${trashedBefore}`)).status).toBe(200);
    await vi.waitFor(() => expect(receiver.received.filter((d) => d.json.boardId === trashedBefore)).toHaveLength(1), { timeout: 30_000 });
    expect(await foundBoards(owner, 'quokka')).toEqual([...inSpace, outside].sort());

    const start = receiver.received.length;
    expect((await t.api(owner.key, 'DELETE', `/spaces/${space.id}`)).status).toBe(200);
    await vi.waitFor(() => expect(receiver.received.length - start).toBe(2), { timeout: 30_000 });
    const deleted = receiver.received.slice(start).map((d) => d.json);
    expect(deleted.map((body) => body.boardId).sort()).toEqual(inSpace);
    for (const body of deleted) {
      expect(body).toMatchObject({ type: 'board.deleted', workspaceId: owner.workspaceId, data: { outcome: 'trashed', withSpaceId: space.id, spaceId: space.id, actor: { userId: owner.id } } });
      expect(body.data.trashedAt).toEqual(expect.any(String));
    }
    expect(await foundBoards(owner, 'quokka')).toEqual([outside]);

    const restoredFrom = receiver.received.length;
    expect((await t.api(owner.key, 'POST', `/spaces/${space.id}/restore`)).status).toBe(200);
    await vi.waitFor(() => expect(receiver.received.length - restoredFrom).toBe(2), { timeout: 30_000 });
    const restored = receiver.received.slice(restoredFrom).map((d) => d.json);
    expect(restored.map((body) => body.boardId).sort()).toEqual(inSpace);
    for (const body of restored) expect(body).toMatchObject({ type: 'board.restored', data: { withSpaceId: space.id, spaceId: space.id, trashedAt: null } });
    expect(await foundBoards(owner, 'quokka')).toEqual([...inSpace, outside].sort());
  });

  it('emits board.deleted per board before space.trashed, and the activity of each board keeps one row per move', async () => {
    const order: string[] = [];
    const offs = [
      t.server.services.events.on('board.deleted', (event: DomainEventMap['board.deleted']) => void order.push(`deleted ${event.boardId} ${event.withSpaceId ?? ''}`)),
      t.server.services.events.on('board.restored', (event: DomainEventMap['board.restored']) => void order.push(`restored ${event.boardId}`)),
      t.server.services.events.on('space.trashed', (event) => void order.push(`space ${event.spaceId}`)),
    ];
    try {
      const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Wombat' }));
      const boardId = (await json(t.api(owner.key, 'POST', '/boards', { title: 'Wombat', spaceId: space.id }))).id as string;
      expect((await t.api(owner.key, 'DELETE', `/spaces/${space.id}`)).status).toBe(200);
      expect((await t.api(owner.key, 'POST', `/spaces/${space.id}/restore`)).status).toBe(200);
      expect(order).toEqual([`deleted ${boardId} ${space.id}`, `space ${space.id}`, `restored ${boardId}`]);
      const actions = (await t.server.services.activity.list(boardId, { limit: 20 })).data.map((row) => row.action);
      expect(actions.filter((action) => action === 'board.trashed')).toHaveLength(1);
      expect(actions.filter((action) => action === 'board.restored')).toHaveLength(1);
    } finally {
      for (const off of offs) off();
    }
  });
});
