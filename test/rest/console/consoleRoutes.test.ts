import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consoleProblemStatus } from '../../../rest/console/consoleRoutes.js';
import { formReadError } from '../../../rest/console/consoleForm.js';
import { ServiceError, ValidationError, errors } from '../../../server/errors.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { startTestServer } from '../../helpers/testServer.js';
import { formFields, signIn } from '../../oauth/helpers/oauthFlow.js';
import { squarePng } from '../../oauth/helpers/images.js';

let t: TestServer;
let dev: TestUser;
let cookie: string;

beforeAll(async () => {
  t = await startTestServer();
  dev = await t.createUser();
  cookie = await signIn(t, dev.email);
});
afterAll(() => t.stop());

async function consoleCsrf(): Promise<string> {
  const home = await (await fetch(`${t.url}/console`, { headers: { Cookie: cookie } })).text();
  return formFields(home, '/console/apps').csrf ?? '';
}

function registration(csrf: string): FormData {
  const form = new FormData();
  form.set('csrf', csrf);
  form.set('name', 'Form App');
  form.set('redirectUri', 'https://form-app.example.com/cb');
  form.append('scopes', 'user:read');
  form.set('acceptTerms', '2026-10-01');
  return form;
}

const post = (path: string, body: FormData | URLSearchParams | string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { method: 'POST', redirect: 'manual', headers: { Cookie: cookie, Origin: t.url, ...headers }, body });

describe('console addresses', () => {
  test('a malformed percent-escape in a console path answers 404, never 500', async () => {
    for (const path of ['/console/apps/%E0%A4%A', '/console/apps/%']) {
      expect((await fetch(`${t.url}${path}`, { headers: { Cookie: cookie } })).status).toBe(404);
    }
    const csrf = await consoleCsrf();
    expect((await post('/console/keys/%E0%A4%A/revoke', new URLSearchParams({ csrf }))).status).toBe(404);
    expect((await post('/account/apps/%/disconnect', new URLSearchParams({ csrf }))).status).toBeLessThan(500);
    const api = await fetch(`${t.url}/console/api/apps/%E0%A4%A`, { headers: { Cookie: cookie } });
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  test('a console page answers with the status of its error code', async () => {
    expect((await fetch(`${t.url}/console`, { method: 'PUT', headers: { Cookie: cookie } })).status).toBe(405);
    expect(consoleProblemStatus(errors.forbidden())).toBe(403);
    expect(consoleProblemStatus(errors.conflict('taken'))).toBe(409);
    expect(consoleProblemStatus(errors.notFound())).toBe(404);
    expect(consoleProblemStatus(new ServiceError('service_unavailable', 'x'))).toBe(500);
    expect(consoleProblemStatus(new Error('x'))).toBe(500);
  });

  test('the console API routes every operation and answers 404 for another', async () => {
    expect((await fetch(`${t.url}/console/api/keys`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await fetch(`${t.url}/console/api/nothing`, { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await fetch(`${t.url}/console/api/keys`, { method: 'PUT', headers: { Cookie: cookie, 'X-Requested-With': 'boards-console', Origin: t.url } })).status).toBe(404);
  });
});

describe('console forms', () => {
  test('a form from another origin is refused before its body is read', async () => {
    const { port } = new URL(t.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/console/apps',
        headers: { Cookie: cookie, Origin: 'https://evil.example', 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '500000' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      // Only the start of the body: the answer must come without the rest.
      req.write('--x\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nnope\r\n');
    });
    expect(status).toBe(403);
  });

  test('a logo over 512 KB is reported as such, with 422', async () => {
    const form = registration(await consoleCsrf());
    form.set('logo', new Blob([new Uint8Array(600 * 1024)], { type: 'image/png' }), 'logo.png');
    const response = await post('/console/apps', form);
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('512 KB');
  });

  test('a second file, a malformed multipart body and an oversized form each report their own cause', async () => {
    const csrf = await consoleCsrf();
    const twoFiles = registration(csrf);
    twoFiles.append('logo', new Blob([squarePng], { type: 'image/png' }), 'a.png');
    twoFiles.append('logo', new Blob([squarePng], { type: 'image/png' }), 'b.png');
    const second = await post('/console/apps', twoFiles);
    expect(second.status).toBe(422);
    expect(await second.text()).toContain('one file');

    const broken = await post('/console/apps', '--x\r\nnot a part', { 'Content-Type': 'multipart/form-data' });
    expect(broken.status).toBe(400);
    expect(await broken.text()).not.toContain('512 KB');

    const big = await post('/console/keys', new URLSearchParams({ csrf, name: 'x'.repeat(100 * 1024) }));
    expect(big.status).toBe(413);
    expect(await big.text()).not.toContain('512 KB');
  });

  test('form read errors map by cause', () => {
    expect(formReadError(Object.assign(new Error('big'), { code: 1016, httpCode: 413 }))).toBeInstanceOf(ValidationError);
    expect(formReadError(Object.assign(new Error('fields'), { code: 1006, httpCode: 413 })).code).toBe('payload_too_large');
    expect(formReadError(Object.assign(new Error('boundary'), { code: 1013, httpCode: 400 })).code).toBe('bad_request');
    expect(formReadError(Object.assign(new Error('entity'), { status: 413 })).code).toBe('payload_too_large');
    expect(() => formReadError(new Error('disk full'))).toThrow('disk full');
  });

  test('a page form with a logo still registers the app', async () => {
    const form = registration(await consoleCsrf());
    form.set('logo', new Blob([squarePng], { type: 'image/png' }), 'logo.png');
    const created = await post('/console/apps', form);
    expect(created.status).toBe(303);
    const page = await (await fetch(`${t.url}${created.headers.get('location') ?? ''}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('alt="Form App logo"');
  });
});
