import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../../server/auth/Principal.js';
import type { NewNotification } from '../../../server/notifications/NotificationService.js';
import type { Collection } from '../../../storage/index.js';
import type { NotificationRecord } from '../../../storage/schema/accounts.js';
import { accountCollections } from '../../../storage/schema/accounts.js';
import type { RecordEventsRecord } from '../../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../../storage/schema/writeEvents.js';
import { createBoard } from '../../content/helpers.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { startTestServer } from '../../helpers/testServer.js';
import type { TestReceiver } from './receiver.js';
import { startReceiver } from './receiver.js';

/**
 * A webhook disabled after about three days of failures journals its owner's `webhook_disabled`
 * notification before it is disabled: stopped in between (as a `kill -9` would), the owner is
 * notified once at the next start (although they enabled it again, or deleted it, meanwhile), and
 * a replay of the row notifies nobody twice.
 */

const env = { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };
let dataDir: string;
let t: TestServer;
let alice: TestUser;
let receiver: TestReceiver;
let rows: RecordEventsRecord[] = [];

const journal = (server: TestServer): Collection<RecordEventsRecord> => server.server.services.db.collection<RecordEventsRecord>(writeEventCollections.records);
const notices = (server: TestServer): Promise<number> =>
  server.server.services.db.collection<NotificationRecord>(accountCollections.notifications).count({ userId: alice.id, kind: 'webhook_disabled' });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'boards-webhook-disabled-'));
  t = await startTestServer({ env, dataDir });
  alice = await t.createUser({ name: 'Alice', plan: 'pro' });
  receiver = await startReceiver();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Makes a webhook of Alice's that fails until the dispatcher disables it (twelve attempts over
 * about three days), with the `webhook_disabled` notification lost as a kill there would lose it;
 * resolves once the webhook is disabled and its row waits in the journal.
 */
async function disabledWithRowLeft(server: TestServer): Promise<{ me: Principal; webhookId: string }> {
  receiver.respond(503);
  const me = await server.server.services.authenticator.authenticate(alice.key);
  if (!me) throw new Error('no principal');
  const { webhook } = await server.server.services.webhooks.create(me, { url: receiver.url, events: ['board.created'] });
  const notifications = server.server.services.notifications;
  const notify = notifications.notify.bind(notifications);
  vi.spyOn(notifications, 'notify').mockImplementation((input: NewNotification) =>
    input.kind === 'webhook_disabled' ? Promise.reject(new Error('the process was killed here')) : notify(input),
  );
  await createBoard(server, alice.key);
  for (let attempt = 1; attempt <= 12; attempt++) {
    await vi.waitFor(async () => {
      const log = await server.server.services.webhooks.deliveries(me, webhook.id, { limit: 1 });
      expect(log.data[0]?.attempts).toBe(attempt);
    });
    server.clock.advance(1.3 * 86_400_000);
    server.server.services.webhookDispatcher.wake(webhook.id);
  }
  await vi.waitFor(async () => expect(await server.server.services.webhooks.get(me, webhook.id)).toMatchObject({ enabled: false, disabledReason: 'failing' }));
  await vi.waitFor(async () => expect(await journal(server).count({})).toBe(1));
  return { me, webhookId: webhook.id };
}

describe('a webhook disabled for failing, stopped before its owner was notified', () => {
  it('notifies the owner once after the restart', async () => {
    const { me, webhookId } = await disabledWithRowLeft(t);
    rows = await journal(t).find({});
    expect(await notices(t)).toBe(0);
    // Its owner enables it again before the row is recovered: the disabling was stored all the same.
    await t.server.services.webhooks.update(me, webhookId, { enabled: true });

    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => journal(t).count({}), { timeout: 20_000 }).toBe(0);
    expect(await notices(t)).toBe(1);
  }, 120_000);

  it('a replay of the row notifies nobody twice', async () => {
    expect(rows).toHaveLength(1);
    await journal(t).insert(rows[0]!);
    expect(await t.server.services.liveEdits.recover()).toBe(1);
    await expect.poll(() => journal(t).count({})).toBe(0);
    expect(await notices(t)).toBe(1);
  });

  it('notifies the owner once after the restart also when they deleted the webhook before the row was recovered', async () => {
    const before = await notices(t);
    const { me, webhookId } = await disabledWithRowLeft(t);
    await t.server.services.webhooks.delete(me, webhookId);

    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => journal(t).count({}), { timeout: 20_000 }).toBe(0);
    expect(await notices(t)).toBe(before + 1);
  }, 120_000);
});
