import { describe, expect, test } from 'vitest';
import { signedInPage } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import { boardWith, itemCentre, itemsByText, openBoard } from '../helpers/canvasBoard.js';
import type { Body } from '../helpers/testServer.js';

const { available, suite } = webSuite('the keyboard resize browser test');

const byText = (boardId: string): Promise<Record<string, Body>> => itemsByText(suite.t, suite.owner.key, boardId);
const box = (item: Body) => ({ x: item.position.x, y: item.position.y, width: item.size.width, height: item.size.height });

describe.skipIf(!available)('resizing the selection with the keyboard', { timeout: 180_000 }, () => {
  test('Alt+Arrow resizes by 1 and Alt+Shift+Arrow by 10, keeping the top-left corner; each press is one undo step; the shortcuts sheet lists it; a locked item refuses', async () => {
    const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Keyboard resize', [
      { op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, size: { width: 200, height: 200 }, data: { text: 'Grow' } },
      { op: 'create', type: 'sticky_note', position: { x: 400, y: 0 }, size: { width: 200, height: 200 }, data: { text: 'Held' } },
    ]);
    const held = (await byText(boardId)).Held;
    expect((await suite.t.api(suite.owner.key, 'PATCH', `/boards/${boardId}/items/${held.id}`, { locked: true })).status).toBe(200);
    const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
    await openBoard(page, suite.t, boardId);
    await page.locator('.shortcuts-button[data-commands=ready]').waitFor();
    const address = page.url();
    const grow = (await byText(boardId)).Grow;

    const at = await itemCentre(page, grow.id);
    await page.mouse.click(at.x, at.y);
    await page.locator(`.item.selected[data-item-id="${grow.id}"]`).waitFor();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(async () => box((await byText(boardId)).Grow)).toEqual({ x: 0.5, y: 0, width: 201, height: 200 });
    await page.keyboard.press('Alt+Shift+ArrowDown');
    await expect.poll(async () => box((await byText(boardId)).Grow)).toEqual({ x: 0.5, y: 5, width: 201, height: 210 });
    await page.keyboard.press('Alt+Shift+ArrowLeft');
    await expect.poll(async () => box((await byText(boardId)).Grow)).toEqual({ x: -4.5, y: 5, width: 191, height: 210 });
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(async () => box((await byText(boardId)).Grow)).toEqual({ x: -4.5, y: 4.5, width: 191, height: 209 });
    // Alt+Left did not take the browser back.
    expect(page.url()).toBe(address);

    // One undo step per press, pressed quickly one after another.
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => box((await byText(boardId)).Grow)).toEqual({ x: -4.5, y: 5, width: 191, height: 210 });
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => box((await byText(boardId)).Grow)).toEqual({ x: 0.5, y: 5, width: 201, height: 210 });
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => box((await byText(boardId)).Grow)).toEqual({ x: 0.5, y: 0, width: 201, height: 200 });

    // The shortcuts sheet says how.
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('Alt + Arrow keys');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // A locked item refuses, and says so.
    const lockedAt = await itemCentre(page, held.id);
    await page.mouse.click(lockedAt.x, lockedAt.y);
    await page.locator(`.item.selected[data-item-id="${held.id}"]`).waitFor();
    await page.keyboard.press('Alt+Shift+ArrowRight');
    await page.getByRole('alert').filter({ hasText: 'A locked item was not resized' }).waitFor();
    const after = await byText(boardId);
    expect(box(after.Held)).toEqual(box(held));
    expect(after.Held.locked).toBe(true);
    expect(box(after.Grow)).toEqual({ x: 0.5, y: 0, width: 201, height: 200 });
  });
});
