import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { findItemTypeDefinition } from '../../crdt/items/catalogue.js';
import { signedInContext, signedInPage } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import type { Body, TestUser } from '../helpers/testServer.js';
import { boardWith, itemCentre, openBoard, restItems } from '../helpers/canvasBoard.js';

const { available, suite } = webSuite('the properties panel browser test', ['viewer', 'commenter']);

/** Items by their text (or title), as REST reads them. */
async function byText(boardId: string): Promise<Record<string, Body>> {
  const items = await restItems(suite.t, suite.owner.key, boardId);
  return Object.fromEntries(items.map((i) => [typeof i.data.text === 'string' ? i.data.text : (i.data.title ?? i.type), i]));
}

async function boardPage(title: string, operations: Body[], as: TestUser = suite.owner): Promise<{ boardId: string; page: Page; items: Record<string, Body> }> {
  const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, title, operations);
  const page = await signedInPage(suite.browser, suite.t, as.id, suite.contexts);
  await openBoard(page, suite.t, boardId);
  return { boardId, page, items: await byText(boardId) };
}

const panel = (page: Page): Locator => page.getByRole('region', { name: 'Properties' });

/** The properties the panel shows, in order. */
const shown = (page: Page) => panel(page).locator('[data-prop]').evaluateAll((els) => els.map((el) => el.getAttribute('data-prop')));

async function select(page: Page, id: string, shift = false): Promise<void> {
  const at = await itemCentre(page, id);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(at.x, at.y);
  if (shift) await page.keyboard.up('Shift');
}

const valid = (item: Body) => findItemTypeDefinition(item.type)?.schema.safeParse(item.data).success;

