import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resendIntervalMs } from '../../server/boards/PendingInvitationService.js';
import { signIn } from '../oauth/helpers/oauthFlow.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

let t: TestServer;
let owner: TestUser;
let admin: TestUser;
let editor: TestUser;
let spaceId: string;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ plan: 'business', name: 'Olga Owner' });
  admin = await t.createUser({ name: 'Adam Admin' });
  editor = await t.createUser({ name: 'Eve Editor' });
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Launch' }))).id;
  for (const [person, role] of [
    [admin, 'admin'],
    [editor, 'editor'],
  ] as const) {
    expect((await t.api(owner.key, 'POST', `/spaces/${spaceId}/members`, { email: person.email, role })).status).toBe(200);
  }
});
afterAll(() => t.stop());

/** A fresh address no account has. */
function newAddress(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

async function invite(kind: 'spaces' | 'boards', id: string, email: string, role = 'editor', key = owner.key): Promise<void> {
  expect(await json(t.api(key, 'POST', `/${kind}/${id}/members`, { email, role }))).toMatchObject({ status: 'invited', email });
}

async function listed(kind: 'spaces' | 'boards', id: string, key = owner.key): Promise<Body[]> {
  const response = await t.api(key, 'GET', `/${kind}/${id}/invitations?limit=100`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Body).data;
}

async function newBoard(title: string): Promise<string> {
  return (await json(t.api(owner.key, 'POST', '/boards', { title }))).id as string;
}

function mailsTo(email: string): number {
  return t.server.services.oauth.devOutbox?.messages.filter((m) => m.to === email).length ?? 0;
}

describe('GET /spaces/{spaceId}/invitations and /boards/{boardId}/invitations', () => {
  it('lists open invitations, most recently sent first, with who invited, the role and the dates; members and expired ones are not listed', async () => {
    const first = newAddress('first');
    const second = newAddress('second');
    await invite('spaces', spaceId, first, 'viewer');
    t.clock.advance(1000);
    await invite('spaces', spaceId, second, 'commenter', admin.key);
    const rows = await listed('spaces', spaceId);
    expect(rows.map((r) => r.email)).toEqual([second, first]);
    expect(rows[0]).toEqual({
      email: second,
      role: 'commenter',
      resourceType: 'space',
      resourceId: spaceId,
      invitedBy: { id: admin.id, name: 'Adam Admin', email: admin.email },
      createdAt: expect.any(String),
      sentAt: expect.any(String),
      expiresAt: new Date(Date.parse(rows[0].sentAt) + 30 * 86_400_000).toISOString(),
    });
    expect((await listed('spaces', spaceId)).map((r) => r.email)).not.toContain(editor.email);
    // The admin, who may invite, sees them too.
    expect((await listed('spaces', spaceId, admin.key)).map((r) => r.email)).toEqual([second, first]);

    t.clock.advance(31 * 86_400_000);
    expect(await listed('spaces', spaceId)).toEqual([]);
  });

  it('pages with limit and cursor like every list; a foreign cursor is 422 naming cursor', async () => {
    const boardId = await newBoard('Paged');
    const addresses = [newAddress('p1'), newAddress('p2'), newAddress('p3')];
    for (const email of addresses) await invite('boards', boardId, email);
    const page1 = await json(t.api(owner.key, 'GET', `/boards/${boardId}/invitations?limit=2`));
    expect(page1.data).toHaveLength(2);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = await json(t.api(owner.key, 'GET', `/boards/${boardId}/invitations?limit=2&cursor=${encodeURIComponent(page1.nextCursor)}`));
    expect(page2.nextCursor).toBeNull();
    expect([...page1.data, ...page2.data].map((r: Body) => r.email).sort()).toEqual([...addresses].sort());

    const bad = await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${boardId}/invitations?cursor=not-a-cursor`), 422, 'validation_failed');
    expect(bad.error.field).toBe('cursor');
    await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${boardId}/invitations?limit=0`), 422, 'validation_failed');
  });

  it('unknown space or board: 404; no access: 404; a member who may not invite: 403; the built-in spaces: 409', async () => {
    const boardId = await newBoard('Private');
    const stranger = await t.createUser();
    await expectEnvelope(await t.api(owner.key, 'GET', '/spaces/spc_nope/invitations'), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'GET', '/boards/brd_nope/invitations'), 404, 'not_found');
    await expectEnvelope(await t.api(stranger.key, 'GET', `/spaces/${spaceId}/invitations`), 404, 'not_found');
    await expectEnvelope(await t.api(stranger.key, 'GET', `/boards/${boardId}/invitations`), 404, 'not_found');
    await expectEnvelope(await t.api(editor.key, 'GET', `/spaces/${spaceId}/invitations`), 403, 'forbidden');
    await expectEnvelope(await t.api(owner.key, 'GET', '/spaces/default/invitations'), 409, 'conflict');
  });

  it('a token without boards:read is refused 403 insufficient_scope; without a token 401', async () => {
    const narrow = await t.createUser({ scopes: 'user:read' });
    const refused = await expectEnvelope(await t.api(narrow.key, 'GET', `/spaces/${spaceId}/invitations`), 403, 'insufficient_scope');
    expect(refused.error).toMatchObject({ requiredScope: 'boards:read' });
    await expectEnvelope(await t.api(null, 'GET', `/spaces/${spaceId}/invitations`), 401, 'unauthorized');
  });
});

