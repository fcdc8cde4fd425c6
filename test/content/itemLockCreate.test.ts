import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Body, TestServer } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import type { SharedBoard } from './fixtures.js';
import { sharedBoard } from './fixtures.js';
import { sticky } from './helpers.js';

/**
 * README "Locking items", docs/document.md "Locked items": items created locked (create and batch
 * creates), the outline's mark of locked items, and the 423 of every route that changes an item
 * in the OpenAPI document.
 */

let t: TestServer;
let s: SharedBoard;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  s = await sharedBoard(t);
});
afterAll(() => t.stop());

const items = (): string => `/boards/${s.boardId}/items`;
const itemIds = async (): Promise<string[]> => ((await json(t.api(s.owner.key, 'GET', `${items()}?limit=1000`))).data as Body[]).map((item) => item.id as string).sort();

describe('creating items locked', () => {
  test('POST /items with locked: true makes a locked item, which refuses a move (423); locked: false and no locked make unlocked ones', async () => {
    const res = await t.api(s.editor.key, 'POST', items(), { ...sticky('born locked'), locked: true });
    expect(res.status).toBe(201);
    const locked = await json(res);
    expect(locked.locked).toBe(true);
    expect((await json(t.api(s.owner.key, 'GET', `${items()}/${locked.id}`))).locked).toBe(true);
    await expectEnvelope(await t.api(s.editor.key, 'PATCH', `${items()}/${locked.id}`, { position: { x: 9, y: 9 } }), 423, 'item_locked');
    expect((await json(t.api(s.editor.key, 'POST', items(), { ...sticky('open'), locked: false }))).locked).toBe(false);
    expect((await json(t.api(s.editor.key, 'POST', items(), sticky('plain')))).locked).toBe(false);
  });

  test('a batch creates items locked or not; a later batch that moves the locked one is refused whole (423)', async () => {
    const res = await t.api(s.editor.key, 'POST', `${items()}:batch`, {
      operations: [
        { op: 'create', ref: 'a', ...sticky('batch locked', 0, 800), locked: true },
        { op: 'create', ref: 'b', ...sticky('batch open', 300, 800), locked: false },
      ],
    });
    expect(res.status).toBe(200);
    const [a, b] = (await json(res)).results as { id: string; item: Body }[];
    expect(a?.item.locked).toBe(true);
    expect(b?.item.locked).toBe(false);
    const refused: Body = await expectEnvelope(
      await t.api(s.editor.key, 'POST', `${items()}:batch`, { operations: [{ op: 'move', id: b?.id, position: { x: 1, y: 1 } }, { op: 'move', id: a?.id, position: { x: 2, y: 2 } }] }),
      423,
      'item_locked',
    );
    expect(refused.error.field).toBe('operations[1].id');
    expect((await json(t.api(s.owner.key, 'GET', `${items()}/${b?.id ?? ''}`))).position).toEqual({ x: 300, y: 800 });
  });

  test('a locked that is not a boolean is 422 naming locked (operations[i].locked in a batch), and nothing is stored', async () => {
    const before = await itemIds();
    for (const locked of ['yes', 1, null, {}]) {
      const one: Body = await expectEnvelope(await t.api(s.editor.key, 'POST', items(), { ...sticky('bad'), locked }), 422, 'validation_failed');
      expect(one.error.field).toBe('locked');
      const batch: Body = await expectEnvelope(
        await t.api(s.editor.key, 'POST', `${items()}:batch`, { operations: [{ op: 'create', ...sticky('fine') }, { op: 'create', ...sticky('bad'), locked }] }),
        422,
        'validation_failed',
      );
      expect(batch.error.field).toBe('operations[1].locked');
    }
    expect(await itemIds()).toEqual(before);
  });

  test('creating locked needs editor: a commenter may create a comment pin, but not a locked one (403), alone or in a batch', async () => {
    const pin = { type: 'comment', position: { x: 0, y: 1500 }, data: { text: 'a pin' } };
    const before = await itemIds();
    await expectEnvelope(await t.api(s.commenter.key, 'POST', items(), { ...pin, locked: true }), 403, 'forbidden');
    await expectEnvelope(await t.api(s.commenter.key, 'POST', `${items()}:batch`, { operations: [{ op: 'create', ...pin, locked: true }] }), 403, 'forbidden');
    await expectEnvelope(await t.api(s.viewer.key, 'POST', items(), { ...sticky('no'), locked: true }), 403, 'forbidden');
    expect(await itemIds()).toEqual(before);
    expect((await t.api(s.commenter.key, 'POST', items(), { ...pin, locked: false })).status).toBe(201);
    expect((await json(t.api(s.editor.key, 'POST', items(), { ...pin, locked: true }))).locked).toBe(true);
  });
});

