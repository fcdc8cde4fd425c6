import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NotificationRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import type { NotificationDigestRecord } from '../../storage/schema/notifications.js';
import { notificationCollections } from '../../storage/schema/notifications.js';
import { ManualClock } from '../../storage/index.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { createBoard } from '../content/helpers.js';
import { emailMs, notificationEnv, setSettings, share } from './helpers.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: notificationEnv });
});
afterAll(async () => {
  await t.stop();
});

const outbox = () => t.server.services.oauth.devOutbox?.messages ?? [];
const mailsTo = (user: TestUser) => outbox().filter((m) => m.to === user.email);
const sweep = () => t.server.services.notificationDelivery.sweeper.runDue();

async function comment(author: TestUser, boardId: string, text: string): Promise<string> {
  const pin = await json(t.api(author.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 0, y: 0 }, data: { text } }));
  return pin.id as string;
}

/** A board of `owner` shared with `reader`, whose notification emails are on. */
async function pair(): Promise<{ owner: TestUser; reader: TestUser; boardId: string }> {
  const owner = await t.createUser({ name: 'Olive Owner' });
  const reader = await t.createUser({ name: 'Rita Reader' });
  const boardId = await createBoard(t, owner.key, 'Plans');
  await share(t, owner, boardId, reader, 'commenter');
  await setSettings(t, reader, { emailEnabled: true });
  // The share notification is read in the app, so digests hold only what the tests make.
  for (const n of (await json(t.api(reader.key, 'GET', '/me/notifications'))).data as { id: string }[]) {
    await t.api(reader.key, 'POST', `/me/notifications/${n.id}/read`);
  }
  return { owner, reader, boardId };
}

function unsubscribeUrl(mail: { headers?: Readonly<Record<string, string>> }): string {
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  const url = /^<(.+)>$/.exec(header)?.[1];
  if (!url) throw new Error(`no List-Unsubscribe header: ${header}`);
  return url;
}

const emailEnabled = async (user: TestUser) => (await json(t.api(user.key, 'GET', '/me/notification-settings'))).emailEnabled as boolean;

