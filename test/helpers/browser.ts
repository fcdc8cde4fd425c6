import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { TestServer, TestUser } from './testServer.js';
import { startTestServer } from './testServer.js';

/** Debian's Chromium, which the browser tests drive through playwright-core. */
export const chromiumPath = '/usr/bin/chromium';

/**
 * True when Chromium is installed. Suites skip without it, except in CI (`CI` set), where a
 * missing browser is an error (.ci/run installs it).
 */
export function chromiumAvailable(suite: string): boolean {
  const available = existsSync(chromiumPath);
  if (!available && process.env.CI) {
    throw new Error(`Chromium is required in CI for ${suite} but ${chromiumPath} is missing (.ci/run installs it).`);
  }
  if (!available) console.warn(`Skipping ${suite}: ${chromiumPath} is not installed (apt-get install chromium).`);
  return available;
}

/** Starts headless Chromium with the flags these machines need. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** Where browser tests save screenshots (gitignored); created on first use. */
export function artifactPath(name: string): string {
  const dir = path.resolve('test/artifacts');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/** A browser context signed in as `userId`: a real session cookie, as the sign-in pages set it; `device` emulates a phone (touch, mobile viewport). */
export async function signedInContext(
  browser: Browser,
  t: TestServer,
  userId: string,
  viewport = { width: 1280, height: 800 },
  device: { isMobile?: boolean; hasTouch?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, ...device });
  const { token } = await t.server.services.oauth.sessions.createSession(userId);
  await context.addCookies([{ name: 'bds_session', value: token, url: t.url, httpOnly: true, secure: true, sameSite: 'Lax' }]);
  return context;
}

/** A new page signed in as `userId` whose context joins `contexts` (closed by the suite), with page errors logged. */
export async function signedInPage(browser: Browser, t: TestServer, userId: string, contexts: BrowserContext[]): Promise<Page> {
  const context = await signedInContext(browser, t, userId);
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

/** Closes every context, the browser and the server of a browser suite. */
export async function closeBrowserSuite(contexts: readonly BrowserContext[], browser: Browser | undefined, t: TestServer | undefined): Promise<void> {
  for (const context of contexts) await context.close();
  await browser?.close();
  await t?.stop();
}

/** Builds the web app when `dist/webapp` has none (the browser suites serve it; rebuild after changing web/). */
export function ensureWebApp(): void {
  if (!existsSync(path.resolve('dist/webapp/app.js'))) execFileSync(process.execPath, ['scripts/build-web.mjs'], { stdio: 'inherit' });
}

/**
 * The start of a browser suite: builds the web app when `dist/webapp` has none (rebuild after
 * changing web/), starts a test server with an owner on the business plan, and Chromium.
 */
export async function startBrowserSuite(): Promise<{ t: TestServer; owner: TestUser; browser: Browser }> {
  ensureWebApp();
  const t = await startTestServer();
  const owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  return { t, owner, browser: await launchChromium() };
}
