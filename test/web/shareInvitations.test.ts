import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wcagViolations } from '../helpers/accessibility.js';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import { signIn } from '../oauth/helpers/oauthFlow.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the pending invitations browser test');

let t: TestServer;
let owner: TestUser;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

/** A fresh address no account has. */
function newAddress(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

async function newBoard(title: string): Promise<string> {
  return (await json(t.api(owner.key, 'POST', '/boards', { title }))).id as string;
}

async function invitations(boardId: string): Promise<Body[]> {
  return (await json(t.api(owner.key, 'GET', `/boards/${boardId}/invitations?limit=100`))).data;
}

/** Opens the board and its Share dialog, and invites `email` from the dialog as a person would. */
async function inviteFromDialog(boardId: string, title: string, email: string, role: string) {
  const page: Page = await signedInPage(browser, t, owner.id, contexts);
  await page.goto(`${t.url}/boards/${boardId}`);
  await page.waitForSelector('.status[data-status=connected]');
  await page.locator('.topbar').getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${title}”` });
  await dialog.getByLabel('Email address to invite').fill(email);
  await dialog.getByLabel('Role for the invited person').selectOption(role);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  const pending = dialog.getByRole('region', { name: 'Pending invitations' });
  const row = pending.locator(`.invitation[data-email="${email}"]`);
  await row.waitFor();
  return { page, dialog, pending, row };
}

describe.skipIf(!available)('pending invitations in the Share dialog', { timeout: 120_000 }, () => {
  test('an invitation made in the dialog is listed with its role and inviter; Revoke removes it, and its link then gives no access', async () => {
    const boardId = await newBoard('Offsite');
    const email = newAddress('guest');
    const { dialog, pending, row } = await inviteFromDialog(boardId, 'Offsite', email, 'commenter');
    expect(await row.textContent()).toMatch(/^.*Can comment · invited by Ana Owner .+ · expires .+Resend.*Revoke$/);
    expect(await invitations(boardId)).toEqual([expect.objectContaining({ email, role: 'commenter', invitedBy: expect.objectContaining({ id: owner.id }) })]);

    await row.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
    await dialog.getByRole('status').filter({ hasText: `Invitation to ${email} revoked` }).waitFor();
    await pending.waitFor({ state: 'detached' });
    expect(await invitations(boardId)).toEqual([]);
    await expectEnvelope(await t.api(owner.key, 'DELETE', `/boards/${boardId}/invitations/${encodeURIComponent(email)}`), 404, 'not_found');

    // The emailed link opens the board after sign-in: with the invitation revoked, the new account has no access.
    const link = t.server.services.oauth.devOutbox?.messages.find((m) => m.to === email)?.text ?? '';
    expect(link).toContain(`/boards/${boardId}`);
    await signIn(t, email);
    const user = await t.server.services.accounts.findUserByEmail(email);
    if (!user) throw new Error('the sign-in made no account');
    const { secret } = await t.server.services.apiKeys.create({ userId: user.id, scopes: 'boards:read' });
    await expectEnvelope(await t.api(secret, 'GET', `/boards/${boardId}`), 404, 'not_found');
  });

  test('Resend emails the invitation again; within a minute the API refusal shows in the dialog and nothing is sent', async () => {
    const boardId = await newBoard('Kickoff');
    const email = newAddress('again');
    const { dialog, row } = await inviteFromDialog(boardId, 'Kickoff', email, 'viewer');
    const mails = () => t.server.services.oauth.devOutbox?.messages.filter((m) => m.to === email).length ?? 0;
    expect(mails()).toBe(1);
    await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('less than a minute ago');
    expect(mails()).toBe(1);

    t.clock.advance(61_000);
    await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
    await dialog.getByRole('status').filter({ hasText: `Invitation emailed again to ${email}` }).waitFor();
    expect(mails()).toBe(2);
    expect((await invitations(boardId))[0]).toMatchObject({ email, role: 'viewer' });
  });

  test('an invitation accepted while the dialog is open leaves the pending list and the person appears with access', async () => {
    const boardId = await newBoard('Live');
    const email = newAddress('joiner');
    const { dialog, row } = await inviteFromDialog(boardId, 'Live', email, 'editor');
    await signIn(t, email);
    await expect.poll(async () => (await json(t.api(owner.key, 'GET', `/boards/${boardId}/members?limit=100`))).data.map((m: Body) => m.email), { timeout: 5_000 }).toContain(email);
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    await dialog.locator(`.member[data-email="${email}"]`).waitFor({ timeout: 30_000 });
    expect(await invitations(boardId)).toEqual([]);
  });

  test('the dialog with a pending invitation passes the axe checks', async () => {
    const boardId = await newBoard('Audited');
    const { page } = await inviteFromDialog(boardId, 'Audited', newAddress('axe'), 'editor');
    expect(await wcagViolations(page, '[role=dialog]')).toEqual([]);
  });
});
