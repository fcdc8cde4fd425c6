import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoard, createSpace, share } from '../boards/helpers/api.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

describe('ai/plan with skillId: the preview of applying a skill', () => {
  let t: TestServer;
  let owner: TestUser;
  let viewer: TestUser;
  let boardId: string;

  beforeAll(async () => {
    t = await startTestServer();
    owner = await t.createUser({ plan: 'pro' });
    viewer = await t.createUser({ plan: 'pro' });
    const space = await createSpace(t, owner);
    boardId = (await createBoard(t, owner, { spaceId: space.id })).id;
    await share(t, owner, space.id, viewer, 'viewer');
  });
  afterAll(async () => {
    await t.stop();
  });

  const items = async (): Promise<Body[]> => (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items?limit=100`))).data;
  const used = async (user: TestUser): Promise<number> => (await json(t.api(user.key, 'GET', '/me/credits'))).credits.used;
  const texts = (list: Body[]): string[] => list.map((i) => String(i.data.text ?? i.data.title ?? '')).sort();

  it("plans with the skill's instructions and output type, writes nothing, and apply then builds the same items", async () => {
    const body = { prompt: 'Offsite ideas: hike, cooking class, escape room', position: { x: 0, y: 0 } };
    const before = await used(owner);
    const preview = await json(t.api(owner.key, 'POST', `/boards/${boardId}/ai/plan`, { ...body, skillId: 'skl_pub_brainstorm' }));
    expect(await used(owner)).toBe(before + 1);
    expect(preview.outputType).toBe('sticky_note');
    expect(await items()).toEqual([]);
    const plain = await json(t.api(owner.key, 'POST', `/boards/${boardId}/ai/plan`, body));
    // The skill's headings (Ideas; Questions; Next steps) shape the builtin plan, so the preview is not a plain plan.
    expect(texts(preview.items)).not.toEqual(texts(plain.items));
    const applied = await t.api(owner.key, 'POST', `/boards/${boardId}/skills/skl_pub_brainstorm/apply`, body);
    expect(applied.status).toBe(201);
    expect(texts(((await applied.json()) as Body).items)).toEqual(texts(preview.items));
    expect(texts(await items())).toEqual(texts(preview.items));
  });

  it('refuses an unknown skill, a skill with an output type, a bad skillId and a viewer, spending nothing', async () => {
    const before = await used(owner);
    const count = (await items()).length;
    await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${boardId}/ai/plan`, { prompt: 'x', skillId: 'skl_pub_nope' }), 404, 'not_found');
    const both = await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${boardId}/ai/plan`, { prompt: 'x', skillId: 'skl_pub_brainstorm', outputType: 'table' }), 422, 'validation_failed');
    expect(both.error.field).toBe('outputType');
    expect((await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${boardId}/ai/plan`, { prompt: 'x', skillId: 42 }), 422, 'validation_failed')).error.field).toBe('skillId');
    expect((await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${boardId}/ai/plan`, { prompt: 'x', skillId: '' }), 422, 'validation_failed')).error.field).toBe('skillId');
    await expectEnvelope(await t.api(owner.key, 'POST', '/boards/brd_nope/ai/plan', { prompt: 'x', skillId: 'skl_pub_brainstorm' }), 404, 'not_found');
    await expectEnvelope(await t.api(viewer.key, 'POST', `/boards/${boardId}/ai/plan`, { prompt: 'x', skillId: 'skl_pub_brainstorm' }), 403, 'forbidden');
    expect(await used(owner)).toBe(before);
    expect((await items()).length).toBe(count);
  });
});
