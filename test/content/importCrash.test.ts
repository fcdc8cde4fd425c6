import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SpawnedServer } from '../helpers/spawnServer.js';
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

const ends = importChunkEnds(items);
const jobOf = async (url: string, boardId: string, jobId: string): Promise<Body> => json(apiRequest(url, key, 'GET', `/boards/${boardId}/imports/${jobId}`));

/** Starts a server and the import of `items` on a new board; resolves once its first chunk is durable (while the next ones are written), with the job as then seen. */
async function importUnderWay(title: string): Promise<{ server: SpawnedServer; boardId: string; jobId: string; seen: Body }> {
  const server = await boards.start();
  const boardId = (await json(apiRequest(server.url, key, 'POST', '/boards', { title }))).id as string;
  const res = await apiRequest(server.url, key, 'POST', `/boards/${boardId}/imports`, { items });
  expect(res.status).toBe(202);
  const jobId = (await json(res)).id as string;
  let seen: Body = {};
  await expect
    .poll(
      async () => {
        seen = await jobOf(server.url, boardId, jobId);
        return seen.result.applied as number;
      },
      { timeout: 120_000, interval: 5 },
    )
    .toBeGreaterThanOrEqual(ends[0] as number);
  return { server, boardId, jobId, seen };
}

/** Waits for the job to succeed; checks every item is on the board once, in order, with one activity row per chunk. Resolves with the job. */
async function completedOnce(server: SpawnedServer, boardId: string, jobId: string): Promise<Body> {
  await expect.poll(async () => (await jobOf(server.url, boardId, jobId)).status, { timeout: 300_000, interval: 50 }).toBe('succeeded');
  expect(await texts(server.url, boardId)).toEqual(items.map((item) => item.data.text));
  // One transaction, one activity row, per chunk: a chunk that landed before the stop is neither applied nor announced twice.
  const activity: Body = await json(apiRequest(server.url, key, 'GET', `/boards/${boardId}/activity?limit=100`));
  expect(activity.data.filter((row: Body) => JSON.stringify(row).includes('batch')).length).toBe(ends.length);
  return jobOf(server.url, boardId, jobId);
}

describe('an import cut off by a stop', () => {
  test('kill -9: the job resumes by itself after the restart, every item once, in order, one set of events per chunk', async () => {
    const { server: first, boardId, jobId, seen } = await importUnderWay('Import crash');
    await boards.kill(first);
    const appliedBefore = seen.result.applied as number;

    const server = await boards.start();
    // Progress is visible at once, and nothing it had applied is taken back or refused.
    const after = await jobOf(server.url, boardId, jobId);
    expect(after.error).toBeNull();
    expect(after.result.applied).toBeGreaterThanOrEqual(appliedBefore);
    expect([0, ...ends]).toContain(after.result.applied);
    const done = await completedOnce(server, boardId, jobId);
    expect(done.result.applied).toBe(total);
    expect(done.progress).toBe(1);
    if (appliedBefore < total) expect(server.output()).toContain('resumed a job cut off by the last stop');
    // The ids the job reports are the items' ids, in the order of the import.
    expect(done.result.itemIds).toEqual(await ids(server.url, boardId));
    await boards.kill(server);
  }, 600_000);

  test('a clean stop (SIGTERM) during an import leaves it to resume at the next start, where it completes once', async () => {
    const { server: first, boardId, jobId } = await importUnderWay('Import stop');
    first.child.kill('SIGTERM');
    await first.exited;

    const server = await boards.start();
    // Not failed by the stop: taken up again (or already done, when the stop came after the last chunk).
    expect((await jobOf(server.url, boardId, jobId)).error).toBeNull();
    await completedOnce(server, boardId, jobId);
    await boards.kill(server);
  }, 600_000);
});