describe.skipIf(!available)('the properties panel in a browser', { timeout: 180_000 }, () => {
  test("a sticky note's colour, a shape's kind and colours, a text's size and alignment change from the panel; REST reads each", async () => {
    const { boardId, page, items } = await boardPage('Styles', [
      { op: 'create', type: 'sticky_note', position: { x: -400, y: 0 }, data: { text: 'Note' } },
      { op: 'create', type: 'shape', position: { x: 0, y: 0 }, data: { shape: 'rectangle', text: 'Box' } },
      { op: 'create', type: 'text', position: { x: 400, y: 0 }, size: { width: 300, height: 60 }, data: { text: 'Title' } },
    ]);
    await select(page, items.Note.id);
    await panel(page).waitFor();
    expect(await shown(page)).toEqual(['fill']);
    await panel(page).getByRole('group', { name: 'Fill' }).getByRole('button', { name: 'Pink', exact: true }).click();
    await expect.poll(async () => (await byText(boardId)).Note.data.color).toBe('#ffc9c9');
    expect(await panel(page).getByRole('button', { name: 'Pink', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await select(page, items.Box.id);
    await expect.poll(() => shown(page)).toEqual(['fill', 'stroke', 'shape', 'strokeWidth']);
    await panel(page).getByRole('combobox', { name: 'Shape' }).selectOption({ label: 'Hexagon' });
    await panel(page).getByRole('group', { name: 'Line colour' }).getByRole('button', { name: 'Red', exact: true }).click();
    await panel(page).getByRole('combobox', { name: 'Line width' }).selectOption('8');
    await expect
      .poll(async () => (await byText(boardId)).Box.data)
      .toEqual({ shape: 'hexagon', text: 'Box', fillColor: '#ffffff', strokeColor: '#e03131', strokeWidth: 8 });

    await select(page, items.Title.id);
    await expect.poll(() => shown(page)).toEqual(['textColor', 'fontSize', 'align']);
    await panel(page).getByRole('combobox', { name: 'Text size' }).selectOption('48');
    await panel(page).getByRole('group', { name: 'Alignment' }).getByRole('button', { name: 'Right' }).click();
    await panel(page).getByRole('group', { name: 'Text colour' }).getByRole('button', { name: 'Dark blue' }).click();
    await expect.poll(async () => (await byText(boardId)).Title.data).toEqual({ text: 'Title', fontSize: 48, align: 'right', color: '#1971c2' });
    await expect.poll(() => page.locator(`[data-item-id="${items.Title.id}"] .text-free`).evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).textAlign)).toBe('right');
    for (const item of Object.values(await byText(boardId))) expect(valid(item)).toBe(true);
  });

  test("a connector's line style and arrowheads change from the panel", async () => {
    const { boardId, page, items } = await boardPage('Lines', [
      { op: 'create', ref: 'a', type: 'sticky_note', position: { x: -300, y: 0 }, data: { text: 'From' } },
      { op: 'create', ref: 'b', type: 'sticky_note', position: { x: 300, y: 0 }, data: { text: 'To' } },
      { op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from: 'a', to: 'b', style: 'straight' } },
    ]);
    const connector = Object.values(items).find((i) => i.type === 'connector') as Body;
    const line = (await page.locator(`[data-item-id="${connector.id}"] path`).boundingBox())!;
    await page.mouse.click(line.x + line.width / 2, line.y + line.height / 2);
    await panel(page).waitFor();
    expect(await shown(page)).toEqual(['stroke', 'lineStyle', 'startArrow', 'endArrow']);
    await panel(page).getByRole('combobox', { name: 'Line style' }).selectOption({ label: 'Elbow' });
    await panel(page).getByRole('combobox', { name: 'Start arrowhead' }).selectOption({ label: 'Circle' });
    await panel(page).getByRole('combobox', { name: 'End arrowhead' }).selectOption({ label: 'Diamond' });
    await expect
      .poll(async () => {
        const { style, startArrow, endArrow } = (await restItems(suite.t, suite.owner.key, boardId)).find((i) => i.type === 'connector')!.data;
        return { style, startArrow, endArrow };
      })
      .toEqual({ style: 'elbow', startArrow: 'circle', endArrow: 'diamond' });
    // Drawn as an elbow (horizontal and vertical runs) with a circle and a diamond at its ends.
    await expect.poll(() => page.locator(`[data-item-id="${connector.id}"] path`).getAttribute('d')).toMatch(/H.*V.*H/);
    expect(await page.locator(`[data-item-id="${connector.id}"] circle`).count()).toBe(1);
    expect(await page.locator(`[data-item-id="${connector.id}"] polygon`).count()).toBe(1);
  });

  test('a mixed selection shows only the properties its items share; a colour change applies to all in one undo step', async () => {
    const { boardId, page, items } = await boardPage('Mixed', [
      { op: 'create', type: 'sticky_note', position: { x: -300, y: 0 }, data: { text: 'Note', color: '#fff9b1' } },
      { op: 'create', type: 'shape', position: { x: 0, y: 0 }, data: { shape: 'ellipse', text: 'Oval', fillColor: '#ffffff' } },
      { op: 'create', type: 'text', position: { x: 300, y: 0 }, data: { text: 'Words' } },
    ]);
    // A first change of the note alone: the undo below must leave it.
    await select(page, items.Note.id);
    await panel(page).getByRole('button', { name: 'Green', exact: true }).click();
    await expect.poll(async () => (await byText(boardId)).Note.data.color).toBe('#b2f2bb');

    await select(page, items.Oval.id, true);
    await expect.poll(() => panel(page).locator('h2').textContent()).toBe('Style of 2 items');
    expect(await shown(page)).toEqual(['fill']);
    // Mixed colours: no swatch is pressed.
    expect(await panel(page).locator('[aria-pressed=true]').count()).toBe(0);
    await select(page, items.Words.id, true);
    // The text has no fill: nothing of style is shared by the three; only the lock, which every item has, is left.
    await expect.poll(() => shown(page)).toEqual([]);
    expect(await panel(page).getByRole('button', { name: 'Lock' }).count()).toBe(1);
    await select(page, items.Words.id, true);
    await panel(page).getByRole('group', { name: 'Fill' }).getByRole('button', { name: 'Blue', exact: true }).click();
    await expect.poll(async () => Object.values(await byText(boardId)).map((i) => i.data.color ?? i.data.fillColor)).toEqual(['#a5d8ff', '#a5d8ff', '#1a1a1a']);

    await page.keyboard.press('Control+z');
    await expect.poll(async () => Object.values(await byText(boardId)).map((i) => i.data.color ?? i.data.fillColor)).toEqual(['#b2f2bb', '#ffffff', '#1a1a1a']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => Object.values(await byText(boardId)).map((i) => i.data.color ?? i.data.fillColor)).toEqual(['#a5d8ff', '#a5d8ff', '#1a1a1a']);
  });

  test('on a phone the panel starts folded and opens from its button', async () => {
    const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Phone', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Small' } }]);
    const context = await signedInContext(suite.browser, suite.t, suite.owner.id, { width: 390, height: 760 });
    suite.contexts.push(context);
    const page = await context.newPage();
    await openBoard(page, suite.t, boardId);
    const [note] = await restItems(suite.t, suite.owner.key, boardId);
    await select(page, note.id);
    const toggle = panel(page).getByRole('button', { name: 'Show the properties' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel(page).getByRole('group', { name: 'Fill' }).count()).toBe(0);
    await toggle.click();
    await panel(page).getByRole('group', { name: 'Fill' }).getByRole('button', { name: 'Violet' }).click();
    await expect.poll(async () => (await restItems(suite.t, suite.owner.key, boardId))[0].data.color).toBe('#d0bfff');
  });

  test('a viewer and a commenter see no properties panel and no creation tools', async () => {
    const operations = [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Look' } }];
    for (const [role, person] of [
      ['viewer', suite.members.viewer!],
      ['commenter', suite.members.commenter!],
    ] as const) {
      const { page, items } = await boardPage(`Read as ${role}`, operations, person);
      await select(page, items.Look.id);
      await expect.poll(() => page.locator(`[data-item-id="${items.Look.id}"].selected`).count()).toBe(1);
      expect(await panel(page).count()).toBe(0);
      for (const tool of ['sticky_note', 'text', 'shape', 'more']) expect(await page.locator(`button[data-tool=${tool}]`).count(), tool).toBe(0);
      expect(await page.getByRole('button', { name: 'Pink', exact: true }).count()).toBe(0);
    }
  });
});
