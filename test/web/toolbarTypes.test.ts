import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { findItemTypeDefinition } from '../../crdt/items/catalogue.js';
import { shapeKinds as catalogueShapeKinds } from '../../crdt/items/types/textItems.js';
import { shapePaths } from '../../web/board/shapes.js';
import { creationTools, shapeKinds } from '../../web/board/tools/itemTools.js';
import { signedInPage } from '../helpers/browser.js';
import { canvasPoint, webSuite } from '../helpers/boardPage.js';
import type { Body } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';
import { boardWith, openBoard, restItems } from '../helpers/canvasBoard.js';

const { available, suite } = webSuite('the toolbar item types browser test');

async function emptyBoard(title: string): Promise<{ boardId: string; page: Page }> {
  const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, title, []);
  const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
  await openBoard(page, suite.t, boardId);
  return { boardId, page };
}

const items = (boardId: string) => restItems(suite.t, suite.owner.key, boardId);

/** Picks an entry of one of the toolbar's menus ("Shape", "More") with the mouse. */
async function pick(page: Page, menu: 'shape' | 'more', name: string): Promise<void> {
  await page.click(`button[data-tool=${menu}]`);
  await page.getByRole('menu').getByRole('menuitemradio', { name, exact: true }).click();
}

/** What the catalogue makes of `data` on create: the tool's fields with the type's defaults. */
function withDefaults(type: string, data: Readonly<Record<string, unknown>>): unknown {
  return findItemTypeDefinition(type)?.schema.parse(data);
}

describe('the toolbar lists', () => {
  test('every shape kind of the catalogue, in its order, each with a path', () => {
    expect(shapeKinds).toEqual([...catalogueShapeKinds]);
    expect(Object.keys(shapePaths).sort()).toEqual([...catalogueShapeKinds].sort());
  });

  test('creation data that the catalogue accepts for every tool', () => {
    for (const tool of creationTools) {
      if (tool.placement === 'link') continue;
      expect(findItemTypeDefinition(tool.type)?.schema.safeParse(tool.data).success, tool.id).toBe(true);
    }
  });
});

