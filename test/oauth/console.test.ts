import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import { formFields, signIn } from './helpers/oauthFlow.js';
import { notAnImage, squarePng, wideHeaderPng } from './helpers/images.js';

let t: TestServer;
let dev: TestUser;
let cookie: string;

beforeAll(async () => {
  t = await startTestServer();
  dev = await t.createUser();
  cookie = await signIn(t, dev.email);
});
afterAll(() => t.stop());

const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/console/api${path}`, {
    method,
    headers: { Cookie: cookie, 'X-Requested-With': 'boards-console', Origin: t.url, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const registration = (extra: Record<string, unknown> = {}) => ({
  name: 'Console App',
  redirectUri: 'https://console-app.example.com/cb',
  scopes: ['user:read'],
  acceptTerms: true,
  ...extra,
});

describe('developer console', () => {
  test('the console asks people who are not signed in to sign in first', async () => {
    const response = await fetch(`${t.url}/console`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/oauth/signin?return_to=%2Fconsole');
    expect((await fetch(`${t.url}/console/api/apps`)).status).toBe(401);
  });

  test('registers an app through the page with a logo upload, then reveals its secret', async () => {
    const home = await (await fetch(`${t.url}/console`, { headers: { Cookie: cookie } })).text();
    const { csrf = '' } = formFields(home, '/console/apps');
    const form = new FormData();
    form.set('csrf', csrf);
    form.set('name', 'Page App');
    form.set('description', 'Registered through the page.');
    form.set('redirectUri', 'https://page-app.example.com/cb');
    form.append('scopes', 'user:read');
    form.append('scopes', 'boards:read');
    form.set('acceptTerms', '2026-10-01');
    form.set('logo', new Blob([squarePng], { type: 'image/png' }), 'logo.png');
    const created = await fetch(`${t.url}/console/apps`, { method: 'POST', redirect: 'manual', headers: { Cookie: cookie, Origin: t.url }, body: form });
    expect(created.status).toBe(303);
    const appPath = created.headers.get('location') ?? '';
    const page = await (await fetch(`${t.url}${appPath}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('Page App');
    expect(page).toContain('alt="Page App logo"');
    const reveal = formFields(page, `${appPath}/reveal`);
    const revealed = await fetch(`${t.url}${appPath}/reveal`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: t.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(reveal),
    });
    expect(await revealed.text()).toMatch(/<div class="secret">bds_cs_[A-Za-z0-9_-]{43}<\/div>/);
  });

  test('a console form without its CSRF token is refused', async () => {
    const response = await fetch(`${t.url}/console/keys`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ scopes: 'user:read' }),
    });
    expect(response.status).toBe(403);
  });

  test('JSON changes need the console header', async () => {
    expect((await api('POST', '/apps', registration(), { 'X-Requested-With': '' })).status).toBe(403);
  });

  test.each([
    ['not square', wideHeaderPng],
    ['not an image', notAnImage],
    ['over 512 KB', new Uint8Array(600 * 1024)],
  ])('a logo that is %s is refused by reading the image', async (_label, bytes) => {
    const response = await api('POST', '/apps', registration({ logo: Buffer.from(bytes).toString('base64') }));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe('logo');
  });

  test('registration needs the developer terms, a name of at most 200 and a description of at most 500 characters', async () => {
    expect((await api('POST', '/apps', registration({ acceptTerms: false }))).status).toBe(422);
    expect((await api('POST', '/apps', registration({ name: 'x'.repeat(201) }))).status).toBe(422);
    expect((await api('POST', '/apps', registration({ description: 'x'.repeat(501) }))).status).toBe(422);
  });

  test('publishing needs a description, a logo and an https redirect on the developer domain', async () => {
    const bare = (await (await api('POST', '/apps', registration())).json()) as { app: { clientId: string } };
    const refused = await api('POST', `/apps/${bare.app.clientId}/publish`, { acceptTerms: true });
    expect(refused.status).toBe(422);
    const issues = ((await refused.json()) as { error: { issues: { field: string }[] } }).error.issues.map((i) => i.field);
    expect(issues).toEqual(['description', 'logo']);
    const local = (await (await api('POST', '/apps', registration({ redirectUri: 'http://localhost:3000/cb', description: 'd', logo: Buffer.from(squarePng).toString('base64') }))).json()) as { app: { clientId: string } };
    expect((await api('POST', `/apps/${local.app.clientId}/publish`, { acceptTerms: true })).status).toBe(422);
    await api('PATCH', `/apps/${bare.app.clientId}`, { description: 'Now described.', logo: Buffer.from(squarePng).toString('base64') });
    const published = await api('POST', `/apps/${bare.app.clientId}/publish`, { acceptTerms: true });
    expect(((await published.json()) as { status: string }).status).toBe('published');
  });

  test('a public app has no secret and its kind cannot change', async () => {
    const created = (await (await api('POST', '/apps', registration({ cannotKeepSecret: true }))).json()) as { clientSecret: string | null; app: { clientId: string } };
    expect(created.clientSecret).toBeNull();
    expect((await api('POST', `/apps/${created.app.clientId}/secret`)).status).toBe(409);
    expect((await api('PATCH', `/apps/${created.app.clientId}`, { cannotKeepSecret: false })).status).toBe(422);
  });

  test('at most 25 apps per workspace: the plan cap answers 402 like every plan cap', async () => {
    const other = await t.createUser();
    for (let i = 0; i < 25; i += 1) {
      await t.server.services.oauth.apps.register({ userId: other.id, name: `App ${i}`, redirectUri: 'https://x.example.com/cb', scopes: 'user:read', isPublic: false, acceptedTerms: true });
    }
    await expect(
      t.server.services.oauth.apps.register({ userId: other.id, name: 'One too many', redirectUri: 'https://x.example.com/cb', scopes: 'user:read', isPublic: false, acceptedTerms: true }),
    ).rejects.toMatchObject({ code: 'payment_required', details: { limit: 'oauthApps', plan: 'basic', max: 25, used: 25 } });
  });

  test('apps of another workspace are not visible', async () => {
    const other = await t.createUser();
    const { app } = await t.server.services.oauth.apps.register({ userId: other.id, name: 'Theirs', redirectUri: 'https://x.example.com/cb', scopes: 'user:read', isPublic: false, acceptedTerms: true });
    expect((await api('GET', `/apps/${app.id}`)).status).toBe(404);
    expect((await api('POST', `/apps/${app.id}/secret`)).status).toBe(404);
  });
});
