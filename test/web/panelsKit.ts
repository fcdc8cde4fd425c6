import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../helpers/testServer.js';

/** Opens a board as a person would and waits until its items are drawn. */
export async function openBoard(t: TestServer, page: Page, boardId: string): Promise<void> {
  await page.goto(`${t.url}/boards/${boardId}`);
  await page.waitForSelector('.status[data-status=connected]');
  // A selector, not a predicate: the page's CSP refuses the eval a string predicate needs once it polls.
  await page.locator('body[data-first-paint-ms]').waitFor({ state: 'attached' });
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
