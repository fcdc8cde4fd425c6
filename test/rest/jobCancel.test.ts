import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../bench/ai/fakeOpenAiServer.js';
import type { FakeOpenAiServer } from '../../bench/ai/fakeOpenAiServer.js';
import { importChunkEnds } from '../../server/jobs/ImportService.js';
import { createBoard } from '../content/helpers.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

const planJson = JSON.stringify({ rationale: 'One idea.', items: [{ ref: 'a', type: 'sticky_note', x: 0, y: 0, data: { text: 'Idea' } }] });

let fake: FakeOpenAiServer;
let t: TestServer;
let owner: TestUser;

beforeAll(async () => {
  fake = await startFakeOpenAi(() => ({ kind: 'json', content: planJson }));
  // One job at a time per workspace, so a second one waits queued; a provider timeout far longer than the test.
  t = await startTestServer({
    env: {
      BOARDS_AI_PROVIDER: 'openai',
      BOARDS_AI_BASE_URL: fake.baseUrl,
      BOARDS_AI_API_KEY: 'sk-test-job-cancel-0123456789',
      BOARDS_AI_MODEL: 'fake-model',
      BOARDS_AI_TIMEOUT_MS: '600000',
      BOARDS_AI_MAX_RETRIES: '0',
      BOARDS_AI_JOBS_PER_WORKSPACE: '1',
      BOARDS_RATE_LIMIT_PER_MINUTE: '1000000',
    },
  });
  owner = await t.createUser({ plan: 'pro' });
});
afterAll(async () => {
  await t?.stop();
  await fake?.close();
});

const creditsUsed = async (key = owner.key): Promise<number> => (await json(t.api(key, 'GET', '/me/credits'))).credits.used;
const items = async (boardId: string, key = owner.key): Promise<Body[]> => (await json(t.api(key, 'GET', `/boards/${boardId}/items?limit=1000`))).data;
const getJob = async (jobId: string, key = owner.key): Promise<Body> => json(t.api(key, 'GET', `/jobs/${jobId}`));

/** Starts a generate job whose provider call hangs until it is aborted; resolves once the provider holds it. */
async function hangingGenerate(boardId: string): Promise<Body> {
  const heldBefore = fake.held();
  fake.script({ kind: 'hang' });
  const res = await t.api(owner.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'ideas' }, { Prefer: 'respond-async' });
  expect(res.status).toBe(202);
  const job = await json(res);
  await expect.poll(() => fake.held(), { timeout: 20_000 }).toBe(heldBefore + 1);
  return job;
}

