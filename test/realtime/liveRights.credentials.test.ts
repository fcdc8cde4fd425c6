import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type * as oauth from 'oauth4webapi';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';
import { createBoard, sticky } from '../content/helpers.js';
import { basic, connect, discover, postForm, registerApp, sessionFor } from '../oauth/helpers/oauthFlow.js';
import { startTestServer } from '../helpers/testServer.js';
import { destroyLiveClients, itemStatus, openLive } from './liveClient.js';

let t: TestServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  t = await startTestServer();
  as = await discover(t);
});
afterEach(() => destroyLiveClients());
afterAll(() => t.stop());


/** A person on the pro plan (public links) with a board of their own. */
async function ownerWithBoard(): Promise<{ owner: TestUser; boardId: string }> {
  const owner = await t.createUser({ plan: 'pro' });
  return { owner, boardId: await createBoard(t, owner.key) };
}

describe('API keys', () => {
  test("a key revoked through the console API closes its socket 4401; the owner's other sockets stay", async () => {
    const { owner, boardId } = await ownerWithBoard();
    const { key, secret } = await t.server.services.apiKeys.create({ userId: owner.id, scopes: 'boards:read boards:write' });
    const revoked = await openLive(t, boardId, secret);
    const other = await openLive(t, boardId, owner.key);
    await Promise.all([revoked.synced, other.synced]);
    const cookie = await sessionFor(t, owner.id);
    const response = await fetch(`${t.url}/console/api/keys/${key.id}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, 'X-Requested-With': 'boards-console', Origin: t.url },
    });
    expect(response.status).toBe(200);
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('after the key was revoked'))).status).toBe(201);
    expect(await revoked.closed).toBe(4401);
    expect(revoked.sawText('after the key was revoked')).toBe(false);
    await expect.poll(() => other.sawText('after the key was revoked')).toBe(true);
    expect(other.closeCode()).toBeUndefined();
  });

  test('a key that expires while its socket is open is closed 4401 at its expiry', async () => {
    const { owner, boardId } = await ownerWithBoard();
    const { secret } = await t.server.services.apiKeys.create({ userId: owner.id, scopes: 'boards:read', expiresAt: t.clock.now() + 1000 });
    const c = await openLive(t, boardId, secret);
    await c.synced;
    t.clock.advance(1000);
    expect(await c.closed).toBe(4401);
  });
});

describe('web session tokens', () => {
  test('a web token that expires while its socket is open is closed 4401 at its expiry', async () => {
    const { owner, boardId } = await ownerWithBoard();
    const now = t.clock.now();
    const { session } = await t.server.services.oauth.sessions.createSession(owner.id);
    // Issued almost ten minutes ago: it has 1.5 s left.
    t.clock.set(now - 10 * 60 * 1000 + 1500);
    const issued = await t.server.services.webTokens.issue(session, boardId);
    t.clock.set(now);
    const c = await openLive(t, boardId, issued.token);
    await c.synced;
    t.clock.advance(1500);
    expect(await c.closed).toBe(4401);
  });
});

describe("the web app's recovery from 4401", () => {
  /** `POST /web/token` for a board, as the page asks it. */
  async function webToken(cookie: string, boardId: string): Promise<string> {
    const response = await fetch(`${t.url}/web/token`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-Requested-With': 'boards-web', Origin: t.url, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      body: JSON.stringify({ boardId }),
    });
    expect(response.status).toBe(200);
    return (await json(response)).token as string;
  }

  test('an expired page token closes 4401; a fresh token on the same provider reconnects and brings what was written meanwhile', async () => {
    const { owner, boardId } = await ownerWithBoard();
    const now = t.clock.now();
    t.clock.set(now - 10 * 60 * 1000 + 1500);
    const cookie = await sessionFor(t, owner.id);
    const first = await webToken(cookie, boardId);
    t.clock.set(now);
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(`${t.url.replace('http', 'ws')}/v1/sync`, boardId, doc, {
      params: { token: first },
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
    });
    const codes: number[] = [];
    let unauthorized: () => void = () => undefined;
    const closedUnauthorized = new Promise<void>((resolve) => (unauthorized = resolve));
    // What web/board/BoardPage.tsx does on a 4401: a fresh token, then connect again.
    provider.on('connection-close', (event) => {
      codes.push(event?.code ?? 0);
      if (event?.code === 4401) unauthorized();
      if (event?.code === 4401) {
        void webToken(cookie, boardId).then((fresh) => {
          provider.params['token'] = fresh;
          provider.connect();
        });
      }
    });
    try {
      await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
      t.clock.advance(1500);
      await closedUnauthorized;
      const written = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('written while the page reconnected')));
      await expect.poll(() => doc.getMap('items').has(written.id)).toBe(true);
      expect(codes).toEqual([4401]);
    } finally {
      provider.destroy();
      doc.destroy();
    }
  });
});

describe('OAuth', () => {
  async function appSocket() {
    const { owner, boardId } = await ownerWithBoard();
    const app = await registerApp(t, owner);
    const tokens = await connect(t, as, await sessionFor(t, owner.id), app);
    const c = await openLive(t, boardId, tokens.access_token);
    await c.synced;
    return { owner, boardId, app, tokens, c };
  }

  test('revoking the token at the revoke endpoint closes the socket 4401', async () => {
    const { app, tokens, c } = await appSocket();
    const response = await postForm(t, '/oauth/revoke', { token: tokens.refresh_token ?? '' }, { Authorization: basic(app.clientId, app.clientSecret ?? '') });
    expect(response.status).toBe(200);
    expect(await c.closed).toBe(4401);
  });

  test('disconnecting the app under connected apps closes the socket 4401', async () => {
    const { owner, app, c } = await appSocket();
    const response = await fetch(`${t.url}/console/api/connections/${app.clientId}`, {
      method: 'DELETE',
      headers: { Cookie: await sessionFor(t, owner.id), 'X-Requested-With': 'boards-console', Origin: t.url },
    });
    expect(response.status).toBe(204);
    expect(await c.closed).toBe(4401);
  });

  test('disabling the app closes its sockets 4401', async () => {
    const { owner, app, c } = await appSocket();
    await t.server.services.oauth.apps.disable(owner.id, app.clientId);
    expect(await c.closed).toBe(4401);
  });

  test('an access token that expires while its socket is open closes it 4401 at its expiry', async () => {
    const { owner, boardId } = await ownerWithBoard();
    const app = await registerApp(t, owner);
    const now = t.clock.now();
    // Issued almost 24 hours ago: it has 1.5 s left.
    t.clock.set(now - 24 * 60 * 60 * 1000 + 1500);
    const tokens = await connect(t, as, await sessionFor(t, owner.id), app);
    t.clock.set(now);
    const c = await openLive(t, boardId, tokens.access_token);
    await c.synced;
    t.clock.advance(1500);
    expect(await c.closed).toBe(4401);
  });

  test('deleting the app closes its sockets 4401', async () => {
    const { owner, app, c } = await appSocket();
    await t.server.services.oauth.apps.delete(owner.id, app.clientId);
    expect(await c.closed).toBe(4401);
  });
});

describe('public links', () => {
  async function boardLink(role: string) {
    const { owner, boardId } = await ownerWithBoard();
    const link = await json(t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role }));
    const c = await openLive(t, boardId, link.token);
    await c.synced;
    return { owner, boardId, c };
  }

  test('a disabled board link closes its guests 4404; what is written after never reaches them', async () => {
    const { owner, boardId, c } = await boardLink('viewer');
    expect((await t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: false })).status).toBe(200);
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/items`, sticky('after the link was disabled'))).status).toBe(201);
    expect(await c.closed).toBe(4404);
    expect(c.sawText('after the link was disabled')).toBe(false);
  });

  test('a rotated link closes the guests of the old token 4404', async () => {
    const { owner, boardId, c } = await boardLink('viewer');
    const rotated = await json(t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, rotate: true }));
    expect(await c.closed).toBe(4404);
    const fresh = await openLive(t, boardId, rotated.token);
    await fresh.synced;
    expect(fresh.closeCode()).toBeUndefined();
  });

  test('an editor link lowered to viewer makes its guests read-only', async () => {
    const { owner, boardId, c } = await boardLink('editor');
    c.addSticky('itm_guestbefore001', 'guest as editor');
    await expect.poll(() => itemStatus(t, owner.key, boardId, 'itm_guestbefore001')).toBe(200);
    expect((await t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer' })).status).toBe(200);
    c.addSticky('itm_guestafter0001', 'guest as viewer');
    await expect.poll(() => c.denied()).toBe(1);
    expect(await itemStatus(t, owner.key, boardId, 'itm_guestafter0001')).toBe(404);
    expect(c.closeCode()).toBeUndefined();
  });

  test("a disabled space link closes the guests on the space's boards 4404", async () => {
    const owner = await t.createUser({ plan: 'pro' });
    const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Shared' }));
    const boardId = (await json(t.api(owner.key, 'POST', '/boards', { title: 'In space', spaceId: space.id }))).id as string;
    const link = await json(t.api(owner.key, 'PUT', `/spaces/${space.id}/public-link`, { enabled: true, role: 'viewer' }));
    const c = await openLive(t, boardId, link.token);
    await c.synced;
    expect((await t.api(owner.key, 'PUT', `/spaces/${space.id}/public-link`, { enabled: false })).status).toBe(200);
    expect(await c.closed).toBe(4404);
  });

  test('a link that expires while its guest is connected closes the socket 4404 at its expiry', async () => {
    const { owner, boardId } = await ownerWithBoard();
    const expiresAt = new Date(t.clock.now() + 1000).toISOString();
    const link = await json(t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer', expiresAt }));
    const c = await openLive(t, boardId, link.token);
    await c.synced;
    t.clock.advance(1000);
    expect(await c.closed).toBe(4404);
  });
});
