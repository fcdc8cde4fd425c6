import { request } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import type { TestServer } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

describe('rate limiting', () => {
  test('429 rate_limited with Retry-After and RateLimit headers, per credential', async () => {
    t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '3' } });
    const alice = await t.createUser();
    const bob = await t.createUser();
    for (let i = 0; i < 3; i += 1) {
      const ok = await t.api(alice.key, 'GET', '/me');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-limit')).toBe('3');
      expect(ok.headers.get('ratelimit-remaining')).toBe(String(2 - i));
    }
    const limited = await t.api(alice.key, 'GET', '/me');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    const body = await expectEnvelope(limited, 429, 'rate_limited');
    expect(body.error.message).toBe('Too many requests.');
    // Another credential has its own budget.
    expect((await t.api(bob.key, 'GET', '/me')).status).toBe(200);
  });

  test('failed authentication attempts are throttled per client address', async () => {
    t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '2' } });
    await expectEnvelope(await t.api('bds_ak_guess1', 'GET', '/me'), 401, 'unauthorized');
    await expectEnvelope(await t.api('bds_ak_guess2', 'GET', '/me'), 401, 'unauthorized');
    await expectEnvelope(await t.api('bds_ak_guess3', 'GET', '/me'), 429, 'rate_limited');
  });

  test('behind a trusted proxy, failed authentications are counted per forwarded client, and a spoofed header does not escape', async () => {
    t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '2', BOARDS_TRUSTED_PROXIES: '127.0.0.1' } });
    const as = (client: string, key: string) => fetch(`${t!.url}/v1/me`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': client } });
    await expectEnvelope(await as('198.51.100.1', 'bds_ak_guess1'), 401, 'unauthorized');
    await expectEnvelope(await as('198.51.100.1', 'bds_ak_guess2'), 401, 'unauthorized');
    await expectEnvelope(await as('198.51.100.1', 'bds_ak_guess3'), 429, 'rate_limited');
    // Another client behind the same proxy has its own budget; writing an address in front does not make one.
    await expectEnvelope(await as('198.51.100.2', 'bds_ak_guess4'), 401, 'unauthorized');
    await expectEnvelope(await as('203.0.113.7, 198.51.100.1', 'bds_ak_guess5'), 429, 'rate_limited');
  });

  test('without trusted proxies, X-Forwarded-For is ignored: every guess counts for the socket address', async () => {
    t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '2' } });
    const as = (client: string, key: string) => fetch(`${t!.url}/v1/me`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': client } });
    await expectEnvelope(await as('198.51.100.1', 'bds_ak_guess1'), 401, 'unauthorized');
    await expectEnvelope(await as('198.51.100.2', 'bds_ak_guess2'), 401, 'unauthorized');
    await expectEnvelope(await as('198.51.100.3', 'bds_ak_guess3'), 429, 'rate_limited');
  });
});

describe('unexpected failures', () => {
  test('500 internal_error in the envelope, with no internals, and logged with the request id', async () => {
    t = await startTestServer();
    const alice = await t.createUser();
    // Closing the store under the running server makes the next storage call throw.
    await t.server.services.db.close();
    const res = await t.api(alice.key, 'GET', '/me');
    const body = await expectEnvelope(res, 500, 'internal_error');
    expect(body.error.message).toBe('Something went wrong on our side.');
    expect(JSON.stringify(body)).not.toMatch(/sqlite|database|at .*\.ts/i);
    const logged = t.logs.map((l) => JSON.parse(l) as { msg: string; requestId?: string; err?: { stack?: string } });
    const line = logged.find((l) => l.msg === 'unexpected error');
    expect(line?.requestId).toBe(body.requestId);
    expect(line?.err?.stack).toBeDefined();
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(500);
  });
});

describe('graceful shutdown', () => {
  test('finishes a request in flight, then refuses new connections', async () => {
    t = await startTestServer();
    const alice = await t.createUser();
    const port = t.server.port;
    const body = JSON.stringify({ emailEnabled: false, events: { comments: true, replies: true, shares: true, boardUpdates: true } });
    // Send the headers and half of the body, then begin shutting down before sending the rest.
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: '/v1/me/notification-settings',
          headers: { Authorization: `Bearer ${alice.key}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      // Once the server is handling the request, start shutting down, then send the rest.
      t!.server.http.once('request', () => {
        closing = t!.server.close();
        setImmediate(() => req.end(body.slice(10)));
      });
      req.write(body.slice(0, 10));
    });
    let closing: Promise<void> | undefined;
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).emailEnabled).toBe(false);
    await closing;
    await expect(fetch(`${t.url}/healthz`)).rejects.toThrow();
    const stopped = t;
    t = undefined;
    await stopped.stop();
  });
});