describe('POST /jobs/{jobId}/cancel', () => {
  it('a running AI job: its provider call is aborted, it ends `canceled`, nothing is written and the credits come back; a queued one never runs', async () => {
    const boardId = await createBoard(t, owner.key);
    const before = await creditsUsed();
    const requestsBefore = fake.requests.length;
    const running = await hangingGenerate(boardId);
    // The workspace runs one job at a time: this one waits queued behind the running one.
    const queuedRes = await t.api(owner.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'more ideas' }, { Prefer: 'respond-async' });
    const queued = await json(queuedRes);
    expect((await getJob(queued.id)).status).toBe('queued');
    expect(await creditsUsed()).toBe(before + 10);

    const cancelQueued = await t.api(owner.key, 'POST', `/jobs/${queued.id}/cancel`);
    expect(cancelQueued.status).toBe(202);
    const queuedEnd = await json(cancelQueued);
    expect(queuedEnd).toMatchObject({ id: queued.id, status: 'canceled', error: { code: 'cancelled' }, startedAt: null });
    expect(queuedEnd).toEqual(await getJob(queued.id));
    expect(await creditsUsed()).toBe(before + 5);

    const droppedBefore = fake.dropped();
    const cancelRunning = await t.api(owner.key, 'POST', `/jobs/${running.id}/cancel`);
    expect(cancelRunning.status).toBe(202);
    expect(await json(cancelRunning)).toMatchObject({ id: running.id, status: 'canceled', error: { code: 'cancelled' }, result: null });
    await expect.poll(() => fake.dropped(), { timeout: 20_000 }).toBe(droppedBefore + 1);
    expect(await creditsUsed()).toBe(before);
    expect(await items(boardId)).toEqual([]);
    // The queued job never reached the provider, even once the slot was free.
    await t.server.services.jobs.idle();
    expect(fake.requests.length).toBe(requestsBefore + 1);
    expect((await getJob(queued.id)).status).toBe('canceled');
  });

  it('twice: the same end state, 200 the second time; a finished job is 409 `job_finished` and left as it is', async () => {
    const boardId = await createBoard(t, owner.key);
    const job = await hangingGenerate(boardId);
    const first = await json(t.api(owner.key, 'POST', `/jobs/${job.id}/cancel`));
    const again = await t.api(owner.key, 'POST', `/jobs/${job.id}/cancel`);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(first);
    expect(await getJob(job.id)).toEqual(first);

    const done = await json(t.api(owner.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'ideas' }, { Prefer: 'respond-async' }));
    await expect.poll(async () => (await getJob(done.id)).status, { timeout: 20_000 }).toBe('succeeded');
    const succeeded = await getJob(done.id);
    const refused = await t.api(owner.key, 'POST', `/jobs/${done.id}/cancel`);
    await expectEnvelope(refused, 409, 'job_finished');
    expect(await getJob(done.id)).toEqual(succeeded);
    expect((await items(boardId)).map((i) => i.data.text)).toEqual(['Idea']);

    // A job that failed for another reason stays as it failed.
    fake.script({ kind: 'status', status: 400, body: { error: { message: 'bad' } } });
    const failing = await json(t.api(owner.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'ideas' }, { Prefer: 'respond-async' }));
    await expect.poll(async () => (await getJob(failing.id)).status, { timeout: 20_000 }).toBe('failed');
    const failed = await getJob(failing.id);
    expect(failed.error.code).not.toBe('cancelled');
    await expectEnvelope(await t.api(owner.key, 'POST', `/jobs/${failing.id}/cancel`), 409, 'job_finished');
    expect(await getJob(failing.id)).toEqual(failed);
  });

  it('a running import stops between chunks: the items of whole chunks landed, the result counts them, and it never resumes', async () => {
    const boardId = await createBoard(t, owner.key);
    // About 780 bytes each: chunks of about 330 items (256 KiB), a dozen of them.
    const body = Array.from({ length: 4000 }, (_, i) => ({ type: 'sticky_note', position: { x: (i % 80) * 250, y: Math.floor(i / 80) * 250 }, data: { text: `${i} ${'x'.repeat(700)}` } }));
    const ends = importChunkEnds(body);
    expect(ends.length).toBeGreaterThan(8);
    const started = await json(t.api(owner.key, 'POST', `/boards/${boardId}/imports`, { items: body }));
    await expect.poll(async () => (await getJob(started.id)).result.applied, { timeout: 120_000, interval: 20 }).toBeGreaterThan(0);
    const res = await t.api(owner.key, 'POST', `/jobs/${started.id}/cancel`);
    expect(res.status).toBe(202);
    const job = await json(res);
    expect(job).toMatchObject({ status: 'canceled', error: { code: 'cancelled' } });
    const { applied, total, itemIds } = job.result;
    expect(total).toBe(4000);
    expect(applied).toBeLessThan(4000);
    // Whole chunks only, in order: the board holds exactly the items the result names.
    expect(ends).toContain(applied);
    expect(itemIds).toHaveLength(applied);
    const stored: Body[] = [];
    let cursor: string | null = null;
    do {
      const page: Body = await json(t.api(owner.key, 'GET', `/boards/${boardId}/items?limit=1000${cursor ? `&cursor=${cursor}` : ''}`));
      stored.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(stored.map((i) => i.id).sort()).toEqual([...itemIds].sort());
    // A restart's recovery finds nothing to resume.
    expect(await t.server.services.jobs.recoverInterrupted()).toBe(0);
    await t.server.services.jobs.idle();
    expect(await getJob(started.id)).toEqual(job);
  });

  it('an integration with board scopes only cancels its import through the import route; the job route needs `ai:write`', async () => {
    const integration = await t.createUser({ plan: 'pro', scopes: 'boards:read boards:write' });
    const boardId = await createBoard(t, integration.key);
    const otherBoard = await createBoard(t, integration.key);
    const body = Array.from({ length: 4000 }, (_, i) => ({ type: 'sticky_note', position: { x: (i % 80) * 250, y: Math.floor(i / 80) * 250 }, data: { text: `${i} ${'y'.repeat(700)}` } }));
    const started = await json(t.api(integration.key, 'POST', `/boards/${boardId}/imports`, { items: body }));
    await expectEnvelope(await t.api(integration.key, 'POST', `/jobs/${started.id}/cancel`), 403, 'insufficient_scope');
    await expectEnvelope(await t.api(integration.key, 'POST', `/boards/${otherBoard}/imports/${started.id}/cancel`), 404, 'not_found');
    const res = await t.api(integration.key, 'POST', `/boards/${boardId}/imports/${started.id}/cancel`);
    expect([200, 202]).toContain(res.status);
    const job = await json(res);
    expect(job).toMatchObject({ id: started.id, status: 'canceled', error: { code: 'cancelled' }, result: { total: 4000 } });
    expect(job.result.applied).toBeLessThan(4000);
    expect(job.result.itemIds).toHaveLength(job.result.applied);
    expect((await t.api(integration.key, 'POST', `/boards/${boardId}/imports/${started.id}/cancel`)).status).toBe(200);
    expect(await json(t.api(integration.key, 'GET', `/boards/${boardId}/imports/${started.id}`))).toEqual(job);
  });

  it('unknown 404, bad id 422, another person 404, wrong scope 403, no token 401: nothing changes', async () => {
    const boardId = await createBoard(t, owner.key);
    const job = await hangingGenerate(boardId);
    const other = await t.createUser({ plan: 'pro' });
    const narrow = await t.createUser({ plan: 'pro', scopes: 'boards:read' });
    await expectEnvelope(await t.api(owner.key, 'POST', '/jobs/job_doesnotexist0000/cancel'), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'POST', `/jobs/${'x'.repeat(300)}/cancel`), 422, 'validation_failed');
    await expectEnvelope(await t.api(other.key, 'POST', `/jobs/${job.id}/cancel`), 404, 'not_found');
    await expectEnvelope(await t.api(narrow.key, 'POST', `/jobs/${job.id}/cancel`), 403, 'insufficient_scope');
    const anonymous = await fetch(`${t.url}/v1/jobs/${job.id}/cancel`, { method: 'POST' });
    await expectEnvelope(anonymous, 401, 'unauthorized');
    expect(await getJob(job.id)).toMatchObject({ status: 'running', error: null });
    expect(fake.held()).toBeGreaterThan(0);
    // Its starter still can.
    expect(await json(t.api(owner.key, 'POST', `/jobs/${job.id}/cancel`))).toMatchObject({ status: 'canceled', error: { code: 'cancelled' } });
  });
});
