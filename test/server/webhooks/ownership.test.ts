import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MembershipRecord } from '../../../storage/schema/accounts.js';
import { accountCollections } from '../../../storage/schema/accounts.js';
import type { WebhookDeliveryRecord, WebhookRecord } from '../../../storage/schema/webhooks.js';
import { webhookCollections } from '../../../storage/schema/webhooks.js';
import { createBoard } from '../../content/helpers.js';
import type { TestServer } from '../../helpers/testServer.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import { connect, discover, registerApp, signIn } from '../../oauth/helpers/oauthFlow.js';
import type { TestReceiver } from './receiver.js';
import { startReceiver } from './receiver.js';

let t: TestServer;
let as: oauth.AuthorizationServer;
let receiver: TestReceiver;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  as = await discover(t);
  receiver = await startReceiver();
});

afterAll(async () => {
  await t.stop();
  await receiver.close();
});

const stored = (id: string): Promise<WebhookRecord | null> => t.server.services.db.collection<WebhookRecord>(webhookCollections.webhooks).get(id);

async function makeWebhook(token: string, events = ['board.created']): Promise<string> {
  const response = await t.api(token, 'POST', '/webhooks', { url: receiver.url, events });
  expect(response.status).toBe(201);
  return (await json(response)).id as string;
}

describe('webhooks whose maker can no longer act are disabled', () => {
  it('ending the OAuth app connection that made a webhook disables it once no connection to the app is left', async () => {
    const dev = await t.createUser({ plan: 'pro' });
    const cookie = await signIn(t, dev.email);
    const app = await registerApp(t, dev);
    const first = await connect(t, as, cookie, app);
    const second = await connect(t, as, cookie, app);
    const byApp = await makeWebhook(first.access_token);
    const byKey = await makeWebhook(dev.key);
    expect(await stored(byApp)).toMatchObject({ clientId: app.clientId, enabled: true });

    // One of two connections ends: the app still acts for the person.
    const connections = await t.server.services.oauth.grants.connectionsOf(dev.id);
    expect(connections).toHaveLength(2);
    await t.server.services.oauth.grants.endConnection(connections[1]!.id);
    expect(await stored(byApp)).toMatchObject({ enabled: true, disabledReason: null });

    await t.server.services.oauth.grants.disconnect(dev.id, app.clientId);
    expect((await t.api(second.access_token, 'GET', `/webhooks/${byApp}`)).status).toBe(401);
    const seen = await json(await t.api(dev.key, 'GET', `/webhooks/${byApp}`));
    expect(seen).toMatchObject({ id: byApp, enabled: false, disabledReason: 'connection_ended' });
    // The person's own webhook (made with an API key) is not the app's.
    expect(await json(await t.api(dev.key, 'GET', `/webhooks/${byKey}`))).toMatchObject({ enabled: true, disabledReason: null });
  });

  it("the app's two last connections ending at once still disable its webhook: each counted the other as live", async () => {
    const dev = await t.createUser({ plan: 'pro' });
    const cookie = await signIn(t, dev.email);
    const app = await registerApp(t, dev);
    const first = await connect(t, as, cookie, app);
    await connect(t, as, cookie, app);
    const byApp = await makeWebhook(first.access_token);
    const connections = await t.server.services.oauth.grants.connectionsOf(dev.id);
    expect(connections).toHaveLength(2);
    await Promise.all(connections.map((c) => t.server.services.oauth.grants.endConnection(c.id)));
    await vi.waitFor(async () => expect(await stored(byApp)).toMatchObject({ enabled: false, disabledReason: 'connection_ended' }));
  });

  it("an API key owner's webhooks are disabled when they leave the workspace; their own workspace's stay", async () => {
    const alice = await t.createUser({ plan: 'pro' });
    const bob = await t.createUser({ plan: 'pro' });
    await t.server.services.accounts.setMembership(alice.workspaceId, bob.id, 'member');
    const { secret: bobInAlices } = await t.server.services.apiKeys.create({ userId: bob.id, workspaceId: alice.workspaceId, scopes: 'boards:read' });
    const there = await makeWebhook(bobInAlices);
    const home = await makeWebhook(bob.key);
    expect(await stored(there)).toMatchObject({ workspaceId: alice.workspaceId, ownerId: bob.id, enabled: true });

    await t.server.services.accounts.removeMembership(alice.workspaceId, bob.id, alice.id);
    expect(await stored(there)).toMatchObject({ enabled: false, disabledReason: 'owner_left' });
    expect(await stored(home)).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('a membership gone without an event is caught at delivery: the event is skipped and the webhook disabled', async () => {
    const alice = await t.createUser({ plan: 'pro' });
    const carol = await t.createUser({ plan: 'pro' });
    await t.server.services.accounts.setMembership(alice.workspaceId, carol.id, 'admin');
    const { secret } = await t.server.services.apiKeys.create({ userId: carol.id, workspaceId: alice.workspaceId, scopes: 'boards:read' });
    const hook = await makeWebhook(secret);
    // As if an older process had removed her without telling the bus.
    await t.server.services.db.collection<MembershipRecord>(accountCollections.memberships).deleteMany({ id: `${alice.workspaceId}:${carol.id}` });
    const start = receiver.received.length;
    await createBoard(t, alice.key);
    const outbox = t.server.services.db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries);
    await vi.waitFor(async () => expect(await outbox.findOne({ webhookId: hook })).toMatchObject({ status: 'skipped', lastResponse: 'the owner is no longer in the workspace' }));
    expect(await stored(hook)).toMatchObject({ enabled: false, disabledReason: 'owner_left' });
    expect(receiver.received.length).toBe(start);
  });
});