describe('DELETE …/invitations/{email}', () => {
  it('revokes: the invitation is gone from the list, and the address gets nothing at its first sign-in', async () => {
    const boardId = await newBoard('Revoked');
    const email = newAddress('revoked');
    await invite('boards', boardId, email);
    const revoked = await t.api(owner.key, 'DELETE', `/boards/${boardId}/invitations/${encodeURIComponent(email.toUpperCase())}`);
    expect(revoked.status).toBe(204);
    expect(await listed('boards', boardId)).toEqual([]);

    await signIn(t, email);
    const user = await t.server.services.accounts.findUserByEmail(email);
    if (!user) throw new Error('the sign-in made no account');
    const { secret } = await t.server.services.apiKeys.create({ userId: user.id, scopes: 'boards:read' });
    await expectEnvelope(await t.api(secret, 'GET', `/boards/${boardId}`), 404, 'not_found');
  });

  it('revoked twice: 404 not_found the second time; an address never invited: 404', async () => {
    const email = newAddress('twice');
    await invite('spaces', spaceId, email);
    expect((await t.api(admin.key, 'DELETE', `/spaces/${spaceId}/invitations/${encodeURIComponent(email)}`)).status).toBe(204);
    await expectEnvelope(await t.api(admin.key, 'DELETE', `/spaces/${spaceId}/invitations/${encodeURIComponent(email)}`), 404, 'not_found');
    await expectEnvelope(await t.api(admin.key, 'DELETE', `/spaces/${spaceId}/invitations/${encodeURIComponent(newAddress('never'))}`), 404, 'not_found');
  });

  it('a member who may not invite: 403 and the invitation stays; a read-only token: 403 insufficient_scope and it stays', async () => {
    const email = newAddress('kept');
    await invite('spaces', spaceId, email);
    await expectEnvelope(await t.api(editor.key, 'DELETE', `/spaces/${spaceId}/invitations/${encodeURIComponent(email)}`), 403, 'forbidden');
    const readOnly = (await t.server.services.apiKeys.create({ userId: owner.id, scopes: 'boards:read' })).secret;
    await expectEnvelope(await t.api(readOnly, 'DELETE', `/spaces/${spaceId}/invitations/${encodeURIComponent(email)}`), 403, 'insufficient_scope');
    await expectEnvelope(await t.api(owner.key, 'DELETE', `/spaces/spc_nope/invitations/${encodeURIComponent(email)}`), 404, 'not_found');
    expect((await listed('spaces', spaceId)).map((r) => r.email)).toContain(email);
  });

  it('a malformed address in the path: 422 naming email; a malformed percent-escape: 422; nothing is revoked', async () => {
    const email = newAddress('malformed');
    await invite('spaces', spaceId, email);
    const short = await expectEnvelope(await t.api(owner.key, 'DELETE', `/spaces/${spaceId}/invitations/ab`), 422, 'validation_failed');
    expect(short.error.field).toBe('email');
    await expectEnvelope(await t.api(owner.key, 'DELETE', `/spaces/${spaceId}/invitations/${'a'.repeat(255)}`), 422, 'validation_failed');
    await expectEnvelope(await t.api(owner.key, 'DELETE', `/spaces/${spaceId}/invitations/%E0%A4%A`), 422, 'validation_failed');
    expect((await listed('spaces', spaceId)).map((r) => r.email)).toContain(email);
  });

  it('a trashed board: 409 trashed, and the invitation stays', async () => {
    const boardId = await newBoard('Binned');
    const email = newAddress('binned');
    await invite('boards', boardId, email);
    expect((await t.api(owner.key, 'DELETE', `/boards/${boardId}`)).status).toBe(200);
    await expectEnvelope(await t.api(owner.key, 'DELETE', `/boards/${boardId}/invitations/${encodeURIComponent(email)}`), 409, 'trashed');
    expect(await t.server.services.invitations.find('board', boardId, email)).not.toBeNull();
  });
});