describe('the outline marks locked items', () => {
  test('a locked item and a locked section carry (locked) after their id; unlocked ones do not', async () => {
    const section = await json(t.api(s.editor.key, 'POST', items(), { type: 'section', position: { x: 5000, y: 5000 }, size: { width: 800, height: 600 }, data: { title: 'Frozen' }, locked: true }));
    const inside = await json(t.api(s.editor.key, 'POST', items(), { ...sticky('guarded', 5000, 5000), locked: true }));
    const free = await json(t.api(s.editor.key, 'POST', items(), sticky('free', 5100, 5100)));
    const { outline } = await json(t.api(s.viewer.key, 'GET', `/boards/${s.boardId}/outline`));
    const lines = (outline as string).split('\n');
    expect(lines).toContain(`Section: Frozen [${section.id}] (locked)`);
    expect(lines).toContain(`  - sticky_note [${inside.id}] (locked) guarded`);
    expect(lines).toContain(`  - sticky_note [${free.id}] free`);
  });
});

describe('AI writes on a locked item', () => {
  test('modify, and convert without keepSource, answer 423 and change nothing; convert with keepSource adds the new item', async () => {
    const note = await json(t.api(s.owner.key, 'POST', items(), { ...sticky('make me shorter please', 0, 3000), locked: true }));
    const before = await itemIds();
    const modified: Body = await expectEnvelope(await t.api(s.owner.key, 'POST', `/boards/${s.boardId}/ai/modify`, { itemId: note.id, instruction: 'shorter' }), 423, 'item_locked');
    expect(modified.error.itemId).toBe(note.id);
    await expectEnvelope(await t.api(s.owner.key, 'POST', `${items()}/${note.id}/convert`, { targetType: 'text' }), 423, 'item_locked');
    expect(await itemIds()).toEqual(before);
    expect(await json(t.api(s.owner.key, 'GET', `${items()}/${note.id}`))).toEqual(note);
    const kept = await t.api(s.owner.key, 'POST', `${items()}/${note.id}/convert`, { targetType: 'text', keepSource: true });
    expect(kept.status).toBe(201);
    expect((await itemIds()).length).toBe(before.length + 1);
  });
});

describe('the OpenAPI document names 423 item_locked on every route that changes items', () => {
  type Operation = { operationId: string; responses: Record<string, unknown> };

  test('every operation that changes an existing item (PATCH/DELETE/POST on an item, batches, AI modify) lists 423, and each of them does answer 423 on a locked item', async () => {
    const doc = (await json(await fetch(`${t.baseUrl}/openapi.json`))) as { paths: Record<string, Record<string, Operation>> };
    const changing = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'get')
        .filter(([method]) => path.includes('{itemId}') || path.endsWith('/items:batch') || path.endsWith('/ai/modify') || (method === 'patch' && path.endsWith('/items')))
        .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(changing.map((c) => c.key).sort()).toEqual(
      ['DELETE /boards/{boardId}/items/{itemId}', 'PATCH /boards/{boardId}/items/{itemId}', 'POST /boards/{boardId}/ai/modify', 'POST /boards/{boardId}/items/{itemId}/convert', 'POST /boards/{boardId}/items:batch'].sort(),
    );
    const without = changing.filter((c) => c.op.responses['423'] === undefined).map((c) => c.key);
    expect(without).toEqual([]);

    // And each of them refuses a locked item with 423, as listed.
    const note = await json(t.api(s.owner.key, 'POST', items(), { ...sticky('locked for the walk', 0, 4000), locked: true }));
    const requests: Record<string, () => Promise<Response>> = {
      'DELETE /boards/{boardId}/items/{itemId}': () => t.api(s.owner.key, 'DELETE', `${items()}/${note.id}`),
      'PATCH /boards/{boardId}/items/{itemId}': () => t.api(s.owner.key, 'PATCH', `${items()}/${note.id}`, { position: { x: 1, y: 1 } }),
      'POST /boards/{boardId}/ai/modify': () => t.api(s.owner.key, 'POST', `/boards/${s.boardId}/ai/modify`, { itemId: note.id, instruction: 'shorter' }),
      'POST /boards/{boardId}/items/{itemId}/convert': () => t.api(s.owner.key, 'POST', `${items()}/${note.id}/convert`, { targetType: 'text' }),
      'POST /boards/{boardId}/items:batch': () => t.api(s.owner.key, 'POST', `${items()}:batch`, { operations: [{ op: 'delete', id: note.id }] }),
    };
    for (const { key } of changing) {
      const request = requests[key];
      expect(request, key).toBeDefined();
      expect((await request?.())?.status, key).toBe(423);
    }
  });
});
