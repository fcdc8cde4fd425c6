import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../../bench/ai/fakeOpenAiServer.js';
import type { FakeOpenAiServer } from '../../../bench/ai/fakeOpenAiServer.js';
import { importChunkEnds } from '../../../server/jobs/ImportService.js';
import type { JobRecord } from '../../../storage/schema/jobs.js';
import { jobCollections } from '../../../storage/schema/jobs.js';
import { createBoard } from '../../content/helpers.js';
import { redisAvailable, startRedis } from '../../helpers/redis.js';
import type { TestRedis } from '../../helpers/redis.js';
import type { Body, TestServer } from '../../helpers/testServer.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import { startTwoServers } from './twoServers.js';
import type { TwoServers } from './twoServers.js';

const available = redisAvailable('the job cancel cluster tests');
const planJson = JSON.stringify({ rationale: 'One idea.', items: [{ ref: 'a', type: 'sticky_note', x: 0, y: 0, data: { text: 'Idea' } }] });

describe.skipIf(!available)('two servers over one store and one Redis: a cancel asked on the process that does not run the job', () => {
  let redis: TestRedis;
  let fake: FakeOpenAiServer;
  let servers: TwoServers;
  let env: Record<string, string>;

  beforeAll(async () => {
    redis = await startRedis();
    fake = await startFakeOpenAi(() => ({ kind: 'json', content: planJson }));
    env = {
      BOARDS_AI_PROVIDER: 'openai',
      BOARDS_AI_BASE_URL: fake.baseUrl,
      BOARDS_AI_API_KEY: 'sk-test-job-cancel-cluster-0123456789',
      BOARDS_AI_MODEL: 'fake-model',
      BOARDS_AI_TIMEOUT_MS: '600000',
      BOARDS_AI_MAX_RETRIES: '0',
      BOARDS_RATE_LIMIT_PER_MINUTE: '1000000',
    };
    servers = await startTwoServers(redis.url, env);
  });
  afterAll(async () => {
    await servers?.stop();
    await fake?.close();
    await redis?.stop();
  });

  it('an AI job running on A, cancelled through B: A aborts the provider call, nothing is written, the credits come back', async () => {
    const { a, b } = servers;
    const user = await a.createUser({ plan: 'pro' });
    const boardId = await createBoard(a, user.key);
    const credits = async (): Promise<number> => (await json(b.api(user.key, 'GET', '/me/credits'))).credits.used;
    const before = await credits();
    fake.script({ kind: 'hang' });
    const started = await json(a.api(user.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'ideas' }, { Prefer: 'respond-async' }));
    await expect.poll(() => fake.held(), { timeout: 20_000 }).toBe(1);
    expect(a.server.services.jobs.stats().running).toBe(1);
    expect(b.server.services.jobs.stats().running).toBe(0);

    expect(started.cancelRequested).toBe(false);
    const res = await b.api(user.key, 'POST', `/jobs/${started.id}/cancel`);
    expect(res.status).toBe(202);
    // Asked, not taken yet: A runs it and hears the flag at its next read.
    expect(await json(res)).toMatchObject({ id: started.id, status: 'running', cancelRequested: true });
    // A hears the flag in the job's record and stops it.
    await expect.poll(async () => (await json(b.api(user.key, 'GET', `/jobs/${started.id}`))).error?.code ?? null, { timeout: 30_000 }).toBe('cancelled');
    await expect.poll(() => fake.dropped(), { timeout: 20_000 }).toBe(1);
    expect(await json(a.api(user.key, 'GET', `/jobs/${started.id}`))).toMatchObject({ status: 'canceled', error: { code: 'cancelled' }, result: null, cancelRequested: false });
    expect(await credits()).toBe(before);
    expect((await json(a.api(user.key, 'GET', `/boards/${boardId}/items`))).data).toEqual([]);
    // Cancelling again, on either process, changes nothing.
    expect((await a.api(user.key, 'POST', `/jobs/${started.id}/cancel`)).status).toBe(200);
  });

  it('an import left running by a process that stopped: cancelled through another, it ends with what landed and is never resumed', async () => {
    const { b } = servers;
    const third: TestServer = await startTestServer({ dataDir: servers.a.dataDir, clock: servers.clock, env: { BOARDS_REDIS_URL: redis.url, ...env }, start: { database: servers.db } });
    const user = await third.createUser({ plan: 'pro' });
    const boardId = await createBoard(third, user.key);
    const body = Array.from({ length: 4000 }, (_, i) => ({ type: 'sticky_note', position: { x: (i % 80) * 250, y: Math.floor(i / 80) * 250 }, data: { text: `${i} ${'x'.repeat(700)}` } }));
    const ends = importChunkEnds(body);
    const started = await json(third.api(user.key, 'POST', `/boards/${boardId}/imports`, { items: body }));
    await expect.poll(async () => (await json(third.api(user.key, 'GET', `/jobs/${started.id}`))).result.applied, { timeout: 120_000, interval: 20 }).toBeGreaterThan(0);
    // A clean stop leaves an import as it is, for the next process to resume.
    await third.stop();
    const left = await json(b.api(user.key, 'GET', `/jobs/${started.id}`));
    expect(left.status).toBe('running');

    const res = await b.api(user.key, 'POST', `/jobs/${started.id}/cancel`);
    expect(res.status).toBe(202);
    const job = await json(res);
    expect(job).toMatchObject({ status: 'canceled', error: { code: 'cancelled' } });
    const { applied, itemIds } = job.result;
    expect(ends).toContain(applied);
    expect(applied).toBeLessThan(4000);
    expect(itemIds).toHaveLength(applied);
    await b.server.services.jobs.recoverInterrupted();
    await b.server.services.jobs.idle();
    expect(await json(b.api(user.key, 'GET', `/jobs/${started.id}`))).toEqual(job);
    const stored: Body[] = [];
    let cursor: string | null = null;
    do {
      const page: Body = await json(b.api(user.key, 'GET', `/boards/${boardId}/items?limit=1000${cursor ? `&cursor=${cursor}` : ''}`));
      stored.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(stored.map((i) => i.id).sort()).toEqual([...itemIds].sort());
  });

  it('orphan recovery ends an import whose record carries a cancel as cancelled instead of resuming it', async () => {
    const { b } = servers;
    const third: TestServer = await startTestServer({ dataDir: servers.a.dataDir, clock: servers.clock, env: { BOARDS_REDIS_URL: redis.url, ...env }, start: { database: servers.db } });
    const user = await third.createUser({ plan: 'pro' });
    const boardId = await createBoard(third, user.key);
    const body = Array.from({ length: 4000 }, (_, i) => ({ type: 'sticky_note', position: { x: (i % 80) * 250, y: Math.floor(i / 80) * 250 }, data: { text: `${i} ${'z'.repeat(700)}` } }));
    const started = await json(third.api(user.key, 'POST', `/boards/${boardId}/imports`, { items: body }));
    await expect.poll(async () => (await json(third.api(user.key, 'GET', `/jobs/${started.id}`))).result.applied, { timeout: 120_000, interval: 20 }).toBeGreaterThan(0);
    await third.stop();
    // The cancel recorded while no process ran the import (as one asked just before its process died).
    const jobsTable = servers.db.collection<JobRecord>(jobCollections.jobs);
    expect(await jobsTable.updateOne({ id: started.id, status: 'running' }, { $set: { cancelRequestedAt: servers.clock.now() } })).not.toBeNull();

    expect(await b.server.services.jobs.recoverInterrupted()).toBe(1);
    await b.server.services.jobs.idle();
    const job = await json(b.api(user.key, 'GET', `/jobs/${started.id}`));
    expect(job).toMatchObject({ status: 'canceled', error: { code: 'cancelled' } });
    expect(job.result.applied).toBeLessThan(4000);
    expect(importChunkEnds(body)).toContain(job.result.applied);
  });
});