describe('notification emails', () => {
  test('one digest per person per period lists their unread notifications, with one-click unsubscribe headers', async () => {
    const { owner, reader, boardId } = await pair();
    await comment(owner, boardId, 'First thought');
    await comment(owner, boardId, 'Second thought');
    t.clock.advance(emailMs - 1);
    await sweep();
    expect(mailsTo(reader)).toEqual([]);
    t.clock.advance(1);
    expect((await sweep()).emails).toBeGreaterThanOrEqual(1);
    const mails = mailsTo(reader);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Boards: 2 new notifications');
    expect(mails[0]?.text).toContain('Olive Owner commented on Plans');
    expect(mails[0]?.text).toContain(`/boards/${boardId}`);
    expect(mails[0]?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrl(mails[0] ?? {})).toMatch(/\/notifications\/unsubscribe\?token=/);
    // The author gets no email about their own comments; sweeping again sends nothing.
    expect(mailsTo(owner)).toEqual([]);
    await sweep();
    expect(mailsTo(reader)).toHaveLength(1);
    // The next notification waits its own period.
    await comment(owner, boardId, 'Third thought');
    await sweep();
    expect(mailsTo(reader)).toHaveLength(1);
    t.clock.advance(emailMs);
    await sweep();
    expect(mailsTo(reader)).toHaveLength(2);
    expect(mailsTo(reader)[1]?.subject).toBe('Boards: Olive Owner commented on Plans');
    // Also in the development outbox file.
    const lines = readFileSync(t.server.services.config.devOutboxPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { to: string });
    expect(lines.filter((l) => l.to === reader.email)).toHaveLength(2);
  });

  test('read notifications, emails turned off, and boards the person lost access to are never mailed', async () => {
    const { owner, reader, boardId } = await pair();
    const first = await comment(owner, boardId, 'Read me in the app');
    const stream = (await json(t.api(reader.key, 'GET', '/me/notifications'))).data as { id: string; itemId: string }[];
    const id = stream.find((n) => n.itemId === first)?.id;
    expect((await t.api(reader.key, 'POST', `/me/notifications/${id}/read`)).status).toBe(200);
    t.clock.advance(emailMs);
    await sweep();
    expect(mailsTo(reader)).toEqual([]);

    await setSettings(t, reader, { emailEnabled: false });
    await comment(owner, boardId, 'While emails are off');
    t.clock.advance(emailMs);
    await sweep();
    await setSettings(t, reader, { emailEnabled: true });
    t.clock.advance(emailMs);
    await sweep();
    expect(mailsTo(reader)).toEqual([]);

    await comment(owner, boardId, 'Before losing access');
    expect((await t.api(owner.key, 'DELETE', `/boards/${boardId}/members/${encodeURIComponent(reader.email)}`)).status).toBe(204);
    t.clock.advance(emailMs);
    await sweep();
    expect(mailsTo(reader)).toEqual([]);
  });

  test('the unsubscribe link: GET confirms and changes nothing, POST (one-click) turns emails off', async () => {
    const { owner, reader, boardId } = await pair();
    await comment(owner, boardId, 'Hello');
    t.clock.advance(emailMs);
    await sweep();
    const url = unsubscribeUrl(mailsTo(reader)[0] ?? {});
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(reader.email);
    expect(await emailEnabled(reader)).toBe(true);
    const oneClick = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await emailEnabled(reader)).toBe(false);
    // Following it again is harmless.
    expect((await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    await comment(owner, boardId, 'After unsubscribing');
    t.clock.advance(emailMs);
    await sweep();
    expect(mailsTo(reader)).toHaveLength(1);
  });

  test("the confirmation page's form turns emails off with the token in the form", async () => {
    const { reader } = await pair();
    const user = await t.server.services.accounts.getUser(reader.id);
    const url = new URL(await t.server.services.notificationDelivery.unsubscribe.link(user ?? never()));
    const token = url.searchParams.get('token') ?? '';
    const res = await fetch(`${t.url}/notifications/unsubscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await emailEnabled(reader)).toBe(false);
  });

  test('a missing, tampered, expired or foreign token answers 400 and changes nothing', async () => {
    const { reader } = await pair();
    const user = (await t.server.services.accounts.getUser(reader.id)) ?? never();
    const good = new URL(await t.server.services.notificationDelivery.unsubscribe.link(user)).searchParams.get('token') ?? '';
    const tampered = `${good.slice(0, -4)}${good.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const [header, , signature] = good.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ uid: 'usr_someoneelse', wid: 'wsp_x', typ: 'notification_unsubscribe', aud: t.url, exp: 9_999_999_999 })).toString('base64url');
    const forged = `${header}.${otherPayload}.${signature}`;
    const session = (await t.server.services.oauth.sessions.createSession(reader.id)).token;
    const base = `${t.url}/notifications/unsubscribe`;
    for (const query of ['', '?token=', `?token=${tampered}`, `?token=${forged}`, `?token=${session}`, '?token=not-a-token', `?token=${good}&token=${good}`]) {
      const get = await fetch(`${base}${query}`);
      expect(get.status, `GET ${query}`).toBe(400);
      expect(await get.text()).toContain('not valid');
      const post = await fetch(`${base}${query}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(post.status, `POST ${query}`).toBe(400);
    }
    const badForm = await fetch(base, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `token=${good}&token=${good}` });
    expect(badForm.status).toBe(400);
    expect(await emailEnabled(reader)).toBe(true);
    // Expired: the link lives 60 days.
    t.clock.advance(61 * 86_400_000);
    expect((await fetch(`${base}?token=${good}`, { method: 'POST' })).status).toBe(400);
    expect(await emailEnabled(reader)).toBe(true);
  });
});

describe('notification emails across a restart', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'boards-digest-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a digest sent before a restart is not sent again; one a crash interrupted is not resent', async () => {
    const clock = new ManualClock(Date.now());
    const first = await startTestServer({ env: notificationEnv, dataDir, clock });
    let reader: TestUser;
    try {
      const owner = await first.createUser({ name: 'Olive Owner' });
      reader = await first.createUser({ name: 'Rita Reader' });
      const boardId = await createBoard(first, owner.key, 'Plans');
      await share(first, owner, boardId, reader, 'commenter');
      await setSettingsOn(first, reader);
      await first.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 0, y: 0 }, data: { text: 'One' } });
      clock.advance(emailMs);
      await first.server.services.notificationDelivery.sweeper.runDue();
      expect(first.server.services.oauth.devOutbox?.messages.filter((m) => m.to === reader.email)).toHaveLength(1);
      // A digest a crash left mid-send: stored as sending, its notification already claimed.
      await first.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 0, y: 0 }, data: { text: 'Two' } });
      const notifications = first.server.services.db.collection<NotificationRecord>(accountCollections.notifications);
      const digests = first.server.services.db.collection<NotificationDigestRecord>(notificationCollections.digests);
      const pending = await notifications.find({ userId: reader.id, emailState: 'pending' });
      expect(pending).toHaveLength(1);
      await digests.insert({ id: 'dig_crashed', userId: reader.id, email: reader.email, notificationIds: pending.map((n) => n.id), state: 'sending', createdAt: clock.now(), settledAt: null });
      await notifications.updateMany({ id: { $in: pending.map((n) => n.id) } }, { $set: { emailState: 'emailed', digestId: 'dig_crashed' } });
    } finally {
      await first.stop();
    }
    const second = await startTestServer({ env: notificationEnv, dataDir, clock });
    try {
      clock.advance(emailMs);
      await second.server.services.notificationDelivery.sweeper.runDue();
      expect(second.server.services.oauth.devOutbox?.messages ?? []).toEqual([]);
      const digests = await second.server.services.notificationDelivery.emails.digestsOf(reader.id);
      expect(digests.map((d) => d.state).sort()).toEqual(['interrupted', 'sent']);
    } finally {
      await second.stop();
    }
  });
});

async function setSettingsOn(server: TestServer, user: TestUser): Promise<void> {
  const res = await server.api(user.key, 'PUT', '/me/notification-settings', { emailEnabled: true, events: { comments: true, replies: true, shares: true, boardUpdates: false } });
  if (res.status !== 200) throw new Error(`settings failed: ${res.status}`);
}

function never(): never {
  throw new Error('expected a value');
}
