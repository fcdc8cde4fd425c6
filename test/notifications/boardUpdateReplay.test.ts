import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DomainEventMap } from '../../server/events/index.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import { createBoard, sticky } from '../content/helpers.js';
import { notificationEnv, notificationsOf, quietMs, setSettings, share } from './helpers.js';

/**
 * docs/events.md "Durability of write events": a write's `board.changed` replayed from the
 * journal after its board-update window closed (same payload, same `at`) makes no second
 * `board_update` notification; a change from that time that was never announced still makes one.
 */

let t: TestServer;
let owner: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: notificationEnv });
  owner = await t.createUser({ name: 'Olive Owner' });
  bob = await t.createUser({ name: 'Bob Builder' });
  await setSettings(t, bob, { boardUpdates: true });
});
afterAll(async () => {
  await t.stop();
});

const updatesOf = async (user: TestUser, boardId: string) => (await notificationsOf(t, user)).filter((n) => n.kind === 'board_update' && n.boardId === boardId);

async function sweepAfterQuietPeriod(): Promise<void> {
  t.clock.advance(quietMs);
  await t.server.services.notificationDelivery.sweeper.runDue();
}

describe('a board change announced again after its window closed', () => {
  test('makes no second board_update notification, however often it is replayed', async () => {
    const boardId = await createBoard(t, owner.key, 'Replayed');
    await share(t, owner, boardId, bob, 'viewer');
    const heard: DomainEventMap['board.changed'][] = [];
    const off = t.server.services.events.on('board.changed', (event) => {
      if (event.boardId === boardId && event.kind === 'content') heard.push(event);
    });
    // The first change opens the window; the second, a little later, joins it.
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('first'))).status).toBe(201);
    t.clock.advance(quietMs / 4);
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('second'))).status).toBe(201);
    off();
    expect(heard).toHaveLength(2);
    await sweepAfterQuietPeriod();
    expect(await updatesOf(bob, boardId)).toHaveLength(1);

    // The journal replays the second write's events: the same payload, its `at` now in a closed window.
    for (let i = 0; i < 2; i += 1) {
      await t.server.services.events.emit('board.changed', heard[1] as DomainEventMap['board.changed']);
      await sweepAfterQuietPeriod();
    }
    expect(await updatesOf(bob, boardId)).toHaveLength(1);
  });

  test('a change from a time no window covered, announced late (its first announcement lost), still notifies once', async () => {
    const boardId = await createBoard(t, owner.key, 'Late');
    await share(t, owner, boardId, bob, 'viewer');
    const at = t.clock.now() - 3 * quietMs;
    const late: DomainEventMap['board.changed'] = { workspaceId: owner.workspaceId, boardId, actor: { userId: owner.id, name: 'Olive Owner' }, at, kind: 'content', source: 'rest', changeKey: `board.changed/${boardId}/wev_late` };
    await t.server.services.events.emit('board.changed', late);
    await sweepAfterQuietPeriod();
    expect(await updatesOf(bob, boardId)).toHaveLength(1);
    await t.server.services.events.emit('board.changed', late);
    await sweepAfterQuietPeriod();
    expect(await updatesOf(bob, boardId)).toHaveLength(1);
  });
});
