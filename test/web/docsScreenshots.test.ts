import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { artifactPath, signedInContext, signedInPage } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import type { Body } from '../helpers/testServer.js';
import { boardWith, itemCentre, openBoard, restItems } from '../helpers/canvasBoard.js';

/**
 * The screenshots of docs/images, taken from a real server and checked: the board, its Style
 * panel, the Share dialog and the phone layout. `npm run docs:screenshots` writes them into
 * docs/images; a plain test run writes them to test/artifacts and checks what they show.
 */
const { available, suite } = webSuite('the documentation screenshots', ['editor']);

const intoDocs = process.env.BOARDS_DOCS_SCREENSHOTS === '1';

function shotPath(name: string): string {
  if (!intoDocs) return artifactPath(`docs-${name}`);
  const dir = path.resolve('docs/images');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/** A small retrospective board: a frame, notes, shapes, a connector and a text. */
const retro: Body[] = [
  { op: 'create', ref: 'frame', type: 'section', position: { x: 0, y: 0 }, size: { width: 1100, height: 560 }, data: { title: 'Sprint 42 retro' } },
  { op: 'create', type: 'text', position: { x: -280, y: -220 }, size: { width: 420, height: 50 }, data: { text: 'What went well?', fontSize: 32 } },
  { op: 'create', ref: 'a', type: 'sticky_note', position: { x: -380, y: -60 }, data: { text: 'Release on time', color: '#d3f8b6' } },
  { op: 'create', type: 'sticky_note', position: { x: -150, y: -60 }, data: { text: 'Fewer flaky tests', color: '#d3f8b6' } },
  { op: 'create', type: 'sticky_note', position: { x: -380, y: 160 }, data: { text: 'Pairing on reviews', color: '#fff9b1' } },
  { op: 'create', type: 'text', position: { x: 300, y: -220 }, size: { width: 420, height: 50 }, data: { text: 'To improve', fontSize: 32 } },
  { op: 'create', ref: 'b', type: 'sticky_note', position: { x: 200, y: -60 }, data: { text: 'Shorter stand-ups', color: '#ffc9c9' } },
  { op: 'create', type: 'shape', position: { x: 420, y: 150 }, size: { width: 220, height: 140 }, data: { shape: 'ellipse', text: 'Owner: Ben' } },
  { op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from: 'a', to: 'b' } },
];

/** People and the space as a team would name them. */
async function named(): Promise<void> {
  expect((await suite.t.api(suite.owner.key, 'PATCH', `/spaces/${suite.spaceId}`, { name: 'Product' })).status).toBe(200);
  expect((await suite.t.api(suite.members.editor!.key, 'PATCH', '/me', { name: 'Ben Editor' })).status).toBe(200);
}

async function retroBoard(): Promise<{ boardId: string; items: Body[] }> {
  await named();
  const boardId = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Sprint 42 retro', retro);
  return { boardId, items: await restItems(suite.t, suite.owner.key, boardId) };
}

async function settled(page: Page): Promise<void> {
  // Fonts and the first paint are done; the status shows Live.
  await page.locator('.status[data-status=connected]').waitFor();
  await page.evaluate('document.fonts.ready');
}

describe.skipIf(!available)('documentation screenshots', { timeout: 180_000 }, () => {
  test('the board, with the Style panel for a selected note, and the Share dialog', async () => {
    const { boardId, items } = await retroBoard();
    const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openBoard(page, suite.t, boardId);
    await settled(page);
    expect(await page.locator('[data-item-id]').count()).toBeGreaterThanOrEqual(8);
    await page.screenshot({ path: shotPath('board.png') });

    const note = items.find((item) => item.data.text === 'Shorter stand-ups')!;
    const at = await itemCentre(page, note.id);
    await page.mouse.click(at.x, at.y);
    const panel = page.getByRole('region', { name: 'Properties' });
    await panel.waitFor();
    expect(await panel.getByRole('group', { name: 'Fill' }).count()).toBe(1);
    await page.screenshot({ path: shotPath('properties-panel.png') });

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText('Ben Editor').count()).toBeGreaterThan(0);
    await page.screenshot({ path: shotPath('share-dialog.png') });
  });

  test('the phone layout: the whole toolbar within reach, the header above the canvas', async () => {
    const { boardId } = await retroBoard();
    const context = await signedInContext(suite.browser, suite.t, suite.owner.id, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    suite.contexts.push(context);
    const page = await context.newPage();
    await openBoard(page, suite.t, boardId);
    await settled(page);
    const header = (await page.locator('.topbar').boundingBox())!;
    const toolbar = (await page.locator('.toolbar').boundingBox())!;
    expect(toolbar.x).toBeGreaterThanOrEqual(0);
    expect(toolbar.x + toolbar.width).toBeLessThanOrEqual(390 + 1);
    expect(toolbar.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    await page.screenshot({ path: shotPath('phone.png') });
  });
});
