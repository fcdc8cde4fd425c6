import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import { createBoard, sticky } from './helpers.js';

let t: TestServer;
let alice: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.createUser({ plan: 'pro', name: 'Alice' });
});
afterAll(() => t.stop());

describe('item types', () => {
  test('the catalogue lists 13+ types, each with schema, example and conversions', async () => {
    const { data } = await json(t.api(alice.key, 'GET', '/item-types'));
    const names = data.map((d: Body) => d.type);
    for (const required of ['sticky_note', 'text', 'shape', 'card', 'section', 'connector', 'comment', 'image', 'document', 'embed', 'doc', 'table', 'code']) {
      expect(names).toContain(required);
    }
    for (const type of data) {
      expect(type.dataSchema.type).toBe('object');
      expect(type.example.type).toBe(type.type);
      expect(Array.isArray(type.convertsTo)).toBe(true);
    }
  });

  test('one type, and 404 for an unknown one', async () => {
    const sticky = await json(t.api(alice.key, 'GET', '/item-types/sticky_note'));
    expect(sticky.dataSchema.properties.text).toBeDefined();
    await expectEnvelope(await t.api(alice.key, 'GET', '/item-types/hologram'), 404, 'not_found');
  });

  test(':validate answers 200 with the normalised item or 422 naming the field', async () => {
    const ok = await t.api(alice.key, 'POST', '/item-types/sticky_note:validate', { position: { x: 1, y: 2 }, data: { text: 'hi' } });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ valid: true, item: { type: 'sticky_note', position: { x: 1, y: 2 }, data: { text: 'hi' } } });
    const bad = await expectEnvelope(await t.api(alice.key, 'POST', '/item-types/sticky_note:validate', { position: { x: 1, y: 2 }, data: { text: 1 } }), 422, 'validation_failed');
    expect(bad.error.field).toBe('data.text');
    const mismatch = await expectEnvelope(await t.api(alice.key, 'POST', '/item-types/sticky_note:validate', { type: 'text', position: { x: 0, y: 0 } }), 422, 'validation_failed');
    expect(mismatch.error.field).toBe('type');
    await expectEnvelope(await t.api(alice.key, 'POST', '/item-types/hologram:validate', { position: { x: 0, y: 0 } }), 404, 'not_found');
    await expectEnvelope(await t.api(alice.key, 'POST', '/item-types/sticky_note:validate', '[1,2]'), 422, 'validation_failed');
  });

  test(':validate stores nothing anywhere', async () => {
    const boards = await json(t.api(alice.key, 'GET', '/boards'));
    await t.api(alice.key, 'POST', '/item-types/sticky_note:validate', { position: { x: 1, y: 2 }, data: { text: 'hi' } });
    expect(await json(t.api(alice.key, 'GET', '/boards'))).toEqual(boards);
  });
});

describe('outline, structure, duplicate', () => {
  test('sections in reading order with their items, then standalone items, then connections', async () => {
    const boardId = await createBoard(t, alice.key, 'Plan');
    const create = async (body: Record<string, unknown>) => json(t.api(alice.key, 'POST', `/boards/${boardId}/items`, body));
    const right = await create({ type: 'section', position: { x: 1500, y: 500 }, size: { width: 1000, height: 1000 }, data: { title: 'Later' } });
    const left = await create({ type: 'section', position: { x: 500, y: 500 }, size: { width: 1000, height: 1000 }, data: { title: 'Now' } });
    const a = await create(sticky('Write spec', 300, 300));
    const b = await create(sticky('Ship', 1300, 300));
    await create(sticky('Loose note', 5000, 5000));
    await create({ type: 'connector', position: { x: 800, y: 300 }, data: { from: a.id, to: b.id } });
    const { outline } = await json(t.api(alice.key, 'GET', `/boards/${boardId}/outline`));
    const order = ['Now', 'Write spec', 'Later', 'Ship', 'Loose note'].map((text) => outline.indexOf(text));
    expect(order.every((i: number) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(outline).toMatch(/Write spec.*->.*Ship|Write spec[\s\S]*->[\s\S]*Ship/);
    const structure = await json(t.api(alice.key, 'GET', `/boards/${boardId}/structure`));
    expect(structure.sections.map((sec: Body) => sec.id)).toEqual([left.id, right.id]);
    expect(structure.sections[0].items.map((i: Body) => i.id)).toEqual([a.id]);
    expect(structure.standalone).toHaveLength(1);
    expect(structure.connections).toEqual([expect.objectContaining({ from: a.id, to: b.id })]);
  });

  test('duplicate copies the whole document into Copy_<title> in the same space', async () => {
    const space = await json(t.api(alice.key, 'POST', '/spaces', { name: 'Studio' }));
    const board = await json(t.api(alice.key, 'POST', '/boards', { title: 'Mood', spaceId: space.id }));
    for (let i = 0; i < 3; i += 1) await t.api(alice.key, 'POST', `/boards/${board.id}/items`, sticky(`n${i}`, i * 300));
    const res = await t.api(alice.key, 'POST', `/boards/${board.id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = await json(res);
    expect(copy).toMatchObject({ title: 'Copy_Mood', spaceId: space.id, role: 'owner' });
    const original = (await json(t.api(alice.key, 'GET', `/boards/${board.id}/items`))).data;
    const copied = (await json(t.api(alice.key, 'GET', `/boards/${copy.id}/items`))).data;
    expect(copied).toEqual(original);
    // The copy's feed tells of the board and the duplicate, not of each copied item; the original's is unchanged.
    const feed = (await json(t.api(alice.key, 'GET', `/boards/${copy.id}/activity`))).data.map((row: Body) => row.action);
    expect(feed.sort()).toEqual(['board.created', 'board.duplicated']);
    const originalFeed = (await json(t.api(alice.key, 'GET', `/boards/${board.id}/activity`))).data.map((row: Body) => row.action);
    expect(originalFeed.filter((action: string) => action === 'item.created')).toHaveLength(3);
    // The copy is independent of the original.
    await t.api(alice.key, 'DELETE', `/boards/${copy.id}/items/${copied[0].id}`);
    expect((await json(t.api(alice.key, 'GET', `/boards/${board.id}/items`))).data).toHaveLength(3);
  });

  test('views and duplicate of a board the caller cannot read answer 404', async () => {
    const boardId = await createBoard(t, alice.key);
    const bob = await t.createUser();
    for (const [method, path] of [
      ['GET', 'outline'],
      ['GET', 'structure'],
      ['POST', 'duplicate'],
    ] as const) {
      await expectEnvelope(await t.api(bob.key, method, `/boards/${boardId}/${path}`), 404, 'not_found');
    }
  });
});
