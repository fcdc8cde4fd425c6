import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { codeView } from '../../rest/oauth/views.js';
import { appContentSecurityPolicy } from '../../rest/web/contentSecurityPolicy.js';
import { postForm } from '../oauth/helpers/oauthFlow.js';
import type { TestServer } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import { ensureWebApp } from '../helpers/browser.js';

let t: TestServer;

beforeAll(async () => {
  ensureWebApp();
  t = await startTestServer();
});
afterAll(() => t.stop());

/** `GET path` with a `Host` header of our choosing (fetch sets its own), answering the status and headers. */
function getWithHost(pathname: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { Host: host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The sources of a CSP directive, each checked against CSP 3's grammar (keywords, schemes,
 * host-sources of letters, digits, dots and hyphens with an optional port); an invalid one throws.
 */
function validSources(policy: string, directive: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  if (!found) throw new Error(`no ${directive} in ${policy}`);
  const sources = found.slice(1);
  const source = /^(?:'self'|'none'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::(?:\d{1,5}|\*))?)$/;
  for (const s of sources) if (!source.test(s)) throw new Error(`invalid source ${s} in ${directive}`);
  return sources;
}

describe('the web app: rough edges', () => {
  test("the pages' connect-src is valid CSP for every loopback name and for the Host asked for, and names no other origin", async () => {
    const { port } = new URL(t.url);
    const cases: [string, string[]][] = [
      [`127.0.0.1:${port}`, [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]],
      [`localhost:${port}`, [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]],
      // An IPv6 literal has no CSP spelling: 'self' covers its socket.
      [`[::1]:${port}`, [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]],
      // Another name this server is reached by (a LAN name, a tunnel): its own socket, nothing more.
      [`boards.lan:${port}`, [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`, `ws://boards.lan:${port}`]],
      // A Host header that would inject sources or directives is not copied.
      [`evil.test; script-src *`, [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]],
      [`a.test:1 https://evil.test`, [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]],
    ];
    for (const [host, sockets] of cases) {
      for (const address of ['/', '/boards/brd_x']) {
        const answer = await getWithHost(address, host);
        expect(answer.status).toBe(200);
        const policy = String(answer.headers['content-security-policy']);
        const sources = validSources(policy, 'connect-src');
        expect(sources.sort()).toEqual(["'self'", ...sockets].sort());
        expect(policy).not.toContain('evil');
      }
    }
    // In production the service's one origin (https: its wss socket) and the Host asked for.
    const production = appContentSecurityPolicy({ publicUrl: 'https://boards.example.com', production: true }, { host: 'boards.example.com', secure: true });
    expect(validSources(production, 'connect-src')).toEqual(["'self'", 'wss://boards.example.com']);
    const v6 = appContentSecurityPolicy({ publicUrl: 'http://[::1]:8080', production: false }, { host: '[::1]:8080', secure: false });
    expect(validSources(v6, 'connect-src').sort()).toEqual(["'self'", 'ws://127.0.0.1:8080', 'ws://localhost:8080'].sort());
  });

  test('/favicon.ico answers an icon and /favicon.svg the logo, both linked from the pages; no external asset', async () => {
    const ico = await fetch(`${t.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await ico.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), one image of 32×32 at 32 bits, right after the directory.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4), bytes[6], bytes[7], bytes.readUInt16LE(12), bytes.readUInt32LE(18)]).toEqual([0, 1, 1, 32, 32, 32, 22]);
    expect(bytes.readUInt32LE(14)).toBe(bytes.length - 22);
    const svg = await fetch(`${t.url}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    const drawing = await svg.text();
    expect(drawing).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(drawing.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href/);
    for (const address of ['/', '/boards/brd_x', '/docs', '/oauth/signin']) {
      const page = await (await fetch(`${t.url}${address}`)).text();
      expect(page, address).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
    expect((await fetch(`${t.url}/favicon.ico`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${t.url}/favicon.png`)).status).toBe(404);
  });

  test('the app page says whether the request came with a session, so a signed-out visit asks for no token', async () => {
    const signedOut = await (await fetch(`${t.url}/`)).text();
    expect(signedOut).toContain('<meta name="boards-session" content="signed-out">');
    const person = await t.createUser();
    const { token } = await t.server.services.oauth.sessions.createSession(person.id);
    for (const address of ['/', '/boards/brd_x']) {
      const page = await (await fetch(`${t.url}${address}`, { headers: { Cookie: `bds_session=${token}` } })).text();
      expect(page).toContain('<meta name="boards-session" content="signed-in">');
    }
    // A cookie that names no session is no session.
    const forged = await (await fetch(`${t.url}/`, { headers: { Cookie: 'bds_session=forged' } })).text();
    expect(forged).toContain('<meta name="boards-session" content="signed-out">');
  });

  test("the code page says where the code is when nothing is mailed (the log and the development outbox), and 'we sent' when it is", async () => {
    const person = await t.createUser();
    const page = await (await postForm(t, '/oauth/signin/email', { email: person.email })).text();
    expect(page).not.toContain('We sent');
    expect(page).toContain("server's log");
    expect(page).toContain('<code>dev-outbox.jsonl</code>');
    expect(page).toContain('BOARDS_SMTP_URL');
    // The same after a wrong code.
    const ticket = /name="ticket" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const wrong = await postForm(t, '/oauth/signin/code', { ticket, code: '000000' });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('<code>dev-outbox.jsonl</code>');
    // With a mail server configured, the production text.
    const mailed = codeView({ ticket: 't', email: 'ada@example.com', returnTo: '/', outbox: null }).safe;
    expect(mailed).toContain('We sent a 6-digit code to <strong>ada@example.com</strong>');
    expect(mailed).not.toContain('outbox');
  });
});
