import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeCluster, startCluster } from '../../helpers/cluster.js';
import type { TestCluster } from '../../helpers/cluster.js';
import { apiRequest, runBoards } from '../../helpers/spawnServer.js';
import { json } from '../../helpers/testServer.js';
import { sticky } from '../../content/helpers.js';
import { clientCreateSticky, clientItemIds, connectSyncClient } from '../../content/helpers/syncClient.js';
import type { SyncClient } from '../../content/helpers/syncClient.js';
import { startReceiver } from '../webhooks/receiver.js';
import type { ReceivedDelivery, TestReceiver } from '../webhooks/receiver.js';

/**
 * docs/cluster.md "lose a node, lose nothing": three processes behind nginx, one killed with
 * `kill -9` while it works; what it acknowledged stays, what it left is finished by the others,
 * and nothing happens twice.
 */

const names = ['a', 'b', 'c'] as const;
const emailPeriodMs = 20_000;

/** An OpenAI-compatible endpoint that never answers: an AI job started against it stays running. */
async function startSilentModel(): Promise<{ baseUrl: string; requests: () => number; close(): Promise<void> }> {
  const held: ServerResponse[] = [];
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests += 1;
    request.resume();
    held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests: () => requests,
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describeCluster('three boards processes behind nginx, one killed -9', () => {
  let cluster: TestCluster;
  let receiver: TestReceiver;
  let model: Awaited<ReturnType<typeof startSilentModel>>;
  let beaKey = '';
  let ownerKey = '';
  const clients: SyncClient[] = [];

  const live = (url: string, boardId: string): SyncClient => {
    const client = connectSyncClient(url, boardId, ownerKey);
    clients.push(client);
    return client;
  };
  /** A board shared with Bea (editor) and a webhook on `events` with its signing secret. */
  const boardWithHook = async (title: string, events: string[]): Promise<{ boardId: string; secret: string }> => {
    const board = await apiRequest(cluster.nginx.url, ownerKey, 'POST', '/boards', { title });
    expect(board.status).toBe(201);
    const boardId = (await json(board)).id as string;
    expect((await apiRequest(cluster.nginx.url, ownerKey, 'POST', `/boards/${boardId}/members`, { email: 'bea@example.com', role: 'editor' })).status).toBeLessThan(300);
    const hook = await apiRequest(cluster.nginx.url, ownerKey, 'POST', '/webhooks', { url: receiver.url, events, boardIds: [boardId] });
    expect(hook.status).toBe(201);
    const body = await json(hook);
    return { boardId, secret: body.secret as string };
  };
  /** The deliveries signed with `secret` (checked with `standardwebhooks`), one per `webhook-id`. */
  const verifiedDeliveries = (secret: string): Map<string, ReceivedDelivery> => {
    const verifier = new Webhook(secret);
    const byId = new Map<string, ReceivedDelivery>();
    for (const delivery of receiver.received) {
      const headers = delivery.headers as Record<string, string>;
      let verified = false;
      try {
        verifier.verify(delivery.body, headers);
        verified = true;
      } catch {
        // Signed with another webhook's secret.
      }
      if (!verified) continue;
      const id = headers['webhook-id'] ?? '';
      const earlier = byId.get(id);
      // A retry of one delivery carries the same id and the same body.
      if (earlier) expect(earlier.body).toBe(delivery.body);
      else byId.set(id, delivery);
    }
    return byId;
  };
  const activityOf = async (boardId: string): Promise<{ action: string; itemId: string | null }[]> => {
    const rows: { action: string; itemId: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const res = await apiRequest(cluster.nginx.url, ownerKey, 'GET', `/boards/${boardId}/activity?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = await json(res);
      rows.push(...(page.data as { action: string; itemId: string | null }[]));
      cursor = (page.nextCursor as string | null | undefined) ?? null;
    } while (cursor !== null);
    return rows;
  };
  const mentionsOfBea = async (boardId: string): Promise<string[]> => {
    const res = await apiRequest(cluster.nginx.url, beaKey, 'GET', '/me/notifications?limit=100');
    expect(res.status).toBe(200);
    return ((await json(res)).data as { kind: string; boardId: string; itemId: string }[]).filter((n) => n.kind === 'mention' && n.boardId === boardId).map((n) => n.itemId);
  };
  const itemIdsVia = (url: string, boardId: string): Promise<string[]> => cluster.itemIds(url, boardId, ownerKey);
  const commentIdsVia = async (url: string, boardId: string): Promise<string[]> => {
    const res = await apiRequest(url, ownerKey, 'GET', `/boards/${boardId}/items?limit=200`);
    expect(res.status).toBe(200);
    return ((await json(res)).data as { id: string; type: string }[]).filter((item) => item.type === 'comment').map((item) => item.id).sort();
  };
  /** Kills `name`, waits until its liveness lease lapsed (a process starting now takes it for stopped), and starts it again. */
  const restartAfterLapse = async (name: string): Promise<void> => {
    await expect.poll(() => cluster.alive(name), { timeout: 60_000, interval: 500 }).toBe(false);
    await cluster.start(name);
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    model = await startSilentModel();
    cluster = await startCluster(names, {
      BOARDS_SYNC_MESSAGES_PER_SECOND: '100000',
      BOARDS_NOTIFICATIONS_EMAIL_MS: String(emailPeriodMs),
      BOARDS_AI_PROVIDER: 'openai',
      BOARDS_AI_BASE_URL: model.baseUrl,
      BOARDS_AI_API_KEY: 'sk-local-model-that-never-answers',
      BOARDS_AI_MAX_RETRIES: '0',
    });
    const env = cluster.env('a');
    const made = await runBoards(['admin', 'create-user', '--email', 'olive@example.com', '--name', 'Olive Owner', '--plan', 'business'], env);
    expect(made.code).toBe(0);
    const ownerKeyMade = await runBoards(['admin', 'create-api-key', '--email', 'olive@example.com', '--scopes', 'user:read boards:read boards:write ai:write'], env);
    expect(ownerKeyMade.code).toBe(0);
    ownerKey = ownerKeyMade.stdout.trim().split('\n').at(-1) ?? '';
    expect((await runBoards(['admin', 'create-user', '--email', 'bea@example.com', '--name', 'Bea Reader'], env)).code).toBe(0);
    const beaKeyMade = await runBoards(['admin', 'create-api-key', '--email', 'bea@example.com', '--scopes', 'user:read boards:read'], env);
    expect(beaKeyMade.code).toBe(0);
    beaKey = beaKeyMade.stdout.trim().split('\n').at(-1) ?? '';
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.destroy();
    await cluster?.stop();
    await Promise.allSettled([receiver?.close(), model?.close()]);
  }, 60_000);

  it('hands over what a killed process left: its pending webhook retry (500, then 200) and a due digest email are finished by another process, once; its running AI job is settled interrupted by the process that starts next', async () => {
    // The first process to start took the singleton leases; it is the one killed.
    await expect.poll(() => cluster.holderOf('webhook-outbox'), { timeout: 15_000, interval: 200 }).not.toBeNull();
    const victim = (await cluster.holderOf('webhook-outbox')) ?? '';
    await expect.poll(() => cluster.holderOf('notification-sweep'), { timeout: 15_000, interval: 200 }).toBe(victim);
    const { boardId, secret } = await boardWithHook('Handover', ['item.created']);

    // A job on the victim that never finishes by itself.
    const job = await fetch(`${cluster.direct(victim)}/v1/boards/${boardId}/ai/generate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ownerKey}`, 'Content-Type': 'application/json', Prefer: 'respond-async' },
      body: JSON.stringify({ prompt: 'A launch plan', position: { x: 0, y: 400 } }),
    });
    expect(job.status).toBe(202);
    const jobId = (await json(job)).id as string;
    await expect.poll(() => model.requests(), { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
    expect((await json(apiRequest(cluster.nginx.url, ownerKey, 'GET', `/jobs/${jobId}`))).status).toBe('running');

    // A mention makes Bea a notification, whose digest is due one email period later.
    const mailsBefore = cluster.mails().filter((mail) => mail.to === 'bea@example.com').length;
    const comment = await apiRequest(cluster.nginx.url, ownerKey, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 0, y: 0 }, data: { text: 'Ready, @bea?' } });
    expect(comment.status).toBe(201);
    const commentId = (await json(comment)).id as string;
    expect(await mentionsOfBea(boardId)).toEqual([commentId]);

    // The first attempt of the delivery fails; its retry is pending on the victim when it dies.
    receiver.respond(500);
    const res = await apiRequest(cluster.nginx.url, ownerKey, 'POST', `/boards/${boardId}/items`, sticky('handed over'));
    expect(res.status).toBe(201);
    const itemId = (await json(res)).id as string;
    const attemptsOf = (): ReceivedDelivery[] => receiver.received.filter((d) => d.json.type === 'item.created' && d.json.data.id === itemId);
    await vi.waitFor(() => expect(attemptsOf().map((d) => d.answered)).toEqual([500]), { timeout: 20_000, interval: 50 });
    await cluster.kill(victim);
    receiver.respond(200);

    // Another process takes the outbox lease once it lapsed and sends the retry: the same delivery, signed.
    await vi.waitFor(() => expect(attemptsOf().map((d) => d.answered)).toContain(200), { timeout: 60_000, interval: 200 });
    expect(new Set(attemptsOf().map((d) => d.headers['webhook-id'])).size).toBe(1);
    const verified = verifiedDeliveries(secret);
    expect([...verified.values()].filter((d) => d.json.data.id === itemId)).toHaveLength(1);
    expect(await cluster.holderOf('webhook-outbox')).not.toBe(victim);

    // The job is settled by the process that starts after the victim's liveness lapsed (a new process id).
    await restartAfterLapse(victim);
    await expect.poll(async () => (await json(apiRequest(cluster.nginx.url, ownerKey, 'GET', `/jobs/${jobId}`))).error?.code, { timeout: 30_000, interval: 250 }).toBe('interrupted');
    expect((await json(apiRequest(cluster.nginx.url, ownerKey, 'GET', `/jobs/${jobId}`))).status).toBe('failed');

    // The digest is emailed once, by whichever process took the notification sweep after the victim's lease lapsed.
    await vi.waitFor(() => expect(cluster.mails().filter((mail) => mail.to === 'bea@example.com').length).toBe(mailsBefore + 1), { timeout: 180_000, interval: 500 });
    expect(cluster.running(victim)).toBe(true);
    const digest = cluster.mails().filter((mail) => mail.to === 'bea@example.com').at(-1);
    expect(digest?.text).toContain('Handover');
  }, 300_000);

  it('loses no acknowledged write when process A is killed -9 under REST writers and live edits; every provider reconnects through nginx and converges; one activity row, one verified webhook delivery and one mention notification per stored change, also for writes the kill cut after their update was stored', async () => {
    const { boardId, secret } = await boardWithHook('Kill A under load', ['item.created']);
    // The pinned port sends a client to A while A answers, and to B or C once it does not.
    await vi.waitFor(async () => {
      const res = await apiRequest(cluster.nginx.pinnedUrl, ownerKey, 'GET', '/me');
      expect(res.headers.get('x-upstream')).toBe(cluster.direct('a').replace('http://', ''));
    }, { timeout: 15_000, interval: 200 });
    const providers = [live(cluster.nginx.pinnedUrl, boardId), live(cluster.nginx.url, boardId), live(cluster.nginx.url, boardId)];
    await Promise.all(providers.map((provider) => provider.synced()));
    const liveIds: string[] = [];

    const acknowledged: string[] = [];
    const comments: string[] = [];
    let writing = true;
    /** Each REST write is followed by a live edit of provider `n`: REST and live traffic interleave without timers. */
    const writer = async (n: number, comment: boolean): Promise<void> => {
      for (let i = 0; writing && i < 25; i += 1) {
        const body = comment ? { type: 'comment', position: { x: n * 250, y: i * 10 }, data: { text: `Look @bea ${i}` } } : sticky(`w${n}-${i}`, n * 250, i * 10);
        try {
          const res = await apiRequest(cluster.nginx.url, ownerKey, 'POST', `/boards/${boardId}/items`, body);
          // A write cut by the kill answers 502 (nginx does not resend a POST) or fails: not acknowledged.
          if (res.status === 201) {
            const id = (await json(res)).id as string;
            acknowledged.push(id);
            if (comment) comments.push(id);
          }
        } catch {
          // Not acknowledged either.
        }
        const provider = providers[n] as SyncClient;
        const liveId = `live-${n}-${i}`;
        liveIds.push(liveId);
        clientCreateSticky(provider.doc, liveId, { x: n * 250, y: 1000 + i * 10, text: liveId }, cluster.userId);
      }
    };
    const writers = [writer(0, false), writer(1, false), writer(2, true)];
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(10), { timeout: 60_000, interval: 20 });
    await cluster.kill('a');
    const afterKill = acknowledged.length;
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(afterKill + 10), { timeout: 60_000, interval: 20 });
    writing = false;
    await Promise.all(writers);

    // Every acknowledged write is in the store, read through B and C.
    for (const name of ['b', 'c']) {
      const stored = await itemIdsVia(cluster.direct(name), boardId);
      expect(acknowledged.filter((id) => !stored.includes(id))).toEqual([]);
    }
    // A starts again once its liveness lapsed, and settles the events of the live edits it took before it died.
    await restartAfterLapse('a');

    // Every provider reconnected through nginx; each holds the board as the store has it, with every live edit made.
    await vi.waitFor(async () => {
      const stored = await itemIdsVia(cluster.nginx.url, boardId);
      for (const provider of providers) {
        expect(provider.provider.wsconnected).toBe(true);
        expect(clientItemIds(provider.doc)).toEqual(stored);
      }
      expect(liveIds.filter((id) => !stored.includes(id))).toEqual([]);
      expect(acknowledged.filter((id) => !stored.includes(id))).toEqual([]);
    }, { timeout: 60_000, interval: 250 });
    const stored = await itemIdsVia(cluster.nginx.url, boardId);

    // One activity row per stored REST write (live edits make none), none twice: a write the kill
    // cut after its update was stored has its row too, from its journaled events, replayed by the
    // process that recovered A's work (docs/events.md "Durability of write events").
    const restIds = stored.filter((id) => !liveIds.includes(id));
    await vi.waitFor(async () => {
      const created = (await activityOf(boardId)).filter((row) => row.action === 'item.created').map((row) => row.itemId ?? '');
      expect(created.filter((id, index) => created.indexOf(id) !== index)).toEqual([]);
      expect(restIds.filter((id) => !created.includes(id))).toEqual([]);
      expect(created.filter((id) => !restIds.includes(id))).toEqual([]);
    }, { timeout: 60_000, interval: 500 });

    // One delivery per item (retries of one delivery share its webhook-id), for every item on the
    // board: acknowledged writes, live edits, and writes the kill cut after their update was stored.
    await vi.waitFor(() => {
      const delivered = [...verifiedDeliveries(secret).values()].map((delivery) => delivery.json.data.id as string);
      expect(delivered.filter((id, index) => delivered.indexOf(id) !== index)).toEqual([]);
      expect(stored.filter((id) => !delivered.includes(id))).toEqual([]);
      expect(delivered.filter((id) => !stored.includes(id))).toEqual([]);
    }, { timeout: 120_000, interval: 500 });

    // One mention notification for Bea per comment on the board (acknowledged or cut after it was stored), none twice.
    const storedComments = await commentIdsVia(cluster.nginx.url, boardId);
    expect(comments.filter((id) => !storedComments.includes(id))).toEqual([]);
    expect(comments.length).toBeGreaterThan(0);
    await vi.waitFor(async () => {
      const mentions = await mentionsOfBea(boardId);
      expect(mentions.filter((id, index) => mentions.indexOf(id) !== index)).toEqual([]);
      expect([...mentions].sort()).toEqual(storedComments);
    }, { timeout: 60_000, interval: 500 });
  }, 360_000);
});
