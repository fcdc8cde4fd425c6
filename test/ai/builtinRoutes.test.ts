import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoard } from '../content/helpers.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import { expectNoOverlap } from './helpers.js';

let t: TestServer;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  owner = await t.createUser({ plan: 'pro' });
});
afterAll(async () => t.stop());

async function post(key: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.api(key, 'POST', path, body, headers);
}

describe('AI on the builtin provider', () => {
  it('generates a mind map from a structured prompt as one transaction, one activity row via AI', async () => {
    const boardId = await createBoard(t, owner.key);
    const res = await post(owner.key, `/boards/${boardId}/ai/generate`, {
      prompt: 'Product launch\n## Marketing\n- blog post\n- newsletter\n## Engineering\n- feature flags\n- load test',
      outputType: 'mind_map',
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.provider).toBe('builtin');
    const shapes = body.items.filter((i: { type: string }) => i.type === 'shape');
    const connectors = body.items.filter((i: { type: string }) => i.type === 'connector');
    expect(shapes.map((s: { data: { text: string } }) => s.data.text).sort()).toEqual(
      ['Engineering', 'Marketing', 'Product launch', 'blog post', 'feature flags', 'load test', 'newsletter'].sort(),
    );
    expect(connectors).toHaveLength(6);
    expectNoOverlap(body.items);
    const activity = await json(t.api(owner.key, 'GET', `/boards/${boardId}/activity`));
    const aiRows = activity.data.filter((row: { action: string }) => row.action === 'ai.generated');
    expect(aiRows).toHaveLength(1);
    expect(aiRows[0].data).toMatchObject({ via: 'ai', provider: 'builtin', items: 13 });
  });

  it('places generated items in free space near position, never over existing items', async () => {
    const boardId = await createBoard(t, owner.key);
    for (const [x, y] of [[0, 0], [300, 0], [0, 300]]) {
      await post(owner.key, `/boards/${boardId}/items`, { type: 'sticky_note', position: { x, y }, data: { text: 'taken' } });
    }
    const res = await post(owner.key, `/boards/${boardId}/ai/generate`, { prompt: 'Ideas: email, chat, phone and letters', position: { x: 0, y: 0 } });
    expect(res.status).toBe(201);
    const all = (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data;
    expect(all).toHaveLength(3 + 5);
    expectNoOverlap(all);
  });

  it('keeps generated items inside the board at the edges of its coordinate range, however often a spot is asked for', async () => {
    const limit = 10_000_000;
    const boardId = await createBoard(t, owner.key);
    const corners = [[-limit, -limit], [limit, limit], [-limit, limit], [limit, -limit]] as const;
    for (const [x, y] of corners) {
      for (const outputType of ['sticky_note', 'kanban', 'table', 'mind_map']) {
        const res = await post(owner.key, `/boards/${boardId}/ai/generate`, { prompt: 'Plan\n## Now\n- a\n- b\n## Later\n- c', outputType, position: { x, y } });
        expect(res.status, `${outputType} at ${x},${y}`).toBe(201);
      }
    }
    const all = (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items?limit=200`))).data as { id: string; type: string; position: { x: number; y: number }; size: { width: number; height: number } }[];
    for (const item of all.filter((i) => i.type !== 'connector')) {
      expect(Math.abs(item.position.x) + item.size.width / 2).toBeLessThanOrEqual(limit);
      expect(Math.abs(item.position.y) + item.size.height / 2).toBeLessThanOrEqual(limit);
    }
    expectNoOverlap(all);
  });

  it('a conversion that keeps its source at the edge of the board puts the new item inside it', async () => {
    const boardId = await createBoard(t, owner.key);
    const source = await json(post(owner.key, `/boards/${boardId}/items`, { type: 'doc', position: { x: 10_000_000, y: 0 }, data: { title: 'Edge', markdown: '- one\n- two' } }));
    const res = await post(owner.key, `/boards/${boardId}/items/${source.id}/convert`, { targetType: 'sticky_note', keepSource: true });
    expect(res.status).toBe(201);
    const { item } = await json(res);
    expect(item.position.x + item.size.width / 2).toBeLessThanOrEqual(10_000_000);
    expect((await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data).toHaveLength(2);
  });

  it('answers a question with BM25 passages and citations of item ids', async () => {
    const boardId = await createBoard(t, owner.key);
    const a = await json(post(owner.key, `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'The launch date is 12 March' } }));
    await post(owner.key, `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 400, y: 0 }, data: { text: 'Budget: 40k for ads' } });
    const res = await post(owner.key, `/boards/${boardId}/ai/ask`, { question: 'When is the launch?' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.citations[0]).toEqual({ itemId: a.id, quote: 'The launch date is 12 March' });
    expect(body.answer).toContain('12 March');
    expect(body.provider).toBe('builtin');
  });

  it('modifies an item in place (title case), refuses translation with 422 ai_instruction_unsupported and refunds', async () => {
    const boardId = await createBoard(t, owner.key);
    const note = await json(post(owner.key, `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'plan the spring offsite' } }));
    const res = await post(owner.key, `/boards/${boardId}/ai/modify`, { itemId: note.id, instruction: 'Title case please' });
    expect(res.status).toBe(200);
    expect((await json(res)).item.data.text).toBe('Plan the Spring Offsite');
    const before = (await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used;
    await expectEnvelope(await post(owner.key, `/boards/${boardId}/ai/modify`, { itemId: note.id, instruction: 'Translate to French' }), 422, 'ai_instruction_unsupported');
    expect((await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used).toBe(before);
  });

  it('reviews the board per aspect with reasons and item ids', async () => {
    const boardId = await createBoard(t, owner.key);
    await post(owner.key, `/boards/${boardId}/ai/generate`, { prompt: '# Retro\n## Went well\n- demos\n## To improve\n- TODO estimates', outputType: 'section' });
    const loose = await json(post(owner.key, `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 9000, y: 9000 }, data: { text: '' } }));
    const res = await post(owner.key, `/boards/${boardId}/ai/review`, {});
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.aspects.map((a: { name: string }) => a.name)).toEqual(['structure', 'clarity', 'completeness', 'connectedness']);
    const byName = Object.fromEntries(body.aspects.map((a: { name: string }) => [a.name, a]));
    expect(byName.structure.itemIds).toContain(loose.id);
    expect(byName.clarity.itemIds).toContain(loose.id);
    expect(byName.completeness.feedback).toContain('unfinished');
    expect(body.overall).toBe(Math.round(body.aspects.reduce((s: number, a: { score: number }) => s + a.score, 0) / 4));
  });

  it('converting moves only content: colours, alignment and shape kinds stay behind', async () => {
    const boardId = await createBoard(t, owner.key);
    const convert = async (type: string, data: Record<string, unknown>, targetType: string) => {
      const source = await json(post(owner.key, `/boards/${boardId}/items`, { type, position: { x: 0, y: 0 }, data }));
      const res = await post(owner.key, `/boards/${boardId}/items/${source.id}/convert`, { targetType });
      expect(res.status).toBe(201);
      return (await json(res)).item.data;
    };
    expect(await convert('sticky_note', { text: 'One line only' }, 'card')).toMatchObject({ title: 'One line only', description: '' });
    expect(await convert('text', { text: 'Hello text', color: '#1a1a1a', align: 'left' }, 'sticky_note')).toEqual({ text: 'Hello text', color: '#fff9b1' });
    expect(await convert('shape', { shape: 'ellipse', text: 'In shape', fillColor: '#123456' }, 'text')).toMatchObject({ text: 'In shape', color: '#1a1a1a' });
    const types = await json(t.api(owner.key, 'GET', '/item-types/shape'));
    expect(types.contentFields).toEqual(['text']);
  });

  it('converts a doc to a table in one transaction and deletes the source', async () => {
    const boardId = await createBoard(t, owner.key);
    const doc = await json(post(owner.key, `/boards/${boardId}/items`, { type: 'doc', position: { x: 0, y: 0 }, data: { title: 'Owners', markdown: '| Task | Owner |\n| --- | --- |\n| Design | Ana |\n| Build | Ben |' } }));
    const res = await post(owner.key, `/boards/${boardId}/items/${doc.id}/convert`, { targetType: 'table' });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.item.data.rows).toEqual([['Task', 'Owner'], ['Design', 'Ana'], ['Build', 'Ben']]);
    expect(body.deletedIds).toEqual([doc.id]);
    await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${boardId}/items/${doc.id}`), 404, 'not_found');
  });

  it('runs generate as a job with Prefer: respond-async; only its creator sees the job', async () => {
    const boardId = await createBoard(t, owner.key);
    const res = await post(owner.key, `/boards/${boardId}/ai/generate`, { prompt: 'a, b and c', outputType: 'kanban' }, { Prefer: 'respond-async' });
    expect(res.status).toBe(202);
    const job = await json(res);
    expect(res.headers.get('location')).toBe(`/v1/jobs/${job.id}`);
    expect(job).toMatchObject({ kind: 'ai.generate', boardId });
    await t.server.services.jobs.idle();
    const done = await json(t.api(owner.key, 'GET', `/jobs/${job.id}`));
    expect(done.status).toBe('succeeded');
    expect(done.result.items.filter((i: { type: string }) => i.type === 'card')).toHaveLength(3);
    const stranger = await t.createUser();
    await expectEnvelope(await t.api(stranger.key, 'GET', `/jobs/${job.id}`), 404, 'not_found');
  });
});
