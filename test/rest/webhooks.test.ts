import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import type { TestReceiver } from '../server/webhooks/receiver.js';
import { startReceiver } from '../server/webhooks/receiver.js';

/** A public address literal: accepted without DNS; `job.failed` keeps anything from being sent to it. */
const publicUrl = 'https://93.184.216.34/hooks/boards';
const quiet = { url: publicUrl, events: ['job.failed'] };

describe('webhooks API (private addresses refused)', () => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestServer();
    alice = await t.createUser({ name: 'Alice' });
    bob = await t.createUser({ name: 'Bob' });
  });
  afterAll(async () => {
    await t.stop();
  });

  async function count(user: TestUser): Promise<number> {
    return ((await json(t.api(user.key, 'GET', '/webhooks?limit=100'))).data as unknown[]).length;
  }

  it('lists the event catalogue', async () => {
    const res = await json(t.api(alice.key, 'GET', '/webhooks/event-types'));
    const types = (res.data as { type: string }[]).map((e) => e.type);
    for (const type of ['board.created', 'board.updated', 'board.deleted', 'board.restored', 'item.created', 'item.updated', 'item.deleted', 'comment.created', 'chat.message.created', 'member.added', 'member.removed', 'job.succeeded', 'job.failed']) {
      expect(types).toContain(type);
    }
  });

  it('creates, lists, reads, changes and deletes a webhook; the secret is shown at creation only', async () => {
    const created = await t.api(alice.key, 'POST', '/webhooks', { ...quiet, description: ' CRM sync ' });
    expect(created.status).toBe(201);
    const hook = await json(created);
    expect(hook).toMatchObject({ url: publicUrl, events: ['job.failed'], description: 'CRM sync', enabled: true, disabledReason: null, boardIds: null, workspaceId: alice.workspaceId });
    expect(hook.secret).toMatch(/^whsec_/);
    expect(Buffer.from(String(hook.secret).slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const got = await json(t.api(alice.key, 'GET', `/webhooks/${hook.id}`));
    expect(got.secret).toBeUndefined();
    expect(got.id).toBe(hook.id);
    expect((await json(t.api(alice.key, 'GET', '/webhooks'))).data.map((w: { id: string }) => w.id)).toContain(hook.id);
    const patched = await json(t.api(alice.key, 'PATCH', `/webhooks/${hook.id}`, { enabled: false, events: ['job.failed', 'job.succeeded'] }));
    expect(patched).toMatchObject({ enabled: false, events: ['job.failed', 'job.succeeded'] });
    expect((await t.api(alice.key, 'DELETE', `/webhooks/${hook.id}`)).status).toBe(204);
    await expectEnvelope(await t.api(alice.key, 'GET', `/webhooks/${hook.id}`), 404, 'not_found');
  });

  it('pages the list with a cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await json(t.api(bob.key, 'POST', '/webhooks', quiet))).id);
    const first = await json(t.api(bob.key, 'GET', '/webhooks?limit=2'));
    expect(first.data).toHaveLength(2);
    const second = await json(t.api(bob.key, 'GET', `/webhooks?limit=2&cursor=${first.nextCursor}`));
    expect([...first.data, ...second.data].map((w: { id: string }) => w.id)).toEqual([...ids].sort());
    expect(second.nextCursor).toBeNull();
    for (const id of ids) await t.api(bob.key, 'DELETE', `/webhooks/${id}`);
  });

  it('refuses bad URLs and private addresses with 422 naming url, storing nothing', async () => {
    const before = await count(alice);
    for (const url of ['not a url', 'ftp://93.184.216.34/x', 'http://93.184.216.34/x', 'https://user:pass@93.184.216.34/x', 'https://127.0.0.1/x', 'https://10.0.0.8/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://localhost/x']) {
      const body = await expectEnvelope(await t.api(alice.key, 'POST', '/webhooks', { url, events: ['item.created'] }), 422, 'validation_failed');
      expect(body.error.field, url).toBe('url');
    }
    expect(await count(alice)).toBe(before);
  });

  it('refuses unknown event types, empty lists, unknown fields and boards the caller cannot read', async () => {
    const before = await count(alice);
    const unknown = await expectEnvelope(await t.api(alice.key, 'POST', '/webhooks', { url: publicUrl, events: ['item.created', 'item.exploded'] }), 422, 'validation_failed');
    expect(unknown.error.field).toBe('events[1]');
    await expectEnvelope(await t.api(alice.key, 'POST', '/webhooks', { url: publicUrl, events: [] }), 422, 'validation_failed');
    await expectEnvelope(await t.api(alice.key, 'POST', '/webhooks', { url: publicUrl, events: 'item.created' }), 422, 'validation_failed');
    await expectEnvelope(await t.api(alice.key, 'POST', '/webhooks', { ...quiet, secret: 'mine' }), 422, 'validation_failed');
    const bobsBoard = (await json(t.api(bob.key, 'POST', '/boards', { title: 'Private' }))).id as string;
    const notMine = await expectEnvelope(await t.api(alice.key, 'POST', '/webhooks', { ...quiet, boardIds: [bobsBoard] }), 422, 'validation_failed');
    expect(notMine.error.field).toBe('boardIds[0]');
    await expectEnvelope(await t.api(alice.key, 'POST', '/webhooks', { ...quiet, boardIds: [bobsBoard], spaceIds: ['spc_x'] }), 422, 'validation_failed');
    expect(await count(alice)).toBe(before);
  });

  it("answers 404 for someone else's webhook on every operation", async () => {
    const hook = await json(t.api(alice.key, 'POST', '/webhooks', quiet));
    const base = `/webhooks/${hook.id}`;
    await expectEnvelope(await t.api(bob.key, 'GET', base), 404, 'not_found');
    await expectEnvelope(await t.api(bob.key, 'PATCH', base, { enabled: false }), 404, 'not_found');
    await expectEnvelope(await t.api(bob.key, 'DELETE', base), 404, 'not_found');
    await expectEnvelope(await t.api(bob.key, 'GET', `${base}/deliveries`), 404, 'not_found');
    await expectEnvelope(await t.api(bob.key, 'POST', `${base}/ping`), 404, 'not_found');
    await expectEnvelope(await t.api(bob.key, 'POST', `${base}/rotate-secret`), 404, 'not_found');
    await expectEnvelope(await t.api(bob.key, 'POST', `${base}/deliveries/msg_x/retry`), 404, 'not_found');
    expect((await json(t.api(alice.key, 'GET', base))).enabled).toBe(true);
    await t.api(alice.key, 'DELETE', base);
  });

  it('answers 403 to a token without boards:read', async () => {
    const limited = await t.createUser({ scopes: 'user:read' });
    await expectEnvelope(await t.api(limited.key, 'POST', '/webhooks', quiet), 403, 'insufficient_scope');
    await expectEnvelope(await t.api(limited.key, 'GET', '/webhooks'), 403, 'insufficient_scope');
    await expectEnvelope(await t.api(limited.key, 'POST', '/webhooks/whk_x/rotate-secret'), 403, 'insufficient_scope');
  });

  it('rotates the secret (200 {id, secret}), and answers 429 rate_limited past five a minute', async () => {
    const hook = await json(t.api(alice.key, 'POST', '/webhooks', quiet));
    const secrets = new Set<string>([hook.secret]);
    for (let i = 0; i < 5; i++) {
      const res = await t.api(alice.key, 'POST', `/webhooks/${hook.id}/rotate-secret`);
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(Object.keys(body).sort()).toEqual(['id', 'secret']);
      expect(body.id).toBe(hook.id);
      expect(body.secret).toMatch(/^whsec_/);
      secrets.add(body.secret);
    }
    expect(secrets.size).toBe(6);
    const limited = await t.api(alice.key, 'POST', `/webhooks/${hook.id}/rotate-secret`);
    await expectEnvelope(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await t.api(alice.key, 'POST', `/webhooks/${hook.id}/rotate-secret`)).status).toBe(200);
    await t.api(alice.key, 'DELETE', `/webhooks/${hook.id}`);
  });

  it('caps webhooks per workspace by plan (402), as GET /me/limits says', async () => {
    const carol = await t.createUser({ plan: 'basic' });
    const limits = await json(t.api(carol.key, 'GET', '/me/limits'));
    const cap = limits.limits.webhooks as number;
    expect(cap).toBeGreaterThan(0);
    for (let i = 0; i < cap; i++) expect((await t.api(carol.key, 'POST', '/webhooks', quiet)).status).toBe(201);
    const body = await expectEnvelope(await t.api(carol.key, 'POST', '/webhooks', quiet), 402, 'payment_required');
    expect(body.error.message).toContain(String(cap));
    expect(await count(carol)).toBe(cap);
  });

  it('appears in OpenAPI', async () => {
    const doc = await json(t.api(null, 'GET', '/openapi.json'));
    expect(doc.paths['/webhooks/{webhookId}/rotate-secret'].post.responses['200']).toBeDefined();
    expect(doc.paths['/webhooks/{webhookId}/rotate-secret'].post.responses['429']).toBeDefined();
    expect(doc.paths['/webhooks/event-types'].get).toBeDefined();
    expect(doc.paths['/webhooks/{webhookId}/deliveries/{deliveryId}/retry'].post).toBeDefined();
  });
});

