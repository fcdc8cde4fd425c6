import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../bench/ai/fakeOpenAiServer.js';
import type { FakeOpenAiServer } from '../../bench/ai/fakeOpenAiServer.js';
import { createBoard } from '../boards/helpers/api.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

const kanbanPlan = JSON.stringify({
  rationale: 'Columns with cards.',
  items: [
    { ref: 'todo', type: 'section', x: 0, y: 0, width: 400, height: 600, data: { title: 'To do' } },
    { ref: 'c1', type: 'card', x: 0, y: -100, width: 320, height: 180, data: { title: 'Write copy' } },
  ],
});
const notesPlan = JSON.stringify({ rationale: 'Notes.', items: [{ ref: 'a', type: 'sticky_note', x: 0, y: 0, data: { text: 'Write copy' } }] });
const draftJson = JSON.stringify({ name: 'Interview digest', description: 'Pains and gains.', instructions: 'Sort the notes.\nSections: Pains; Gains', placeholder: 'Paste notes', tags: ['research'] });

let fake: FakeOpenAiServer;
let t: TestServer;
let owner: TestUser;

beforeAll(async () => {
  fake = await startFakeOpenAi(() => ({ kind: 'json', content: kanbanPlan }));
  t = await startTestServer({ env: { BOARDS_AI_PROVIDER: 'openai', BOARDS_AI_BASE_URL: fake.baseUrl, BOARDS_AI_API_KEY: 'sk-test-key-0123456789', BOARDS_AI_MODEL: 'fake-model', BOARDS_AI_MAX_RETRIES: '0' } });
  owner = await t.createUser({ plan: 'pro' });
});
afterAll(async () => {
  await t.stop();
  await fake.close();
});

const creditsUsed = async (): Promise<number> => (await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used;

it("sends the skill's instructions as delimited text after the rules, and forces its output type", async () => {
  const boardId = (await createBoard(t, owner)).id;
  const res = await t.api(owner.key, 'POST', `/boards/${boardId}/skills/skl_pub_kanban/apply`, { prompt: 'Launch: write copy' });
  const body: Body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  expect(body).toMatchObject({ provider: 'openai', model: 'fake-model', outputType: 'kanban' });
  const system = fake.requests.at(-1)?.body.messages?.find((m) => m.role === 'system')?.content ?? '';
  expect(system).toContain('one section per column');
  const delimited = system.lastIndexOf('<<<UNTRUSTED_BOARD_CONTENT');
  expect(delimited).toBeGreaterThan(system.indexOf('Use only these types'));
  expect(system.indexOf('Columns: To do; Doing; Done')).toBeGreaterThan(delimited);

  // A model that answers another output type is refused whole: nothing written, credits back.
  const before = await creditsUsed();
  fake.script({ kind: 'json', content: notesPlan });
  await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${boardId}/skills/skl_pub_kanban/apply`, { prompt: 'Launch: write copy' }), 502, 'ai_output_invalid');
  expect(await creditsUsed()).toBe(before);
  expect((await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data).toHaveLength(2);
});

it('drafts through the model, spending a credit; a provider failure refunds it', async () => {
  const before = await creditsUsed();
  fake.script({ kind: 'json', content: draftJson });
  const draft = await json(t.api(owner.key, 'POST', '/skills/draft', { description: 'Digest customer interviews', outputType: 'section' }));
  expect(draft).toMatchObject({ name: 'Interview digest', outputType: 'section', provider: 'openai' });
  expect(fake.requests.at(-1)?.body.messages?.find((m) => m.role === 'user')?.content).toContain('Digest customer interviews');
  expect(await creditsUsed()).toBe(before + 1);
  fake.script({ kind: 'status', status: 500 });
  await expectEnvelope(await t.api(owner.key, 'POST', '/skills/draft', { description: 'Digest customer interviews', outputType: 'section' }), 503, 'ai_unavailable');
  expect(await creditsUsed()).toBe(before + 1);
});
