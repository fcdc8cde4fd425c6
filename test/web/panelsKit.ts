import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PlanName } from '../../server/accounts/plans.js';
import { closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

/** A person a browser suite shares its space with, by role. */
export interface SuiteMember {
  readonly name: string;
  readonly role: 'admin' | 'editor' | 'commenter' | 'viewer';
  readonly plan?: PlanName;
}

/**
 * A browser suite of the board panels: one server, one Chromium, an owner (business plan) with a
 * space shared with `members` (in order, as `people`). Its fields are set once `beforeAll` ran.
 */
export class PanelsSuite {
  t!: TestServer;
  browser!: Browser;
  owner!: TestUser;
  people: TestUser[] = [];
  spaceId = '';
  readonly #contexts: BrowserContext[] = [];

  constructor(available: boolean, members: readonly SuiteMember[]) {
    beforeAll(async () => {
      if (!available) return;
      ensureWebApp();
      this.t = await startTestServer();
      this.owner = await this.t.createUser({ name: 'Ana Owner', plan: 'business' });
      this.spaceId = (await json(this.t.api(this.owner.key, 'POST', '/spaces', { name: 'Panels' }))).id;
      for (const member of members) {
        const person = await this.t.createUser({ name: member.name, ...(member.plan ? { plan: member.plan } : {}) });
        expect((await this.t.api(this.owner.key, 'POST', `/spaces/${this.spaceId}/members`, { email: person.email, role: member.role })).status).toBe(200);
        this.people.push(person);
      }
      this.browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      if (available) await closeBrowserSuite(this.#contexts, this.browser, this.t);
    });
  }

  /** A page signed in as `user`, closed with the suite. */
  pageAs(user: TestUser): Promise<Page> {
    return signedInPage(this.browser, this.t, user.id, this.#contexts);
  }

  /** A board made by `by` (in the shared space when by the owner) holding what `operations` create. */
  async boardWith(title: string, operations: Body[], by: TestUser = this.owner): Promise<string> {
    const board = await json(this.t.api(by.key, 'POST', '/boards', by === this.owner ? { title, spaceId: this.spaceId } : { title }));
    if (operations.length > 0) expect((await this.t.api(by.key, 'POST', `/boards/${board.id}/items:batch`, { operations })).status).toBe(200);
    return board.id as string;
  }

  /** The board's items as REST reads them for `by`. */
  async restItems(boardId: string, by: TestUser = this.owner): Promise<Body[]> {
    return (await json(this.t.api(by.key, 'GET', `/boards/${boardId}/items?limit=100`))).data;
  }
}

/** Runs `act` and answers the file it made the page download: its suggested name and bytes. */
export async function downloaded(page: Page, act: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), act()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

/** Width and height from a PNG's IHDR chunk (PNG spec section 11.2.2). */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a' || bytes.subarray(12, 16).toString('ascii') !== 'IHDR') throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Decodes an image file in a blank page of the browser (no site, no policy) and counts its
 * pixels of `rgb` (within 4 per channel) and its non-white pixels.
 */
export async function pixelsOf(browser: Browser, bytes: Buffer, mime: string, rgb: readonly [number, number, number]) {
  const page = await browser.newPage();
  try {
    // A string, as the test's own types know no DOM; a blank page has no policy against it.
    return await page.evaluate<{ width: number; height: number; matching: number; nonWhite: number }>(`(async () => {
      const image = new Image();
      image.src = 'data:${mime};base64,${bytes.toString('base64')}';
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const [r0, g0, b0] = ${JSON.stringify(rgb)};
      let matching = 0;
      let nonWhite = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const r = pixels[i], g = pixels[i + 1], b = pixels[i + 2];
        if (Math.abs(r - r0) <= 4 && Math.abs(g - g0) <= 4 && Math.abs(b - b0) <= 4) matching += 1;
        if (r < 250 || g < 250 || b < 250) nonWhite += 1;
      }
      return { width: canvas.width, height: canvas.height, matching, nonWhite };
    })()`);
  } finally {
    await page.close();
  }
}
