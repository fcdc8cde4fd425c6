import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../bench/ai/fakeOpenAiServer.js';
import type { FakeOpenAiServer } from '../../bench/ai/fakeOpenAiServer.js';
import { createBoard } from '../content/helpers.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const planJson = JSON.stringify({ rationale: 'One idea.', items: [{ ref: 'a', type: 'sticky_note', x: 0, y: 0, data: { text: 'Idea' } }] });

let fake: FakeOpenAiServer;
let t: TestServer;
let owner: TestUser;

beforeAll(async () => {
  fake = await startFakeOpenAi(() => ({ kind: 'json', content: planJson }));
  // A provider timeout far longer than the test: only the caller going away ends a hanging call.
  t = await startTestServer({
    env: { BOARDS_AI_PROVIDER: 'openai', BOARDS_AI_BASE_URL: fake.baseUrl, BOARDS_AI_API_KEY: 'sk-test-caller-gone-0123456789', BOARDS_AI_MODEL: 'fake-model', BOARDS_AI_TIMEOUT_MS: '600000', BOARDS_AI_MAX_RETRIES: '0' },
  });
  owner = await t.createUser({ plan: 'pro' });
});
afterAll(async () => {
  await t?.stop();
  await fake?.close();
});

async function creditsUsed(): Promise<number> {
  return (await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used;
}

async function items(boardId: string): Promise<{ id: string; data: Record<string, unknown> }[]> {
  return (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data;
}

/** Sends `body` to `path` and closes the connection once the provider holds the call; resolves when the fake sees it dropped. */
async function sendAndLeave(path: string, body: unknown): Promise<void> {
  const heldBefore = fake.held();
  const droppedBefore = fake.dropped();
  fake.script({ kind: 'hang' });
  const controller = new AbortController();
  const sent = fetch(`${t.url}/v1${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  // The request stays unanswered while the provider holds the call.
  const early = sent.then((res) => `answered ${res.status}`, () => 'aborted');
  await expect.poll(async () => (fake.held() > heldBefore ? 'held' : await Promise.race([early, Promise.resolve('waiting')])), { timeout: 20_000 }).toBe('held');
  controller.abort();
  await expect(sent).rejects.toThrow();
  // The server aborted its provider call: the provider saw the connection close.
  await expect.poll(() => fake.dropped(), { timeout: 20_000 }).toBe(droppedBefore + 1);
  expect(fake.held()).toBe(heldBefore);
}

describe('an AI request whose caller goes away (the assistant panel\'s Cancel)', () => {
  it('generate: the provider call is aborted, no item is written and the credits come back', async () => {
    const boardId = await createBoard(t, owner.key);
    const before = await creditsUsed();
    await sendAndLeave(`/boards/${boardId}/ai/generate`, { prompt: 'ideas' });
    await expect.poll(() => creditsUsed()).toBe(before);
    expect(await items(boardId)).toEqual([]);
    // The next request is served as usual.
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'ideas' })).status).toBe(201);
    expect((await items(boardId)).map((i) => i.data.text)).toEqual(['Idea']);
    expect(await creditsUsed()).toBe(before + 5);
  });

  it('ask and modify: the provider call is aborted, the item is unchanged and the credits come back', async () => {
    const boardId = await createBoard(t, owner.key);
    const note = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Keep me as I am' } }));
    const before = await creditsUsed();
    await sendAndLeave(`/boards/${boardId}/ai/ask`, { question: 'What is here?' });
    await sendAndLeave(`/boards/${boardId}/ai/modify`, { itemId: note.id, instruction: 'shorter' });
    await expect.poll(() => creditsUsed()).toBe(before);
    expect((await items(boardId)).map((i) => i.data.text)).toEqual(['Keep me as I am']);
    expect(t.logs.join('\n')).not.toContain('internal_error');
  });
});

describe('plan, review, convert and the skill operations stop the same way when their caller goes away', () => {
  it('plan, a skill preview and review: each provider call is aborted and every credit comes back', async () => {
    const boardId = await createBoard(t, owner.key);
    await t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Reviewed' } });
    const before = await creditsUsed();
    await sendAndLeave(`/boards/${boardId}/ai/plan`, { prompt: 'ideas' });
    await sendAndLeave(`/boards/${boardId}/ai/plan`, { prompt: 'ideas', skillId: 'skl_pub_brainstorm' });
    await sendAndLeave(`/boards/${boardId}/ai/review`, {});
    await expect.poll(() => creditsUsed()).toBe(before);
    expect((await items(boardId)).map((i) => i.data.text)).toEqual(['Reviewed']);
  });

  it('convert: the provider call is aborted, the source stays, nothing is created and the credits come back', async () => {
    const boardId = await createBoard(t, owner.key);
    const note = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Convert me' } }));
    const before = await creditsUsed();
    await sendAndLeave(`/boards/${boardId}/items/${note.id}/convert`, { targetType: 'text' });
    await expect.poll(() => creditsUsed()).toBe(before);
    expect(await items(boardId)).toEqual([expect.objectContaining({ id: note.id, type: 'sticky_note', data: expect.objectContaining({ text: 'Convert me' }) })]);
  });

  it('skill apply and skill draft: the provider call is aborted, no item and no skill is stored, and the credits come back', async () => {
    const boardId = await createBoard(t, owner.key);
    const skillsBefore = (await json(t.api(owner.key, 'GET', '/skills?limit=100'))).data.length;
    const before = await creditsUsed();
    await sendAndLeave(`/boards/${boardId}/skills/skl_pub_brainstorm/apply`, { prompt: 'ideas' });
    await sendAndLeave('/skills/draft', { description: 'Turn interview notes into pains and gains', outputType: 'sticky_note' });
    await expect.poll(() => creditsUsed()).toBe(before);
    expect(await items(boardId)).toEqual([]);
    expect((await json(t.api(owner.key, 'GET', '/skills?limit=100'))).data.length).toBe(skillsBefore);
    // The next apply is served as usual, and charged.
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/skills/skl_pub_brainstorm/apply`, { prompt: 'ideas' })).status).toBe(201);
    expect(await creditsUsed()).toBe(before + 5);
    expect(t.logs.join('\n')).not.toContain('internal_error');
  });
});
