import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifactPath, chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import { boardWith, dragMouse, itemBox, itemCentre, itemsByText, openBoard, restItems } from '../helpers/canvasBoard.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the canvas selection browser test');

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
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Selection' }))).id;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

const notes = (...placed: [string, number, number][]): Body[] =>
  placed.map(([text, x, y]) => ({ op: 'create', type: 'sticky_note', position: { x, y }, size: { width: 100, height: 100 }, data: { text } }));

async function opened(title: string, operations: Body[]): Promise<{ page: Page; boardId: string; items: Record<string, Body> }> {
  const boardId = await boardWith(t, owner.key, spaceId, title, operations);
  const page = await signedInPage(browser, t, owner.id, contexts);
  await openBoard(page, t, boardId);
  return { page, boardId, items: await itemsByText(t, owner.key, boardId) };
}

async function selectedIds(page: Page): Promise<string[]> {
  return (await page.locator('.item.selected').evaluateAll((els) => els.map((el) => el.getAttribute('data-item-id') ?? ''))).sort();
}

async function viewOf(page: Page): Promise<[number, number]> {
  const [x, y] = ((await page.locator('.surface').getAttribute('data-view')) ?? '').split(',').map(Number);
  return [x ?? NaN, y ?? NaN];
}

async function positions(boardId: string): Promise<unknown[]> {
  return (await restItems(t, owner.key, boardId)).map((i) => [i.id, i.position]).sort();
}

describe.skipIf(!available)('selecting and panning on the canvas', { timeout: 120_000 }, () => {
  test('a rubber band on the background selects exactly the items in it, Shift adds, and Delete removes them (REST reads them gone)', async () => {
    const { page, boardId, items } = await opened('Band', notes(['A', -300, -100], ['B', -100, -100], ['C', 300, 200], ['D', 300, -200]));
    const a = await itemBox(page, items.A.id);
    const b = await itemBox(page, items.B.id);
    await dragMouse(page, { x: a.x - 20, y: a.y - 20 }, { x: b.x + b.width / 2, y: b.y + b.height + 20 });
    await expect.poll(() => selectedIds(page)).toEqual([items.A.id, items.B.id].sort());
    const c = await itemBox(page, items.C.id);
    await page.keyboard.down('Shift');
    await dragMouse(page, { x: c.x + c.width + 20, y: c.y + c.height + 20 }, { x: c.x + c.width / 2, y: c.y + c.height / 2 });
    await page.keyboard.up('Shift');
    await expect.poll(() => selectedIds(page)).toEqual([items.A.id, items.B.id, items.C.id].sort());
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await restItems(t, owner.key, boardId)).map((i) => i.data.text)).toEqual(['D']);
  });

  test('space+drag and the middle button pan the view without selecting or moving what they start on; so does the hand tool (H)', async () => {
    const { page, boardId, items } = await opened('Pan', notes(['A', 0, 0], ['B', 300, 0]));
    const before = await positions(boardId);
    const pans = [
      async (from: { x: number; y: number }) => {
        await page.keyboard.down(' ');
        await dragMouse(page, from, { x: from.x + 120, y: from.y + 40 });
        await page.keyboard.up(' ');
      },
      (from: { x: number; y: number }) => dragMouse(page, from, { x: from.x + 120, y: from.y + 40 }, 'middle'),
      async (from: { x: number; y: number }) => {
        await page.keyboard.press('h');
        await expect.poll(() => page.locator('button[data-tool=hand]').getAttribute('aria-pressed')).toBe('true');
        await dragMouse(page, from, { x: from.x + 120, y: from.y + 40 });
        await page.keyboard.press('v');
        await expect.poll(() => page.locator('button[data-tool=select]').getAttribute('aria-pressed')).toBe('true');
      },
      async (from: { x: number; y: number }) => {
        await page.getByRole('button', { name: 'Hand' }).click();
        await dragMouse(page, from, { x: from.x + 120, y: from.y + 40 });
      },
    ];
    for (const pan of pans) {
      const view = await viewOf(page);
      const start = await itemCentre(page, items.A.id);
      await pan(start);
      await expect.poll(() => viewOf(page)).toEqual([view[0] + 120, view[1] + 40]);
      const after = await itemCentre(page, items.A.id);
      expect(Math.hypot(after.x - start.x - 120, after.y - start.y - 40)).toBeLessThan(1);
      expect(await selectedIds(page)).toEqual([]);
    }
    expect(await positions(boardId)).toEqual(before);
  });

  test('dragging the corner handle of a selection of two scales both about the opposite corner (REST reads the new sizes and positions)', async () => {
    const { page, boardId, items } = await opened('Resize', notes(['A', -150, 0], ['B', 150, 0]));
    const a = await itemBox(page, items.A.id);
    const b = await itemBox(page, items.B.id);
    const zoom = a.width / 100;
    await dragMouse(page, { x: a.x - 30, y: a.y - 30 }, { x: b.x + b.width + 30, y: b.y + b.height + 30 });
    await expect.poll(() => selectedIds(page)).toEqual([items.A.id, items.B.id].sort());
    expect(await page.locator('.resize-handle').count()).toBe(8);
    await page.screenshot({ path: artifactPath('canvas-selection.png') });
    const handle = (await page.locator('.resize-handle[data-handle=se]').boundingBox())!;
    const grab = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    // The box (-200, -50)–(200, 50) becomes (-200, -50)–(400, 150): 1.5 times as wide, twice as tall.
    await dragMouse(page, grab, { x: grab.x + 200 * zoom, y: grab.y + 100 * zoom });
    // Off by at most a pixel of the screen, however the pointer's position rounds.
    const offBy = async (expected: Record<string, number[]>) => {
      const found = await restItems(t, owner.key, boardId);
      return Math.max(...found.flatMap((i) => [i.position.x, i.position.y, i.size.width, i.size.height].map((v, k) => Math.abs(v - (expected[i.data.text]?.[k] ?? NaN)))));
    };
    await expect.poll(() => offBy({ A: [-125, 50, 150, 200], B: [325, 50, 150, 200] })).toBeLessThan(2 / zoom);
    // One undo step takes the whole resize back.
    await page.click('button[data-action=undo]');
    await expect.poll(() => offBy({ A: [-150, 0, 100, 100], B: [150, 0, 100, 100] })).toBe(0);
  });

  test('no resize handles on a comment pin', async () => {
    const { page, items } = await opened('Pins', [{ op: 'create', type: 'comment', position: { x: 0, y: 0 }, data: { text: 'Pin' } }]);
    await page.locator(`[data-item-id="${items.Pin.id}"]`).click();
    await page.locator(`.item.selected[data-item-id="${items.Pin.id}"]`).waitFor();
    expect(await page.locator('.resize-handle').count()).toBe(0);
  });
});
