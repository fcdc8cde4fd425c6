import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../oauth/helpers/oauthFlow.js';
import { openEventStream } from '../helpers/eventStream.js';
import type { TestEventStream } from '../helpers/eventStream.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
const cookies = new Map<string, string>();
const open: TestEventStream[] = [];
let counter = 0;

async function cookieOf(user: TestUser): Promise<string> {
  const known = cookies.get(user.id);
  if (known) return known;
  const { token } = await t.server.services.oauth.sessions.createSession(user.id);
  cookies.set(user.id, `bds_session=${token}`);
  return `bds_session=${token}`;
}

async function follow(user: TestUser, query: string, headers: Record<string, string> = {}): Promise<TestEventStream> {
  const stream = await openEventStream(t.url, query, { Cookie: await cookieOf(user), 'Sec-Fetch-Site': 'same-origin', ...headers });
  open.push(stream);
  return stream;
}

async function newBoard(title = 'Plan', spaceId?: string): Promise<string> {
  return (await json(t.api(owner.key, 'POST', '/boards', { title, ...(spaceId ? { spaceId } : {}) }))).id as string;
}

function address(label: string): string {
  counter += 1;
  return `${label}.${counter}.${Date.now()}@example.com`;
}

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_WEB_EVENT_STREAMS_PER_USER: '3', BOARDS_WEB_EVENT_HEARTBEAT_MS: '200' } });
  owner = await t.createUser({ name: 'Ana', plan: 'business' });
  member = await t.createUser({ name: 'Ben' });
  stranger = await t.createUser({ name: 'Cy' });
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(() => t.stop());

