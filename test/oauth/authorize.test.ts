import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import type { TestApp } from './helpers/oauthFlow.js';
import { authorizeUrl, decide, openConsent, registerApp, signIn, startWithDeveloper } from './helpers/oauthFlow.js';

let t: TestServer;
let as: oauth.AuthorizationServer;
let dev: TestUser;
let cookie: string;
let app: TestApp;
let publicApp: TestApp;
let challenge: string;

beforeAll(async () => {
  ({ t, as, dev, cookie } = await startWithDeveloper({ name: 'Dev' }));
  app = await registerApp(t, dev, { redirectUri: 'https://app.example/cb' });
  publicApp = await registerApp(t, dev, { isPublic: true, redirectUri: 'https://app.example/cb' });
  challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
});
afterAll(() => t.stop());

/** Asserts an error page: the status, HTML, and no redirect anywhere. */
async function expectPage(url: string, status = 400, withCookie = true): Promise<string> {
  const response = await fetch(url, { redirect: 'manual', headers: withCookie ? { Cookie: cookie } : {} });
  expect(response.status).toBe(status);
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('content-type')).toContain('text/html');
  const page = await response.text();
  expect(page).not.toContain('action="/oauth/consent"');
  return page;
}

function raw(query: string): string {
  return `${t.url}/oauth/?${query}`;
}

