import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Body, TestServer } from './testServer.js';
import { json } from './testServer.js';

/** A board in `spaceId` made through REST, with the items of one `items:batch` call; returns its id. */
export async function boardWith(t: TestServer, key: string, spaceId: string, title: string, operations: Body[]): Promise<string> {
  const board = await json(t.api(key, 'POST', '/boards', { title, spaceId }));
  if (operations.length > 0) expect((await t.api(key, 'POST', `/boards/${board.id}/items:batch`, { operations })).status).toBe(200);
  return board.id as string;
}

/** Every item of a board, as REST reads it. */
export async function restItems(t: TestServer, key: string, boardId: string): Promise<Body[]> {
  return (await json(t.api(key, 'GET', `/boards/${boardId}/items?limit=100`))).data;
}

/** Opens the board's page and waits until it is live and drawn. */
export async function openBoard(page: Page, t: TestServer, boardId: string): Promise<void> {
  await page.goto(`${t.url}/boards/${boardId}`);
  await page.waitForSelector('.status[data-status=connected]');
  // A selector, not a predicate: the page's CSP refuses the eval a string predicate needs once it polls.
  await page.locator('body[data-first-paint-ms]').waitFor({ state: 'attached' });
}

/** The centre of an item on screen. */
export async function centre(page: Page, id: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator(`[data-item-id="${id}"]`).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A point of the canvas, `dx`, `dy` pixels from its top-left corner. */
export async function canvasPoint(page: Page, dx: number, dy: number): Promise<{ x: number; y: number }> {
  const surface = (await page.locator('.surface').boundingBox())!;
  return { x: surface.x + dx, y: surface.y + dy };
}
