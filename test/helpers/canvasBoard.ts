import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Body, TestServer } from './testServer.js';
import { json } from './testServer.js';

/** A new board in `spaceId` made through REST with `key`, holding the items of one `items:batch` call; answers its id. */
export async function boardWith(t: TestServer, key: string, spaceId: string, title: string, operations: Body[]): Promise<string> {
  const board = await json(t.api(key, 'POST', '/boards', { title, spaceId }));
  if (operations.length > 0) expect((await t.api(key, 'POST', `/boards/${board.id}/items:batch`, { operations })).status).toBe(200);
  return board.id as string;
}

/** The board's items (the first 100) as REST reads them with `key`. */
export async function restItems(t: TestServer, key: string, boardId: string): Promise<Body[]> {
  return (await json(t.api(key, 'GET', `/boards/${boardId}/items?limit=100`))).data;
}

/** The board's items through REST, keyed by their text (or title, or id). */
export async function itemsByText(t: TestServer, key: string, boardId: string): Promise<Record<string, Body>> {
  const items = await restItems(t, key, boardId);
  return Object.fromEntries(items.map((i) => [typeof i.data.text === 'string' ? i.data.text : (i.data.title ?? i.id), i]));
}

/**
 * Opens a board's page as a person would and waits until it is live and painted, with the page
 * in front: other pages of the same browser do not take the keys.
 */
export async function openBoard(page: Page, t: TestServer, boardId: string): Promise<void> {
  const seen: string[] = [];
  const note = (line: string) => seen.push(line);
  const onConsole = (message: { type(): string; text(): string }) => message.type() === 'error' && note(`console: ${message.text()}`);
  const onResponse = (response: { status(): number; url(): string }) => response.status() >= 400 && note(`${response.status()} ${response.url()}`);
  page.on('console', onConsole);
  page.on('response', onResponse);
  try {
    await page.goto(`${t.url}/boards/${boardId}`);
    await page.waitForSelector('.status[data-status=connected]');
  } catch (error) {
    // What the page showed and heard, so that a board that never goes live says why.
    const status = await page.locator('.status').getAttribute('data-status', { timeout: 1_000 }).catch(() => 'none');
    const text = (await page.locator('body').innerText({ timeout: 1_000 }).catch(() => '')).replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(`board ${boardId} did not go live (status ${status}; page: "${text}"; ${seen.slice(-10).join(' | ') || 'no console error or failed answer'})`, { cause: error });
  } finally {
    page.off('console', onConsole);
    page.off('response', onResponse);
  }
  // A selector, not a predicate: the page's CSP refuses the eval a string predicate needs once it polls.
  await page.locator('body[data-first-paint-ms]').waitFor({ state: 'attached' });
  await page.bringToFront();
}

/** The screen box of an item on the page. */
export async function itemBox(page: Page, id: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.locator(`.item[data-item-id="${id}"]`).boundingBox();
  if (!box) throw new Error(`item ${id} is not drawn`);
  return box;
}

/** The centre of an item on the screen. */
export async function itemCentre(page: Page, id: string): Promise<{ x: number; y: number }> {
  const box = await itemBox(page, id);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The canvas's zoom (1 is 100 %) as the surface reports it. */
export async function zoomOf(page: Page): Promise<number> {
  return Number(await page.locator('.surface').getAttribute('data-zoom'));
}

/** Presses at `from`, moves to `to` in steps, and releases, with the mouse button given. */
export async function dragMouse(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, button: 'left' | 'middle' = 'left'): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down({ button });
  for (let step = 1; step <= 6; step += 1) await page.mouse.move(from.x + ((to.x - from.x) * step) / 6, from.y + ((to.y - from.y) * step) / 6);
  await page.mouse.up({ button });
}
