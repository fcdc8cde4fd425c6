import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, ensureWebApp, launchChromium } from '../helpers/browser.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the public link browser test');

let t: TestServer;
let owner: TestUser;
let browser: Browser;

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  t = await startTestServer();
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (!available) return;
  await browser?.close();
  await t?.stop();
});

describe.skipIf(!available)('a public link in a browser', { timeout: 120_000 }, () => {
  test("opens the board at the link's address without signing in, read-only for a viewer link", async () => {
    const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Open house' }));
    for (const x of [0, 300]) await t.api(owner.key, 'POST', `/boards/${board.id}/items`, { type: 'sticky_note', position: { x, y: 0 }, data: { text: `note ${x}` } });
    const link = await json(t.api(owner.key, 'PUT', `/boards/${board.id}/public-link`, { enabled: true, role: 'viewer' }));
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      await page.goto(link.url);
      await page.waitForSelector('.status[data-status=connected]');
      await page.locator('body[data-first-paint-items="2"]').waitFor({ state: 'attached' });
      expect(await page.locator('.item').count()).toBe(2);
      // A viewer link gives no tools that write.
      expect(await page.locator('[data-tool=sticky_note]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
