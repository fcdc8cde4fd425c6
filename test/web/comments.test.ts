import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { chromiumAvailable } from '../helpers/browser.js';
import type { Body, TestUser } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';
import { PanelsSuite } from './panelsKit.js';
import { openBoard } from '../helpers/canvasBoard.js';

const available = chromiumAvailable('the web app comments browser test');

const s = new PanelsSuite(available, [
  { name: 'Ben Editor', role: 'editor' },
  // Shares the first name: the mention must name Ben Editor unambiguously.
  { name: 'Ben Viewer', role: 'viewer' },
]);
const editor = (): TestUser => s.people[0]!;
const namesake = (): TestUser => s.people[1]!;

async function comments(boardId: string): Promise<Body[]> {
  return (await json(s.t.api(s.owner.key, 'GET', `/boards/${boardId}/items?limit=100`))).data.filter((i: Body) => i.type === 'comment');
}

async function placePin(page: Page, dx: number, dy: number): Promise<void> {
  await page.click('button[data-tool=comment]');
  const surface = (await page.locator('.surface').boundingBox())!;
  await page.mouse.click(surface.x + dx, surface.y + dy);
}

describe.skipIf(!available)('comment threads in the web app', { timeout: 120_000 }, () => {
  test('typing right after placing a pin lands in its box; Enter posts it, Shift+Enter starts a new line', async () => {
    const boardId = await s.boardWith('Pins', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Plan' } }]);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    await placePin(page, 120, 120);
    // No click into the box: the keys go where a person expects them to.
    await page.keyboard.type('Who owns this?');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await comments(boardId)).map((c) => c.data.text)).toEqual(['Who owns this?']);

    await page.keyboard.press('Escape');
    await placePin(page, 200, 300);
    await page.keyboard.type('Line one');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Line two');
    expect(await comments(boardId)).toHaveLength(1);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await comments(boardId)).map((c) => c.data.text).sort()).toEqual(['Line one\nLine two', 'Who owns this?']);
  });

  test('opening a thread puts the keyboard in its reply box, and Enter replies', async () => {
    const boardId = await s.boardWith('Thread', [{ op: 'create', type: 'comment', position: { x: 0, y: 0 }, data: { text: 'Numbers?' } }]);
    const [pin] = await comments(boardId);
    const page = await s.pageAs(editor());
    await openBoard(page, s.t, boardId);
    await page.locator(`[data-item-id="${pin!.id}"]`).click();
    await page.locator(`.thread[data-thread="${pin!.id}"] textarea:focus`).waitFor();
    await page.keyboard.type('In the deck.');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await comments(boardId))[0]?.data.replies?.map((r: Body) => [r.text, r.authorId])).toEqual([['In the deck.', editor().id]]);
  });

  test('@ lists the board readers; arrow keys and Enter pick one, and the posted mention notifies that person only', async () => {
    const boardId = await s.boardWith('Mentions', [{ op: 'create', type: 'comment', position: { x: 0, y: 0 }, data: { text: 'Review please' } }]);
    const [pin] = await comments(boardId);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    await page.locator(`[data-item-id="${pin!.id}"]`).click();
    await page.locator(`.thread[data-thread="${pin!.id}"] textarea:focus`).waitFor();
    await page.keyboard.type('Thanks @Be');
    const list = page.getByRole('listbox', { name: 'People to mention' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('option').allTextContents()).toEqual([`Ben Editor ${editor().email}`, `Ben Viewer ${namesake().email}`]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await list.getByRole('option', { selected: true }).textContent()).toContain('Ben Editor');
    await page.keyboard.press('Enter');
    await expect.poll(() => list.count()).toBe(0);
    expect(await page.locator('.thread textarea').inputValue()).toBe('Thanks @Ben.Editor ');
    await page.keyboard.type('have a look');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await comments(boardId))[0]?.data.replies?.map((r: Body) => r.text)).toEqual(['Thanks @Ben.Editor have a look']);
    const notificationsOf = async (user: TestUser) => (await json(s.t.api(user.key, 'GET', '/me/notifications'))).data as Body[];
    await expect.poll(async () => (await notificationsOf(editor())).filter((n) => n.kind === 'mention').map((n) => n.itemId)).toEqual([pin!.id]);
    expect((await notificationsOf(namesake())).filter((n) => n.kind === 'mention')).toEqual([]);
  });

  test('a selected comment pin has no resize handle; a selected note has one', async () => {
    const boardId = await s.boardWith('Handles', [
      { op: 'create', type: 'comment', position: { x: 0, y: 0 }, data: { text: 'Pin' } },
      { op: 'create', type: 'sticky_note', position: { x: 300, y: 0 }, data: { text: 'Note' } },
    ]);
    const all = (await json(s.t.api(s.owner.key, 'GET', `/boards/${boardId}/items`))).data as Body[];
    const pin = all.find((i) => i.type === 'comment')!;
    const note = all.find((i) => i.type === 'sticky_note')!;
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    await page.locator(`[data-item-id="${note.id}"]`).click();
    await page.locator('.resize-handle[data-handle]').first().waitFor();
    await page.locator(`[data-item-id="${pin.id}"]`).click();
    await page.locator(`.item.selected[data-item-id="${pin.id}"]`).waitFor();
    expect(await page.locator('.resize-handle').count()).toBe(0);
    expect((await json(s.t.api(s.owner.key, 'GET', `/boards/${boardId}/items/${pin.id}`))).size).toEqual(pin.size);
  });
});
