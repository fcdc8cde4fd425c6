import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../bench/ai/fakeOpenAiServer.js';
import type { FakeOpenAiServer } from '../../bench/ai/fakeOpenAiServer.js';
import { createBoard, createSpace, share } from '../boards/helpers/api.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

const planJson = JSON.stringify({ rationale: 'One.', items: [{ ref: 'a', type: 'sticky_note', x: 0, y: 0, data: { text: 'One' } }] });

describe.each(['builtin', 'openai'] as const)('AI bad input on the %s provider', (provider) => {
  let fake: FakeOpenAiServer;
  let t: TestServer;
  let owner: TestUser;
  let viewer: TestUser;
  let boardId: string;
  let noteId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi(() => ({ kind: 'json', content: planJson }));
    t = await startTestServer(provider === 'openai' ? { env: { BOARDS_AI_PROVIDER: 'openai', BOARDS_AI_BASE_URL: fake.baseUrl, BOARDS_AI_MAX_RETRIES: '0' } } : {});
    owner = await t.createUser({ plan: 'pro' });
    viewer = await t.createUser({ plan: 'pro' });
    const space = await createSpace(t, owner);
    boardId = (await createBoard(t, owner, { spaceId: space.id })).id;
    await share(t, owner, space.id, viewer, 'viewer');
    noteId = (await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'A note' } }))).id;
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  const post = (key: string, path: string, body: unknown) => t.api(key, 'POST', path, body);

  it('unknown board, item and type; unconvertible target', async () => {
    await expectEnvelope(await post(owner.key, '/boards/brd_nope/ai/generate', { prompt: 'x' }), 404, 'not_found');
    await expectEnvelope(await post(owner.key, '/boards/brd_nope/ai/ask', { question: 'x' }), 404, 'not_found');
    await expectEnvelope(await post(owner.key, `/boards/${boardId}/ai/modify`, { itemId: 'itm_nope', instruction: 'shorter' }), 404, 'not_found');
    await expectEnvelope(await post(owner.key, `/boards/${boardId}/items/itm_nope/convert`, { targetType: 'text' }), 404, 'not_found');
    expect((await expectEnvelope(await post(owner.key, `/boards/${boardId}/ai/generate`, { prompt: 'x', outputType: 'hologram' }), 422, 'validation_failed')).error.field).toBe('outputType');
    expect((await expectEnvelope(await post(owner.key, `/boards/${boardId}/items/${noteId}/convert`, { targetType: 'hologram' }), 422, 'validation_failed')).error.field).toBe('targetType');
    expect((await expectEnvelope(await post(owner.key, `/boards/${boardId}/items/${noteId}/convert`, { targetType: 'table' }), 422, 'validation_failed')).error.field).toBe('targetType');
  });

  it('empty, blank and over-long prompts are 422 naming the field, nothing spent', async () => {
    const before = (await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used;
    expect((await expectEnvelope(await post(owner.key, `/boards/${boardId}/ai/generate`, { prompt: '' }), 422, 'validation_failed')).error.field).toBe('prompt');
    expect((await expectEnvelope(await post(owner.key, `/boards/${boardId}/ai/plan`, { prompt: '   ' }), 422, 'validation_failed')).error.field).toBe('prompt');
    expect((await expectEnvelope(await post(owner.key, `/boards/${boardId}/ai/generate`, { prompt: 'x'.repeat(4001) }), 422, 'validation_failed')).error.field).toBe('prompt');
    expect((await expectEnvelope(await post(owner.key, `/boards/${boardId}/ai/ask`, { question: 'x'.repeat(2001) }), 422, 'validation_failed')).error.field).toBe('question');
    expect((await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used).toBe(before);
  });

  it('a viewer may ask and review but not generate, modify or convert', async () => {
    await expectEnvelope(await post(viewer.key, `/boards/${boardId}/ai/generate`, { prompt: 'x' }), 403, 'forbidden');
    await expectEnvelope(await post(viewer.key, `/boards/${boardId}/ai/modify`, { itemId: noteId, instruction: 'shorter' }), 403, 'forbidden');
    await expectEnvelope(await post(viewer.key, `/boards/${boardId}/items/${noteId}/convert`, { targetType: 'text' }), 403, 'forbidden');
    if (provider === 'openai') fake.script({ kind: 'json', content: JSON.stringify({ answer: 'A note.', citations: [] }) });
    expect((await post(viewer.key, `/boards/${boardId}/ai/ask`, { question: 'note?' })).status).toBe(200);
  });

  it('a token without ai:write is 403 insufficient_scope', async () => {
    const limited = await t.createUser({ scopes: 'boards:read boards:write' });
    await expectEnvelope(await post(limited.key, `/boards/${boardId}/ai/generate`, { prompt: 'x' }), 403, 'insufficient_scope');
    await expectEnvelope(await t.api(limited.key, 'GET', '/jobs/job_x'), 403, 'insufficient_scope');
  });

  it('out of credits or messages is 402 naming which, and the provider is not called', async () => {
    const poor = await t.createUser({ plan: 'basic' });
    const board = (await createBoard(t, poor)).id;
    await t.server.services.usage.consume(poor.workspaceId, 'basic', { credits: 97, messages: 25 });
    const calls = fake.requests.length;
    const noCredits = await expectEnvelope(await post(poor.key, `/boards/${board}/ai/generate`, { prompt: 'x' }), 402, 'payment_required');
    expect(noCredits.error.message).toContain('credits');
    const noMessages = await expectEnvelope(await post(poor.key, `/boards/${board}/ai/ask`, { question: 'x' }), 402, 'payment_required');
    expect(noMessages.error.message).toContain('messages');
    expect(fake.requests.length).toBe(calls);
    expect((await json(t.api(poor.key, 'GET', `/boards/${board}/items`))).data).toHaveLength(0);
  });
});
