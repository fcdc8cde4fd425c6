import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signedInPage } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import { boardWith, dragMouse, itemCentre, itemsByText, openBoard, restItems, zoomOf } from '../helpers/canvasBoard.js';
import type { Body } from '../helpers/testServer.js';

const { available, suite } = webSuite('the locked-contents-of-a-section browser test');

const byText = (boardId: string): Promise<Record<string, Body>> => itemsByText(suite.t, suite.owner.key, boardId);

const sectionWithNotes = [
  { op: 'create', type: 'section', position: { x: 0, y: 0 }, size: { width: 800, height: 500 }, data: { title: 'Frame' } },
  { op: 'create', type: 'sticky_note', position: { x: -200, y: 50 }, data: { text: 'Pinned' } },
  { op: 'create', type: 'sticky_note', position: { x: 200, y: 50 }, data: { text: 'Free' } },
  { op: 'create', type: 'sticky_note', position: { x: 900, y: 0 }, data: { text: 'Outside' } },
];

/** A board holding a section with two notes, `Pinned` locked through REST, opened by the owner. */
async function lockedSectionBoard(title: string): Promise<{ boardId: string; page: Page; before: Record<string, Body> }> {
  const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, title, sectionWithNotes);
  const pinned = (await byText(boardId)).Pinned;
  expect((await suite.t.api(suite.owner.key, 'PATCH', `/boards/${boardId}/items/${pinned.id}`, { locked: true })).status).toBe(200);
  const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
  await openBoard(page, suite.t, boardId);
  await page.locator('.shortcuts-button[data-commands=ready]').waitFor();
  const before = await byText(boardId);
  expect([before.Pinned.sectionId, before.Free.sectionId, before.Outside.sectionId]).toEqual([before.Frame.id, before.Frame.id, null]);
  return { boardId, page, before };
}

/** The screen point 20 px inside the section's top-left corner, clear of the notes. */
async function sectionCorner(page: Page, id: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator(`.item[data-item-id="${id}"]`).boundingBox())!;
  return { x: box.x + 20, y: box.y + 20 };
}

const moved = (item: Body, from: Body) => ({ x: item.position.x - from.position.x, y: item.position.y - from.position.y });

describe.skipIf(!available)('a section holding a locked item', { timeout: 180_000 }, () => {
  test('dragging the section, then nudging it with an arrow key, moves the section and all it holds, the locked note too (still locked); nothing outside moves', async () => {
    const { boardId, page, before } = await lockedSectionBoard('Locked contents drag');
    const grab = await sectionCorner(page, before.Frame.id);
    await dragMouse(page, grab, { x: grab.x + 120, y: grab.y + 60 });
    const zoom = await zoomOf(page);
    await expect.poll(async () => moved((await byText(boardId)).Frame, before.Frame).x).toBeCloseTo(120 / zoom, 0);
    // The server kept the carried move of the locked note (a refused one is put back).
    await expect.poll(async () => moved((await byText(boardId)).Pinned, before.Pinned).x).toBeCloseTo(120 / zoom, 0);
    let after = await byText(boardId);
    const offset = moved(after.Frame, before.Frame);
    for (const note of ['Free', 'Pinned']) expect(moved(after[note], before[note])).toEqual({ x: expect.closeTo(offset.x, 1), y: expect.closeTo(offset.y, 1) });
    expect(after.Pinned.locked).toBe(true);
    expect(after.Pinned.sectionId).toBe(before.Frame.id);
    expect(after.Outside.position).toEqual(before.Outside.position);

    // The section is still selected: an arrow key nudges it and all it holds.
    const dragged = after;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await byText(boardId)).Pinned.position.x).toBeCloseTo(dragged.Pinned.position.x + 1);
    after = await byText(boardId);
    expect(after.Frame.position.x).toBeCloseTo(dragged.Frame.position.x + 1);
    expect(after.Free.position).toEqual({ x: expect.closeTo(dragged.Free.position.x + 1), y: dragged.Free.position.y });
    expect(after.Pinned.position.y).toBe(dragged.Pinned.position.y);
    expect(after.Outside.position).toEqual(before.Outside.position);

    // The locked note itself still refuses a drag; then the section, nudged down, takes it along from where it was.
    const at = await itemCentre(page, before.Pinned.id);
    await dragMouse(page, at, { x: at.x + 80, y: at.y + 80 });
    const corner = await sectionCorner(page, before.Frame.id);
    await page.mouse.click(corner.x, corner.y);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await byText(boardId)).Free.position.y).toBeCloseTo(after.Free.position.y + 1);
    const last = await byText(boardId);
    expect(last.Pinned.position).toEqual({ x: after.Pinned.position.x, y: expect.closeTo(after.Pinned.position.y + 1) });
  });

  test('Ctrl+D on the section copies everything it holds, the locked note too (its copy unlocked), and nothing outside it', async () => {
    const { boardId, page, before } = await lockedSectionBoard('Locked contents duplicate');
    const at = await sectionCorner(page, before.Frame.id);
    await page.mouse.click(at.x, at.y);
    await page.keyboard.press('Control+D');
    await expect.poll(async () => (await restItems(suite.t, suite.owner.key, boardId)).length).toBe(7);
    const originals = new Set(Object.values(before).map((i) => i.id));
    const all = await restItems(suite.t, suite.owner.key, boardId);
    const added = all.filter((i) => !originals.has(i.id));
    const copy = added.find((i) => i.type === 'section');
    expect(copy.position).toEqual({ x: 20, y: 20 });
    const notes = added.filter((i) => i.type === 'sticky_note').map((i) => [i.data.text, i.position, i.sectionId, i.locked]);
    expect(notes.sort()).toEqual([
      ['Free', { x: 220, y: 70 }, copy.id, false],
      ['Pinned', { x: -180, y: 70 }, copy.id, false],
    ]);
    // The originals are as they were.
    const pinned = all.find((i) => i.id === before.Pinned.id)!;
    expect([pinned.position, pinned.locked]).toEqual([before.Pinned.position, true]);
  });
});
