import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import type { BoardUpdateWindowRecord } from '../../storage/schema/notifications.js';
import { notificationCollections } from '../../storage/schema/notifications.js';
import { connectClient, createBoard, sticky, synced } from '../content/helpers.js';
import { notificationEnv, notificationsOf, quietMs, setSettings, share } from './helpers.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: notificationEnv });
});
afterAll(async () => {
  await t.stop();
});

async function team(): Promise<{ owner: TestUser; bob: TestUser; carol: TestUser; boardId: string }> {
  const owner = await t.createUser({ name: 'Olive Owner' });
  const bob = await t.createUser({ name: 'Bob Builder' });
  const carol = await t.createUser({ name: 'Carol Critic' });
  const boardId = await createBoard(t, owner.key, 'Roadmap');
  await share(t, owner, boardId, bob, 'editor');
  await share(t, owner, boardId, carol, 'viewer');
  for (const person of [owner, bob, carol]) await setSettings(t, person, { boardUpdates: true });
  return { owner, bob, carol, boardId };
}

const updatesOf = async (user: TestUser, boardId: string) => (await notificationsOf(t, user)).filter((n) => n.kind === 'board_update' && n.boardId === boardId);

describe('board_update notifications', () => {
  test('many changes in one quiet period make one notification per reader, none for the author', async () => {
    const { owner, bob, carol, boardId } = await team();
    const note = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('one')));
    await t.api(owner.key, 'PATCH', `/boards/${boardId}/items/${note.id}`, { data: { text: 'two' } });
    await t.api(owner.key, 'PATCH', `/boards/${boardId}`, { title: 'Roadmap 2027' });
    t.clock.advance(quietMs - 1);
    await t.server.services.notificationDelivery.sweeper.runDue();
    expect(await updatesOf(bob, boardId)).toEqual([]);
    t.clock.advance(1);
    await t.server.services.notificationDelivery.sweeper.runDue();
    for (const reader of [bob, carol]) {
      const updates = await updatesOf(reader, boardId);
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({ title: 'Roadmap 2027 was updated', body: 'Olive Owner changed it.', actor: { id: owner.id, name: 'Olive Owner' }, read: false });
    }
    expect(await updatesOf(owner, boardId)).toEqual([]);
    // The window is closed: sweeping again adds nothing.
    await t.server.services.notificationDelivery.sweeper.runDue();
    expect(await updatesOf(bob, boardId)).toHaveLength(1);
  });

  test('the next quiet period makes the next notification; a co-author hears of the others only', async () => {
    const { owner, bob, carol, boardId } = await team();
    await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('a'));
    t.clock.advance(quietMs);
    await t.server.services.notificationDelivery.sweeper.runDue();
    await t.api(bob.key, 'POST', `/boards/${boardId}/items`, sticky('b'));
    await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('c'));
    t.clock.advance(quietMs);
    await t.server.services.notificationDelivery.sweeper.runDue();
    expect(await updatesOf(carol, boardId)).toHaveLength(2);
    expect((await updatesOf(carol, boardId))[0].body).toBe('Bob Builder and Olive Owner changed it.');
    const forOwner = await updatesOf(owner, boardId);
    expect(forOwner.map((n) => n.body)).toEqual(['Bob Builder changed it.']);
    expect((await updatesOf(bob, boardId)).map((n) => n.body)).toEqual(['Olive Owner changed it.', 'Olive Owner changed it.']);
  });

  test('a person whose settings do not ask for board updates, or who lost access, gets none', async () => {
    const { owner, bob, carol, boardId } = await team();
    await setSettings(t, bob, { boardUpdates: false });
    await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky());
    const removed = await t.api(owner.key, 'DELETE', `/boards/${boardId}/members/${encodeURIComponent(carol.email)}`);
    expect(removed.status).toBe(204);
    t.clock.advance(quietMs);
    await t.server.services.notificationDelivery.sweeper.runDue();
    expect(await updatesOf(bob, boardId)).toEqual([]);
    expect(await updatesOf(carol, boardId)).toEqual([]);
  });

  test('a board moved to trash before its quiet period ends notifies no one', async () => {
    const { owner, bob, boardId } = await team();
    await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky());
    expect((await t.api(owner.key, 'DELETE', `/boards/${boardId}`)).status).toBeLessThan(300);
    t.clock.advance(quietMs);
    await t.server.services.notificationDelivery.sweeper.runDue();
    expect(await updatesOf(bob, boardId)).toEqual([]);
  });

  test('live edits count like REST writes', async () => {
    const { owner, bob, boardId } = await team();
    const client = connectClient(t, boardId, bob.key);
    try {
      await synced(client);
      client.doc.transact(() => {
        const item = new Y.Map<unknown>();
        const data = new Y.Map<unknown>();
        data.set('text', new Y.Text('live'));
        data.set('color', '#fff9b1');
        for (const [key, value] of Object.entries({ type: 'sticky_note', x: 0, y: 0, width: 200, height: 200, rotation: 0, z: 'b0', createdBy: 'client', createdAt: 1, updatedBy: 'client', updatedAt: 1 })) item.set(key, value);
        item.set('data', data);
        client.doc.getMap('items').set('itm_live00000001', item);
      });
      await expect
        .poll(async () => (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items/itm_live00000001`))).id, { timeout: 5000 })
        .toBe('itm_live00000001');
      // The live edit's window is stored before the clock moves on.
      const windows = t.server.services.db.collection<BoardUpdateWindowRecord>(notificationCollections.boardUpdateWindows);
      await expect.poll(() => windows.count({ boardId })).toBe(1);
    } finally {
      client.destroy();
    }
    t.clock.advance(quietMs);
    await t.server.services.notificationDelivery.sweeper.runDue();
    expect((await updatesOf(owner, boardId)).map((n) => n.body)).toEqual(['Bob Builder changed it.']);
    expect(await updatesOf(bob, boardId)).toEqual([]);
  });
});
