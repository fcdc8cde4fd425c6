import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { wcagViolations } from '../helpers/accessibility.js';
import { openBoard as openLiveBoard } from '../helpers/canvasBoard.js';

const available = chromiumAvailable('the web app commands browser test');

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
  viewer = await t.createUser({ name: 'Cleo Viewer' });
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Commands' }))).id;
  expect((await t.api(owner.key, 'POST', `/spaces/${spaceId}/members`, { email: viewer.email, role: 'viewer' })).status).toBe(200);
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

const note = (text: string, x: number, y: number): Body => ({ op: 'create', type: 'sticky_note', position: { x, y }, data: { text, color: '#fff9b1' } });

async function boardWith(title: string, operations: Body[]): Promise<string> {
  const board = await json(t.api(owner.key, 'POST', '/boards', { title, spaceId }));
  if (operations.length > 0) expect((await t.api(owner.key, 'POST', `/boards/${board.id}/items:batch`, { operations })).status).toBe(200);
  return board.id as string;
}

/** Every item in z-order (bottom first), as REST lists them. */
async function restItems(boardId: string): Promise<Body[]> {
  return (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items?limit=100`))).data;
}

async function byText(boardId: string): Promise<Record<string, Body>> {
  return Object.fromEntries((await restItems(boardId)).filter((i) => typeof i.data.text === 'string').map((i) => [i.data.text, i]));
}

/** Opens the board and waits until its commands (and, for editors, its writes) have loaded. */
async function openBoard(page: Page, boardId: string): Promise<void> {
  await openLiveBoard(page, t, boardId);
  await page.locator('.shortcuts-button[data-commands=ready]').waitFor();
}

async function clickItem(page: Page, id: string, options: { button?: 'left' | 'right' } = {}): Promise<void> {
  const box = (await page.locator(`[data-item-id="${id}"]`).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, options);
}

/** The names of the open context menu's entries. */
async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('menu', { name: 'Board commands' });
  await menu.waitFor();
  return (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
}

/** Waits until a REST write made after `page`'s attempts has reached it: anything the page sent before is handled by then. */
async function settled(page: Page, boardId: string, id: string, text: string): Promise<void> {
  expect((await t.api(owner.key, 'PATCH', `/boards/${boardId}/items/${id}`, { data: { text } })).status).toBe(200);
  await expect.poll(() => page.locator(`[data-item-id="${id}"]`).textContent()).toBe(text);
}

/** The browser globals the page-side functions below use (this project's tests compile without the DOM library). */
interface PageGlobals {
  navigator: { clipboard: { writeText(text: string): Promise<void> } };
  document: { activeElement: { textContent: string | null; getAttribute(name: string): string | null } | null; body: { dispatchEvent(event: unknown): boolean } };
  DataTransfer: new () => { setData(type: string, value: string): void };
  ClipboardEvent: new (type: string, init: { clipboardData: unknown; bubbles: boolean; cancelable: boolean }) => unknown;
}

const comparable = (items: Body[]) => items.map((i) => ({ id: i.id, position: i.position, z: i.z, data: i.data }));

describe.skipIf(!available)('web app commands in a browser', { timeout: 120_000 }, () => {
  test('copy and paste within a board makes new items with the same data, connectors re-pointed, as one undo step', async () => {
    const boardId = await boardWith('Copy paste', [note('One', -300, 0), note('Two', 300, 0)]);
    const { One: one, Two: two } = await byText(boardId);
    await t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'connector', position: { x: 0, y: 0 }, data: { from: one.id, to: two.id, label: 'next' } });
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    await page.keyboard.press('Control+V');
    await expect.poll(async () => (await restItems(boardId)).length).toBe(6);
    const items = await restItems(boardId);
    const originals = new Set([one.id, two.id]);
    const copies = items.filter((i) => i.type === 'sticky_note' && !originals.has(i.id));
    expect(copies.map((c) => c.data)).toEqual([one.data, two.data]);
    expect(copies.map((c) => c.position)).toEqual([
      { x: -280, y: 20 },
      { x: 320, y: 20 },
    ]);
    expect(copies.every((c) => c.createdBy === owner.id)).toBe(true);
    const connectors = items.filter((i) => i.type === 'connector');
    expect(connectors).toHaveLength(2);
    const copied = connectors.find((c) => c.data.from !== one.id)!;
    expect([copied.data.from, copied.data.to]).toEqual(copies.map((c) => c.id));
    expect(copied.data.label).toBe('next');
    // The pasted items are on top of the z-order and selected.
    expect(items.slice(3).map((i) => i.id).sort()).toEqual([...copies.map((c) => c.id), copied.id].sort());
    await expect.poll(() => page.locator('[data-item-id].selected').count()).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => (await restItems(boardId)).map((i) => i.id).sort()).toEqual([one.id, two.id, connectors.find((c) => c.id !== copied.id)!.id].sort());
  });

  test('copy on one board and paste on another', async () => {
    const from = await boardWith('From', [note('Travels', 0, 0), note('Stays', 400, 0)]);
    const to = await boardWith('To', [note('Already here', 0, 0)]);
    const { Travels: travels } = await byText(from);
    const page = await pageAs(owner);
    await openBoard(page, from);
    await clickItem(page, travels.id);
    await page.keyboard.press('Control+C');
    await openBoard(page, to);
    await page.keyboard.press('Control+V');
    await expect.poll(async () => Object.keys(await byText(to)).sort()).toEqual(['Already here', 'Travels']);
    const pasted = (await byText(to)).Travels;
    expect(pasted.id).not.toBe(travels.id);
    expect(pasted.data).toEqual(travels.data);
    expect(pasted.size).toEqual(travels.size);
    expect((await restItems(from)).length).toBe(2);
  });

  test('cut removes the selection and paste brings it back with new ids', async () => {
    const boardId = await boardWith('Cut', [note('Cut me', 0, 0), note('Keep me', 400, 0)]);
    const { 'Cut me': cut } = await byText(boardId);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await clickItem(page, cut.id);
    await page.keyboard.press('Control+X');
    await expect.poll(async () => Object.keys(await byText(boardId))).toEqual(['Keep me']);
    await page.keyboard.press('Control+V');
    await expect.poll(async () => Object.keys(await byText(boardId)).sort()).toEqual(['Cut me', 'Keep me']);
    expect((await byText(boardId))['Cut me'].id).not.toBe(cut.id);
  });

  test('Ctrl+D duplicates the selection 20 units aside', async () => {
    const boardId = await boardWith('Duplicate', [note('Twin', 100, 50)]);
    const { Twin: twin } = await byText(boardId);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await clickItem(page, twin.id);
    await page.keyboard.press('Control+D');
    await expect.poll(async () => (await restItems(boardId)).length).toBe(2);
    const copy = (await restItems(boardId)).find((i) => i.id !== twin.id)!;
    expect(copy.data).toEqual(twin.data);
    expect(copy.position).toEqual({ x: 120, y: 70 });
  });

  test('duplicating a section copies what it holds, and nothing else', async () => {
    const boardId = await boardWith('Duplicate section', [
      { op: 'create', type: 'section', position: { x: 0, y: 0 }, size: { width: 800, height: 500 }, data: { title: 'Frame' } },
      note('Inside', -200, 50),
      note('Outside', 800, 0),
    ]);
    const before = await restItems(boardId);
    const section = before.find((i) => i.type === 'section')!;
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    const box = (await page.locator(`[data-item-id="${section.id}"]`).boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.75);
    await page.keyboard.press('Control+D');
    await expect.poll(async () => (await restItems(boardId)).length).toBe(5);
    const added = (await restItems(boardId)).filter((i) => !before.some((b) => b.id === i.id));
    const copy = added.find((i) => i.type === 'section')!;
    expect(copy.data).toEqual(section.data);
    expect(copy.position).toEqual({ x: 20, y: 20 });
    expect(added.filter((i) => i.type === 'sticky_note').map((i) => [i.data.text, i.position, i.sectionId])).toEqual([['Inside', { x: -180, y: 70 }, copy.id]]);
  });

  test('select all and Delete empty the board', async () => {
    const boardId = await boardWith('Select all', [note('A', 0, 0), note('B', 300, 0), note('C', 600, 0)]);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await restItems(boardId)).length).toBe(0);
  });

  test('arrow keys nudge by 1 (Shift: 10), and a burst of nudges is one undo step', async () => {
    const boardId = await boardWith('Nudge', [note('Nudged', 0, 0), note('Still', 500, 0)]);
    const { Nudged: nudged, Still: still } = await byText(boardId);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await clickItem(page, nudged.id);
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await byText(boardId)).Nudged.position).toEqual({ x: 2, y: 10 });
    expect((await byText(boardId)).Still.position).toEqual(still.position);
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => (await byText(boardId)).Nudged.position).toEqual({ x: 0, y: 0 });
  });

  test('Ctrl+] and Ctrl+[ (with Shift: to the front and back) change the z-order REST lists', async () => {
    const boardId = await boardWith('Z-order', [note('Bottom', -400, 0), note('Middle', 0, 0), note('Top', 400, 0)]);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    const order = async () => (await restItems(boardId)).map((i) => i.data.text);
    await clickItem(page, (await byText(boardId)).Bottom.id);
    await page.keyboard.press('Control+Shift+BracketRight');
    await expect.poll(order).toEqual(['Middle', 'Top', 'Bottom']);
    await page.keyboard.press('Control+BracketLeft');
    await expect.poll(order).toEqual(['Middle', 'Bottom', 'Top']);
    await page.keyboard.press('Control+Shift+BracketLeft');
    await expect.poll(order).toEqual(['Bottom', 'Middle', 'Top']);
    await page.keyboard.press('Control+BracketRight');
    await expect.poll(order).toEqual(['Middle', 'Bottom', 'Top']);
    const items = await restItems(boardId);
    expect(items.map((i) => i.z)).toEqual([...items.map((i) => i.z)].sort());
  });

  test('align and distribute from the context menu and the keys move the items REST reads', async () => {
    const boardId = await boardWith('Align', [note('Left', -300, 0), note('Mid', 0, 80), note('Right', 400, -50)]);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await page.keyboard.press('Control+A');
    await clickItem(page, (await byText(boardId)).Mid.id, { button: 'right' });
    expect(await menuEntries(page)).toEqual(expect.arrayContaining(['Align top', 'Distribute horizontally', 'Bring to front']));
    await page.getByRole('menuitem', { name: /Align top/ }).click();
    await expect.poll(async () => Object.values(await byText(boardId)).map((i) => i.position.y)).toEqual([-50, -50, -50]);
    await clickItem(page, (await byText(boardId)).Mid.id, { button: 'right' });
    await page.getByRole('menuitem', { name: /Distribute horizontally/ }).click();
    // Lefts at -400 and rights at 500, three 200-wide notes: gaps of 150.
    await expect.poll(async () => Object.values(await byText(boardId)).map((i) => i.position.x)).toEqual([-300, 50, 400]);
    await page.keyboard.press('Alt+KeyD');
    await expect.poll(async () => Object.values(await byText(boardId)).map((i) => i.position.x)).toEqual([400, 400, 400]);
  });

  test('plain text pasted from another app becomes a sticky note', async () => {
    const boardId = await boardWith('Paste text', [note('Here', 0, 0)]);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.writeText('Written in another app'));
    await page.keyboard.press('Control+V');
    await expect.poll(async () => Object.keys(await byText(boardId)).sort()).toEqual(['Here', 'Written in another app']);
    expect((await byText(boardId))['Written in another app'].type).toBe('sticky_note');
  });

  test('a clipboard holding items the catalogue refuses pastes nothing and says why; malformed board data is taken as text', async () => {
    const boardId = await boardWith('Bad paste', [note('Here', 0, 0)]);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    const before = comparable(await restItems(boardId));
    const paste = (entries: Record<string, string>) =>
      page.evaluate((data) => {
        const { DataTransfer, ClipboardEvent, document } = globalThis as unknown as PageGlobals;
        const transfer = new DataTransfer();
        for (const [type, value] of Object.entries(data)) transfer.setData(type, value);
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      }, entries);
    const item = (id: string, data: Record<string, unknown>) => ({ id, type: 'sticky_note', x: 0, y: 0, width: 200, height: 200, rotation: 0, data });
    const clip = (items: unknown[]) => JSON.stringify({ boards: 1, boardId: 'brd_elsewhere', items });
    await paste({ 'application/x-boards-items+json': clip([item('a', { text: 'Fine' }), item('b', { text: 'Bad colour', color: 'red' })]) });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Nothing was pasted');
    await paste({ 'application/x-boards-items+json': clip([{ ...item('c', { text: 'Huge' }), width: 1e9 }]) });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('item 1 (sticky_note)');
    // A connector whose end is not in the clipboard is left out; its other end is pasted.
    await paste({ 'application/x-boards-items+json': clip([item('d', { text: 'Alone' }), { ...item('e', { from: 'd', to: 'gone' }), type: 'connector' }]) });
    await expect.poll(async () => Object.keys(await byText(boardId)).sort()).toEqual(['Alone', 'Here']);
    expect((await restItems(boardId)).filter((i) => i.type === 'connector')).toEqual([]);
    await paste({ 'application/x-boards-items+json': '{not json', 'text/plain': 'Only text' });
    await expect.poll(async () => Object.keys(await byText(boardId)).sort()).toEqual(['Alone', 'Here', 'Only text']);
    expect(comparable(await restItems(boardId)).slice(0, 1)).toEqual(before);
  });

  test('the context menu opens from the keyboard, moves with the arrow keys, runs an entry and closes on Escape', async () => {
    const boardId = await boardWith('Menu keys', [note('Menu', 0, 0)]);
    const { Menu: item } = await byText(boardId);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await clickItem(page, item.id);
    await page.keyboard.press('Shift+F10');
    expect(await menuEntries(page)).toEqual([
      'Cut',
      'Copy',
      'Paste',
      'Duplicate',
      'Delete',
      'Lock',
      'Bring to front',
      'Bring forward',
      'Send backward',
      'Send to back',
      'Select all',
    ]);
    expect(await wcagViolations(page, '.context-menu', { bestPractices: true })).toEqual([]);
    const focused = () => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.textContent ?? '');
    await expect.poll(focused).toMatch(/^Cut/);
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toMatch(/^Select all/);
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toMatch(/^Duplicate/);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await restItems(boardId)).length).toBe(2);
    expect(await page.getByRole('menu').count()).toBe(0);
    await page.keyboard.press('ContextMenu');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    // Escape closed the menu only: the selection (the duplicate) is still there for Delete.
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await restItems(boardId)).map((i) => i.id)).toEqual([item.id]);
  });

  test('the background menu offers paste, select all and zoom to fit, and pastes at the pointer', async () => {
    const boardId = await boardWith('Background menu', [note('Source', 0, 0)]);
    const { Source: source } = await byText(boardId);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await clickItem(page, source.id);
    await page.keyboard.press('Control+C');
    const box = (await page.locator(`[data-item-id="${source.id}"]`).boundingBox())!;
    await page.mouse.click(box.x + box.width + 150, box.y + box.height / 2, { button: 'right' });
    expect(await menuEntries(page)).toEqual(['Paste', 'Select all', 'Zoom to fit']);
    await page.getByRole('menuitem', { name: /Paste/ }).click();
    await expect.poll(async () => (await restItems(boardId)).length).toBe(2);
    const pasted = (await restItems(boardId)).find((i) => i.id !== source.id)!;
    expect(pasted.data).toEqual(source.data);
    expect(pasted.position.x).toBeGreaterThan(source.position.x + 200);
  });

  test('? opens the shortcuts sheet, which lists the shortcuts, keeps keys from the board and closes on Escape', async () => {
    const boardId = await boardWith('Sheet', [note('Sheet', 0, 0)]);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    expect(await sheet.getAttribute('aria-modal')).toBe('true');
    expect(await wcagViolations(page, '.sheet', { bestPractices: true })).toEqual([]);
    for (const text of ['Bring to front', 'Duplicate', 'Zoom to fit', 'Connector', 'Hand (pan)']) expect(await sheet.getByText(text, { exact: false }).count()).toBeGreaterThan(0);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.press('n');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    expect(await page.locator('button[data-tool=select][aria-pressed=true]').count()).toBe(1);
    expect((await restItems(boardId)).length).toBe(1);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.getAttribute('aria-label'))).toBe('Keyboard shortcuts');
  });

  test('tool keys pick tools outside text fields and leave typing in a field alone', async () => {
    const boardId = await boardWith('Tool keys', [note('Typed', 0, 0)]);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    const pressed = () => page.locator('button.tool.active').getAttribute('data-tool');
    for (const [key, tool] of [
      ['n', 'sticky_note'],
      ['t', 'text'],
      ['r', 'shape'],
      ['d', 'freehand'],
      ['a', 'connector'],
      ['c', 'comment'],
      ['v', 'select'],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(pressed).toBe(tool);
    }
    // A note made with N opens its text editor: the tool keys typed there are text.
    await page.keyboard.press('n');
    const surface = (await page.locator('.surface').boundingBox())!;
    await page.mouse.click(surface.x + 150, surface.y + surface.height - 150);
    await page.locator('textarea.text-editor').waitFor();
    await page.keyboard.type('ntv ac');
    await page.keyboard.press('Escape');
    await expect.poll(async () => Object.keys(await byText(boardId)).sort()).toEqual(['Typed', 'ntv ac']);
    expect(await pressed()).toBe('select');
  });

  test("a viewer's menu offers copy and select all only, and their keys write nothing", async () => {
    const boardId = await boardWith('Viewer', [note('Look', 0, 0), note('Only', 400, 0)]);
    const { Look: look } = await byText(boardId);
    const before = comparable(await restItems(boardId));
    const page = await pageAs(viewer);
    await openBoard(page, boardId);
    await clickItem(page, look.id, { button: 'right' });
    expect(await menuEntries(page)).toEqual(['Copy', 'Select all']);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+A');
    await expect.poll(() => page.locator('[data-item-id].selected').count()).toBe(2);
    for (const key of ['Control+C', 'Control+V', 'Control+D', 'Control+X', 'Delete', 'ArrowRight', 'Shift+ArrowDown', 'Control+Shift+BracketRight', 'Alt+KeyA', 'n']) await page.keyboard.press(key);
    await page.mouse.click(10, 400, { button: 'right' });
    expect(await menuEntries(page)).toEqual(['Select all', 'Zoom to fit']);
    await page.keyboard.press('Escape');
    await settled(page, boardId, look.id, 'Look again');
    const after = comparable(await restItems(boardId));
    expect(after.map((i) => ({ ...i, data: undefined }))).toEqual(before.map((i) => ({ ...i, data: undefined })));
  });
});
