import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signedInContext } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import { boardWith, openBoard, restItems } from '../helpers/canvasBoard.js';
import { json } from '../helpers/testServer.js';
import { downloaded } from './panelsKit.js';

const { available, suite } = webSuite('the phone layout browser test');
const phone = { width: 390, height: 844 };

async function phonePage(): Promise<Page> {
  const context = await signedInContext(suite.browser, suite.t, suite.owner.id, phone, { isMobile: true, hasTouch: true });
  suite.contexts.push(context);
  return context.newPage();
}

/** Whether `target` is drawn inside the screen and is what a finger at its centre touches (nothing clips or covers it). */
async function reachable(target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box || box.x < 0 || box.y < 0 || box.x + box.width > phone.width + 0.5 || box.y + box.height > phone.height + 0.5) return false;
  return target.evaluate((el, at) => {
    const hit = (el.ownerDocument as unknown as { elementFromPoint(x: number, y: number): unknown }).elementFromPoint(at.x, at.y);
    return hit === el || el.contains(hit as never);
  }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
}

describe.skipIf(!available)('the web app on a phone (390 × 844, touch)', { timeout: 180_000 }, () => {
  test('the dashboard gives the boards the whole width: the title field and Create board are on the screen, and a tap creates and opens the board', async () => {
    const page = await phonePage();
    await page.goto(`${suite.t.url}/`);
    const title = page.getByRole('textbox', { name: 'New board title' });
    const create = page.getByRole('button', { name: 'Create board' });
    await create.waitFor();
    await expect.poll(() => reachable(title)).toBe(true);
    await expect.poll(() => reachable(create)).toBe(true);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(phone.width);
    await title.tap();
    await page.keyboard.type('From my phone');
    await create.tap();
    await page.waitForURL(/\/boards\/brd_/);
    const boards = (await json(suite.t.api(suite.owner.key, 'GET', '/boards?limit=100'))).data as { id: string; title: string }[];
    const made = boards.find((b) => b.title === 'From my phone');
    expect(made && page.url().endsWith(`/boards/${made.id}`)).toBe(true);
  });

  test('the Export menu opens below the header within the screen, each entry can be tapped, and the JSON it downloads is what REST reads', async () => {
    const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Phone export', [
      { op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Pocket' } },
    ]);
    const page = await phonePage();
    await openBoard(page, suite.t, boardId);
    const button = page.getByRole('button', { name: 'Export' });
    await button.tap();
    const menu = page.getByRole('menu', { name: 'Export' });
    await menu.waitFor();
    const entries = menu.getByRole('menuitem');
    expect(await entries.count()).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < (await entries.count()); i += 1) expect(await reachable(entries.nth(i))).toBe(true);
    const header = (await page.locator('header.topbar').boundingBox())!;
    expect((await menu.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
    const file = await downloaded(page, () => menu.locator('[role=menuitem][data-export=json]').tap());
    expect(JSON.parse(file.bytes.toString('utf8')).items).toEqual(await restItems(suite.t, suite.owner.key, boardId));
  });
});
