import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Collection, Database } from '../../../storage/index.js';
import { openDatabase } from '../../../storage/index.js';
import type { WebhookEventRecord, WebhookRecord, WebhookVersionRecord } from '../../../storage/schema/webhooks.js';
import { webhookCollections } from '../../../storage/schema/webhooks.js';
import { createBoard, sticky } from '../../content/helpers.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import type { TestReceiver } from './receiver.js';
import { startReceiver } from './receiver.js';

/**
 * Issue 54: a process alone holds the enabled webhooks and reads them again only after one of
 * them changed, so a write with ten webhooks subscribed reads none of them; a change is heard by
 * the very next write.
 */

let t: TestServer;
let db: Database;
let dataDir: string;
let user: TestUser;
let receiver: TestReceiver;
let boardId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'boards-subscriptions-'));
  db = await openDatabase({ kind: 'sqlite', dataDir, synchronous: 'normal' });
  t = await startTestServer({ dataDir, start: { database: db }, env: { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true', BOARDS_RATE_LIMIT_PER_MINUTE: '1000000' } });
  user = await t.createUser({ plan: 'pro' });
  receiver = await startReceiver();
  boardId = await createBoard(t, user.key);
});

afterAll(async () => {
  await t.stop();
  await receiver.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const createItem = async (text: string): Promise<string> => {
  const res = await t.api(user.key, 'POST', `/boards/${boardId}/items`, sticky(text));
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
};
const heard = (type: string): unknown[] => receiver.received.filter((d) => d.json.type === type).map((d) => d.json.data.id);

describe('webhook subscriptions of a process alone', () => {
  it('a webhook created, disabled, enabled again and deleted is heard exactly by the writes between', async () => {
    await createItem('before any webhook');
    const created = await json(t.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] }));
    const first = await createItem('first');
    expect((await t.api(user.key, 'PATCH', `/webhooks/${created.id}`, { enabled: false })).status).toBe(200);
    await createItem('while disabled');
    expect((await t.api(user.key, 'PATCH', `/webhooks/${created.id}`, { enabled: true })).status).toBe(200);
    const second = await createItem('enabled again');
    expect((await t.api(user.key, 'DELETE', `/webhooks/${created.id}`)).status).toBe(204);
    await createItem('after the delete');
    await t.server.services.webhookDispatcher.idle();
    await vi.waitFor(() => expect(heard('item.created')).toEqual([first, second]), { timeout: 20_000 });
    expect(await db.collection<WebhookEventRecord>(webhookCollections.events).find({})).toEqual([]);
  });

  it('with ten webhooks subscribed, creates read neither the webhooks nor a version on the write path', async () => {
    const start = heard('item.created').length;
    for (let i = 0; i < 10; i += 1) expect((await t.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] })).status).toBe(201);
    await createItem('warm');
    await t.server.services.webhookDispatcher.idle();
    const webhooks: Collection<WebhookRecord> = db.collection(webhookCollections.webhooks);
    const versions: Collection<WebhookVersionRecord> = db.collection(webhookCollections.versions);
    const listed = vi.spyOn(webhooks, 'find');
    const versionReads = vi.spyOn(versions, 'get');
    try {
      for (let i = 0; i < 10; i += 1) await createItem(`counted ${i}`);
      expect(listed.mock.calls.filter(([filter]) => Object.keys(filter).length === 1 && 'enabled' in filter)).toEqual([]);
      expect(versionReads).not.toHaveBeenCalled();
    } finally {
      listed.mockRestore();
      versionReads.mockRestore();
    }
    await vi.waitFor(() => expect(heard('item.created').length - start).toBe(110), { timeout: 60_000 });
  });
});
