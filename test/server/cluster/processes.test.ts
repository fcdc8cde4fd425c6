import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeCluster, startCluster } from '../../helpers/cluster.js';
import type { TestCluster } from '../../helpers/cluster.js';
import { apiRequest, runBoards } from '../../helpers/spawnServer.js';
import { json } from '../../helpers/testServer.js';
import { sticky } from '../../content/helpers.js';
import { clientCreateSticky, clientDelete, clientEditText, clientItemIds, clientItems, clientMove, connectSyncClient } from '../../content/helpers/syncClient.js';
import type { SyncClient } from '../../content/helpers/syncClient.js';
import { formFields, sessionCookieOf } from '../../oauth/helpers/oauthFlow.js';
import { startReceiver } from '../webhooks/receiver.js';
import type { TestReceiver } from '../webhooks/receiver.js';

/**
 * docs/cluster.md with real processes: three `boards start` (A, B, C) on one PostgreSQL and one
 * Redis, behind nginx (round robin on one port; on another, A first and the others as backups).
 */

const names = ['a', 'b', 'c'] as const;

/** A small seeded generator (mulberry32), so a failing run replays. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every item of a client document as `id -> text`, the way the REST view reads it. */
function textsOf(client: SyncClient): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const id of clientItemIds(client.doc)) {
    const entry = clientItems(client.doc).get(id) as { toJSON(): { data?: { text?: string } } };
    texts[id] = entry.toJSON().data?.text ?? '';
  }
  return texts;
}

