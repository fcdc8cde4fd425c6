import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signedInPage } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import { boardWith, dragMouse, itemCentre, itemsByText, openBoard, zoomOf } from '../helpers/canvasBoard.js';
import type { Body } from '../helpers/testServer.js';

const { available, suite } = webSuite('the item lock browser test', ['viewer']);

const byText = (boardId: string): Promise<Record<string, Body>> => itemsByText(suite.t, suite.owner.key, boardId);

/** A board of `operations` opened by the owner. */
async function boardPage(title: string, operations: Body[]): Promise<{ boardId: string; page: Page; items: Record<string, Body> }> {
  const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, title, operations);
  const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
  await openBoard(page, suite.t, boardId);
  return { boardId, page, items: await byText(boardId) };
}

const panel = (page: Page): Locator => page.getByRole('region', { name: 'Properties' });
const node = (page: Page, id: string): Locator => page.locator(`.item[data-item-id="${id}"]`);

async function click(page: Page, id: string): Promise<void> {
  const at = await itemCentre(page, id);
  await page.mouse.click(at.x, at.y);
}

async function drag(page: Page, id: string, dx: number, dy: number): Promise<void> {
  const at = await itemCentre(page, id);
  await dragMouse(page, at, { x: at.x + dx, y: at.y + dy });
}

const notes = [
  { op: 'create', type: 'sticky_note', position: { x: -200, y: 0 }, data: { text: 'Keep' } },
  { op: 'create', type: 'sticky_note', position: { x: 200, y: 0 }, data: { text: 'Free' } },
];

describe.skipIf(!available)('locking items in the web app', { timeout: 180_000 }, () => {
  test('Lock in the properties panel: the note shows a padlock, has no handles, does not drag (REST), then Unlock and it drags', async () => {
    const { boardId, page, items } = await boardPage('Lock panel', notes);
    await click(page, items.Keep.id);
    await panel(page).getByRole('button', { name: 'Lock' }).click();
    await expect.poll(async () => (await byText(boardId)).Keep.locked).toBe(true);
    await expect.poll(() => node(page, items.Keep.id).getByRole('img', { name: 'Locked' }).count()).toBe(1);
    expect(await page.locator('.resize-handle').count()).toBe(0);
    expect(await panel(page).getByRole('button', { name: 'Unlock' }).getAttribute('aria-pressed')).toBe('true');

    await drag(page, items.Keep.id, 120, 80);
    // A drag of the free note after it shows when the store settled: the locked one must still be where it was.
    await drag(page, items.Free.id, 0, 100);
    await expect.poll(async () => (await byText(boardId)).Free.position).toEqual({ x: 200, y: expect.closeTo(100 / (await zoomOf(page)), 0) });
    expect((await byText(boardId)).Keep.position).toEqual({ x: -200, y: 0 });

    // Double-click does not open the text editor; Delete leaves it with a notice.
    await click(page, items.Keep.id);
    const at = await itemCentre(page, items.Keep.id);
    await page.mouse.dblclick(at.x, at.y);
    expect(await page.locator('.text-editor').count()).toBe(0);
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('locked');
    expect((await byText(boardId)).Keep).toBeDefined();

    await panel(page).getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(async () => (await byText(boardId)).Keep.locked).toBe(false);
    expect(await node(page, items.Keep.id).getByRole('img', { name: 'Locked' }).count()).toBe(0);
    await drag(page, items.Keep.id, 0, 100);
    await expect.poll(async () => (await byText(boardId)).Keep.position.y).toBeGreaterThan(0);
  });

  test('Ctrl+Shift+L and the context menu lock and unlock; the shortcuts sheet lists the key', async () => {
    const { boardId, page, items } = await boardPage('Lock keys', notes);
    await click(page, items.Free.id);
    await page.keyboard.press('Control+Shift+L');
    await expect.poll(async () => (await byText(boardId)).Free.locked).toBe(true);
    const at = await itemCentre(page, items.Free.id);
    await page.mouse.click(at.x, at.y, { button: 'right' });
    await page.getByRole('menuitem', { name: /^Unlock/ }).click();
    await expect.poll(async () => (await byText(boardId)).Free.locked).toBe(false);
    await page.mouse.click(at.x, at.y, { button: 'right' });
    await page.getByRole('menuitem', { name: /^Lock/ }).click();
    await expect.poll(async () => (await byText(boardId)).Free.locked).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Lock or unlock the selection');
  });

  test('a viewer sees the padlock but no lock control', async () => {
    const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Lock viewer', notes);
    const keep = (await byText(boardId)).Keep;
    expect((await suite.t.api(suite.owner.key, 'PATCH', `/boards/${boardId}/items/${keep.id}`, { locked: true })).status).toBe(200);
    const page = await signedInPage(suite.browser, suite.t, suite.members.viewer!.id, suite.contexts);
    await openBoard(page, suite.t, boardId);
    await expect.poll(() => node(page, keep.id).getByRole('img', { name: 'Locked' }).count()).toBe(1);
    await click(page, keep.id);
    await page.keyboard.press('Control+Shift+L');
    expect(await page.getByRole('button', { name: /^(Lock|Unlock)$/ }).count()).toBe(0);
    expect((await byText(boardId)).Keep.locked).toBe(true);
  });
});

