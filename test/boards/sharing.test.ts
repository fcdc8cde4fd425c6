import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../oauth/helpers/oauthFlow.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';
import type { BoardBody, MemberBody, PageBody } from './helpers/api.js';
import { createBoard, createSpace, read, share } from './helpers/api.js';

interface ShareBody {
  status: 'active' | 'invited';
  created: boolean;
  email: string;
  role: string;
  source?: string;
  expiresAt?: string;
}

let t: TestServer;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ plan: 'pro', name: 'Olga Owner' });
});
afterAll(() => t.stop());

async function members(boardId: string): Promise<MemberBody[]> {
  return (await read<PageBody<MemberBody>>(await t.api(owner.key, 'GET', `/boards/${boardId}/members?limit=100`), 200)).data;
}

/** A fresh address no account has. */
function newAddress(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** The API key of a person who signed up by signing in. */
async function keyOf(email: string): Promise<string> {
  const user = await t.server.services.accounts.findUserByEmail(email);
  if (!user) throw new Error(`no account for ${email}`);
  return (await t.server.services.apiKeys.create({ userId: user.id, scopes: 'user:read boards:read boards:write' })).secret;
}

describe('POST, PATCH, DELETE /boards/{boardId}/members (people with an account)', () => {
  it('shares one board directly, updates the role, changes it and removes it', async () => {
    const board = await createBoard(t, owner, { title: 'Direct' });
    const guest = await t.createUser({ plan: 'pro' });
    const url = `/boards/${board.id}/members`;
    const added = await read<ShareBody>(await t.api(owner.key, 'POST', url, { email: guest.email.toUpperCase(), role: 'commenter' }), 200);
    expect(added).toMatchObject({ status: 'active', created: true, email: guest.email, role: 'commenter', source: 'board' });
    expect((await read<BoardBody>(await t.api(guest.key, 'GET', `/boards/${board.id}`), 200)).role).toBe('commenter');
    expect((await members(board.id)).find((m) => m.email === guest.email)).toMatchObject({ role: 'commenter', source: 'board' });
    const notes = await read<PageBody<{ kind: string; boardId: string | null }>>(await t.api(guest.key, 'GET', '/me/notifications'), 200);
    expect(notes.data[0]).toMatchObject({ kind: 'share', boardId: board.id });

    expect(await read<ShareBody>(await t.api(owner.key, 'POST', url, { email: guest.email, role: 'viewer' }), 200)).toMatchObject({ created: false, role: 'viewer' });
    const changed = await read<ShareBody>(await t.api(owner.key, 'PATCH', `${url}/${encodeURIComponent(guest.email)}`, { role: 'editor' }), 200);
    expect(changed).toMatchObject({ status: 'active', role: 'editor' });
    expect((await read<BoardBody>(await t.api(guest.key, 'GET', `/boards/${board.id}`), 200)).role).toBe('editor');
    expect((await t.api(owner.key, 'DELETE', `${url}/${encodeURIComponent(guest.email)}`)).status).toBe(204);
    await expectEnvelope(await t.api(guest.key, 'GET', `/boards/${board.id}`), 404, 'not_found');
  });

  it('a person may remove themselves; others need admin', async () => {
    const board = await createBoard(t, owner);
    const a = await t.createUser();
    const b = await t.createUser();
    for (const p of [a, b]) await read(await t.api(owner.key, 'POST', `/boards/${board.id}/members`, { email: p.email, role: 'editor' }), 200);
    await expectEnvelope(await t.api(a.key, 'DELETE', `/boards/${board.id}/members/${encodeURIComponent(b.email)}`), 403, 'forbidden');
    await expectEnvelope(await t.api(a.key, 'POST', `/boards/${board.id}/members`, { email: newAddress('x'), role: 'viewer' }), 403, 'forbidden');
    expect((await t.api(a.key, 'DELETE', `/boards/${board.id}/members/${encodeURIComponent(a.email)}`)).status).toBe(204);
    expect((await members(board.id)).map((m) => m.email)).toEqual([owner.email, b.email]);
  });

  it('refuses bad input with a 4xx in the envelope and stores nothing', async () => {
    const board = await createBoard(t, owner);
    const stranger = await t.createUser();
    const url = `/boards/${board.id}/members`;
    const cases: [unknown, string][] = [
      [{ role: 'viewer' }, 'email'],
      [{ email: 'not-an-email', role: 'viewer' }, 'email'],
      [{ email: 'a@example.com', role: 'owner' }, 'role'],
      [{ email: 'a@example.com' }, 'role'],
      [{ email: 'a@example.com', role: 'viewer', extra: 1 }, 'extra'],
      [{ email: 42, role: 'viewer' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await expectEnvelope(await t.api(owner.key, 'POST', url, body), 422, 'validation_failed');
      expect(res.error.field, JSON.stringify(body)).toBe(field);
    }
    await expectEnvelope(await t.api(owner.key, 'POST', url, 'email=a@example.com', { 'Content-Type': 'text/plain' }), 415, 'unsupported_media_type');
    await expectEnvelope(await t.api(owner.key, 'POST', url, { email: owner.email, role: 'viewer' }), 409, 'conflict');
    await expectEnvelope(await t.api(stranger.key, 'POST', url, { email: stranger.email, role: 'admin' }), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'POST', '/boards/brd_missing/members', { email: 'a@example.com', role: 'viewer' }), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'PATCH', `${url}/nobody%40example.com`, { role: 'viewer' }), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'PATCH', `${url}/${encodeURIComponent(owner.email)}`, { role: 'viewer' }), 409, 'conflict');
    expect((await expectEnvelope(await t.api(owner.key, 'PATCH', `${url}/a%40example.com`, { role: 'boss' }), 422, 'validation_failed')).error.field).toBe('role');
    expect((await expectEnvelope(await t.api(owner.key, 'PATCH', `${url}/a%40example.com`, {}), 422, 'validation_failed')).error.field).toBe('role');
    expect((await expectEnvelope(await t.api(owner.key, 'DELETE', `${url}/not-an-email`), 422, 'validation_failed')).error.field).toBe('email');
    await expectEnvelope(await t.api(owner.key, 'DELETE', `${url}/nobody%40example.com`), 404, 'not_found');
    expect((await members(board.id)).map((m) => m.email)).toEqual([owner.email]);
    expect(t.server.services.oauth.devOutbox?.messages.filter((m) => m.subject.includes(board.title)) ?? []).toHaveLength(0);
  });

  it('a trashed board cannot be shared: 409 trashed', async () => {
    const board = await createBoard(t, owner);
    await read(await t.api(owner.key, 'DELETE', `/boards/${board.id}`), 200);
    await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${board.id}/members`, { email: newAddress('t'), role: 'viewer' }), 409, 'trashed');
  });
});

describe('invitations by email for people without an account', () => {
  it('a board invitation is emailed, stored, and accepted when the person first signs in through the emailed code', async () => {
    const board = await createBoard(t, owner, { title: 'Invite board' });
    const email = newAddress('newcomer');
    const invited = await read<ShareBody>(await t.api(owner.key, 'POST', `/boards/${board.id}/members`, { email, role: 'editor' }), 200);
    expect(invited).toMatchObject({ status: 'invited', created: true, email, role: 'editor' });
    expect(Date.parse(invited.expiresAt ?? '')).toBeGreaterThan(Date.now());
    const mail = t.server.services.oauth.devOutbox?.messages.find((m) => m.to === email);
    expect(mail?.subject).toBe('Olga Owner invited you to the board "Invite board"');
    expect(mail?.text).toContain(`${t.url}/boards/${board.id}\n`);
    expect(await t.server.services.accounts.findUserByEmail(email)).toBeNull();
    expect((await members(board.id)).map((m) => m.email)).not.toContain(email);

    await signIn(t, email);
    const key = await keyOf(email);
    expect((await read<BoardBody>(await t.api(key, 'GET', `/boards/${board.id}`), 200)).role).toBe('editor');
    expect((await members(board.id)).find((m) => m.email === email)).toMatchObject({ role: 'editor', source: 'board' });
    const notes = await read<PageBody<{ kind: string; boardId: string | null }>>(await t.api(key, 'GET', '/me/notifications'), 200);
    expect(notes.data.map((n) => [n.kind, n.boardId])).toContainEqual(['share', board.id]);
    // Accepted once: signing in again changes nothing and the invitation is gone.
    await signIn(t, email);
    expect(await t.server.services.invitations.find('board', board.id, email)).toBeNull();
  });

  it('an invitation can be changed and withdrawn before it is accepted', async () => {
    const board = await createBoard(t, owner);
    const changedEmail = newAddress('changed');
    const withdrawnEmail = newAddress('withdrawn');
    const url = `/boards/${board.id}/members`;
    await read(await t.api(owner.key, 'POST', url, { email: changedEmail, role: 'editor' }), 200);
    await read(await t.api(owner.key, 'POST', url, { email: withdrawnEmail, role: 'editor' }), 200);
    expect(await read<ShareBody>(await t.api(owner.key, 'PATCH', `${url}/${encodeURIComponent(changedEmail)}`, { role: 'viewer' }), 200)).toMatchObject({
      status: 'invited',
      role: 'viewer',
    });
    expect((await t.api(owner.key, 'DELETE', `${url}/${encodeURIComponent(withdrawnEmail)}`)).status).toBe(204);
    await expectEnvelope(await t.api(owner.key, 'DELETE', `${url}/${encodeURIComponent(withdrawnEmail)}`), 404, 'not_found');
    await signIn(t, changedEmail);
    await signIn(t, withdrawnEmail);
    expect((await read<BoardBody>(await t.api(await keyOf(changedEmail), 'GET', `/boards/${board.id}`), 200)).role).toBe('viewer');
    await expectEnvelope(await t.api(await keyOf(withdrawnEmail), 'GET', `/boards/${board.id}`), 404, 'not_found');
  });

  it('a space invitation is accepted at sign-in too; an inviter who lost the right to share invites nobody', async () => {
    const space = await createSpace(t, owner, 'Invite space');
    const email = newAddress('spacer');
    expect(await read<ShareBody>(await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email, role: 'commenter' }), 200)).toMatchObject({
      status: 'invited',
      created: true,
    });
    const admin = await t.createUser({ plan: 'pro' });
    await share(t, owner, space.id, admin, 'admin');
    const board = await createBoard(t, owner, { spaceId: space.id });
    const lateEmail = newAddress('late');
    await read(await t.api(admin.key, 'POST', `/boards/${board.id}/members`, { email: lateEmail, role: 'editor' }), 200);
    await read(await t.api(owner.key, 'DELETE', `/spaces/${space.id}/members/${encodeURIComponent(admin.email)}`), 204);

    await signIn(t, email);
    expect((await read<{ role: string }>(await t.api(await keyOf(email), 'GET', `/spaces/${space.id}`), 200)).role).toBe('commenter');
    await signIn(t, lateEmail);
    await expectEnvelope(await t.api(await keyOf(lateEmail), 'GET', `/boards/${board.id}`), 404, 'not_found');
  });

  it('open invitations count against the plan cap: 402 in the one cap shape', async () => {
    const basic = await t.createUser({ plan: 'basic' });
    const board = await createBoard(t, basic);
    for (let i = 0; i < 10; i += 1) {
      await read(await t.api(basic.key, 'POST', `/boards/${board.id}/members`, { email: newAddress(`cap${i}`), role: 'viewer' }), 200);
    }
    const refused = await expectEnvelope(await t.api(basic.key, 'POST', `/boards/${board.id}/members`, { email: newAddress('cap10'), role: 'viewer' }), 402, 'payment_required');
    expect(refused.error).toMatchObject({ limit: 'membersPerSpace', plan: 'basic', max: 10, used: 10 });
  });
});