describe('GET /web/events: who may open a stream', () => {
  test('401 unauthorized without a session, in the error envelope', async () => {
    const boardId = await newBoard();
    const response = await fetch(`${t.url}/web/events?board=${boardId}`);
    await expectEnvelope(response, 401, 'unauthorized');
    const forged = await fetch(`${t.url}/web/events?board=${boardId}`, { headers: { Cookie: 'bds_session=not-a-session' } });
    await expectEnvelope(forged, 401, 'unauthorized');
  });

  test('404 not_found for a board or space the person cannot read, as for one that does not exist', async () => {
    const boardId = await newBoard('Private');
    const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Closed' }));
    const cookie = await cookieOf(stranger);
    for (const query of [`board=${boardId}`, `space=${space.id}`, 'board=brd_nothing']) {
      await expectEnvelope(await fetch(`${t.url}/web/events?${query}`, { headers: { Cookie: cookie } }), 404, 'not_found');
    }
  });

  test('422 validation_failed without a target, with two, or with a malformed id; 409 for a built-in space; 405 for POST', async () => {
    const cookie = await cookieOf(owner);
    const boardId = await newBoard();
    for (const query of ['', `board=${boardId}&space=spc_x`, 'board=a%20b', `board=${'x'.repeat(101)}`, `board=${boardId}&extra=1`]) {
      await expectEnvelope(await fetch(`${t.url}/web/events?${query}`, { headers: { Cookie: cookie } }), 422, 'validation_failed');
    }
    await expectEnvelope(await fetch(`${t.url}/web/events?space=default`, { headers: { Cookie: cookie } }), 409, 'conflict');
    const posted = await fetch(`${t.url}/web/events?board=${boardId}`, { method: 'POST', headers: { Cookie: cookie } });
    await expectEnvelope(posted, 405, 'method_not_allowed');
    expect(posted.headers.get('allow')).toBe('GET');
  });

  test('403 forbidden when another site opens it (Sec-Fetch-Site: cross-site)', async () => {
    const boardId = await newBoard();
    const response = await fetch(`${t.url}/web/events?board=${boardId}`, { headers: { Cookie: await cookieOf(owner), 'Sec-Fetch-Site': 'cross-site' } });
    await expectEnvelope(response, 403, 'forbidden');
  });

  test('429 rate_limited past the streams one person may hold open; a closed stream frees its place', async () => {
    const person = await t.createUser({ name: 'Many tabs' });
    const boardId = (await json(t.api(person.key, 'POST', '/boards', { title: 'Mine' }))).id as string;
    const streams = [await follow(person, `board=${boardId}`), await follow(person, `board=${boardId}`), await follow(person, `board=${boardId}`)];
    for (const stream of streams) expect(stream.status).toBe(200);
    const refused = await fetch(`${t.url}/web/events?board=${boardId}`, { headers: { Cookie: await cookieOf(person) } });
    const body = await expectEnvelope(refused, 429, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(body.error).toMatchObject({ retryAfterSeconds: 30 });
    streams[0]?.close();
    await expect.poll(async () => (await follow(person, `board=${boardId}`)).status, { timeout: 10_000 }).toBe(200);
  });
});

describe('GET /web/events: what a stream says', () => {
  test('opens with the person’s rights, as an event stream nothing caches, then heartbeats', async () => {
    const boardId = await newBoard();
    const stream = await follow(owner, `board=${boardId}`);
    expect(stream.status).toBe(200);
    const first = await stream.next((e) => e.event === 'access');
    expect(first).toMatchObject({ id: '1', data: { resourceType: 'board', resourceId: boardId, role: 'owner', canEdit: true, canComment: true } });
    await expect.poll(() => stream.comments(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('request-id')).toMatch(/^req_/);
  });

  test('a role changed: the person hears their new rights, and every follower of the board hears its people changed', async () => {
    const boardId = await newBoard();
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: member.email, role: 'viewer' });
    const theirs = await follow(member, `board=${boardId}`);
    const mine = await follow(owner, `board=${boardId}`);
    expect(await theirs.next((e) => e.event === 'access')).toMatchObject({ data: { role: 'viewer', canEdit: false, canComment: false } });
    await mine.next((e) => e.event === 'access');

    expect((await t.api(owner.key, 'PATCH', `/boards/${boardId}/members/${encodeURIComponent(member.email)}`, { role: 'editor' })).status).toBe(200);
    expect(await theirs.next((e) => e.event === 'access')).toMatchObject({ data: { resourceId: boardId, role: 'editor', canEdit: true, canComment: true } });
    await theirs.next((e) => e.event === 'sharing' && e.data.resourceId === boardId);
    await mine.next((e) => e.event === 'sharing' && e.data.resourceId === boardId);
    // The owner's rights did not change: no access event for them.
    expect(mine.events.filter((e) => e.event === 'access')).toHaveLength(1);
  });

  test('a board locked: an editor hears they may no longer edit it', async () => {
    const boardId = await newBoard();
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: member.email, role: 'editor' });
    const theirs = await follow(member, `board=${boardId}`);
    await theirs.next((e) => e.event === 'access');
    expect((await t.api(owner.key, 'PATCH', `/boards/${boardId}`, { locked: true })).status).toBe(200);
    expect(await theirs.next((e) => e.event === 'access')).toMatchObject({ data: { role: 'editor', canEdit: false, canComment: true } });
  });

  test('removed: the person hears role null and the stream ends; nothing of the board reaches them afterwards', async () => {
    const boardId = await newBoard();
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: member.email, role: 'editor' });
    const theirs = await follow(member, `board=${boardId}`);
    await theirs.next((e) => e.event === 'access');
    expect((await t.api(owner.key, 'DELETE', `/boards/${boardId}/members/${encodeURIComponent(member.email)}`)).status).toBe(204);
    expect(await theirs.next((e) => e.event === 'access')).toMatchObject({ data: { resourceId: boardId, role: null, canEdit: false } });
    await theirs.ended;
    const after = theirs.events.length;
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: stranger.email, role: 'viewer' });
    expect(theirs.events).toHaveLength(after);
    expect(theirs.events.some((e) => e.event === 'sharing')).toBe(false);
    // Reopening is refused like any board they cannot read.
    await expectEnvelope(await fetch(`${t.url}/web/events?board=${boardId}`, { headers: { Cookie: await cookieOf(member) } }), 404, 'not_found');
  });

  test('never tells a person about a board they cannot read: changes elsewhere reach only the followers of that board', async () => {
    const theirBoard = (await json(t.api(stranger.key, 'POST', '/boards', { title: 'Theirs' }))).id as string;
    const privateBoard = await newBoard('Private');
    const theirs = await follow(stranger, `board=${theirBoard}`);
    await theirs.next((e) => e.event === 'access');
    await t.api(owner.key, 'POST', `/boards/${privateBoard}/members`, { email: member.email, role: 'editor' });
    await t.api(owner.key, 'POST', `/boards/${privateBoard}/members`, { email: address('invitee'), role: 'viewer' });
    // Then a change of their own board: it is the only news they hear.
    await t.api(stranger.key, 'POST', `/boards/${theirBoard}/members`, { email: address('friend'), role: 'viewer' });
    await theirs.next((e) => e.event === 'sharing');
    expect(theirs.events.map((e) => e.data.resourceId)).toEqual([theirBoard, theirBoard]);
    expect(JSON.stringify(theirs.events)).not.toContain(privateBoard);
  });

  test('invitations sent, revoked and accepted at sign-in reach the board’s followers', async () => {
    const boardId = await newBoard();
    const mine = await follow(owner, `board=${boardId}`);
    await mine.next((e) => e.event === 'access');
    const email = address('newcomer');
    expect(await json(t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email, role: 'editor' }))).toMatchObject({ status: 'invited' });
    await mine.next((e) => e.event === 'sharing');
    expect((await t.api(owner.key, 'DELETE', `/boards/${boardId}/invitations/${encodeURIComponent(email)}`)).status).toBe(204);
    await mine.next((e) => e.event === 'sharing');
    const again = address('joiner');
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: again, role: 'commenter' });
    await mine.next((e) => e.event === 'sharing');
    await signIn(t, again);
    await mine.next((e) => e.event === 'sharing');
    const members = await json(t.api(owner.key, 'GET', `/boards/${boardId}/members`));
    expect(members.data.map((m: { email: string }) => m.email)).toContain(again);
  });

  test('a board follows its space: a person shared the space is heard, also after the board moved there', async () => {
    const first = await json(t.api(owner.key, 'POST', '/spaces', { name: 'First' }));
    const second = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Second' }));
    const boardId = await newBoard('Wanders', first.id);
    const mine = await follow(owner, `board=${boardId}`);
    await mine.next((e) => e.event === 'access');
    await t.api(owner.key, 'POST', `/spaces/${first.id}/members`, { email: address('a'), role: 'viewer' });
    await mine.next((e) => e.event === 'sharing');
    expect((await t.api(owner.key, 'PATCH', `/boards/${boardId}`, { spaceId: second.id })).status).toBe(200);
    await mine.next((e) => e.event === 'sharing');
    await t.api(owner.key, 'POST', `/spaces/${second.id}/members`, { email: member.email, role: 'editor' });
    await mine.next((e) => e.event === 'sharing');
  });

  test('a board reached through its space: removed from the space, or the board moved out of it, the person hears role null and nothing more', async () => {
    const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Crew' }));
    const kept = await newBoard('Kept', space.id);
    const moved = await newBoard('Moved', space.id);
    await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email: member.email, role: 'editor' });
    const onMoved = await follow(member, `board=${moved}`);
    expect(await onMoved.next((e) => e.event === 'access')).toMatchObject({ data: { role: 'editor' } });
    expect((await t.api(owner.key, 'PATCH', `/boards/${moved}`, { spaceId: 'default' })).status).toBe(200);
    expect(await onMoved.next((e) => e.event === 'access')).toMatchObject({ data: { resourceId: moved, role: null } });
    await onMoved.ended;

    const onKept = await follow(member, `board=${kept}`);
    await onKept.next((e) => e.event === 'access');
    expect((await t.api(owner.key, 'DELETE', `/spaces/${space.id}/members/${encodeURIComponent(member.email)}`)).status).toBe(204);
    expect(await onKept.next((e) => e.event === 'access')).toMatchObject({ data: { resourceId: kept, role: null } });
    await onKept.ended;
    expect([...onMoved.events, ...onKept.events].filter((e) => e.event === 'sharing')).toEqual([]);
  });

  test('a board reached through its workspace: the person removed from the workspace hears role null; others hear nothing of it', async () => {
    const boardId = await newBoard('Workspace wide');
    const colleague = await t.createUser({ name: 'Wes' });
    await t.server.services.accounts.setMembership(owner.workspaceId, colleague.id, 'member', owner.id);
    const theirs = await follow(colleague, `board=${boardId}`);
    expect(await theirs.next((e) => e.event === 'access')).toMatchObject({ data: { resourceId: boardId } });
    const mine = await follow(owner, `board=${boardId}`);
    await mine.next((e) => e.event === 'access');
    await t.server.services.accounts.removeMembership(owner.workspaceId, colleague.id, owner.id);
    expect(await theirs.next((e) => e.event === 'access')).toMatchObject({ data: { resourceId: boardId, role: null } });
    await theirs.ended;
    // The owner's stream hears nothing of it: then a change of the board's people is its next word.
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: address('after'), role: 'viewer' });
    await mine.next((e) => e.event === 'sharing');
    expect(mine.events.map((e) => e.event)).toEqual(['access', 'sharing']);
  });

  test('a space stream hears its own people; a space member removed hears role null', async () => {
    const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Team' }));
    await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email: member.email, role: 'viewer' });
    const mine = await follow(owner, `space=${space.id}`);
    const theirs = await follow(member, `space=${space.id}`);
    expect(await mine.next((e) => e.event === 'access')).toMatchObject({ data: { resourceType: 'space', resourceId: space.id, role: 'owner' } });
    await theirs.next((e) => e.event === 'access');
    await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email: address('s'), role: 'viewer' });
    await mine.next((e) => e.event === 'sharing');
    await theirs.next((e) => e.event === 'sharing');
    expect((await t.api(owner.key, 'DELETE', `/spaces/${space.id}/members/${encodeURIComponent(member.email)}`)).status).toBe(204);
    expect(await theirs.next((e) => e.event === 'access')).toMatchObject({ data: { role: null } });
    await theirs.ended;
  });

  test('a stream resumed with Last-Event-ID opens with resync: news is not kept, so the page reads again', async () => {
    const boardId = await newBoard();
    const resumed = await follow(owner, `board=${boardId}`, { 'Last-Event-ID': '7' });
    await resumed.next((e) => e.event === 'access');
    expect(await resumed.next((e) => e.event === 'resync')).toMatchObject({ data: { resourceType: 'board', resourceId: boardId } });
  });

  test('the server stopping ends its streams at once', async () => {
    const other = await startTestServer();
    try {
      const person = await other.createUser();
      const boardId = (await json(other.api(person.key, 'POST', '/boards', { title: 'Stop' }))).id as string;
      const { token } = await other.server.services.oauth.sessions.createSession(person.id);
      const stream = await openEventStream(other.url, `board=${boardId}`, { Cookie: `bds_session=${token}` });
      await stream.next((e) => e.event === 'access');
      await other.stop();
      await stream.ended;
    } finally {
      await other.stop();
    }
  });
});
