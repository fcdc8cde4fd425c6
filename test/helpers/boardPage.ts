import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, launchChromium } from './browser.js';
import type { Body, TestServer, TestUser } from './testServer.js';
import { json, startTestServer } from './testServer.js';

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
  // The window a person types into has the focus: other pages of the same browser do not take the keys.
  await page.bringToFront();
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

/** A role a suite shares its space with. */
export type SharedRole = 'editor' | 'commenter' | 'viewer';

/** A browser suite's server, people, space and Chromium; filled in by its `beforeAll`. */
export interface WebSuite {
  t: TestServer;
  /** Owns the space (business plan) and makes the boards. */
  owner: TestUser;
  /** One person per role the space is shared with. */
  members: Partial<Record<SharedRole, TestUser>>;
  spaceId: string;
  browser: Browser;
  /** Browser contexts the suite closes at the end. */
  contexts: BrowserContext[];
}

/**
 * Registers the hooks of a browser suite: builds the web app when it is missing, starts a
 * server, an owner with a space shared with one person per role of `roles`, and Chromium;
 * closes them all after. `available` is false (and nothing starts) without Chromium.
 */
export function webSuite(name: string, roles: readonly SharedRole[] = []): { available: boolean; suite: WebSuite } {
  const available = chromiumAvailable(name);
  const suite = { members: {}, contexts: [] } as unknown as WebSuite;
  beforeAll(async () => {
    if (!available) return;
    if (!existsSync(path.resolve('dist/webapp/app.js'))) execFileSync(process.execPath, ['scripts/build-web.mjs'], { stdio: 'inherit' });
    suite.t = await startTestServer();
    suite.owner = await suite.t.createUser({ name: 'Ana Owner', plan: 'business' });
    suite.spaceId = (await json(suite.t.api(suite.owner.key, 'POST', '/spaces', { name }))).id;
    for (const role of roles) {
      const person = await suite.t.createUser({ name: `A ${role}` });
      suite.members[role] = person;
      expect((await suite.t.api(suite.owner.key, 'POST', `/spaces/${suite.spaceId}/members`, { email: person.email, role })).status).toBe(200);
    }
    suite.browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    if (available) await closeBrowserSuite(suite.contexts, suite.browser, suite.t);
  });
  return { available, suite };
}
