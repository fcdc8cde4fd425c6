import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeOpenAi } from '../../bench/ai/fakeOpenAiServer.js';
import type { FakeOpenAiServer } from '../../bench/ai/fakeOpenAiServer.js';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import { boardWith, openBoard, restItems } from '../helpers/canvasBoard.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the assistant Cancel browser test');

const planJson = JSON.stringify({ rationale: 'One idea.', items: [{ ref: 'a', type: 'sticky_note', x: 0, y: 0, data: { text: 'Generated idea' } }] });

let fake: FakeOpenAiServer;
let t: TestServer;
let owner: TestUser;
let spaceId: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  fake = await startFakeOpenAi(() => ({ kind: 'json', content: planJson }));
  // Only the caller going away ends a held provider call: its timeout is far longer than the test.
  t = await startTestServer({
    env: { BOARDS_AI_PROVIDER: 'openai', BOARDS_AI_BASE_URL: fake.baseUrl, BOARDS_AI_API_KEY: 'sk-test-cancel-0123456789', BOARDS_AI_MODEL: 'fake-model', BOARDS_AI_TIMEOUT_MS: '600000', BOARDS_AI_MAX_RETRIES: '0' },
  });
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Cancel' }))).id;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (!available) return;
  await closeBrowserSuite(contexts, browser, t);
  await fake.close();
});

async function creditsUsed(): Promise<number> {
  return (await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used;
}

describe.skipIf(!available)('canceling an assistant request', { timeout: 180_000 }, () => {
  test('Cancel (from the keyboard) while the Generate job runs cancels the job: it ends cancelled, the provider call stops, nothing is written, the credits come back, and the next Generate works', async () => {
    const boardId = await boardWith(t, owner.key, spaceId, 'Cancel generate', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Already here' } }]);
    const before = await creditsUsed();
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, t, boardId);
    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    await page.getByRole('complementary', { name: 'Assistant' }).waitFor();
    await page.locator('#assistant-prompt').fill('Ideas for the launch');

    fake.script({ kind: 'hang' });
    const accepted = page.waitForResponse((r) => r.url().endsWith(`/boards/${boardId}/ai/generate`));
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const jobId = (await (await accepted).json()).id as string;
    expect((await accepted).status()).toBe(202);
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await cancel.waitFor();
    // The job's progress bar shows while it runs.
    await page.getByRole('progressbar', { name: 'Generating' }).waitFor();
    await expect.poll(() => fake.held(), { timeout: 20_000 }).toBe(1);
    const cancelled = page.waitForResponse((r) => r.url().endsWith(`/jobs/${jobId}/cancel`));
    await cancel.focus();
    await page.keyboard.press('Enter');
    expect((await cancelled).status()).toBe(202);

    await page.getByRole('status').filter({ hasText: 'Canceled: nothing was written.' }).waitFor();
    expect(await json(t.api(owner.key, 'GET', `/jobs/${jobId}`))).toMatchObject({ status: 'canceled', error: { code: 'cancelled' } });
    expect(await cancel.count()).toBe(0);
    await expect.poll(() => fake.dropped(), { timeout: 20_000 }).toBe(1);
    expect(fake.held()).toBe(0);
    await expect.poll(() => creditsUsed(), { timeout: 20_000 }).toBe(before);
    expect((await restItems(t, owner.key, boardId)).map((i) => i.data.text)).toEqual(['Already here']);

    // The prompt is kept: Generate again, answered this time.
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(async () => (await restItems(t, owner.key, boardId)).map((i) => i.data.text).sort(), { timeout: 20_000 }).toEqual(['Already here', 'Generated idea']);
    expect(await creditsUsed()).toBe(before + 5);
  });

  test('Cancel while a Rewrite job runs: the job ends cancelled and the note keeps its text', async () => {
    const boardId = await boardWith(t, owner.key, spaceId, 'Cancel rewrite', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Keep me as I am' } }]);
    const [note] = await restItems(t, owner.key, boardId);
    const before = await creditsUsed();
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, t, boardId);
    await page.locator(`[data-item-id="${note!.id}"]`).click();
    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    await page.locator('#assistant-instruction').fill('shorter');
    const held = fake.held();
    fake.script({ kind: 'hang' });
    const accepted = page.waitForResponse((r) => r.url().endsWith(`/boards/${boardId}/ai/modify`));
    await page.getByRole('button', { name: 'Rewrite', exact: true }).click();
    const jobId = (await (await accepted).json()).id as string;
    await expect.poll(() => fake.held(), { timeout: 20_000 }).toBe(held + 1);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Canceled: nothing was written.' }).waitFor();
    expect(await json(t.api(owner.key, 'GET', `/jobs/${jobId}`))).toMatchObject({ status: 'canceled', error: { code: 'cancelled' } });
    expect((await restItems(t, owner.key, boardId)).map((i) => i.data.text)).toEqual(['Keep me as I am']);
    await expect.poll(() => creditsUsed(), { timeout: 20_000 }).toBe(before);
  });

  test('Cancel while Ask runs: no answer is shown and the credit comes back', async () => {
    const boardId = await boardWith(t, owner.key, spaceId, 'Cancel ask', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Risk: late vendor' } }]);
    const before = await creditsUsed();
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, t, boardId);
    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    await page.locator('#assistant-question:focus').waitFor();
    await page.keyboard.type('What is the risk?');
    const dropped = fake.dropped();
    fake.script({ kind: 'hang' });
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect.poll(() => fake.held(), { timeout: 20_000 }).toBe(1);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => fake.dropped(), { timeout: 20_000 }).toBe(dropped + 1);
    await expect.poll(() => creditsUsed(), { timeout: 20_000 }).toBe(before);
    expect(await page.locator('.answer').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ask', exact: true }).isEnabled()).toBe(true);
  });
});
