import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { boardWith, openBoard as openLiveBoard, restItems } from '../helpers/canvasBoard.js';
import { pngBytes } from '../assets/images.js';

const available = chromiumAvailable('the web app image paste across boards browser test');

let t: TestServer;
let owner: TestUser;
let spaceId: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  t = await startTestServer();
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Pictures' }))).id;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

async function pageAs(user: TestUser): Promise<Page> {
  const page = await signedInPage(browser, t, user.id, contexts);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
  return page;
}

async function openBoard(page: Page, boardId: string): Promise<void> {
  await openLiveBoard(page, t, boardId);
  await page.locator('.shortcuts-button[data-commands=ready]').waitFor();
}

async function clickItem(page: Page, id: string, modifiers: ('Shift' | 'Control')[] = []): Promise<void> {
  const box = (await page.locator(`[data-item-id="${id}"]`).boundingBox())!;
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  for (const key of modifiers) await page.keyboard.up(key);
}

/** A board holding a sticky note and an image item showing a freshly uploaded picture; answers the ids. */
async function boardWithPicture(title: string, bytes: Buffer): Promise<{ boardId: string; assetId: string; imageId: string; noteId: string }> {
  const note: Body = { op: 'create', type: 'sticky_note', position: { x: -300, y: 0 }, data: { text: 'Caption', color: '#fff9b1' } };
  const boardId = await boardWith(t, owner.key, spaceId, title, [note]);
  const upload = await fetch(`${t.baseUrl}/boards/${boardId}/assets`, { method: 'POST', headers: { Authorization: `Bearer ${owner.key}`, 'Content-Type': 'image/png' }, body: bytes });
  expect(upload.status).toBe(201);
  const assetId = (await json(upload)).id as string;
  const image = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'image', position: { x: 100, y: 0 }, size: { width: 160, height: 120 }, data: { assetId, alt: 'Chart' } }));
  const noteId = (await restItems(t, owner.key, boardId)).find((i) => i.type === 'sticky_note')!.id as string;
  return { boardId, assetId, imageId: image.id as string, noteId };
}

async function assetBytes(key: string, boardId: string, assetId: string): Promise<Response> {
  return t.api(key, 'GET', `/boards/${boardId}/assets/${assetId}`);
}

describe.skipIf(!available)('image items pasted on another board', { timeout: 120_000 }, () => {
  test('copy on one board and paste on another: the pasted image item shows its picture, which now belongs to that board', async () => {
    const bytes = pngBytes(80, 60, { rgb: [200, 40, 40] });
    const from = await boardWithPicture('From', bytes);
    const to = await boardWith(t, owner.key, spaceId, 'To', []);
    expect((await assetBytes(owner.key, to, from.assetId)).status).toBe(404);
    const page = await pageAs(owner);
    await openBoard(page, from.boardId);
    await clickItem(page, from.imageId);
    await page.keyboard.press('Control+C');
    await openBoard(page, to);
    await page.keyboard.press('Control+V');
    await expect.poll(async () => (await restItems(t, owner.key, to)).filter((i) => i.type === 'image').length).toBe(1);
    const pasted = (await restItems(t, owner.key, to)).find((i) => i.type === 'image')!;
    expect(pasted.id).not.toBe(from.imageId);
    const original = (await restItems(t, owner.key, from.boardId)).find((i) => i.id === from.imageId)!;
    expect(pasted.data).toEqual(original.data);
    expect(pasted.data).toMatchObject({ assetId: from.assetId, alt: 'Chart' });
    const served = await assetBytes(owner.key, to, from.assetId);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // The page shows it: the picture's bytes were fetched from this board and decoded.
    const img = page.locator(`img[data-asset-id="${from.assetId}"]`);
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBe(80);
  });

  test('cut on one board and paste on another moves the item; the picture comes along', async () => {
    const bytes = pngBytes(30, 30, { rgb: [10, 160, 60] });
    const from = await boardWithPicture('Cut from', bytes);
    const to = await boardWith(t, owner.key, spaceId, 'Cut to', []);
    const page = await pageAs(owner);
    await openBoard(page, from.boardId);
    await clickItem(page, from.imageId);
    await page.keyboard.press('Control+X');
    await expect.poll(async () => (await restItems(t, owner.key, from.boardId)).map((i) => i.type)).toEqual(['sticky_note']);
    await openBoard(page, to);
    await page.keyboard.press('Control+V');
    await expect.poll(async () => (await restItems(t, owner.key, to)).map((i) => i.type)).toEqual(['image']);
    expect(Buffer.from(await (await assetBytes(owner.key, to, from.assetId)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('an image whose board the person can no longer read is left out with a message; the rest is pasted and no image item lacks its picture', async () => {
    const from = await boardWithPicture('Private', pngBytes(20, 20));
    const to = await boardWith(t, owner.key, spaceId, 'Shared', []);
    const guest = await t.createUser({ name: 'Bo Guest', plan: 'pro' });
    for (const boardId of [from.boardId, to]) {
      expect((await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: guest.email, role: 'editor' })).status).toBeLessThan(300);
    }
    const page = await pageAs(guest);
    await openBoard(page, from.boardId);
    await clickItem(page, from.noteId);
    await clickItem(page, from.imageId, ['Shift']);
    await page.keyboard.press('Control+C');
    await openBoard(page, to);
    expect((await t.api(owner.key, 'DELETE', `/boards/${from.boardId}/members/${encodeURIComponent(guest.email)}`)).status).toBeLessThan(300);
    await page.keyboard.press('Control+V');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('An image was not pasted');
    await expect.poll(async () => (await restItems(t, owner.key, to)).map((i) => i.type)).toEqual(['sticky_note']);
    expect((await assetBytes(owner.key, to, from.assetId)).status).toBe(404);
  });
});
