import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import { boardWith, itemBox, itemsByText, openBoard, restItems, zoomOf } from '../helpers/canvasBoard.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the canvas zoom browser test');

let t: TestServer;
let owner: TestUser;
let spaceId: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  t = await startTestServer();
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Zoom' }))).id;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

/** Two notes far apart: fitting them needs a zoom well below 100 %. */
const farApart: Body[] = [
  { op: 'create', type: 'sticky_note', position: { x: -2000, y: 0 }, data: { text: 'West' } },
  { op: 'create', type: 'sticky_note', position: { x: 2000, y: 0 }, data: { text: 'East' } },
];

async function opened(title: string): Promise<{ page: Page; boardId: string; items: Record<string, Body> }> {
  const boardId = await boardWith(t, owner.key, spaceId, title, farApart);
  const page = await signedInPage(browser, t, owner.id, contexts);
  await openBoard(page, t, boardId);
  return { page, boardId, items: await itemsByText(t, owner.key, boardId) };
}

async function surfaceBox(page: Page) {
  return (await page.locator('.surface').boundingBox())!;
}

/** True when the item is drawn wholly inside the canvas (items far outside the view are not drawn at all). */
async function inView(page: Page, id: string): Promise<boolean> {
  if ((await page.locator(`.item[data-item-id="${id}"]`).count()) === 0) return false;
  const s = await surfaceBox(page);
  const b = await itemBox(page, id);
  return b.x >= s.x && b.y >= s.y && b.x + b.width <= s.x + s.width && b.y + b.height <= s.y + s.height;
}

async function toolbarZoom(page: Page): Promise<string> {
  return (await page.locator('.toolbar button.zoom').textContent()) ?? '';
}

describe.skipIf(!available)('zooming and the minimap', { timeout: 120_000 }, () => {
  test('one Ctrl+wheel notch zooms by about 10 % about the pointer; the toolbar shows the zoom', async () => {
    const { page, boardId } = await opened('Wheel');
    const before = await restItems(t, owner.key, boardId);
    const s = await surfaceBox(page);
    await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
    const start = await zoomOf(page);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await expect.poll(async () => (await zoomOf(page)) / start).toBeCloseTo(1.1, 2);
    await page.mouse.wheel(0, -100);
    await page.mouse.wheel(0, -100);
    await expect.poll(async () => (await zoomOf(page)) / start).toBeCloseTo(1.331, 2);
    // A trackpad pinch sends small deltas: the zoom follows in proportion, far less than a notch.
    const mid = await zoomOf(page);
    await page.mouse.wheel(0, 10);
    await expect.poll(async () => (await zoomOf(page)) / mid).toBeCloseTo(1 / 1.1 ** 0.1, 3);
    await page.keyboard.up('Control');
    expect(await toolbarZoom(page)).toBe(`${Math.round((await zoomOf(page)) * 100)}%`);
    // Zooming changes the view only.
    expect(await restItems(t, owner.key, boardId)).toEqual(before);
  });

  test('Ctrl+0 gives 100 %, Shift+1 fits the board, Shift+2 zooms to the selection', async () => {
    const { page, items } = await opened('Keys');
    const fitted = await zoomOf(page);
    expect(fitted).toBeLessThan(0.5);
    await page.keyboard.press('Control+Digit0');
    await expect.poll(() => zoomOf(page)).toBe(1);
    expect(await toolbarZoom(page)).toBe('100%');
    expect(await inView(page, items.West.id)).toBe(false);
    await page.keyboard.press('Shift+Digit1');
    await expect.poll(() => zoomOf(page)).toBeCloseTo(fitted, 5);
    expect(await inView(page, items.West.id)).toBe(true);
    expect(await inView(page, items.East.id)).toBe(true);

    const east = await itemBox(page, items.East.id);
    await page.mouse.click(east.x + east.width / 2, east.y + east.height / 2);
    await page.locator(`.item.selected[data-item-id="${items.East.id}"]`).waitFor();
    await page.keyboard.press('Shift+Digit2');
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(1);
    const s = await surfaceBox(page);
    const shown = await itemBox(page, items.East.id);
    expect(Math.abs(shown.x + shown.width / 2 - (s.x + s.width / 2))).toBeLessThan(2);
    expect(Math.abs(shown.y + shown.height / 2 - (s.y + s.height / 2))).toBeLessThan(2);
    // The selection fills the canvas but for a margin.
    expect(shown.height).toBeGreaterThan(s.height * 0.7);
    expect(await inView(page, items.East.id)).toBe(true);
    expect(await inView(page, items.West.id)).toBe(false);
  });

  test('a click on the minimap moves the view there; arrow keys move it from the keyboard; a button hides it', async () => {
    const { page, items } = await opened('Minimap');
    await page.keyboard.press('Control+Digit0');
    await expect.poll(() => zoomOf(page)).toBe(1);
    expect(await inView(page, items.East.id)).toBe(false);
    const map = page.getByRole('application', { name: /Map of the board/ });
    const box = (await map.boundingBox())!;
    // The board spans the map's width: East is drawn near its right end.
    await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
    await expect.poll(() => inView(page, items.East.id)).toBe(true);
    expect(await zoomOf(page)).toBe(1);

    const view = (await page.locator('.surface').getAttribute('data-view')) ?? '';
    await map.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.locator('.surface').getAttribute('data-view')).not.toBe(view);
    const [x] = ((await page.locator('.surface').getAttribute('data-view')) ?? '').split(',').map(Number);
    expect(x).toBeGreaterThan(Number(view.split(',')[0]));

    await page.getByRole('button', { name: 'Hide map' }).click();
    expect(await map.count()).toBe(0);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await map.waitFor();
  });

  test('the canvas controls have names and pass the axe checks, with a selection and the minimap shown', async () => {
    const { page, items } = await opened('Accessible');
    const west = await itemBox(page, items.West.id);
    await page.mouse.click(west.x + west.width / 2, west.y + west.height / 2);
    await page.locator('.resize-handle').first().waitFor();
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate<string[]>(
      "axe.run(document.querySelector('.canvas-wrap')).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))",
    );
    expect(violations).toEqual([]);
    // Every control of the toolbar and the minimap is reached with Tab.
    const reached = new Set<string>();
    await page.locator('.toolbar button').first().focus();
    for (let i = 0; i < 60; i += 1) {
      reached.add(await page.evaluate<string>("document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''"));
      await page.keyboard.press('Tab');
    }
    for (const name of ['Select', 'Hand', 'Note', 'Zoom in', 'Zoom out', 'Hide map', 'Map of the board: click or use the arrow keys to move the view']) expect(reached).toContain(name);
  });
});
