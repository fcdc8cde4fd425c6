import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium } from './browser.js';
import type { TestServer, TestUser } from './testServer.js';
import { json, startTestServer } from './testServer.js';

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
    ensureWebApp();
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
