import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { webTokenLifetimeMs } from '../../server/signin/WebSessionTokens.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

let t: TestServer;
let owner: TestUser;
let viewer: TestUser;
let commenter: TestUser;
let ownerCookie: string;
let viewerCookie: string;
let commenterCookie: string;
let boardId: string;

async function cookieOf(user: TestUser): Promise<string> {
  const { token } = await t.server.services.oauth.sessions.createSession(user.id);
  return `bds_session=${token}`;
}

beforeAll(async () => {
  t = await startTestServer();
  owner = await t.createUser({ name: 'Ana', plan: 'business' });
  viewer = await t.createUser({ name: 'Cleo' });
  commenter = await t.createUser({ name: 'Dara' });
  ownerCookie = await cookieOf(owner);
  viewerCookie = await cookieOf(viewer);
  commenterCookie = await cookieOf(commenter);
  const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Team' }));
  await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email: viewer.email, role: 'viewer' });
  await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email: commenter.email, role: 'commenter' });
  boardId = (await json(t.api(owner.key, 'POST', '/boards', { title: 'Plan', spaceId: space.id }))).id;
});
afterAll(() => t.stop());

function askToken(options: { cookie?: string; body?: string; headers?: Record<string, string>; method?: string } = {}) {
  return fetch(`${t.url}/web/token`, {
    method: options.method ?? 'POST',
    headers: {
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      'X-Requested-With': 'boards-web',
      Origin: t.url,
      'Sec-Fetch-Site': 'same-origin',
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
}

describe('POST /web/token', () => {
  test('gives a signed-in session a short-lived bearer token that works on the API as the person', async () => {
    const response = await askToken({ cookie: ownerCookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body: Body = await response.json();
    expect(body).toMatchObject({ role: null, scopes: ['user:read', 'boards:read', 'boards:write', 'user:write'], user: { id: owner.id, name: 'Ana', email: owner.email } });
    expect(body.token).toMatch(/^bds_wt_/);
    expect(Date.parse(body.expiresAt) - t.clock.now()).toBe(webTokenLifetimeMs);
    const me = await json(t.api(body.token, 'GET', '/me'));
    expect(me.user.id).toBe(owner.id);
    expect(me.credential).toMatchObject({ kind: 'web_session', scopes: ['user:read', 'boards:read', 'boards:write', 'user:write'] });
    expect(t.logs.join('\n')).not.toContain(body.token.slice(7));
  });

  test('scopes a board token to the role: a viewer gets no boards:write, so REST writes are refused', async () => {
    const owned = await json(askToken({ cookie: ownerCookie, body: JSON.stringify({ boardId }) }));
    expect(owned).toMatchObject({ role: 'owner', scopes: ['user:read', 'boards:read', 'boards:write', 'ai:write', 'skills:read'] });
    const viewed = await json(askToken({ cookie: viewerCookie, body: JSON.stringify({ boardId }) }));
    expect(viewed).toMatchObject({ role: 'viewer', scopes: ['user:read', 'boards:read', 'ai:write', 'skills:read'] });
    expect((await t.api(viewed.token, 'GET', `/boards/${boardId}/items`)).status).toBe(200);
    await expectEnvelope(
      await t.api(viewed.token, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'no' } }),
      403,
      'insufficient_scope',
    );
  });

  test("lets a viewer's board token ask the assistant and list skills, but the role refuses generate and apply, and nothing is written", async () => {
    const viewed = await json(askToken({ cookie: viewerCookie, body: JSON.stringify({ boardId }) }));
    const before = (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data.length;
    expect((await t.api(viewed.token, 'POST', `/boards/${boardId}/ai/ask`, { question: 'What is here?' })).status).toBe(200);
    expect((await t.api(viewed.token, 'GET', '/skills')).status).toBe(200);
    await expectEnvelope(await t.api(viewed.token, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'Three ideas' }), 403, 'forbidden');
    await expectEnvelope(await t.api(viewed.token, 'POST', `/boards/${boardId}/skills/skl_pub_brainstorm/apply`, { prompt: 'Sprint' }), 403, 'forbidden');
    expect((await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data.length).toBe(before);
  });

  test('tells the page what the role allows: owners edit and comment, viewers do neither, and a token without a board does neither', async () => {
    expect(await json(askToken({ cookie: ownerCookie, body: JSON.stringify({ boardId }) }))).toMatchObject({ canEdit: true, canComment: true });
    expect(await json(askToken({ cookie: viewerCookie, body: JSON.stringify({ boardId }) }))).toMatchObject({ canEdit: false, canComment: false });
    expect(await json(askToken({ cookie: ownerCookie }))).toMatchObject({ role: null, canEdit: false, canComment: false });
  });

  test('gives a commenter boards:write for comments only: a pin through REST works, a note and a live edit do not', async () => {
    const body = await json(askToken({ cookie: commenterCookie, body: JSON.stringify({ boardId }) }));
    expect(body).toMatchObject({ role: 'commenter', canEdit: false, canComment: true, scopes: ['user:read', 'boards:read', 'boards:write', 'ai:write', 'skills:read'] });
    const pin = await t.api(body.token, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 5, y: 5 }, data: { text: 'Why here?' } });
    expect(pin.status).toBe(201);
    await expectEnvelope(
      await t.api(body.token, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'no' } }),
      403,
      'forbidden',
    );
    // The socket is read-only for a commenter: a live move of a note is not applied on the server.
    const note = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 40, y: 40 }, data: { text: 'Stay' } }));
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(`${t.url.replace('http', 'ws')}/v1/sync`, boardId, doc, {
      params: { token: body.token },
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
    });
    try {
      await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
      const entry = doc.getMap('items').get(note.id);
      expect(entry).toBeInstanceOf(Y.Map);
      const closed = new Promise<void>((resolve) => provider.once('connection-close', () => resolve()));
      (entry as Y.Map<unknown>).set('x', 999);
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 500))]);
      expect((await json(t.api(owner.key, 'GET', `/boards/${boardId}/items/${note.id}`))).position).toEqual({ x: 40, y: 40 });
    } finally {
      provider.destroy();
      doc.destroy();
    }
  });

  test('opens the live socket with a board token; presence names the person from the server', async () => {
    const owned = await json(askToken({ cookie: ownerCookie, body: JSON.stringify({ boardId }) }));
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(`${t.url.replace('http', 'ws')}/v1/sync`, boardId, doc, {
      params: { token: owned.token },
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
    });
    await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
    const presence = await json(t.api(owner.key, 'GET', `/boards/${boardId}/presence`));
    expect(presence.data.map((p: { user: { name: string } }) => p.user.name)).toEqual(['Ana']);
    provider.destroy();
    doc.destroy();
  });

  test('ends with the lifetime: an expired token is refused with 401', async () => {
    const { token } = await json(askToken({ cookie: ownerCookie }));
    t.clock.advance(webTokenLifetimeMs + 1000);
    try {
      await expectEnvelope(await t.api(token, 'GET', '/me'), 401, 'unauthorized');
    } finally {
      t.clock.advance(-(webTokenLifetimeMs + 1000));
    }
  });

  test('refuses requests without a session, from other sites, or with bad input, in the error envelope', async () => {
    await expectEnvelope(await askToken(), 401, 'unauthorized');
    await expectEnvelope(await askToken({ cookie: 'bds_session=forged' }), 401, 'unauthorized');
    await expectEnvelope(await askToken({ cookie: ownerCookie, headers: { 'X-Requested-With': 'other' } }), 403, 'forbidden');
    await expectEnvelope(await askToken({ cookie: ownerCookie, headers: { Origin: 'https://evil.example.com' } }), 403, 'forbidden');
    await expectEnvelope(await askToken({ cookie: ownerCookie, headers: { 'Sec-Fetch-Site': 'cross-site' } }), 403, 'forbidden');
    await expectEnvelope(await askToken({ cookie: ownerCookie, body: '{"boardId":' }), 400, 'bad_request');
    await expectEnvelope(await askToken({ cookie: ownerCookie, body: JSON.stringify({ boardId: 42 }) }), 422, 'validation_failed');
    const unknown = await expectEnvelope(await askToken({ cookie: ownerCookie, body: JSON.stringify({ board: 'x' }) }), 422, 'validation_failed');
    expect(unknown.error.message).toContain('board');
    await expectEnvelope(await askToken({ cookie: ownerCookie, body: 'boardId=x', headers: { 'Content-Type': 'text/plain' } }), 415, 'unsupported_media_type');
    await expectEnvelope(await askToken({ cookie: ownerCookie, body: JSON.stringify({ boardId: 'brd_missing' }) }), 404, 'not_found');
    const other = await t.createUser();
    await expectEnvelope(await askToken({ cookie: await cookieOf(other), body: JSON.stringify({ boardId }) }), 404, 'not_found');
    const get = await askToken({ cookie: ownerCookie, method: 'GET' });
    await expectEnvelope(get, 405, 'method_not_allowed');
    expect(get.headers.get('allow')).toBe('POST');
  });

  test('opens a board through its public link without a session, with the rights of the link', async () => {
    const link = await json(t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer' }));
    const response = await askToken({ body: JSON.stringify({ boardId, link: link.token }) });
    expect(response.status).toBe(200);
    const body: Body = await response.json();
    expect(body).toMatchObject({ token: link.token, role: 'viewer', scopes: ['boards:read'], user: { name: 'Guest' } });
    await json(t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'editor' }));
    expect(await json(askToken({ body: JSON.stringify({ boardId, link: link.token }) }))).toMatchObject({ role: 'editor', scopes: ['boards:read', 'boards:write'] });
    const other = await json(t.api(owner.key, 'POST', '/boards', { title: 'Not shared' }));
    await expectEnvelope(await askToken({ body: JSON.stringify({ boardId: other.id, link: link.token }) }), 404, 'not_found');
    await expectEnvelope(await askToken({ body: JSON.stringify({ boardId, link: 'bds_pl_guess' }) }), 404, 'not_found');
    const missingBoard = await expectEnvelope(await askToken({ body: JSON.stringify({ link: link.token }) }), 422, 'validation_failed');
    expect(missingBoard.error.field).toBe('boardId');
    await expectEnvelope(await askToken({ body: JSON.stringify({ boardId, link: link.token }), headers: { 'X-Requested-With': '' } }), 403, 'forbidden');
    await json(t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: false }));
    await expectEnvelope(await askToken({ body: JSON.stringify({ boardId, link: link.token }) }), 404, 'not_found');
  });
});
