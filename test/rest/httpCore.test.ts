import { once } from 'node:events';
import { connect } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';

let t: TestServer;
let alice: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.createUser({ name: 'Alice' });
});
afterAll(() => t.stop());

describe('request ids and envelopes', () => {
  test('every answer carries a Request-Id header of the form req_<hex>', async () => {
    const res = await t.api(alice.key, 'GET', '/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('request-id')).toMatch(/^req_[0-9a-f]{16}$/);
  });

  test('every answer, errors included, carries Server-Timing with the server time in ms', async () => {
    for (const res of [await t.api(alice.key, 'GET', '/me'), await t.api(alice.key, 'GET', '/no/such/thing')]) {
      expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d{2}$/);
    }
  });

  test('OAuth endpoints carry no Server-Timing, so timing cannot tell one refusal from another', async () => {
    const res = await fetch(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=nobody&client_secret=x',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('server-timing')).toBeNull();
  });

  test('404 for an unknown API address', async () => {
    await expectEnvelope(await t.api(alice.key, 'GET', '/no/such/thing'), 404, 'not_found');
  });

  test('404 outside the API too', async () => {
    const res = await fetch(`${t.url}/nothing-here`);
    await expectEnvelope(res, 404, 'not_found');
  });

  test('405 with Allow for a known address and another method', async () => {
    const res = await t.api(alice.key, 'DELETE', '/me');
    expect(res.headers.get('allow')).toBe('GET, PATCH');
    await expectEnvelope(res, 405, 'method_not_allowed');
  });

  test('the docsUrl of an error is a served page', async () => {
    const body = await expectEnvelope(await t.api(null, 'GET', '/me'), 401, 'unauthorized');
    const page = await fetch(body.error.docsUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('unauthorized');
    expect((await fetch(`${t.url}/docs/errors`)).status).toBe(200);
    expect((await fetch(`${t.url}/docs/errors/not_a_code`)).status).toBe(404);
  });

  test('400 for a body that is not JSON, 415 for another media type', async () => {
    await expectEnvelope(await t.api(alice.key, 'PUT', '/me/notification-settings', '{oops'), 400, 'bad_request');
    await expectEnvelope(
      await t.api(alice.key, 'PUT', '/me/notification-settings', 'emailEnabled=true', {
        'Content-Type': 'application/x-www-form-urlencoded',
      }),
      415,
      'unsupported_media_type',
    );
  });

  test('a body compressed with gzip or br is read; another Content-Encoding is 415 naming it, with nothing stored', async () => {
    for (const [encoding, bytes] of [['gzip', gzipSync(JSON.stringify({ title: 'Zipped' }))], ['br', brotliCompressSync(JSON.stringify({ title: 'Brotli' }))]] as const) {
      const sent = await fetch(`${t.baseUrl}/boards`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${alice.key}`, 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: bytes,
      });
      expect(sent.status, encoding).toBe(201);
      expect(((await sent.json()) as { title: string }).title).toBe(encoding === 'gzip' ? 'Zipped' : 'Brotli');
    }
    const before = await (await t.api(alice.key, 'GET', '/boards')).json();
    const refused = await fetch(`${t.baseUrl}/boards`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice.key}`, 'Content-Type': 'application/json', 'Content-Encoding': 'zstd' },
      body: JSON.stringify({ title: 'Packed' }),
    });
    const { error } = await expectEnvelope(refused, 415, 'unsupported_media_type');
    expect(error.message).toContain('zstd');
    expect(await (await t.api(alice.key, 'GET', '/boards')).json()).toEqual(before);
  });

  test('413 for a body over the limit', async () => {
    const big = JSON.stringify({ emailEnabled: true, events: {}, pad: 'x'.repeat(1_100_000) });
    await expectEnvelope(await t.api(alice.key, 'PUT', '/me/notification-settings', big), 413, 'payload_too_large');
  });
});

describe('authentication', () => {
  test('401 without a token', async () => {
    const res = await t.api(null, 'GET', '/me');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    await expectEnvelope(res, 401, 'unauthorized');
  });

  test('401 for an unknown token and a malformed header', async () => {
    await expectEnvelope(await t.api('bds_ak_nonsense', 'GET', '/me'), 401, 'unauthorized');
    await expectEnvelope(await t.api('something-else', 'GET', '/me'), 401, 'unauthorized');
    await expectEnvelope(await t.api(null, 'GET', '/me', undefined, { Authorization: `Basic ${alice.key}` }), 401, 'unauthorized');
  });

  test('a token in the query string is refused even when valid', async () => {
    const res = await fetch(`${t.baseUrl}/me?access_token=${alice.key}`);
    await expectEnvelope(res, 401, 'unauthorized');
    const res2 = await fetch(`${t.baseUrl}/me?token=${alice.key}`, { headers: { Authorization: `Bearer ${alice.key}` } });
    await expectEnvelope(res2, 401, 'unauthorized');
  });

  test('a revoked key answers 401', async () => {
    const bob = await t.createUser();
    expect((await t.api(bob.key, 'GET', '/me')).status).toBe(200);
    const [key] = await t.server.services.apiKeys.list(bob.id);
    await t.server.services.apiKeys.revoke(bob.id, key!.id);
    await expectEnvelope(await t.api(bob.key, 'GET', '/me'), 401, 'unauthorized');
  });

  test('an expired key answers 401', async () => {
    const carol = await t.createUser();
    const { secret } = await t.server.services.apiKeys.create({
      userId: carol.id,
      scopes: 'user:read',
      expiresAt: t.clock.now() + 60_000,
    });
    expect((await t.api(secret, 'GET', '/me')).status).toBe(200);
    t.clock.advance(60_000);
    await expectEnvelope(await t.api(secret, 'GET', '/me'), 401, 'unauthorized');
  });

  test('a key lacking the scope answers 403 insufficient_scope with WWW-Authenticate', async () => {
    const dave = await t.createUser({ scopes: 'boards:read' });
    const res = await t.api(dave.key, 'GET', '/me');
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="user:read"');
    const body = await expectEnvelope(res, 403, 'insufficient_scope');
    expect(body.error).toMatchObject({ requiredScope: 'user:read' });
  });

  test("a key acts with the intersection of its scopes and its creator's current rights", async () => {
    const owner = await t.createUser();
    const erin = await t.createUser();
    const services = t.server.services;
    await services.accounts.setMembership(owner.workspaceId, erin.id, 'admin');
    const { secret } = await services.apiKeys.create({ userId: erin.id, scopes: 'user:read user:write', workspaceId: owner.workspaceId });
    const settings = { emailEnabled: false, events: { comments: true, replies: true, shares: true, boardUpdates: true } };
    expect((await t.api(secret, 'PUT', '/me/notification-settings', settings)).status).toBe(200);

    // Demoted: the key keeps its scopes but no longer carries the admin right.
    await services.accounts.setMembership(owner.workspaceId, erin.id, 'member');
    await expectEnvelope(await t.api(secret, 'PUT', '/me/notification-settings', settings), 403, 'forbidden');
    expect((await t.api(secret, 'GET', '/me')).status).toBe(200);

    // Removed from the workspace: the key no longer authenticates at all.
    await services.accounts.removeMembership(owner.workspaceId, erin.id);
    await expectEnvelope(await t.api(secret, 'GET', '/me'), 401, 'unauthorized');
  });
});

describe('health', () => {
  test('/healthz and /readyz', async () => {
    expect(await (await fetch(`${t.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${t.url}/readyz`)).json()).toEqual({ status: 'ready', storage: 'sqlite' });
  });
});

describe('logs', () => {
  test('keys never reach the logs, and every line is JSON with the request id', async () => {
    const frank = await t.createUser();
    await t.api(frank.key, 'GET', '/me');
    await t.api(frank.key, 'GET', '/me/notifications');
    await fetch(`${t.baseUrl}/me?access_token=${frank.key}&token=${frank.key}`);
    t.server.logger.info({ headers: { authorization: `Bearer ${frank.key}` }, token: frank.key }, 'probe');
    await expect.poll(() => t.logs.some((l) => l.includes('"probe"'))).toBe(true);
    const all = t.logs.join('\n');
    expect(all).not.toContain(frank.key);
    expect(all).not.toContain(frank.key.slice(7, 30));
    const requestLines = t.logs.map((l) => JSON.parse(l) as { msg: string; requestId?: string }).filter((l) => l.msg === 'request');
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.requestId).toMatch(/^req_[0-9a-f]+$/);
  });

  test('one access line per answer, written once it is sent, with the status the client got', async () => {
    type Line = { msg: string; requestId?: string; status?: number; method?: string; url?: string; durationMs?: number; aborted?: boolean };
    const lineOf = (requestId: string | null): Line | undefined =>
      t.logs.map((l) => JSON.parse(l) as Line).find((l) => l.msg === 'request' && l.requestId === requestId);
    for (const [path, status] of [['/me', 200], ['/no/such/thing', 404], ['/boards/brd_missing', 404]] as const) {
      const res = await t.api(alice.key, 'GET', path);
      expect(res.status).toBe(status);
      const id = res.headers.get('request-id');
      await expect.poll(() => lineOf(id)).toBeDefined();
      const line = lineOf(id)!;
      expect(line).toMatchObject({ method: 'GET', url: `/v1${path}`, status });
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
      expect(line.aborted).toBeUndefined();
      expect(t.logs.filter((l) => l.includes(id!) && l.includes('"msg":"request"'))).toHaveLength(1);
    }
  });

  test('a request whose client hangs up before the answer is logged once, as aborted', async () => {
    const before = t.logs.length;
    const url = new URL(t.url);
    const socket = connect(Number(url.port), url.hostname);
    await once(socket, 'connect');
    // Promises 100 bytes of body, sends 10, then closes: the answer can never be delivered.
    socket.write(`POST /v1/boards HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${alice.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    const aborted = () => t.logs.slice(before).map((l) => JSON.parse(l) as { msg: string; url?: string; aborted?: boolean }).filter((l) => l.msg === 'request' && l.url === '/v1/boards');
    await expect.poll(() => aborted().length).toBe(1);
    expect(aborted()[0]?.aborted).toBe(true);
    expect((await t.api(alice.key, 'GET', '/boards')).status).toBe(200);
  });
});
