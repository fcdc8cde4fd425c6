import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import { dragMouse, openBoard, zoomOf } from '../helpers/canvasBoard.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the canvas large board browser test');

let t: TestServer;
let owner: TestUser;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  t = await startTestServer();
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

/** A grid of 100 × 50 notes, 100 units wide, 120 apart, centred on the origin. */
const columns = 100;
const rows = 50;
const pitch = 120;
const at = (column: number, row: number) => ({ x: (column - (columns - 1) / 2) * pitch, y: (row - (rows - 1) / 2) * pitch });

describe.skipIf(!available)('a board of 5,000 items', { timeout: 300_000 }, () => {
  test('dragging a rubber-banded selection of 50 items moves them (REST reads it) and changes nothing else in the page', async () => {
    const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Grid' }));
    for (let start = 0; start < columns * rows; start += 100) {
      const operations = Array.from({ length: 100 }, (_, k) => {
        const i = start + k;
        return { op: 'create', type: 'sticky_note', position: at(i % columns, Math.floor(i / columns)), size: { width: 100, height: 100 }, data: { text: `n${i}` } };
      });
      expect((await t.api(owner.key, 'POST', `/boards/${board.id}/items:batch`, { operations })).status).toBe(200);
    }
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, t, board.id);
    expect(await page.locator('.surface').getAttribute('data-items')).toBe('5000');
    await page.keyboard.press('Control+Digit0');
    await expect.poll(() => zoomOf(page)).toBe(1);
    const surface = (await page.locator('.surface').boundingBox())!;
    const [vx, vy] = ((await page.locator('.surface').getAttribute('data-view')) ?? '').split(',').map(Number);
    const screen = (p: { x: number; y: number }) => ({ x: surface.x + vx! + p.x, y: surface.y + vy! + p.y });

    // Columns 45–54 and rows 22–26: a band from the gap above-left of the first to the gap below-right of the last.
    const first = at(45, 22);
    const last = at(54, 26);
    await dragMouse(page, screen({ x: first.x - 55, y: first.y - 55 }), screen({ x: last.x + 55, y: last.y + 55 }));
    const wanted = new Set<string>();
    for (let row = 22; row <= 26; row += 1) for (let column = 45; column <= 54; column += 1) wanted.add(`n${row * columns + column}`);
    await expect.poll(() => page.locator('.item.selected').count()).toBe(50);
    const selected = await page.locator('.item.selected').evaluateAll((els) => els.map((el) => [el.textContent ?? '', el.getAttribute('data-item-id') ?? ''] as const));
    expect(new Set(selected.map(([text]) => text))).toEqual(wanted);
    const neighbours = await page.locator('.item:not(.selected)').evaluateAll((els) => els.slice(0, 20).map((el) => [el.textContent ?? '', el.getAttribute('data-item-id') ?? ''] as const));

    // Every element of the page that changes during the drag, by the item it belongs to.
    await page.evaluate(`(() => {
      const touched = new Set();
      window.touched = touched;
      new MutationObserver((records) => {
        for (const record of records) {
          const node = record.target instanceof Element ? record.target : record.target.parentElement;
          touched.add(node?.closest('[data-item-id]')?.textContent ?? 'outside an item');
        }
      }).observe(document.querySelector('.world'), { subtree: true, attributes: true, childList: true, characterData: true });
    })()`);
    const grab = screen(at(50, 24));
    await dragMouse(page, grab, { x: grab.x + 240, y: grab.y + 120 });
    const touched = await page.evaluate<string[]>('[...window.touched]');
    expect(touched.filter((text) => !wanted.has(text) && text !== 'outside an item')).toEqual([]);
    expect(touched.filter((text) => wanted.has(text)).length).toBe(50);
    const position = async (id: string) => (await json(t.api(owner.key, 'GET', `/boards/${board.id}/items/${id}`))).position;
    const home = (text: string) => {
      const i = Number(text.slice(1));
      return at(i % columns, Math.floor(i / columns));
    };
    await expect.poll(async () => position(selected[0]![1])).toEqual({ x: home(selected[0]![0]).x + 240, y: home(selected[0]![0]).y + 120 });
    for (const [text, id] of selected) expect(await position(id)).toEqual({ x: home(text).x + 240, y: home(text).y + 120 });
    for (const [text, id] of neighbours) expect(await position(id)).toEqual(home(text));
  });
});
