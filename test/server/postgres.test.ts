import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describePostgres } from '../helpers/postgres.js';
import type { Body, TestServer } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

describePostgres('the server on PostgreSQL (BOARDS_STORAGE=postgres)', (cluster) => {
  let url = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-pg-server-'));
  const running: TestServer[] = [];
  beforeAll(async () => {
    url = await cluster().createDatabase();
  });
  afterAll(async () => {
    for (const server of running.splice(0)) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (): Promise<TestServer> => {
    const server = await startTestServer({ dataDir, env: { BOARDS_STORAGE: 'postgres', BOARDS_POSTGRES_URL: url } });
    running.push(server);
    return server;
  };
  const stop = async (server: TestServer): Promise<void> => {
    running.splice(running.indexOf(server), 1);
    await server.stop();
  };

  test('boards and items written through REST are read back, and found, after a restart', async () => {
    const first = await start();
    expect(await json(fetch(`${first.url}/readyz`))).toEqual({ status: 'ready', storage: 'postgres' });
    const alice = await first.createUser({ plan: 'pro' });
    const board = await json(first.api(alice.key, 'POST', '/boards', { title: 'Quarterly roadmap' }));
    const created: Body[] = [];
    for (const [i, text] of ['Ship the café menu', 'Hire a designer', 'Budget review'].entries()) {
      const res = await first.api(alice.key, 'POST', `/boards/${board.id}/items`, { type: 'sticky_note', position: { x: i * 300, y: 0 }, data: { text } });
      expect(res.status).toBe(201);
      created.push(await json(res));
    }
    const moved = await first.api(alice.key, 'PATCH', `/boards/${board.id}/items/${created[1].id}`, { position: { x: 42, y: 24 } });
    expect(moved.status).toBe(200);
    const before = (await json(first.api(alice.key, 'GET', `/boards/${board.id}/items?limit=100`))).data as Body[];
    await stop(first);

    const second = await start();
    expect((await json(second.api(alice.key, 'GET', `/boards/${board.id}`))).title).toBe('Quarterly roadmap');
    const after = (await json(second.api(alice.key, 'GET', `/boards/${board.id}/items?limit=100`))).data as Body[];
    expect(after).toEqual(before);
    expect(after.find((item) => item.id === created[1].id)?.position).toEqual({ x: 42, y: 24 });
    await expect
      .poll(async () => (await json(second.api(alice.key, 'GET', '/search?q=CAFE'))).items.map((hit: Body) => hit.itemId))
      .toEqual([created[0].id]);
    expect((await json(second.api(alice.key, 'GET', '/search?q=roadmap'))).boards.map((hit: Body) => hit.id)).toEqual([board.id]);
  });

  test('/readyz answers 503 while the database refuses connections, and ready once it takes them again', async () => {
    const server = await start();
    try {
      await cluster().allowConnections(url, false);
      await expectEnvelope(await fetch(`${server.url}/readyz`), 503, 'service_unavailable');
    } finally {
      await cluster().allowConnections(url, true);
    }
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(200);
    await stop(server);
  });
});
