import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiRequest, killableBoards } from '../helpers/spawnServer.js';
import type { Body } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';
import { importChunkEnds } from '../../server/jobs/ImportService.js';

/**
 * An import job cut off by `kill -9`: after the restart the job is failed `interrupted` with
 * `result.applied` read from the board's write receipts, which is exactly how many items the
 * board holds (whole chunks, none twice), and importing `items.slice(applied)` completes it.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-import-crash-'));
const boards = killableBoards({ BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'info', BOARDS_RATE_LIMIT_PER_MINUTE: '1000000' });
let key = '';

beforeAll(async () => {
  key = await boards.createKey('import-crash@example.com', 'user:read boards:read boards:write');
});

afterAll(async () => {
  await boards.killRunning();
  rmSync(dataDir, { recursive: true, force: true });
});

const total = 5000;
const items = Array.from({ length: total }, (_, i) => ({ type: 'sticky_note', position: { x: i * 250, y: 0 }, data: { text: `c${i}` } }));

async function texts(url: string, boardId: string): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Body = await json(apiRequest(url, key, 'GET', `/boards/${boardId}/items?limit=1000${cursor ? `&cursor=${cursor}` : ''}`));
    out.push(...page.data.map((item: Body) => item.data.text as string));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return out;
}

describe('kill -9 during an import', () => {
  test('the job is failed interrupted with the count of items that landed; the rest imports once', async () => {
    let server = await boards.start();
    const boardId = (await json(apiRequest(server.url, key, 'POST', '/boards', { title: 'Import crash' }))).id as string;
    const res = await apiRequest(server.url, key, 'POST', `/boards/${boardId}/imports`, { items });
    expect(res.status).toBe(202);
    const jobId = (await json(res)).id as string;
    // Killed as soon as the job runs, while its chunks are being written.
    await expect
      .poll(async () => (await json(apiRequest(server.url, key, 'GET', `/boards/${boardId}/imports/${jobId}`))).status, { timeout: 60_000, interval: 5 })
      .toBe('running');
    await boards.kill(server);

    server = await boards.start();
    const job: Body = await json(apiRequest(server.url, key, 'GET', `/boards/${boardId}/imports/${jobId}`));
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('interrupted');
    const { applied } = job.result as { applied: number };
    expect(applied).toBeGreaterThanOrEqual(0);
    expect(applied).toBeLessThan(total);
    // Whole chunks: where one of them ends (or none landed).
    expect([0, ...importChunkEnds(items)]).toContain(applied);
    expect(job.error.message).toContain(`after ${applied} of ${total}`);
    const stored = await texts(server.url, boardId);
    expect(stored).toEqual(items.slice(0, applied).map((item) => item.data.text));
    // The ids it had reported are among the stored items.
    expect(job.result.itemIds.length).toBeLessThanOrEqual(applied);

    const rest = await apiRequest(server.url, key, 'POST', `/boards/${boardId}/imports`, { items: items.slice(applied) });
    expect(rest.status).toBe(202);
    const restId = (await json(rest)).id as string;
    await expect
      .poll(async () => (await json(apiRequest(server.url, key, 'GET', `/boards/${boardId}/imports/${restId}`))).status, { timeout: 120_000, interval: 50 })
      .toBe('succeeded');
    expect(await texts(server.url, boardId)).toEqual(items.map((item) => item.data.text));
    await boards.kill(server);
  }, 600_000);
});
