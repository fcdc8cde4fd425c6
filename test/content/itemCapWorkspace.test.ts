import * as Y from 'yjs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestServer } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const sticky = (text: string): object => ({ type: 'sticky_note', position: { x: 0, y: 0 }, data: { text } });

test("an item create on a board of another workspace is held to the board's plan, not the caller's", async () => {
  const owner = await t.createUser({ plan: 'basic' });
  const guest = await t.createUser({ plan: 'business' });
  const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Full' }));
  expect((await t.api(owner.key, 'POST', `/boards/${board.id}/members`, { email: guest.email, role: 'editor' })).status).toBeLessThan(300);
  expect((await t.api(guest.key, 'POST', `/boards/${board.id}/items`, sticky('fits'))).status).toBe(201);

  const ownerCap = (await json(t.api(owner.key, 'GET', '/me/limits'))).limits.itemsPerBoard as number;
  const guestCap = (await json(t.api(guest.key, 'GET', '/me/limits'))).limits.itemsPerBoard as number;
  expect(guestCap).toBeGreaterThan(ownerCap);
  const size = (): Promise<number> => t.server.services.documents.open(board.id).then((doc) => doc.getMap('items').size);
  // Filled to the board's cap in one transaction: only the number of items matters here.
  await t.server.services.documents.transact(board.id, (doc) => {
    const items = doc.getMap('items');
    for (let i = items.size; i < ownerCap; i++) items.set(`itm_fill${i}`, new Y.Map<unknown>([['type', 'sticky_note']]));
  }, { actorId: owner.id }, { wait: 'stored' });
  expect(await size()).toBe(ownerCap);

  await expectEnvelope(await t.api(guest.key, 'POST', `/boards/${board.id}/items`, sticky('over the board plan')), 402, 'payment_required');
  await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${board.id}/items`, sticky('over my plan')), 402, 'payment_required');
  expect(await size()).toBe(ownerCap);
}, 120_000);