describe.skipIf(!available)('toolbar item types in a browser', { timeout: 180_000 }, () => {
  test('each tool of the "More" menu, the note and the text tool create an item of their type with the catalogue defaults', async () => {
    const { boardId, page } = await emptyBoard('More');
    const clickTools = creationTools.filter((tool) => tool.placement === 'click' && tool.type !== 'shape');
    expect(clickTools.map((tool) => tool.label)).toEqual(['Note', 'Text', 'Card', 'Table', 'Doc', 'Code block', 'Stamp']);
    for (const [index, tool] of clickTools.entries()) {
      if (tool.group === 'more') await pick(page, 'more', tool.label);
      else await page.click(`button[data-tool=${tool.id}]`);
      const at = await canvasPoint(page, 80 + index * 60, 300);
      await page.mouse.click(at.x, at.y);
      await expect.poll(async () => (await items(boardId)).filter((i) => i.type === tool.type).length, { message: tool.id }).toBe(1);
      // Items with text start in text editing; Escape ends it, as a person would before the next tool.
      await page.keyboard.press('Escape');
    }
    const created = await items(boardId);
    expect(created.map((i) => i.type).sort()).toEqual(clickTools.map((tool) => tool.type).sort());
    for (const tool of clickTools) {
      const item = created.find((i) => i.type === tool.type) as Body;
      expect(item.data, tool.id).toEqual(withDefaults(tool.type, tool.data));
      expect(item.size, tool.id).toEqual(findItemTypeDefinition(tool.type)?.defaultSize);
      expect(item.createdBy).toBe(suite.owner.id);
      await page.locator(`[data-item-id="${item.id}"]`).waitFor({ state: 'attached' });
    }
    await page.locator('[data-type=code] pre.code-body').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('[data-type=table] td').count()).toBe(9);
  });

  test('the shape picker creates each of the ten kinds, drawn by their own path; it works from the keyboard too', async () => {
    const { boardId, page } = await emptyBoard('Shapes');
    for (const [index, kind] of shapeKinds.entries()) {
      const name = creationTools.find((tool) => tool.id === `shape:${kind}`)?.label ?? kind;
      if (index === 0) {
        // Keyboard: focus the picker, open it with Enter, go to the first entry and pick it.
        await page.locator('button[data-tool=shape]').focus();
        await page.keyboard.press('Enter');
        await page.getByRole('menu', { name: 'Shape' }).waitFor();
        await page.keyboard.press('Home');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('button[data-tool=shape]').getAttribute('aria-label')).toBe('Shape: Rectangle');
      } else {
        await pick(page, 'shape', name);
      }
      const at = await canvasPoint(page, 60 + (index % 5) * 130, 220 + Math.floor(index / 5) * 200);
      await page.mouse.click(at.x, at.y);
      await expect.poll(async () => (await items(boardId)).length, { message: kind }).toBe(index + 1);
      await page.keyboard.press('Escape');
    }
    const shapes = await items(boardId);
    expect(shapes.every((i) => i.type === 'shape')).toBe(true);
    expect(shapes.map((i) => i.data.shape).sort()).toEqual([...shapeKinds].sort());
    for (const shape of shapes) {
      expect(shape.data).toEqual(withDefaults('shape', { shape: shape.data.shape, text: '' }));
      expect(await page.locator(`[data-item-id="${shape.id}"] path`).getAttribute('d')).toBe(shapePaths[shape.data.shape]);
    }
  });

  test('dragging with the Frame tool draws a frame (a section) of the dragged size', async () => {
    const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Frame', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, size: { width: 200, height: 200 }, data: { text: 'Ruler' } }]);
    const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
    await openBoard(page, suite.t, boardId);
    const [ruler] = await items(boardId);
    const zoom = (await page.locator(`[data-item-id="${ruler.id}"]`).boundingBox())!.width / 200;
    await pick(page, 'more', 'Frame');
    const start = await canvasPoint(page, 40, 90);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let step = 1; step <= 6; step += 1) await page.mouse.move(start.x + step * 50, start.y + step * 30);
    await page.mouse.up();
    await expect.poll(async () => (await items(boardId)).filter((i) => i.type === 'section').length).toBe(1);
    const frame = (await items(boardId)).find((i) => i.type === 'section') as Body;
    expect(frame.size.width).toBeCloseTo(300 / zoom, -0.5);
    expect(frame.size.height).toBeCloseTo(180 / zoom, -0.5);
    expect(frame.data).toEqual(withDefaults('section', {}));
    // Its top-left corner is where the drag began.
    const box = (await page.locator(`[data-item-id="${frame.id}"]`).boundingBox())!;
    expect(Math.abs(box.x - start.x)).toBeLessThan(3);
    expect(Math.abs(box.y - start.y)).toBeLessThan(3);
  });

  test('the Link tool asks for an https URL: a refused one shows the catalogue message and stores nothing, a good one adds a link', async () => {
    const { boardId, page } = await emptyBoard('Links');
    await pick(page, 'more', 'Link');
    const at = await canvasPoint(page, 300, 300);
    await page.mouse.click(at.x, at.y);
    const dialog = page.getByRole('dialog', { name: 'Add a link' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // The field has the focus: typing goes into it.
    await page.keyboard.type('http://example.com/plain');
    await page.keyboard.press('Enter');
    const field = dialog.getByRole('textbox', { name: 'Link (https URL)' });
    for (const bad of ['http://example.com/plain', '', 'javascript:alert(1)', 'example.com', `https://example.com/${'a'.repeat(2100)}`]) {
      if (bad !== 'http://example.com/plain') {
        await field.fill(bad);
        await field.press('Enter');
      }
      // The message the API gives for the same item.
      const refused = await suite.t.api(suite.owner.key, 'POST', `/boards/${boardId}/items`, { type: 'embed', position: { x: 0, y: 0 }, data: { url: bad } });
      expect(refused.status, bad).toBe(422);
      const { error } = await json(refused);
      expect(error.code).toBe('validation_failed');
      await expect.poll(() => dialog.getByRole('alert').textContent(), { message: bad }).toBe(error.message);
    }
    expect(await items(boardId)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Link (https URL)' }).fill('https://example.com/plan');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await expect.poll(async () => (await items(boardId)).map((i) => [i.type, i.data.url])).toEqual([['embed', 'https://example.com/plan']]);
    const [link] = await items(boardId);
    expect(link.data).toEqual(withDefaults('embed', { url: 'https://example.com/plan' }));
    expect(await dialog.count()).toBe(0);
    await page.locator(`[data-item-id="${link.id}"] a[href="https://example.com/plan"]`).waitFor({ state: 'attached' });

    // Escape closes the dialog without adding anything, and gives the focus back.
    await page.locator('button[data-tool=more]').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Link', exact: true }).press('Enter');
    await page.mouse.click(at.x + 100, at.y + 100);
    await dialog.waitFor();
    await page.keyboard.type('https://example.com/other');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.locator('button[data-tool=more]').evaluate((el) => el.ownerDocument.activeElement === el)).toBe(true);
    expect((await items(boardId)).length).toBe(1);
  });
});
