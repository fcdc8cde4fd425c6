import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as oauth from 'oauth4webapi';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';
import type { TestApp } from './helpers/oauthFlow.js';
import { authorizeUrl, registerApp } from './helpers/oauthFlow.js';
import { squarePng } from './helpers/images.js';

const executablePath = '/usr/bin/chromium';
const available = existsSync(executablePath);
if (!available && process.env.CI) {
  throw new Error(`Chromium is required in CI for the browser test but ${executablePath} is missing (.ci/run installs it).`);
}
if (!available) console.warn(`Skipping the browser test: ${executablePath} is not installed (apt-get install chromium).`);

const artifacts = path.resolve('test/artifacts');

let t: TestServer;
let dev: TestUser;
let app: TestApp;
let callbackServer: Server;
let browser: Browser;

beforeAll(async () => {
  if (!available) return;
  callbackServer = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('callback reached');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  const port = (callbackServer.address() as AddressInfo).port;
  t = await startTestServer();
  dev = await t.createUser({ name: 'Dev' });
  app = await registerApp(t, dev, {
    name: 'Acme Planner',
    description: 'Plans your week from your boards.',
    redirectUri: `http://127.0.0.1:${port}/callback`,
    logo: squarePng,
    isPublic: true,
  });
  browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}, 60_000);

afterAll(async () => {
  if (!available) return;
  await browser?.close();
  await t?.stop();
  await new Promise<void>((resolve) => callbackServer.close(() => resolve()));
});

/** Signs in with an email code on the page the authorization URL shows, and lands on consent. */
async function signInOnPage(page: Page, url: string, email: string): Promise<void> {
  await page.goto(url);
  await expect.poll(() => page.locator('h1').textContent()).toContain('Sign in to connect Acme Planner');
  const before = t.server.services.oauth.devOutbox?.messages.length ?? 0;
  await page.fill('input[name=email]', email);
  await page.click('button[type=submit]');
  await page.waitForSelector('input[name=code]');
  const message = t.server.services.oauth.devOutbox?.messages.slice(before).find((m) => m.to === email);
  const code = /(\d{6})/.exec(message?.subject ?? '')?.[1] ?? '';
  await page.fill('input[name=code]', code);
  await page.click('button[type=submit]');
  await page.waitForSelector('h1:has-text("Connect Acme Planner")');
}

describe.skipIf(!available)('browser: sign in, consent, redirect', () => {
  test('signs in with an email code, authorizes, and lands on the redirect URI with a code', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const verifier = oauth.generateRandomCodeVerifier();
    const url = authorizeUrl(t, app, { state: 'browser state+1', codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) });
    await signInOnPage(page, url, dev.email);
    expect(await page.locator('img[alt="Acme Planner logo"]').count()).toBe(1);
    expect(await page.textContent('body')).toContain('Plans your week from your boards.');
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, 'consent.png'), fullPage: true });
    await Promise.all([page.waitForURL(/\/callback\?/), page.click('button[value=approve]')]);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/callback');
    expect(landed.searchParams.get('code')).toMatch(/^bds_ac_/);
    expect(landed.searchParams.get('state')).toBe('browser state+1');
    expect(landed.searchParams.get('iss')).toBe(t.url);
    const cookies = await context.cookies(t.url);
    expect(cookies.find((c) => c.name === 'bds_session')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
    await context.close();
  });

  test('denies and lands on the redirect URI with error=access_denied', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const url = authorizeUrl(t, app, { state: 'deny-me', codeChallenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()) });
    await signInOnPage(page, url, dev.email);
    await Promise.all([page.waitForURL(/\/callback\?/), page.click('button[value=deny]')]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('state')).toBe('deny-me');
    expect(landed.searchParams.has('code')).toBe(false);
    await context.close();
  });
});
