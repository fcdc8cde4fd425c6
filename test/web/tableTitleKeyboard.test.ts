import { describe, expect, test } from 'vitest';
import { signedInPage } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import { boardWith, openBoard, restItems } from '../helpers/canvasBoard.js';

const { available, suite } = webSuite('the table title keyboard browser test');

describe.skipIf(!available)('a table title by keyboard only', { timeout: 180_000 }, () => {
  test('select all, Enter edits the first cell, Shift+Tab edits the empty title, Enter stores it; Tab from the title goes back to the first cell', async () => {
    const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Keyboard table', [
      { op: 'create', type: 'table', position: { x: 0, y: 0 }, size: { width: 500, height: 160 }, data: { rows: [['Task', 'Owner'], ['Ship', 'Ana']] } },
    ]);
    const [table] = await restItems(suite.t, suite.owner.key, boardId);
    expect(table.data.title ?? '').toBe('');
    const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
    await openBoard(page, suite.t, boardId);
    const editor = (part: string) => page.locator(`textarea.text-editor[data-editing="${table.id}"][data-part="${part}"]:focus`);

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Enter');
    await editor('cell:0:0').waitFor();
    await page.keyboard.press('Shift+Tab');
    await editor('title').waitFor();
    await page.keyboard.type('Launch plan');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await restItems(suite.t, suite.owner.key, boardId))[0].data.title).toBe('Launch plan');
    expect((await restItems(suite.t, suite.owner.key, boardId))[0].data.rows).toEqual([['Task', 'Owner'], ['Ship', 'Ana']]);

    // The title is in the table's Tab order both ways: Tab from it edits the first cell.
    await page.keyboard.press('Enter');
    await editor('cell:0:0').waitFor();
    await page.keyboard.press('Shift+Tab');
    await editor('title').waitFor();
    await page.keyboard.press('End');
    await page.keyboard.type(' v2');
    await page.keyboard.press('Tab');
    await editor('cell:0:0').waitFor();
    await page.keyboard.press('End');
    await page.keyboard.type('s');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await restItems(suite.t, suite.owner.key, boardId))[0].data).toMatchObject({ title: 'Launch plan v2', rows: [['Tasks', 'Owner'], ['Ship', 'Ana']] });

    // The shortcuts sheet says so.
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain("Shift + Tab in the first cell edits the table's title");
  });
});
