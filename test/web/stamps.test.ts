import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signedInPage } from '../helpers/browser.js';
import { canvasPoint, webSuite } from '../helpers/boardPage.js';
import { boardWith, openBoard, restItems } from '../helpers/canvasBoard.js';

const { available, suite } = webSuite('the stamp picker browser test');

const stampsOf = async (boardId: string): Promise<string[]> => (await restItems(suite.t, suite.owner.key, boardId)).filter((i) => i.type === 'stamp').map((i) => i.data.emoji as string);

/** Chooses the Stamp tool from the toolbar's More menu; resolves once its picker shows. */
async function stampTool(page: Page): Promise<void> {
  await page.click('button[data-tool=more]');
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'Stamp', exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Stamp to place' }).waitFor();
}

const checked = (page: Page) => page.getByRole('radiogroup', { name: 'Stamp to place' }).locator('[role=radio][aria-checked=true]').getAttribute('aria-label');

/** Places the chosen stamp `dx` px into the canvas and ends the emoji's editing; resolves once REST has `count` stamps. */
async function place(page: Page, boardId: string, dx: number, count: number): Promise<void> {
  const at = await canvasPoint(page, dx, 300);
  await page.mouse.click(at.x, at.y);
  await expect.poll(async () => (await stampsOf(boardId)).length).toBe(count);
  await page.keyboard.press('Escape');
}

describe.skipIf(!available)('the stamp picker', { timeout: 180_000 }, () => {
  test('the Stamp tool offers eight named stamps; one chosen with the arrow keys is placed, and is still chosen for the next stamp and after a reload', async () => {
    const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Stamps', []);
    const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
    await openBoard(page, suite.t, boardId);
    expect(await page.getByRole('radiogroup', { name: 'Stamp to place' }).count()).toBe(0);

    await stampTool(page);
    const radios = page.getByRole('radiogroup', { name: 'Stamp to place' }).getByRole('radio');
    expect(await radios.evaluateAll((all) => all.map((r) => r.getAttribute('aria-label')))).toEqual(['Thumbs up', 'Heart', 'Laughing', 'Party', 'Done', 'Question', 'Star', 'Fire']);
    expect(await checked(page)).toBe('Thumbs up');
    // The checked stamp is the one Tab reaches; the arrow keys move the choice.
    expect(await radios.evaluateAll((all) => all.map((r) => r.getAttribute('tabindex')))).toEqual(['0', '-1', '-1', '-1', '-1', '-1', '-1', '-1']);
    await page.getByRole('radio', { name: 'Thumbs up' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await checked(page)).toBe('Party');
    await page.locator('[role=radio][aria-label=Party]:focus').waitFor();
    await place(page, boardId, 120, 1);
    expect(await stampsOf(boardId)).toEqual(['🎉']);
    expect(await page.getByRole('radiogroup', { name: 'Stamp to place' }).count()).toBe(0);

    // The next stamp is the one chosen last.
    await stampTool(page);
    expect(await checked(page)).toBe('Party');
    await place(page, boardId, 300, 2);
    expect(await stampsOf(boardId)).toEqual(['🎉', '🎉']);

    // After a reload too; a click picks another.
    await openBoard(page, suite.t, boardId);
    await stampTool(page);
    expect(await checked(page)).toBe('Party');
    await page.getByRole('radio', { name: 'Fire' }).click();
    await place(page, boardId, 480, 3);
    expect((await stampsOf(boardId)).sort()).toEqual(['🎉', '🎉', '🔥'].sort());
  });
});
