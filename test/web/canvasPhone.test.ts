import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifactPath, chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInContext } from '../helpers/browser.js';
import { boardWith, itemCentre, itemsByText, openBoard, restItems, zoomOf } from '../helpers/canvasBoard.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the canvas phone browser test');

let t: TestServer;
let owner: TestUser;
let spaceId: string;
let browser: Browser;
const contexts: BrowserContext[] = [];
const phone = { width: 390, height: 844 };

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  t = await startTestServer();
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Phone' }))).id;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

async function phonePage(): Promise<{ page: Page; touch: CDPSession }> {
  const context = await signedInContext(browser, t, owner.id, phone, { isMobile: true, hasTouch: true });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return { page, touch: await context.newCDPSession(page) };
}

type Finger = { x: number; y: number };

/** Fingers pressed at `from`, slid to `to` in steps, and lifted (one or two fingers). */
async function slide(touch: CDPSession, from: Finger[], to: Finger[]): Promise<void> {
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: from.map((f, id) => ({ ...f, id })) });
  for (let step = 1; step <= 6; step += 1) {
    const points = from.map((f, id) => ({ id, x: f.x + ((to[id]!.x - f.x) * step) / 6, y: f.y + ((to[id]!.y - f.y) * step) / 6 }));
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points });
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

describe.skipIf(!available)('the canvas on a phone (390 × 844, touch)', { timeout: 120_000 }, () => {
  test('every toolbar button can be scrolled into view and tapped, the header stays above the canvas, and the page does not scroll sideways', async () => {
    const boardId = await boardWith(t, owner.key, spaceId, 'Phone toolbar', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Hi' } }]);
    const { page } = await phonePage();
    await openBoard(page, t, boardId);
    const header = (await page.locator('header.topbar').boundingBox())!;
    const surface = (await page.locator('.surface').boundingBox())!;
    await page.screenshot({ path: artifactPath('canvas-phone.png') });
    expect(header.y + header.height).toBeLessThanOrEqual(surface.y + 0.5);
    // The header's parts sit side by side (it scrolls sideways when they do not fit), never on top of each other.
    const parts = await page.locator('header.topbar > :not(.topbar-middle), header.topbar .topbar-middle > *').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, width: r.width };
      }),
    );
    const flat = parts.filter((p) => p.width > 0).sort((a, b) => a.left - b.left);
    for (let i = 1; i < flat.length; i += 1) expect(flat[i]!.left).toBeGreaterThanOrEqual(flat[i - 1]!.right - 0.5);
    expect(surface.width).toBe(phone.width);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(phone.width);
    const tools = await page.locator('.toolbar button[data-tool]').evaluateAll((els) => els.map((el) => el.getAttribute('data-tool') ?? ''));
    expect(tools.length).toBeGreaterThanOrEqual(8);
    const buttons = page.locator('.toolbar button');
    for (let i = 0; i < (await buttons.count()); i += 1) {
      const button = buttons.nth(i);
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    }
    // The Image button opens the system's file picker: it is reachable (above), not tapped.
    for (const tool of [...tools].reverse().filter((t) => t !== 'image')) {
      const button = page.locator(`.toolbar button[data-tool="${tool}"]`);
      await button.tap();
      // A menu of tools (shapes, more) opens on a tap; a tool is picked.
      if ((await button.getAttribute('aria-haspopup')) === 'menu') {
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
        await button.tap();
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      } else await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    }
    // The last tap picked Select; a note tool tapped and then the canvas makes a note REST reads.
    await page.locator('.toolbar button[data-tool=sticky_note]').tap();
    await page.touchscreen.tap(surface.x + 80, surface.y + surface.height - 120);
    await expect.poll(async () => (await restItems(t, owner.key, boardId)).length).toBe(2);
  });

  test('one finger on the background pans, two fingers pinch to zoom; neither moves an item', async () => {
    const boardId = await boardWith(t, owner.key, spaceId, 'Phone gestures', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Anchor' } }]);
    const before = await restItems(t, owner.key, boardId);
    const { Anchor: anchor } = await itemsByText(t, owner.key, boardId);
    const { page, touch } = await phonePage();
    await openBoard(page, t, boardId);
    const surface = (await page.locator('.surface').boundingBox())!;
    const start = await itemCentre(page, anchor.id);
    const from = { x: surface.x + 60, y: surface.y + surface.height - 150 };
    await slide(touch, [from], [{ x: from.x + 90, y: from.y - 60 }]);
    await expect.poll(async () => {
      const now = await itemCentre(page, anchor.id);
      return Math.hypot(now.x - start.x - 90, now.y - start.y + 60);
    }).toBeLessThan(1.5);
    expect(await page.locator('.item.selected').count()).toBe(0);

    const zoom = await zoomOf(page);
    const mid = { x: surface.x + surface.width / 2, y: surface.y + surface.height / 2 + 150 };
    await slide(touch, [{ x: mid.x - 40, y: mid.y }, { x: mid.x + 40, y: mid.y }], [{ x: mid.x - 80, y: mid.y }, { x: mid.x + 80, y: mid.y }]);
    await expect.poll(async () => (await zoomOf(page)) / zoom).toBeCloseTo(2, 1);
    expect(await restItems(t, owner.key, boardId)).toEqual(before);
  });
});
