import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiRequest, killableBoards } from '../helpers/spawnServer.js';
import type { Body } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';
import { importChunkEnds } from '../../server/jobs/ImportService.js';

/**
 * An import job cut off by `kill -9` resumes by itself when the server starts again: after its
 * last chunk that landed (read from the board's write receipts), with the ids it chose when it
 * was accepted, so the board ends with every item exactly once, in order, with one transaction
 * (one activity row) per chunk.
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

async function listed(url: string, boardId: string): Promise<Body[]> {
  const out: Body[] = [];
  let cursor: string | null = null;
  do {
    const page: Body = await json(apiRequest(url, key, 'GET', `/boards/${boardId}/items?limit=1000${cursor ? `&cursor=${cursor}` : ''}`));
    out.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return out;
}

const texts = async (url: string, boardId: string): Promise<string[]> => (await listed(url, boardId)).map((item) => item.data.text as string);
const ids = async (url: string, boardId: string): Promise<string[]> => (await listed(url, boardId)).map((item) => item.id as string);

describe('kill -9 during an import', () => {
  test('the job resumes by itself after the restart: every item once, in order, one set of events per chunk', async () => {
    let server = await boards.start();
    const boardId = (await json(apiRequest(server.url, key, 'POST', '/boards', { title: 'Import crash' }))).id as string;
    const res = await apiRequest(server.url, key, 'POST', `/boards/${boardId}/imports`, { items });
    expect(res.status).toBe(202);
    const jobId = (await json(res)).id as string;
    const ends = importChunkEnds(items);
    // Killed once the first chunk is durable, while the next ones are being written.
    let before: Body = {};
    await expect
      .poll(
        async () => {
          before = await json(apiRequest(server.url, key, 'GET', `/boards/${boardId}/imports/${jobId}`));
          return before.result.applied as number;
        },
        { timeout: 120_000, interval: 5 },
      )
      .toBeGreaterThanOrEqual(ends[0] as number);
    await boards.kill(server);
    const appliedBefore = before.result.applied as number;

    server = await boards.start();
    // Progress is visible at once, and nothing it had applied is taken back or refused.
    const after: Body = await json(apiRequest(server.url, key, 'GET', `/boards/${boardId}/imports/${jobId}`));
    expect(after.error).toBeNull();
    expect(after.result.applied).toBeGreaterThanOrEqual(appliedBefore);
    expect([0, ...ends]).toContain(after.result.applied);
    await expect
      .poll(async () => (await json(apiRequest(server.url, key, 'GET', `/boards/${boardId}/imports/${jobId}`))).status, { timeout: 300_000, interval: 50 })
      .toBe('succeeded');
    const done: Body = await json(apiRequest(server.url, key, 'GET', `/boards/${boardId}/imports/${jobId}`));
    expect(done.result.applied).toBe(total);
    expect(done.progress).toBe(1);
    if (appliedBefore < total) expect(server.output()).toContain('resumed a job cut off by the last stop');

    const stored = await texts(server.url, boardId);
    expect(stored).toEqual(items.map((item) => item.data.text));
    // The ids the job reports are the items' ids, in the order of the import.
    expect(done.result.itemIds).toEqual(await ids(server.url, boardId));
    // One transaction, one activity row, per chunk: a chunk that landed before the kill is neither applied nor announced twice.
    const activity: Body = await json(apiRequest(server.url, key, 'GET', `/boards/${boardId}/activity?limit=100`));
    expect(activity.data.filter((row: Body) => JSON.stringify(row).includes('batch')).length).toBe(ends.length);
    await boards.kill(server);
  }, 600_000);
});
