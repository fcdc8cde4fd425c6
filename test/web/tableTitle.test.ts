import { describe, expect, test } from 'vitest';
import { signedInPage } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import { boardWith, itemCentre, openBoard, restItems } from '../helpers/canvasBoard.js';

const { available, suite } = webSuite('the empty table title browser test');

describe.skipIf(!available)('a table without a title', { timeout: 180_000 }, () => {
  test('once the table is selected, a double-click on "Add a title" above it edits the empty title; Enter stores it and the cells are as they were', async () => {
    const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Untitled table', [
      { op: 'create', type: 'table', position: { x: 0, y: 0 }, size: { width: 500, height: 160 }, data: { rows: [['Task', 'Owner'], ['Ship', 'Ana']] } },
    ]);
    const [table] = await restItems(suite.t, suite.owner.key, boardId);
    expect(table.data.title ?? '').toBe('');
    const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
    await openBoard(page, suite.t, boardId);
    const strip = page.locator(`[data-item-id="${table.id}"] .table-title.empty`);
    expect(await strip.isVisible()).toBe(false);

    const centre = await itemCentre(page, table.id);
    await page.mouse.click(centre.x, centre.y);
    await strip.waitFor({ state: 'visible' });
    const box = (await strip.boundingBox())!;
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator(`textarea.text-editor[data-editing="${table.id}"][data-part="title"]:focus`).waitFor();
    await page.keyboard.type('Launch plan');
    await page.keyboard.press('Enter');

    await expect.poll(async () => (await restItems(suite.t, suite.owner.key, boardId))[0].data.title).toBe('Launch plan');
    const [after] = await restItems(suite.t, suite.owner.key, boardId);
    expect(after.data.rows).toEqual([['Task', 'Owner'], ['Ship', 'Ana']]);
    await page.locator(`[data-item-id="${table.id}"] .table-title:not(.empty)`, { hasText: 'Launch plan' }).waitFor();
    expect(await strip.count()).toBe(0);
  });
});
