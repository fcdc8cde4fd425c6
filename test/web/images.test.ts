import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { pngBytes } from '../assets/images.js';

const available = chromiumAvailable('the web app images browser test');

let t: TestServer;
let owner: TestUser;
let viewer: TestUser;
let spaceId: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  t = await startTestServer();
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  viewer = await t.createUser({ name: 'Vic Viewer' });
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Images' }))).id;
  expect((await t.api(owner.key, 'POST', `/spaces/${spaceId}/members`, { email: viewer.email, role: 'viewer' })).status).toBe(200);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

async function newBoard(title: string): Promise<string> {
  const board = await json(t.api(owner.key, 'POST', '/boards', { title, spaceId }));
  // One note so the board opens fitted around something.
  expect((await t.api(owner.key, 'POST', `/boards/${board.id}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Anchor' } })).status).toBe(201);
  return board.id as string;
}

async function images(boardId: string): Promise<Body[]> {
  return (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items?limit=100`))).data.filter((item: Body) => item.type === 'image');
}

async function assetBytes(boardId: string, assetId: string): Promise<Buffer> {
  const res = await t.api(owner.key, 'GET', `/boards/${boardId}/assets/${assetId}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function openBoard(page: Page, boardId: string): Promise<void> {
  await page.goto(`${t.url}/boards/${boardId}`);
  await page.waitForSelector('.status[data-status=connected]');
  await page.locator('body[data-first-paint-ms]').waitFor({ state: 'attached' });
}

/** Dispatches a drop of one file at a screen point, or a paste of it, as the browser does for a person; true when the page took it. */
async function giveFile(page: Page, how: 'drop' | 'paste', file: { name: string; type: string; bytes: Buffer }, at?: { x: number; y: number }): Promise<boolean> {
  // A string, not a function: the test's TypeScript has no DOM types.
  return page.evaluate<boolean>(`(() => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(file.bytes.toString('base64'))}), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], ${JSON.stringify(file.name)}, { type: ${JSON.stringify(file.type)} }));
    if (${JSON.stringify(how)} === 'paste') return !document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    const surface = document.querySelector('.surface');
    const init = { dataTransfer: transfer, bubbles: true, cancelable: true, clientX: ${at?.x ?? 0}, clientY: ${at?.y ?? 0} };
    surface.dispatchEvent(new DragEvent('dragenter', init));
    surface.dispatchEvent(new DragEvent('dragover', init));
    return !surface.dispatchEvent(new DragEvent('drop', init));
  })()`);
}

/** The natural width of a shown image (0 until its bytes are decoded). */
function naturalWidth(page: Page, assetId: string): Promise<number> {
  return page.locator(`img[data-asset-id="${assetId}"]`).evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth);
}

/** The axe-core violations (WCAG A and AA) inside `selector`, as `rule: targets` lines. */
async function accessibilityViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate<string[]>(
    `axe.run({ include: [${JSON.stringify(selector)}] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } }).then((result) => result.violations.map((v) => v.id + ': ' + v.nodes.map((n) => JSON.stringify(n.target)).join(', ')))`,
  );
}

describe.skipIf(!available)('images on boards in a browser', { timeout: 120_000 }, () => {
  test('the Image button opens the file picker; the chosen PNG becomes an image item at its natural size fitted to 800, alt text from its name, shown on the canvas', async () => {
    const boardId = await newBoard('Picker');
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, boardId);
    const bytes = pngBytes(1600, 900, { rgb: [200, 40, 40] });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    await (await chooser).setFiles({ name: 'team-photo.png', mimeType: 'image/png', buffer: bytes });
    await expect.poll(async () => (await images(boardId)).length).toBe(1);
    const [item] = await images(boardId);
    expect(item).toMatchObject({ size: { width: 800, height: 450 }, data: { alt: 'team photo', assetId: expect.stringMatching(/^ast_/) } });
    expect(item.createdBy).toBe(owner.id);
    expect((await assetBytes(boardId, item.data.assetId)).equals(bytes)).toBe(true);
    // The canvas shows the uploaded bytes (fetched with the board token, through an object URL the CSP allows).
    await page.locator(`img[data-asset-id="${item.data.assetId as string}"]`).waitFor();
    await expect.poll(() => naturalWidth(page, item.data.assetId as string)).toBe(1600);
    expect(await page.locator(`img[data-asset-id="${item.data.assetId as string}"]`).getAttribute('alt')).toBe('team photo');
  });

  test('an image file dropped on the canvas is added where it was dropped', async () => {
    const boardId = await newBoard('Drop');
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, boardId);
    const surface = (await page.locator('.surface').boundingBox())!;
    const at = { x: Math.round(surface.x + surface.width * 0.3), y: Math.round(surface.y + surface.height * 0.4) };
    const bytes = pngBytes(120, 80);
    expect(await giveFile(page, 'drop', { name: 'diagram.png', type: 'image/png', bytes }, at)).toBe(true);
    await expect.poll(async () => (await images(boardId)).length).toBe(1);
    const [item] = await images(boardId);
    expect(item).toMatchObject({ size: { width: 120, height: 80 }, data: { alt: 'diagram' } });
    expect((await assetBytes(boardId, item.data.assetId)).equals(bytes)).toBe(true);
    const box = (await page.locator(`[data-item-id="${item.id as string}"]`).boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - at.x)).toBeLessThan(3);
    expect(Math.abs(box.y + box.height / 2 - at.y)).toBeLessThan(3);
  });

  test('an image pasted from the clipboard is uploaded and added', async () => {
    const boardId = await newBoard('Paste');
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, boardId);
    const bytes = pngBytes(64, 64, { rgb: [10, 160, 90] });
    expect(await giveFile(page, 'paste', { name: 'image.png', type: 'image/png', bytes })).toBe(true);
    await expect.poll(async () => (await images(boardId)).length).toBe(1);
    const [item] = await images(boardId);
    expect(item).toMatchObject({ size: { width: 64, height: 64 } });
    expect((await assetBytes(boardId, item.data.assetId)).equals(bytes)).toBe(true);
  });

  test('files the service refuses show why, and nothing is added', async () => {
    const boardId = await newBoard('Refused');
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, boardId);
    // Not an image by its bytes, though named and typed as a PNG: the server refuses it.
    await giveFile(page, 'drop', { name: 'notes.png', type: 'image/png', bytes: Buffer.from('just some words, not a picture') }, { x: 400, y: 400 });
    await expect(page.getByRole('alert').filter({ hasText: 'notes.png was not added' }).textContent()).resolves.toContain('not a PNG, JPEG, WebP or GIF');
    // SVG can carry scripts: refused before sending.
    await giveFile(page, 'paste', { name: 'logo.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await page.getByRole('alert').filter({ hasText: 'logo.svg' }).waitFor();
    // The Image button, the file field and the messages with their dismiss buttons are named and pass axe.
    expect(await accessibilityViolations(page, '.canvas-wrap')).toEqual([]);
    // Keyboard: Enter on the focused Image button opens the file picker.
    // Headless Chromium now and then drops the picker of a keyboard press on a loaded machine: up to three presses, each waited for.
    const image = page.getByRole('button', { name: 'Image', exact: true });
    let chooser: FileChooser | undefined;
    for (let attempt = 0; attempt < 3 && chooser === undefined; attempt += 1) {
      await image.focus();
      const opened = page.waitForEvent('filechooser', { timeout: 10_000 }).catch(() => undefined);
      await page.keyboard.press('Enter');
      chooser = await opened;
    }
    expect(chooser, 'Enter on the Image button opens the file picker').toBeDefined();
    await chooser!.setFiles([]);
    await page.getByRole('button', { name: 'Dismiss the message about logo.svg' }).click();
    await page.getByRole('alert').filter({ hasText: 'logo.svg' }).waitFor({ state: 'detached' });
    expect(await images(boardId)).toEqual([]);
    expect((await t.server.services.db.collection<{ id: string; boardId: string }>({ name: 'assets' }).count({ boardId }))).toBe(0);
  });

  test('a public-link guest (no session) sees the uploaded images of the board the link opens', async () => {
    const boardId = await newBoard('Guest');
    const upload = await fetch(`${t.baseUrl}/boards/${boardId}/assets`, { method: 'POST', headers: { Authorization: `Bearer ${owner.key}`, 'Content-Type': 'image/png' }, body: pngBytes(70, 30) });
    const asset = await json(upload);
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'image', position: { x: 300, y: 0 }, data: { assetId: asset.id, alt: 'banner' } })).status).toBe(201);
    const link = await json(t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer', expiresAt: null }));
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link.url as string);
    await page.locator(`img[data-asset-id="${asset.id as string}"]`).waitFor();
    await expect.poll(() => naturalWidth(page, asset.id as string)).toBe(70);
  });

  test('a viewer sees uploaded images but has no Image button, and a drop adds nothing', async () => {
    const boardId = await newBoard('Viewer');
    const upload = await fetch(`${t.baseUrl}/boards/${boardId}/assets`, { method: 'POST', headers: { Authorization: `Bearer ${owner.key}`, 'Content-Type': 'image/png' }, body: pngBytes(50, 40) });
    const asset = await json(upload);
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'image', position: { x: 300, y: 0 }, data: { assetId: asset.id, alt: 'chart' } })).status).toBe(201);
    const page = await signedInPage(browser, t, viewer.id, contexts);
    await openBoard(page, boardId);
    await page.locator(`img[data-asset-id="${asset.id as string}"]`).waitFor();
    await expect.poll(() => naturalWidth(page, asset.id as string)).toBe(50);
    expect(await page.getByRole('button', { name: 'Image', exact: true }).count()).toBe(0);
    // The page does not take the file: no upload starts.
    expect(await giveFile(page, 'drop', { name: 'sneaky.png', type: 'image/png', bytes: pngBytes(10, 10) }, { x: 300, y: 300 })).toBe(false);
    expect(await giveFile(page, 'paste', { name: 'sneaky.png', type: 'image/png', bytes: pngBytes(10, 10) })).toBe(false);
    expect(await page.getByRole('status').filter({ hasText: 'Uploading' }).count()).toBe(0);
    expect((await images(boardId)).length).toBe(1);
    expect(await t.server.services.db.collection<{ id: string; boardId: string }>({ name: 'assets' }).count({ boardId })).toBe(1);
  });
});
