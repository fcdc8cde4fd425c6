import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebAssets } from '../../rest/web/WebAssets.js';
import type { TestServer } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import { ensureWebApp } from '../helpers/browser.js';

let t: TestServer;

beforeAll(async () => {
  ensureWebApp();
  t = await startTestServer();
});
afterAll(() => t.stop());

describe('web app and API reference pages', () => {
  test('/ and /boards/{id} answer with the app page, which loads the bundle from this server under a strict CSP', async () => {
    for (const address of ['/', '/boards/brd_anything']) {
      const response = await fetch(`${t.url}${address}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe');
      const page = await response.text();
      const script = /<script type="module" src="(\/app\/app\.js\?v=[0-9a-f]{12})">/.exec(page)?.[1];
      expect(script).toBeDefined();
      expect(page).not.toMatch(/https?:\/\//);
      const bundle = await fetch(`${t.url}${script}`);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect((await fetch(`${t.url}/app/app.js`)).headers.get('cache-control')).toBe('no-cache');
    // The chunks the bundle imports (the board's writes load when a board opens) are served under their hashed names.
    const bundle = await (await fetch(`${t.url}/app/app.js`)).text();
    const chunks = [...bundle.matchAll(/"\.\/(chunk-[A-Z0-9]+\.js)"/g)].map((m) => m[1]);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      const response = await fetch(`${t.url}/app/${chunk}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect((await fetch(`${t.url}/app/chunk-NOSUCHCHUNK.js`)).status).toBe(404);
    expect((await fetch(`${t.url}/app/chunk-../../package.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/app/app.css`)).status).toBe(200);
    expect((await fetch(`${t.url}/app/other.js`)).status).toBe(404);
    expect((await fetch(`${t.url}/boards/a/b`)).status).toBe(404);
  });

  test('/docs renders the OpenAPI document with Redoc served locally, and links the error pages and the console', async () => {
    const response = await fetch(`${t.url}/docs`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<redoc spec-url="/v1/openapi.json"');
    expect(page).toContain('href="/docs/errors"');
    expect(page).toContain('href="/console"');
    const script = /<script src="(\/docs\/redoc\.standalone\.js\?v=[0-9a-f]{12})">/.exec(page)?.[1];
    const redoc = await fetch(`${t.url}${script}`);
    expect(redoc.status).toBe(200);
    expect((await redoc.text()).length).toBeGreaterThan(100_000);
    expect((await fetch(`${t.url}/docs/errors/not_found`)).status).toBe(200);
  });

  test('an unbuilt app is reported, not served half', () => {
    const assets = new WebAssets(path.join(tmpdir(), 'boards-no-such-build'));
    expect(assets.get('app.js')).toBeUndefined();
    expect(assets.get('../package.json')).toBeUndefined();
  });
});