describeCluster('three boards processes behind nginx', () => {
  let cluster: TestCluster;
  let receiver: TestReceiver;
  const clients: SyncClient[] = [];

  const live = (url: string, boardId: string, token = cluster.key): SyncClient => {
    const client = connectSyncClient(url, boardId, token);
    clients.push(client);
    return client;
  };
  const restTexts = async (url: string, boardId: string): Promise<Record<string, string>> => {
    const res = await apiRequest(url, cluster.key, 'GET', `/boards/${boardId}/items?limit=200`);
    expect(res.status).toBe(200);
    const items = (await json(res)).data as { id: string; data: { text?: string } }[];
    return Object.fromEntries(items.map((item) => [item.id, item.data.text ?? '']));
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    // 1,000 edits from two clients arrive faster than the default live message budget allows.
    cluster = await startCluster(names, { BOARDS_SYNC_MESSAGES_PER_SECOND: '100000' });
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.destroy();
    await cluster?.stop();
    await receiver?.close();
  }, 60_000);

  it('relays a REST write on process A to a stock provider on process C; providers on A and C converge over 1,000 seeded random concurrent edits, with the REST view; presence lists both', async () => {
    const boardId = await cluster.newBoard('Three processes');
    const onA = live(cluster.direct('a'), boardId);
    const onC = live(cluster.direct('c'), boardId);
    await Promise.all([onA.synced(), onC.synced()]);

    const res = await apiRequest(cluster.direct('a'), cluster.key, 'POST', `/boards/${boardId}/items`, sticky('over REST on A'));
    expect(res.status).toBe(201);
    const restId = (await json(res)).id as string;
    await vi.waitFor(() => expect(clientItemIds(onC.doc)).toContain(restId), { timeout: 15_000, interval: 50 });

    // 1,000 edits, 500 by each client, made without waiting for the other side: creations, moves,
    // text edits and deletions of items either client knows, in an order fixed by the seed.
    const random = seeded(51);
    const pick = <T>(values: T[]): T | undefined => values[Math.floor(random() * values.length)];
    let made = 0;
    for (let step = 0; step < 1000; step += 1) {
      const client = step % 2 === 0 ? onA : onC;
      const known = clientItemIds(client.doc);
      const roll = random();
      const target = pick(known);
      if (roll < 0.2 || target === undefined || known.length < 5) {
        made += 1;
        clientCreateSticky(client.doc, `s${step}`, { x: Math.floor(random() * 2000), y: Math.floor(random() * 2000), text: `n${step}` }, cluster.userId);
      } else if (roll < 0.55) {
        clientMove(client.doc, target, Math.floor(random() * 2000), Math.floor(random() * 2000));
      } else if (roll < 0.9) {
        clientEditText(client.doc, target, Math.floor(random() * 6), Math.floor(random() * 3), String.fromCharCode(97 + Math.floor(random() * 26)));
      } else if (known.length > 20) {
        clientDelete(client.doc, target);
      }
    }
    expect(made).toBeGreaterThan(50);
    // Whole items, not only their texts: the server's authorship stamps on each new item come
    // to its own client after its commit, and to the other process's client by Redis; neither
    // order is promised, only that both clients end with them.
    await vi.waitFor(() => {
      expect(textsOf(onC)).toEqual(textsOf(onA));
      expect(clientItems(onC.doc).toJSON()).toEqual(clientItems(onA.doc).toJSON());
    }, { timeout: 60_000, interval: 200 });
    // Every process reads the same board from the store as the clients hold.
    for (const name of names) {
      await expect.poll(() => restTexts(cluster.direct(name), boardId), { timeout: 30_000, interval: 250 }).toEqual(textsOf(onA));
    }

    onA.provider.awareness.setLocalStateField('user', { name: 'on A' });
    onC.provider.awareness.setLocalStateField('user', { name: 'on C' });
    const nameOf = (client: SyncClient, other: SyncClient): string | undefined =>
      (client.provider.awareness.getStates().get(other.doc.clientID) as { user?: { name: string } } | undefined)?.user?.name;
    await vi.waitFor(() => {
      // The stock client renews its state only every 15 s; set it again until the other side has it.
      onA.provider.awareness.setLocalStateField('cursor', { x: random() });
      onC.provider.awareness.setLocalStateField('cursor', { x: random() });
      expect(nameOf(onC, onA)).toBe('on A');
      expect(nameOf(onA, onC)).toBe('on C');
    }, { timeout: 15_000, interval: 100 });
    // Every process's presence lists both: A and C their own client and the one relayed, B (no client of the board) by asking the others.
    const both = [onA.doc.clientID, onC.doc.clientID].sort((x, y) => x - y);
    for (const name of ['a', 'b', 'c']) {
      await expect.poll(async () => {
        const presence = (await json(apiRequest(cluster.direct(name), cluster.key, 'GET', `/boards/${boardId}/presence`))) as { data: { user: { id: string }; clientIds: number[] }[] };
        return presence.data.map((entry) => [entry.user.id, entry.clientIds]);
      }, { timeout: 15_000, interval: 200 }).toEqual([[cluster.userId, both]]);
    }
  });

  it('answers REST requests through nginx from all three processes in turn; a key made by `boards admin` works on each', async () => {
    const upstreams: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const res = await apiRequest(cluster.nginx.url, cluster.key, 'GET', '/me');
      expect(res.status).toBe(200);
      upstreams.push(res.headers.get('x-upstream') ?? '');
    }
    expect(new Set(upstreams)).toEqual(new Set(names.map((name) => cluster.direct(name).replace('http://', ''))));
    for (let i = 1; i < upstreams.length; i += 1) expect(upstreams[i]).not.toBe(upstreams[i - 1]);

    // Links name the address in front, whichever process made them.
    const boardId = await cluster.newBoard('Links');
    for (const name of names) {
      const board = await json(apiRequest(cluster.direct(name), cluster.key, 'GET', `/boards/${boardId}`));
      expect(board.links.self).toBe(`${cluster.nginx.url}/v1/boards/${boardId}`);
    }

    const made = await runBoards(['admin', 'create-api-key', '--email', 'cluster@example.com', '--scopes', 'boards:read'], cluster.env('b'));
    expect(made.code).toBe(0);
    const second = made.stdout.trim().split('\n').at(-1) ?? '';
    for (const name of names) {
      expect((await apiRequest(cluster.direct(name), second, 'GET', '/boards')).status).toBe(200);
      // Read-only: the scope is enforced the same on each.
      expect((await apiRequest(cluster.direct(name), second, 'POST', '/boards', { title: 'no' })).status).toBe(403);
    }
  });

  it('turns a REST write into exactly one activity row, and a live edit into exactly one webhook delivery and one search hit', async () => {
    const boardId = await cluster.newBoard('Events across processes');
    const hook = await apiRequest(cluster.nginx.url, cluster.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] });
    expect(hook.status).toBe(201);
    const rowsFor = async (url: string, itemId: string): Promise<string[]> => {
      const res = await apiRequest(url, cluster.key, 'GET', `/boards/${boardId}/activity?limit=100`);
      expect(res.status).toBe(200);
      return ((await json(res)).data as { action: string; itemId: string | null }[]).filter((row) => row.itemId === itemId).map((row) => row.action);
    };
    const deliveriesOf = (itemId: string): number => receiver.received.filter((d) => d.json.type === 'item.created' && d.json.data.id === itemId).length;

    const res = await apiRequest(cluster.nginx.url, cluster.key, 'POST', `/boards/${boardId}/items`, sticky('over REST'));
    expect(res.status).toBe(201);
    const restId = (await json(res)).id as string;
    // The row is appended before the write answers; each process reads the one shared feed.
    for (const name of names) expect(await rowsFor(cluster.direct(name), restId)).toEqual(['item.created']);

    const onA = live(cluster.direct('a'), boardId);
    const onB = live(cluster.direct('b'), boardId);
    await Promise.all([onA.synced(), onB.synced()]);
    const word = `zebrafinch${Date.now().toString(36)}`;
    clientCreateSticky(onA.doc, 'live-one', { x: 0, y: 0, text: `a ${word} note` }, cluster.userId);
    await vi.waitFor(() => expect(clientItemIds(onB.doc)).toContain('live-one'), { timeout: 15_000, interval: 50 });
    await vi.waitFor(() => expect(deliveriesOf('live-one')).toBeGreaterThan(0), { timeout: 20_000, interval: 100 });
    // A later live edit on B, once delivered, bounds what the first could still add.
    clientCreateSticky(onB.doc, 'live-two', { x: 300, y: 0, text: 'later' }, cluster.userId);
    await vi.waitFor(() => expect(deliveriesOf('live-two')).toBeGreaterThan(0), { timeout: 20_000, interval: 100 });
    expect([deliveriesOf(restId), deliveriesOf('live-one'), deliveriesOf('live-two')]).toEqual([1, 1, 1]);
    // Live edits leave no activity rows (the feed records API writes), on any process.
    for (const name of names) expect([...(await rowsFor(cluster.direct(name), 'live-one')), ...(await rowsFor(cluster.direct(name), 'live-two'))]).toEqual([]);

    const hits = async (url: string): Promise<string[]> => {
      const found = await apiRequest(url, cluster.key, 'GET', `/search?q=${word}`);
      expect(found.status).toBe(200);
      return ((await json(found)).items as { itemId: string }[]).map((hit) => hit.itemId);
    };
    await expect.poll(() => hits(cluster.nginx.url), { timeout: 15_000, interval: 100 }).toEqual(['live-one']);
    for (const name of names) expect(await hits(cluster.direct(name))).toEqual(['live-one']);
  });

  it('accepts a web sign-in made through process A, and the web token process B gives for it, on process C over REST and the live socket', async () => {
    const boardId = await cluster.newBoard('Web session');
    const origin = cluster.nginx.url;
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, 'Sec-Fetch-Site': 'same-origin' };
    const started = await fetch(`${cluster.direct('a')}/oauth/signin/email`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ email: 'cluster@example.com', return_to: '/console' }),
    });
    expect(started.status).toBe(200);
    const fields = formFields(await started.text(), '/oauth/signin/code');
    const mail = cluster.mails().findLast((m) => m.to === 'cluster@example.com');
    const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The code is checked on B: the ticket is in the shared store, not in A's memory.
    const verified = await fetch(`${cluster.direct('b')}/oauth/signin/code`, {
      method: 'POST',
      redirect: 'manual',
      headers: form,
      body: new URLSearchParams({ ...fields, code: code ?? '' }),
    });
    expect(verified.status).toBe(303);
    const cookie = sessionCookieOf(verified);
    expect(cookie).not.toBeNull();

    const asked = await fetch(`${cluster.direct('b')}/web/token`, {
      method: 'POST',
      headers: { Cookie: cookie ?? '', 'X-Requested-With': 'boards-web', Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(asked.status).toBe(200);
    const token = (await json(asked)).token as string;
    expect(token).toMatch(/^bds_wt_/);
    const me = await json(apiRequest(cluster.direct('c'), token, 'GET', '/me'));
    expect(me).toMatchObject({ user: { id: cluster.userId }, credential: { kind: 'web_session' } });
    const created = await apiRequest(cluster.direct('c'), token, 'POST', `/boards/${boardId}/items`, sticky('with a web token'));
    expect(created.status).toBe(201);
    const itemId = (await json(created)).id as string;

    const onC = live(cluster.direct('c'), boardId, token);
    await onC.synced();
    expect(clientItemIds(onC.doc)).toContain(itemId);
    clientCreateSticky(onC.doc, 'from-web', { x: 0, y: 0, text: 'web' }, cluster.userId);
    await expect.poll(async () => Object.keys(await restTexts(cluster.direct('a'), boardId)), { timeout: 15_000, interval: 100 }).toContain('from-web');
    // A token with its signature altered is refused on every process, in the error envelope.
    const signatureAt = token.lastIndexOf('.') + 5;
    const forged = `${token.slice(0, signatureAt)}${token[signatureAt] === 'Q' ? 'R' : 'Q'}${token.slice(signatureAt + 1)}`;
    for (const name of names) {
      const refused = await apiRequest(cluster.direct(name), forged, 'GET', '/me');
      expect(refused.status, `${forged} for ${token}`).toBe(401);
      const body = await json(refused);
      expect(body.error.code).toBe('unauthorized');
    }
  });
});