describe('webhooks API with a local receiver', () => {
  let t: TestServer;
  let alice: TestUser;
  let receiver: TestReceiver;

  beforeAll(async () => {
    t = await startTestServer({ env: { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    alice = await t.createUser({ name: 'Alice' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.stop();
    await receiver.close();
  });

  it('pings, logs the delivery, and retries it with the same webhook-id', async () => {
    const hook = await json(t.api(alice.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] }));
    const ping = await t.api(alice.key, 'POST', `/webhooks/${hook.id}/ping`);
    expect(ping.status).toBe(202);
    const queued = await json(ping);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    const first = receiver.received[0];
    expect(new Webhook(hook.secret).verify(first?.body ?? '', first?.headers as Record<string, string>)).toMatchObject({ type: 'webhook.ping', data: { webhookId: hook.id } });
    await vi.waitFor(async () => {
      const log = await json(t.api(alice.key, 'GET', `/webhooks/${hook.id}/deliveries`));
      expect(log.data[0]).toMatchObject({ id: queued.id, eventType: 'webhook.ping', status: 'delivered', attempts: 1, statusCode: 204, nextRetryAt: null });
      expect(log.data[0].durationMs).toBeGreaterThanOrEqual(0);
    });
    expect((await t.api(alice.key, 'POST', `/webhooks/${hook.id}/deliveries/${queued.id}/retry`)).status).toBe(202);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2));
    expect(receiver.received[1]?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    await expectEnvelope(await t.api(alice.key, 'POST', `/webhooks/${hook.id}/deliveries/msg_unknown/retry`), 404, 'not_found');
  });
});
