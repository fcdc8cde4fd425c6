import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { killableBoards } from '../helpers/spawnServer.js';
import { json } from '../helpers/testServer.js';

/** The stored answer of a keyed write survives `kill -9` of the `boards` process: the retry after a restart replays it. */

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-idem-kill-'));
const env = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'info' };
const boards = killableBoards(env);
let key = '';

beforeAll(async () => {
  key = await boards.createKey('idem@example.com', 'boards:read boards:write');
});

afterAll(async () => {
  await boards.killRunning();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 after a keyed write was answered', () => {
  test('the retry against the restarted server replays the answer and writes nothing', async () => {
    let server = await boards.start();
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'after-kill' };
    const boardId = (await json(fetch(`${server.url}/v1/boards`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': 'board' }, body: JSON.stringify({ title: 'Kill' }) }))).id as string;
    const body = JSON.stringify({ type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Once' } });
    const first = await fetch(`${server.url}/v1/boards/${boardId}/items`, { method: 'POST', headers, body });
    expect(first.status).toBe(201);
    const firstBody = await json(first);
    await boards.kill(server);

    server = await boards.start();
    const retry = await fetch(`${server.url}/v1/boards/${boardId}/items`, { method: 'POST', headers, body });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(retry)).toEqual(firstBody);
    const items = await json(fetch(`${server.url}/v1/boards/${boardId}/items`, { headers: { Authorization: `Bearer ${key}` } }));
    expect((items.data as { id: string }[]).map((item) => item.id)).toEqual([firstBody.id]);
  });
});
