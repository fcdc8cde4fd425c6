import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeCluster, startCluster } from '../../helpers/cluster.js';
import type { TestCluster } from '../../helpers/cluster.js';
import { apiRequest, runBoards } from '../../helpers/spawnServer.js';
import { json } from '../../helpers/testServer.js';

/**
 * docs/cluster.md "Singleton background work" with real processes: each sweep runs on the one
 * process holding its lease, so what it does happens once across the three.
 */

const names = ['a', 'b', 'c'] as const;
const emailPeriodMs = 3_000;

describeCluster('three boards processes sharing their background work', () => {
  let cluster: TestCluster;
  let beaKey = '';

  const beaMails = (): number => cluster.mails().filter((mail) => mail.to === 'bea@example.com').length;

  beforeAll(async () => {
    // Every process sweeps notifications every second (a quarter of the email period, at least 1 s).
    cluster = await startCluster(names, { BOARDS_NOTIFICATIONS_EMAIL_MS: String(emailPeriodMs) });
    expect((await runBoards(['admin', 'create-user', '--email', 'bea@example.com', '--name', 'Bea Reader'], cluster.env('a'))).code).toBe(0);
    const made = await runBoards(['admin', 'create-api-key', '--email', 'bea@example.com', '--scopes', 'user:read boards:read'], cluster.env('a'));
    expect(made.code).toBe(0);
    beaKey = made.stdout.trim().split('\n').at(-1) ?? '';
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('sends one digest email per email period across three processes that all run the notification sweep', async () => {
    const res = await apiRequest(cluster.nginx.url, cluster.key, 'POST', '/boards', { title: 'Digests' });
    const boardId = (await json(res)).id as string;
    const share = await apiRequest(cluster.nginx.url, cluster.key, 'POST', `/boards/${boardId}/members`, { email: 'bea@example.com', role: 'viewer' });
    expect(share.status).toBeLessThan(300);
    // The share notification makes the first digest; once it is sent, a mention makes the second.
    await vi.waitFor(() => expect(beaMails()).toBe(1), { timeout: 30_000, interval: 200 });
    const comment = await apiRequest(cluster.nginx.url, cluster.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 0, y: 0 }, data: { text: 'Over to you @bea' } });
    expect(comment.status).toBe(201);
    await vi.waitFor(() => expect(beaMails()).toBe(2), { timeout: 30_000, interval: 200 });
    // Bea's stream holds both notifications, each emailed by one digest: a third digest would find nothing to send.
    const stream = await json(apiRequest(cluster.nginx.url, beaKey, 'GET', '/me/notifications?limit=100'));
    expect((stream.data as { kind: string }[]).map((n) => n.kind).sort()).toEqual(['mention', 'share']);
    const digests = cluster.mails().filter((mail) => mail.to === 'bea@example.com');
    expect(digests.map((mail) => mail.text?.includes('Digests'))).toEqual([true, true]);
    expect(beaMails()).toBe(2);
  });

  it('purges a board whose time in trash ran out once, when three processes start together and each runs the trash sweep at start', async () => {
    const res = await apiRequest(cluster.nginx.url, cluster.key, 'POST', '/boards', { title: 'Old trash' });
    const boardId = (await json(res)).id as string;
    const hook = await apiRequest(cluster.nginx.url, cluster.key, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['board.deleted'] });
    expect(hook.status).toBe(201);
    const webhookId = (await json(hook)).id as string;
    expect((await apiRequest(cluster.nginx.url, cluster.key, 'DELETE', `/boards/${boardId}`)).status).toBeLessThan(300);

    // Every process stops (giving its leases up); the board went to trash long ago; all three start at once.
    await Promise.all(names.map((name) => cluster.terminate(name)));
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const aged = await db.query(`UPDATE c_boards SET doc = jsonb_set(doc, '{trashedAt}', '1') WHERE id = $1`, [boardId]);
      expect(aged.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    await Promise.all(names.map((name) => cluster.start(name)));

    for (const name of names) {
      await expect.poll(async () => (await apiRequest(cluster.direct(name), cluster.key, 'GET', `/boards/${boardId}`)).status, { timeout: 30_000, interval: 250 }).toBe(404);
    }
    const deliveries = async (): Promise<{ eventType: string; boardId: string | null }[]> => {
      const listed = await apiRequest(cluster.nginx.url, cluster.key, 'GET', `/webhooks/${webhookId}/deliveries?limit=100`);
      expect(listed.status).toBe(200);
      return ((await json(listed)).data as { eventType: string; boardId: string | null }[]).filter((d) => d.boardId === boardId);
    };
    // One board.deleted when it went to trash and one when it was purged: not one per process.
    await expect.poll(async () => (await deliveries()).length, { timeout: 30_000, interval: 250 }).toBe(2);
    expect((await deliveries()).map((d) => d.eventType)).toEqual(['board.deleted', 'board.deleted']);
  });
});