describe('A. redirect URI and the authorization endpoint', () => {
  test.each([
    'https://app.example/cb/',
    'https://APP.example/cb',
    'https://app.example:443/cb',
    'https://app.example/cb?x=1',
    'https://app.example/cb#f',
    'https://app.example/cb/../cb',
    'https://app.example/CB',
    'https://app.example.evil.test/cb',
    'https://app.example/cb%2F..',
    'https://user@app.example/cb',
  ])('1. redirect_uri %s is refused on the page without Location', async (redirectUri) => {
    await expectPage(authorizeUrl(t, app, { redirectUri }));
  });

  test('2. an unknown or missing client_id is shown on the page', async () => {
    await expectPage(raw('client_id=app_nope&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code'));
    await expectPage(raw('redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code'));
  });

  test('3. a bad redirect_uri together with a bad scope is a page, never a redirect', async () => {
    const page = await expectPage(authorizeUrl(t, app, { redirectUri: 'https://evil.test/cb', scope: 'skills:write' }));
    expect(page).not.toContain('evil.test');
  });

  test('4. unregistered scope, public app without PKCE, outsider on an app in development, disabled app: pages', async () => {
    await expectPage(authorizeUrl(t, app, { scope: 'ai:write' }));
    await expectPage(authorizeUrl(t, publicApp, {}));
    const outsider = await t.createUser();
    const outsiderCookie = await signIn(t, outsider.email);
    const response = await fetch(authorizeUrl(t, app, {}), { redirect: 'manual', headers: { Cookie: outsiderCookie } });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('still in development');
    const doomed = await registerApp(t, dev, { redirectUri: 'https://app.example/cb' });
    await t.server.services.oauth.apps.disable(dev.id, doomed.clientId);
    expect(await expectPage(authorizeUrl(t, doomed, {}))).toContain('disabled');
  });

  test('6. Deny answers 303 to the registered URI with error=access_denied, the exact state and iss, no code', async () => {
    const { fields } = await openConsent(cookie, authorizeUrl(t, app, { state: 'st+ate' }));
    const response = await decide(t, cookie, fields, 'deny');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://app.example/cb');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st+ate');
    expect(location.searchParams.get('iss')).toBe(t.url);
    expect(location.searchParams.has('code')).toBe(false);
  });

  test('7. approving answers 303, never 307 or 308', async () => {
    const { fields } = await openConsent(cookie, authorizeUrl(t, app, {}));
    expect((await decide(t, cookie, fields, 'approve')).status).toBe(303);
  });

  test.each(['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)'])(
    '8. return_to %s is ignored after sign-in',
    async (returnTo) => {
      const someone = await t.createUser();
      const outbox = t.server.services.oauth.devOutbox;
      const before = outbox?.messages.length ?? 0;
      const started = await fetch(`${t.url}/oauth/signin/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: someone.email, return_to: returnTo }),
      });
      const page = await started.text();
      const ticket = /name="ticket" value="([^"]+)"/.exec(page)?.[1] ?? '';
      const code = /(\d{6})/.exec(outbox?.messages[before]?.subject ?? '')?.[1] ?? '';
      const verified = await fetch(`${t.url}/oauth/signin/code`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ticket, code, return_to: returnTo }),
      });
      expect(verified.status).toBe(303);
      expect(verified.headers.get('location')).toBe('/console');
    },
  );

  test('9. a duplicated parameter is invalid_request on the page', async () => {
    const base = authorizeUrl(t, app, {});
    expect(await expectPage(`${base}&scope=user:read&scope=boards:read`)).toContain('repeated');
    await expectPage(`${base}&state=a&state=b`);
  });

  test('10. an empty code_challenge from a public app counts as absent: PKCE required', async () => {
    expect(await expectPage(authorizeUrl(t, publicApp, { extra: { code_challenge: '' } }))).toContain('PKCE');
  });

  test.each(['a+b c&d=e%2B', 'ünïcødé ✓ / ? #', '%2B%26'])('11. state %s comes back byte-identical (approve and deny)', async (state) => {
    for (const decision of ['approve', 'deny'] as const) {
      const { fields } = await openConsent(cookie, authorizeUrl(t, app, { state }));
      const location = new URL((await decide(t, cookie, fields, decision)).headers.get('location') ?? '');
      expect(location.searchParams.get('state')).toBe(state);
    }
  });

  test('11. without state, none is returned', async () => {
    const { fields } = await openConsent(cookie, authorizeUrl(t, app, {}));
    const location = new URL((await decide(t, cookie, fields, 'approve')).headers.get('location') ?? '');
    expect(location.searchParams.has('state')).toBe(false);
    expect(oauth.validateAuthResponse(as, app.client, location, oauth.expectNoState).get('code')).toMatch(/^bds_ac_/);
  });

  test('12. the registered URI query is preserved and code, state, iss appended', async () => {
    const withQuery = await registerApp(t, dev, { redirectUri: 'https://app.example/cb?tenant=a%20b&x=1' });
    const { fields } = await openConsent(cookie, authorizeUrl(t, withQuery, { state: 's' }));
    const location = (await decide(t, cookie, fields, 'approve')).headers.get('location') ?? '';
    expect(location.startsWith('https://app.example/cb?tenant=a%20b&x=1&code=')).toBe(true);
    expect(new URL(location).searchParams.get('iss')).toBe(t.url);
  });

  test('13. iss equals the metadata issuer byte for byte on success and error', async () => {
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    for (const decision of ['approve', 'deny'] as const) {
      const { fields } = await openConsent(cookie, authorizeUrl(t, app, {}));
      const location = (await decide(t, cookie, fields, decision)).headers.get('location') ?? '';
      expect(new URL(location).searchParams.get('iss')).toBe(as.issuer);
    }
  });

  test('14. no CORS headers on /authorize, even for a cross-origin Origin', async () => {
    const response = await fetch(authorizeUrl(t, app, {}), { headers: { Cookie: cookie, Origin: 'https://evil.test' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('B. PKCE at the authorization endpoint', () => {
  test('15. a public app without code_challenge gets a page and no code', async () => {
    expect(await expectPage(authorizeUrl(t, publicApp, { state: 'x' }))).toContain('PKCE');
  });

  test('16. plain, or a challenge without a method, is refused', async () => {
    const base = `${authorizeUrl(t, app, {})}&code_challenge=${challenge}`;
    await expectPage(`${base}&code_challenge_method=plain`);
    await expectPage(base);
  });

  test.each([
    ['length 42', 'a'.repeat(42)],
    ['length 44', 'a'.repeat(44)],
    ['padding', `${'a'.repeat(42)}=`],
    ['plus', `${'a'.repeat(42)}+`],
    ['slash', `${'a'.repeat(42)}/`],
  ])('17. a code_challenge with %s is refused', async (_label, value) => {
    await expectPage(authorizeUrl(t, publicApp, { codeChallenge: value }));
  });
});

describe('H. consent page', () => {
  test('66. an app in development works for its workspace members and its developer', async () => {
    const member = await t.createUser();
    await t.server.services.accounts.setMembership(dev.workspaceId, member.id, 'member');
    const memberCookie = await signIn(t, member.email);
    expect((await openConsent(memberCookie, authorizeUrl(t, app, {}))).response.status).toBe(200);
    expect((await openConsent(cookie, authorizeUrl(t, app, {}))).response.status).toBe(200);
  });

  test('68. consent POST without CSRF token, with another session, without cookie or cross-site: 403, no code', async () => {
    const other = await t.createUser();
    const otherCookie = await signIn(t, other.email);
    const { fields } = await openConsent(cookie, authorizeUrl(t, app, {}));
    const post = (headers: Record<string, string>, body: Record<string, string>) =>
      fetch(`${t.url}/oauth/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ ...body, decision: 'approve' }),
      });
    const attempts = [
      await post({ Cookie: cookie }, { request_id: fields.request_id ?? '' }),
      await post({ Cookie: otherCookie }, fields),
      await post({}, fields),
      await post({ Cookie: cookie, Origin: 'https://evil.test' }, fields),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.headers.get('location')).toBeNull();
    }
    // The legitimate decision still works afterwards: nothing was consumed.
    expect((await decide(t, cookie, fields, 'approve')).status).toBe(303);
  });

  test('69. tampered hidden fields are ignored: the pending request decides', async () => {
    const { fields } = await openConsent(cookie, authorizeUrl(t, app, { scope: 'boards:read', state: 'orig' }));
    const response = await decide(
      t,
      cookie,
      { ...fields, scope: 'user:read boards:read boards:write', redirect_uri: 'https://evil.test/cb', client_id: publicApp.clientId, code_challenge: challenge, state: 'evil' },
      'approve',
    );
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.host).toBe('app.example');
    expect(location.searchParams.get('state')).toBe('orig');
    const code = location.searchParams.get('code') ?? '';
    const token = await fetch(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, client_id: app.clientId, client_secret: app.clientSecret ?? '' }),
    });
    expect(((await token.json()) as { scope: string }).scope).toBe('boards:read');
  });

  test('70. a pending request answered twice or after 10 minutes shows an error page', async () => {
    const { fields } = await openConsent(cookie, authorizeUrl(t, app, {}));
    expect((await decide(t, cookie, fields, 'approve')).status).toBe(303);
    const twice = await decide(t, cookie, fields, 'approve');
    expect(twice.status).toBe(400);
    expect(twice.headers.get('location')).toBeNull();
    const later = await openConsent(cookie, authorizeUrl(t, app, {}));
    t.clock.advance(10 * 60 * 1000 + 1000);
    const expired = await decide(t, cookie, later.fields, 'approve');
    expect(expired.status).toBe(400);
    expect(expired.headers.get('location')).toBeNull();
  });

  test('71. the session cookie is HttpOnly, Secure, SameSite=Lax', async () => {
    const someone = await t.createUser();
    const started = await fetch(`${t.url}/oauth/signin/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: someone.email }),
    });
    const ticket = /name="ticket" value="([^"]+)"/.exec(await started.text())?.[1] ?? '';
    const messages = t.server.services.oauth.devOutbox?.messages ?? [];
    const code = /(\d{6})/.exec(messages[messages.length - 1]?.subject ?? '')?.[1] ?? '';
    const verified = await fetch(`${t.url}/oauth/signin/code`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ticket, code }),
    });
    const setCookie = verified.headers.getSetCookie().find((c) => c.startsWith('bds_session=')) ?? '';
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
  });

  test('72. authorize, sign-in, consent and error pages forbid framing', async () => {
    const pages = [
      await fetch(authorizeUrl(t, app, {})),
      await fetch(authorizeUrl(t, app, {}), { headers: { Cookie: cookie } }),
      await fetch(raw('client_id=nope')),
      await fetch(`${t.url}/oauth/signin`),
    ];
    for (const response of pages) {
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  test('73. the consent page sends no referrer, is not cached, and loads nothing from third parties', async () => {
    const { response, page } = await openConsent(cookie, authorizeUrl(t, app, {}));
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/(src|href)="https?:/);
  });

  test('74. app name and description are escaped; CSP forbids scripts', async () => {
    const evil = await registerApp(t, dev, {
      name: '<script>alert(1)</script>',
      description: '"><img src=x onerror=alert(1)> javascript:alert(1)',
      redirectUri: 'https://app.example/cb',
    });
    const { response, page } = await openConsent(cookie, authorizeUrl(t, evil, {}));
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("img-src 'self'");
    expect(csp).not.toContain('script-src');
  });

  test('75. the consent page shows name, logo, description, exact scopes, redirect host, and "in development"', async () => {
    const { page } = await openConsent(cookie, authorizeUrl(t, app, { scope: 'boards:read' }));
    expect(page).toContain('Connect Test App');
    expect(page).toContain('Does test things.');
    expect(page).toContain('<code>boards:read</code>');
    expect(page).not.toContain('<code>boards:write</code>');
    expect(page).toContain('app.example');
    expect(page).toContain('In development');
    expect(page).toContain('aria-label="Boards"');
  });
});
