import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBoard } from '../content/helpers.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { pngBytes } from '../assets/images.js';

let t: TestServer;
let owner: TestUser;
let documented: Map<string, string[]>;

beforeAll(async () => {
  t = await startTestServer();
  owner = await t.createUser({ plan: 'pro' });
  const doc = (await json(await fetch(`${t.baseUrl}/openapi.json`))) as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
  documented = new Map(Object.values(doc.paths).flatMap((methods) => Object.values(methods)).map((op) => [op.operationId, Object.keys(op.responses)]));
});
afterAll(() => t.stop());

/** What a board in trash answers to each operation that is not a read: sent with the operation's own body example. */
describe('a board in trash', () => {
  test('refuses every change with 409 trashed, documented on each operation, and nothing is stored', async () => {
    const boardId = await createBoard(t, owner.key);
    const item = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'doc', position: { x: 0, y: 0 }, data: { title: 'Plan', markdown: '- one\n- two' } }));
    const member = await t.createUser();
    expect((await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: member.email, role: 'editor' })).status).toBeLessThan(300);
    const skill = await json(t.api(owner.key, 'POST', '/skills', { name: 'Notes', instructions: 'One note a line.', outputType: 'sticky_note' }));
    const before = await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`));
    const activityBefore = await json(t.api(owner.key, 'GET', `/boards/${boardId}/activity`));
    expect((await t.api(owner.key, 'DELETE', `/boards/${boardId}`)).status).toBe(200);

    const ids: Record<string, string> = { boardId, itemId: item.id, email: member.email, skillId: skill.id };
    // Leaving trash is what a board in trash is for (tested with trash); deleting it again is refused too;
    // asking, reviewing and duplicating read it, and go on working.
    const reads = new Set(['aiAsk', 'aiReview', 'duplicateBoard']);
    const answers: string[] = [];
    for (const route of t.server.routes) {
      if (!route.path.startsWith('/boards/{boardId}') || route.method === 'GET' || route.operationId === 'restoreBoard') continue;
      const pathname = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? 'x'));
      // An operation that takes raw bytes (an image upload) is sent an image, so only the board's state can refuse it.
      const res = route.rawBody
        ? await fetch(`${t.baseUrl}${pathname}`, { method: route.method, headers: { Authorization: `Bearer ${owner.key}`, 'Content-Type': 'image/png' }, body: pngBytes(4, 4) })
        : await t.api(owner.key, route.method, pathname, route.body ? route.bodyExample : undefined);
      const body = await json(res);
      answers.push(`${route.operationId} ${res.status} ${body.error?.code ?? ''}`.trim());
      expect.soft(documented.get(route.operationId), `${route.operationId} answers ${res.status}`).toContain(String(res.status));
      if (reads.has(route.operationId)) expect.soft(res.status, route.operationId).toBeLessThan(300);
      else expect.soft(`${res.status} ${body.error?.code}`, route.operationId).toBe('409 trashed');
    }
    expect(answers.length).toBeGreaterThanOrEqual(15);
    expect(await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).toEqual(before);
    expect((await json(t.api(owner.key, 'GET', `/boards/${boardId}/activity`))).data).toHaveLength(activityBefore.data.length + 1);
  });
});