describe('POST …/invitations/{email}/resend', () => {
  it('emails the invitation again in the caller’s name, with its role, and renews its 30 days', async () => {
    const email = newAddress('resend');
    await invite('spaces', spaceId, email, 'viewer');
    const [before] = await listed('spaces', spaceId).then((rows) => rows.filter((r) => r.email === email));
    t.clock.advance(resendIntervalMs);
    const sent = mailsTo(email);
    const resent = await json(t.api(admin.key, 'POST', `/spaces/${spaceId}/invitations/${encodeURIComponent(email)}/resend`));
    expect(resent).toMatchObject({ email, role: 'viewer', invitedBy: { id: admin.id }, createdAt: before.createdAt });
    expect(Date.parse(resent.sentAt)).toBe(Date.parse(before.sentAt) + resendIntervalMs);
    expect(Date.parse(resent.expiresAt)).toBe(Date.parse(before.expiresAt) + resendIntervalMs);
    expect(mailsTo(email)).toBe(sent + 1);
    const mail = t.server.services.oauth.devOutbox?.messages.filter((m) => m.to === email).at(-1);
    expect(mail?.subject).toBe('Adam Admin invited you to the space "Launch"');
  });

  it('within a minute of the last email: 429 rate_limited with retryAfterSeconds, and no email', async () => {
    const boardId = await newBoard('Patience');
    const email = newAddress('soon');
    await invite('boards', boardId, email);
    const sent = mailsTo(email);
    const refused = await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${boardId}/invitations/${encodeURIComponent(email)}/resend`), 429, 'rate_limited');
    expect(refused.error).toMatchObject({ retryAfterSeconds: 60 });
    expect(mailsTo(email)).toBe(sent);
  });

  it('no open invitation: 404; revoked: 404; a member who may not invite: 403; a read-only token: 403 insufficient_scope; nothing is sent', async () => {
    const email = newAddress('gone');
    await invite('spaces', spaceId, email);
    t.clock.advance(resendIntervalMs);
    const sent = mailsTo(email);
    const url = `/spaces/${spaceId}/invitations/${encodeURIComponent(email)}/resend`;
    await expectEnvelope(await t.api(editor.key, 'POST', url), 403, 'forbidden');
    const readOnly = (await t.server.services.apiKeys.create({ userId: owner.id, scopes: 'boards:read' })).secret;
    await expectEnvelope(await t.api(readOnly, 'POST', url), 403, 'insufficient_scope');
    expect((await t.api(owner.key, 'DELETE', `/spaces/${spaceId}/invitations/${encodeURIComponent(email)}`)).status).toBe(204);
    await expectEnvelope(await t.api(owner.key, 'POST', url), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'POST', `/boards/brd_nope/invitations/${encodeURIComponent(email)}/resend`), 404, 'not_found');
    expect(mailsTo(email)).toBe(sent);
  });
});
