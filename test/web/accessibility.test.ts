import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeViolations, seriousAccessibilityViolations } from '../helpers/accessibility.js';
import { chromiumAvailable, closeBrowserSuite, signedInPage, startBrowserSuite } from '../helpers/browser.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';

const available = chromiumAvailable('the web app accessibility test');

let t: TestServer;
let owner: TestUser;
let spaceId: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ({ t, owner, browser } = await startBrowserSuite());
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Product' }))).id;
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

/** A board in the space with a note, a text and a shape on it. */
async function boardWithItems(title: string): Promise<string> {
  const board = await json(t.api(owner.key, 'POST', '/boards', { title, spaceId }));
  const operations = [
    { op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'A note' } },
    { op: 'create', type: 'text', position: { x: 300, y: 0 }, data: { text: 'A heading' } },
    { op: 'create', type: 'shape', position: { x: 0, y: 300 }, data: { shape: 'rectangle', text: 'A box' } },
  ];
  expect((await t.api(owner.key, 'POST', `/boards/${board.id}/items:batch`, { operations })).status).toBe(200);
  return board.id as string;
}

async function openBoard(page: Page, boardId: string): Promise<void> {
  await page.goto(`${t.url}/boards/${boardId}`);
  await page.waitForSelector('.status[data-status=connected]');
  await page.locator('body[data-first-paint-ms]').waitFor({ state: 'attached' });
  // The editing tools are enabled once the board's writes have loaded.
  await page.waitForSelector('button[data-tool=sticky_note]:not([disabled])');
}

/** The parts of the page's DOM these checks read (the project compiles without the DOM library; the functions run in the page). */
interface PageElement {
  readonly tagName: string;
  readonly textContent: string | null;
  readonly disabled?: boolean;
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
}
interface PageDocument {
  readonly activeElement: PageElement | null;
  readonly body: PageElement;
  querySelectorAll(selector: string): Iterable<PageElement>;
}

/** The focused element: its accessible name as axe and screen readers compute it (aria-label, else text), and whether it is in the toolbar. */
function focused(page: Page): Promise<{ name: string; inToolbar: boolean; key: string } | null> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as { document: PageDocument };
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    const inToolbar = element.closest('[role=toolbar]') !== null;
    const key = `${element.tagName}|${element.getAttribute('data-tool') ?? element.getAttribute('data-action') ?? ''}|${name}|${element.getAttribute('title') ?? ''}`;
    return { name, inToolbar, key };
  });
}

describe.skipIf(!available)('web app accessibility', { timeout: 120_000 }, () => {
  test('the dashboard has no serious or critical axe violations', async () => {
    const boardId = await boardWithItems('Roadmap');
    const page = await signedInPage(browser, t, owner.id, contexts);
    await page.goto(`${t.url}/`);
    await page.waitForSelector(`.board-row[data-board-id="${boardId}"]`);
    const all = await seriousAccessibilityViolations(page);
    expect(all, describeViolations(all)).toEqual([]);
    // A space selected: its Share space button shows too.
    await page.getByRole('button', { name: /^Product/ }).click();
    await page.getByRole('button', { name: 'Share space' }).waitFor();
    const space = await seriousAccessibilityViolations(page);
    expect(space, describeViolations(space)).toEqual([]);
    // What was checked is the owner's real list.
    const listed = await json(t.api(owner.key, 'GET', `/boards?spaceId=${spaceId}`));
    expect(listed.data.map((b: Body) => b.id)).toContain(boardId);
  });

  test('the board page has no serious or critical axe violations, with an item selected too', async () => {
    const boardId = await boardWithItems('Checked board');
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, boardId);
    const idle = await seriousAccessibilityViolations(page);
    expect(idle, describeViolations(idle)).toEqual([]);
    const items = (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data as Body[];
    const note = items.find((i) => i.type === 'sticky_note');
    await page.locator(`.item[data-item-id="${note?.id}"]`).click();
    await page.waitForSelector('button[data-action=delete]:not([disabled])');
    const selected = await seriousAccessibilityViolations(page);
    expect(selected, describeViolations(selected)).toEqual([]);
  });

  test('every toolbar control is reached with Tab and has a name; a tool chosen from the keyboard makes a note', async () => {
    const boardId = await boardWithItems('Keyboard board');
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, boardId);
    const controls = await page.evaluate(() =>
      [...(globalThis as unknown as { document: PageDocument }).document.querySelectorAll('[role=toolbar] button, [role=toolbar] a, [role=toolbar] input, [role=toolbar] select')]
        .filter((e) => e.disabled !== true && e.getAttribute('tabindex') !== '-1')
        .map((e) => `${e.tagName}|${e.getAttribute('data-tool') ?? e.getAttribute('data-action') ?? ''}|${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim()}|${e.getAttribute('title') ?? ''}`),
    );
    expect(controls.length).toBeGreaterThan(5);

    // From the top of the page, Tab through everything: the toolbar's controls are all reached, each with a name.
    await page.locator('body').focus();
    const reached: string[] = [];
    for (let presses = 0; presses < 80; presses += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now === null || reached.includes(now.key)) break;
      reached.push(now.key);
      if (now.inToolbar) expect(now.name, now.key).not.toBe('');
    }
    for (const control of controls) expect(reached, control).toContain(control);

    // Back to the Note tool with Tab and Enter, then a click on the canvas: the note is stored.
    await page.locator('button[data-tool=hand]').focus();
    await page.keyboard.press('Tab');
    expect((await focused(page))?.key).toContain('|sticky_note|');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('button[data-tool=sticky_note]').getAttribute('aria-pressed')).toBe('true');
    const box = (await page.locator('.surface').boundingBox())!;
    await page.mouse.click(box.x + 200, box.y + box.height - 100);
    await page.waitForSelector('textarea.text-editor');
    await page.keyboard.type('Made from the keyboard');
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => ((await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data as Body[]).map((i) => i.data.text))
      .toContain('Made from the keyboard');
  });
});
