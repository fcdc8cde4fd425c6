import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

/** POSTs JSON to the test server on 127.0.0.1 with the Host header a browser would send for `host`. */
function postAs(t: TestServer, host: string, token: string, pathname: string, body: unknown): Promise<number> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: `/v1${pathname}`, headers: { Host: host, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function mailTo(t: TestServer, email: string): string {
  const mail = t.server.services.oauth.devOutbox?.messages.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail.text;
}

let counter = 0;
const address = () => `invitee${(counter += 1)}.${Date.now()}@example.com`;

describe('invitation links without BOARDS_PUBLIC_URL', () => {
  let t: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestServer({ env: { BOARDS_PUBLIC_URL: '' } });
    owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  });
  afterAll(() => t.stop());

  test('link to the board on the address the inviter used, not localhost', async () => {
    expect(t.server.services.config.publicUrl).toMatch(/^http:\/\/localhost:/);
    const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Plan' }));
    const email = address();
    expect((await t.api(owner.key, 'POST', `/boards/${board.id}/members`, { email, role: 'editor' })).status).toBe(200);
    expect(mailTo(t, email)).toContain(`\n${t.url}/boards/${board.id}\n`);
    expect(t.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  test('link to a space on the address the inviter used', async () => {
    const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Team' }));
    const email = address();
    expect((await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email, role: 'viewer' })).status).toBe(200);
    expect(mailTo(t, email)).toContain(`\n${t.url}/spaces/${space.id}\n`);
  });

  test('a Host header naming another site falls back to the public URL', async () => {
    const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Spoofed' }));
    const email = address();
    expect(await postAs(t, 'evil.example', owner.key, `/boards/${board.id}/members`, { email, role: 'viewer' })).toBe(200);
    const text = mailTo(t, email);
    expect(text).toContain(`\n${t.server.services.config.publicUrl}/boards/${board.id}\n`);
    expect(text).not.toContain('evil.example');
  });
});

describe('invitation links with BOARDS_PUBLIC_URL', () => {
  let t: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestServer();
    owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  });
  afterAll(() => t.stop());

  test('the configured public URL wins over the address the inviter used', async () => {
    const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Plan' }));
    const email = address();
    const { port } = new URL(t.url);
    expect(await postAs(t, `localhost:${port}`, owner.key, `/boards/${board.id}/members`, { email, role: 'editor' })).toBe(200);
    expect(mailTo(t, email)).toContain(`\n${t.url}/boards/${board.id}\n`);
  });
});
