import type * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEventMap, DomainEventType } from '../../../server/events/index.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import { connectClient, createBoard, sticky, synced } from '../../content/helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
const seen: { type: DomainEventType; payload: DomainEventMap[DomainEventType] }[] = [];

function record<K extends DomainEventType>(type: K): void {
  t.server.services.events.on(type, (payload) => void seen.push({ type, payload }));
}

function eventsOf(boardId: string): { type: DomainEventType; payload: DomainEventMap[DomainEventType] }[] {
  return seen.filter((e) => 'boardId' in e.payload && e.payload.boardId === boardId);
}

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.createUser({ name: 'Alice', plan: 'pro' });
  bob = await t.createUser({ name: 'Bob' });
  for (const type of ['board.created', 'board.updated', 'board.changed', 'item.created', 'item.updated', 'item.deleted', 'items.batched', 'comment.created', 'member.added', 'chat.message.created'] as const) record(type);
  // A listener that always throws: every write below must still succeed and every other subscriber still run.
  t.server.services.events.on('board.changed', () => {
    throw new Error('listener failure');
  });
  t.server.services.events.on('item.created', () => Promise.reject(new Error('listener failure')));
});

afterAll(async () => {
  await t.stop();
});

describe('services emit domain events; subscribers work through the bus', () => {
  it('a REST item create emits board.changed then item.created with the REST shape, despite a failing listener', async () => {
    const boardId = await createBoard(t, alice.key);
    expect(eventsOf(boardId).map((e) => e.type)).toEqual(['board.created', 'board.changed']);
    const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('hello'));
    expect(res.status).toBe(201);
    const item = await json(res);
    const after = eventsOf(boardId).slice(2);
    expect(after.map((e) => e.type)).toEqual(['board.changed', 'item.created']);
    expect(after[1]?.payload).toMatchObject({ workspaceId: alice.workspaceId, boardId, itemId: item.id, source: 'rest', actor: { userId: alice.id, name: 'Alice' }, item: { id: item.id, type: 'sticky_note' } });
    expect(t.logs.some((line) => line.includes('domain event listener failed') && line.includes(boardId))).toBe(true);
    // Activity (a subscriber) still recorded the write.
    const activity = await json(await t.api(alice.key, 'GET', `/boards/${boardId}/activity`));
    expect((activity.data as { action: string }[]).map((row) => row.action)).toContain('item.created');
  });

  it('search reindexing and recent boards follow content changes through the bus', async () => {
    const boardId = await createBoard(t, alice.key, 'Plain');
    await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('zebracorn'));
    await vi.waitFor(async () => {
      const res = await json(await t.api(alice.key, 'GET', '/search?q=zebracorn'));
      expect(JSON.stringify(res)).toContain(boardId);
    });
    t.clock.advance(60_000);
    const other = await createBoard(t, alice.key, 'Newer');
    t.clock.advance(60_000);
    await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('touch'));
    await vi.waitFor(async () => {
      const recent = await json(await t.api(alice.key, 'GET', '/boards/recent'));
      const ids = (recent.data as { id: string }[]).map((b) => b.id);
      expect(ids.indexOf(boardId)).toBeLessThan(ids.indexOf(other));
    });
  });

  it('a comment notifies the board members through the comment.created subscriber', async () => {
    const space = await json(await t.api(alice.key, 'POST', '/spaces', { name: 'Team' }));
    expect((await t.api(alice.key, 'POST', `/spaces/${space.id}/members`, { email: bob.email, role: 'commenter' })).status).toBe(200);
    const added = seen.find((e) => e.type === 'member.added')?.payload as DomainEventMap['member.added'] | undefined;
    expect(added).toMatchObject({ scope: 'space', resourceId: space.id, member: { userId: bob.id, role: 'commenter' }, actor: { userId: alice.id } });
    const created = await t.api(alice.key, 'POST', '/boards', { title: 'Shared', spaceId: space.id });
    const boardId = (await json(created)).id as string;
    const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 0, y: 0 }, data: { text: 'look here' } });
    expect(res.status).toBe(201);
    expect(eventsOf(boardId).some((e) => e.type === 'comment.created')).toBe(true);
    const notifications = await json(await t.api(bob.key, 'GET', '/me/notifications'));
    expect(JSON.stringify(notifications)).toContain('look here');
  });

  it('a batch emits items.batched and one item event per net change with source batch', async () => {
    const boardId = await createBoard(t, alice.key);
    const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, {
      operations: [
        { op: 'create', ref: 'a', ...sticky('a') },
        { op: 'create', ref: 'b', ...sticky('b') },
      ],
    });
    expect(res.status).toBe(200);
    const types = eventsOf(boardId).slice(2);
    expect(types.map((e) => e.type)).toEqual(['board.changed', 'items.batched', 'item.created', 'item.created']);
    expect(types.slice(2).every((e) => (e.payload as DomainEventMap['item.created']).source === 'batch')).toBe(true);
    // Exactly the event's fields: built field by field (itemEvent), none dropped and none added.
    const [first] = ((await json(res)).results as { id: string; item: unknown }[]);
    const payload = types[2]?.payload as DomainEventMap['item.created'];
    expect(Object.keys(payload).sort()).toEqual(['actor', 'at', 'boardId', 'changeKey', 'item', 'itemId', 'source', 'workspaceId']);
    expect(payload).toEqual({
      workspaceId: alice.workspaceId,
      boardId,
      actor: { userId: alice.id, name: 'Alice' },
      at: expect.any(Number),
      itemId: first?.id,
      source: 'batch',
      item: first?.item,
      changeKey: expect.stringMatching(new RegExp(`^created/${boardId}/${first?.id}/\\d+\\.\\d+$`)),
    });
  });

  it('a batch of moves emits item.updated per item, and a REST delete of a connected item names what went with it', async () => {
    const boardId = await createBoard(t, alice.key);
    const made = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, {
      operations: [
        { op: 'create', ref: 'a', ...sticky('a') },
        { op: 'create', ref: 'b', ...sticky('b', 400, 0) },
        { op: 'create', ref: 'c', type: 'connector', position: { x: 0, y: 0 }, data: { from: 'a', to: 'b' } },
      ],
    });
    expect(made.status).toBe(200);
    const [a, b, c] = ((await json(made)).results as { id: string }[]).map((r) => r.id);
    const before = eventsOf(boardId).length;
    const moved = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations: [{ op: 'move', id: b, position: { x: 500, y: 100 } }] });
    expect(moved.status).toBe(200);
    const updates = eventsOf(boardId).slice(before).filter((e) => e.type === 'item.updated').map((e) => e.payload as DomainEventMap['item.updated']);
    expect(updates.map((e) => e.itemId)).toContain(b);
    expect(updates.every((e) => e.source === 'batch' && e.item !== null && !('fields' in e) && !('copiedFrom' in e))).toBe(true);
    expect(updates.find((e) => e.itemId === b)?.item).toMatchObject({ position: { x: 500, y: 100 } });

    const beforeDelete = eventsOf(boardId).length;
    expect((await t.api(alice.key, 'DELETE', `/boards/${boardId}/items/${a}`)).status).toBe(200);
    const deletes = eventsOf(boardId).slice(beforeDelete).filter((e) => e.type === 'item.deleted').map((e) => e.payload as DomainEventMap['item.deleted']);
    expect(deletes).toEqual([
      expect.objectContaining({ itemId: a, source: 'rest', item: null, deletedWith: [c] }),
      {
        workspaceId: alice.workspaceId,
        boardId,
        actor: { userId: alice.id, name: 'Alice' },
        at: expect.any(Number),
        itemId: c,
        source: 'rest',
        item: null,
        deletedBy: a,
        changeKey: expect.stringMatching(new RegExp(`^deleted/${boardId}/${c}/\\d+\\.\\d+$`)),
      },
    ]);
  });

  it('live edits emit board.changed at once and coalesced item events with source live, from the first message on', async () => {
    const boardId = await createBoard(t, alice.key);
    const created = await json(await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('live')));
    // A board not loaded in this process: the first live message is the first change it sees.
    t.clock.advance(61_000);
    expect(await t.server.services.documents.sweep()).toBeGreaterThan(0);
    const client = connectClient(t, boardId, alice.key);
    try {
      await synced(client);
      const items = client.doc.getMap('items');
      await vi.waitFor(() => expect(items.has(created.id)).toBe(true));
      const item = items.get(created.id) as Y.Map<unknown>;
      // One move, the first message on the freshly loaded board, is an item event of its own.
      const first = eventsOf(boardId).length;
      item.set('x', 5);
      await vi.waitFor(() => expect(eventsOf(boardId).slice(first).some((e) => e.type === 'item.updated')).toBe(true), { timeout: 10_000 });
      expect(eventsOf(boardId).slice(first).find((e) => e.type === 'item.updated')?.payload).toMatchObject({ itemId: created.id, item: { position: { x: 5 } } });
      const before = eventsOf(boardId).length;
      // Five moves in a row fold into one event for the item.
      for (let i = 1; i <= 5; i++) item.set('x', i * 10);
      await vi.waitFor(() => expect(eventsOf(boardId).slice(before).some((e) => e.type === 'item.updated')).toBe(true), { timeout: 10_000 });
      const live = eventsOf(boardId).slice(before).filter((e) => e.type.startsWith('item.'));
      expect(live.map((e) => e.type)).toEqual(['item.updated']);
      expect(live[0]?.payload).toMatchObject({ itemId: created.id, source: 'live', workspaceId: alice.workspaceId, actor: { userId: alice.id }, item: { position: { x: 50 } } });
      expect(eventsOf(boardId).some((e) => e.type === 'board.changed' && (e.payload as DomainEventMap['board.changed']).source === 'live')).toBe(true);
      items.delete(created.id);
      await vi.waitFor(() => expect(eventsOf(boardId).slice(before).some((e) => e.type === 'item.deleted')).toBe(true), { timeout: 10_000 });
    } finally {
      client.destroy();
    }
  });
});
