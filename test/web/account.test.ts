import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wcagViolations } from '../helpers/accessibility.js';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the account browser test');

let t: TestServer;
let owner: TestUser;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  // No BOARDS_PUBLIC_URL: the server's default address is http://localhost:<port>, and the browser uses http://127.0.0.1:<port>.
  t = await startTestServer({ env: { BOARDS_PUBLIC_URL: '', BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

function pageAs(user: TestUser): Promise<Page> {
  return signedInPage(browser, t, user.id, contexts);
}

/** Opens the dashboard and waits until it has read `/v1/me` and painted what follows (the name question, or nothing). */
async function openDashboard(page: Page): Promise<void> {
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/me' && r.request().method() === 'GET');
  await page.goto(`${t.url}/`);
  await (await asked).finished();
  // Two frames: the answer is parsed and rendered (Preact renders in a microtask) before the next paint.
  await page.evaluate(() => {
    const window = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
    return new Promise<void>((resolve) => window.requestAnimationFrame(() => window.requestAnimationFrame(() => resolve())));
  });
}

describe.skipIf(!available)('the account in the web app', { timeout: 120_000 }, () => {
  test('a person whose account has the name made from their email is asked their name once, and it is stored', async () => {
    const person = await t.createUser({ email: `grace.${Date.now()}@example.com` });
    const page = await pageAs(person);
    await openDashboard(page);
    const dialog = page.getByRole('dialog', { name: 'What should we call you?' });
    await dialog.getByLabel('Your name').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await json(t.api(person.key, 'GET', '/me'))).user).toMatchObject({ name: 'Grace Hopper', nameChosen: true });
    await page.locator('.topbar a.who', { hasText: 'Grace Hopper' }).waitFor();

    await openDashboard(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  test('a person with a name is not asked', async () => {
    const page = await pageAs(owner);
    await openDashboard(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  test('the account page, opened from the name in the top bar, changes the name and a notification setting', async () => {
    const person = await t.createUser({ name: 'Kai Before', plan: 'pro' });
    const page = await pageAs(person);
    await openDashboard(page);
    await page.locator('.topbar').getByRole('link', { name: 'Kai Before' }).click();
    await page.waitForURL(`${t.url}/account`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    const email = page.getByLabel('Email', { exact: true });
    expect(await email.inputValue()).toBe(person.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('link', { name: 'manage connected apps' }).getAttribute('href')).toBe('/account/apps');
    await page.locator('main.account').getByRole('button', { name: 'Sign out' }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Kai After');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(async () => (await json(t.api(person.key, 'GET', '/me'))).user.name).toBe('Kai After');

    const before = await json(t.api(person.key, 'GET', '/me/notification-settings'));
    expect(before.events.boardUpdates).toBe(false);
    await page.getByRole('checkbox', { name: 'Changes to shared boards' }).check();
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await expect.poll(async () => (await json(t.api(person.key, 'GET', '/me/notification-settings'))).events.boardUpdates).toBe(true);
    expect(await json(t.api(person.key, 'GET', '/me/notification-settings'))).toMatchObject({ emailEnabled: true, events: { comments: true, replies: true, shares: true } });
  });

  test('an empty name on the account page shows the API error and keeps the name', async () => {
    const person = await t.createUser({ name: 'Lee Kept' });
    const page = await pageAs(person);
    await page.goto(`${t.url}/account`);
    await page.getByLabel('Name', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('alert').waitFor();
    expect((await json(t.api(person.key, 'GET', '/me'))).user.name).toBe('Lee Kept');
  });

  test("the invitation mail links to the board on the address the inviter used, which opens it after signing in", async () => {
    const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Launch' }));
    const invitee = `newcomer.${Date.now()}@example.com`;
    const page = await pageAs(owner);
    await page.goto(`${t.url}/boards/${board.id}`);
    await page.waitForSelector('.status[data-status=connected]');
    await page.locator('.topbar').getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share “Launch”' });
    await dialog.getByLabel('Email address to invite').fill(invitee);
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await dialog.getByRole('status').waitFor();

    const outbox = t.server.services.oauth.devOutbox;
    const mail = outbox?.messages.find((m) => m.to === invitee);
    const link = /^http\S+/m.exec(mail?.text ?? '')?.[0] ?? '';
    expect(t.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(t.server.services.config.publicUrl).toMatch(/^http:\/\/localhost:/);
    expect(link).toBe(`${t.url}/boards/${board.id}`);

    const fresh = await browser.newContext();
    contexts.push(fresh);
    const newcomer = await fresh.newPage();
    await newcomer.goto(link);
    await newcomer.getByRole('link', { name: 'Sign in' }).click();
    const before = outbox?.messages.length ?? 0;
    await newcomer.fill('input[name=email]', invitee);
    await newcomer.click('button[type=submit]');
    await newcomer.waitForSelector('input[name=code]');
    const codeMail = outbox?.messages.slice(before).find((m) => m.to === invitee);
    await newcomer.fill('input[name=code]', /(\d{6})/.exec(codeMail?.subject ?? '')?.[1] ?? '');
    await newcomer.click('button[type=submit]');
    await newcomer.waitForURL(`${t.url}/boards/${board.id}`);
    await newcomer.waitForSelector('.status[data-status=connected]');
    const members = await json(t.api(owner.key, 'GET', `/boards/${board.id}/members`));
    expect(members.data.find((m: { email: string }) => m.email === invitee)).toMatchObject({ role: 'editor', source: 'board' });
    // A new account: asked its name on the board it landed on.
    await newcomer.getByRole('dialog', { name: 'What should we call you?' }).waitFor();
  });

  test('the account page and the name question pass the axe checks', async () => {
    const person = await t.createUser({ email: `axe.${Date.now()}@example.com` });
    const page = await signedInPage(browser, t, person.id, contexts);
    await page.goto(`${t.url}/account`);
    await page.locator('fieldset').waitFor();
    expect(await wcagViolations(page, 'main.account')).toEqual([]);
    await page.goto(`${t.url}/`);
    await page.getByRole('dialog', { name: 'What should we call you?' }).waitFor();
    expect(await wcagViolations(page, '[role=dialog]')).toEqual([]);
  });
});
