import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import { createBoard, sticky } from './helpers.js';

let t: TestServer;
let alice: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.createUser({ plan: 'pro' });
});
afterAll(() => t.stop());

async function create(boardId: string, body: Record<string, unknown>): Promise<Body> {
  const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items`, body);
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${await res.text()}`);
  return json(res);
}

/** A board with two notes and a connector joining them. */
async function joined(): Promise<{ boardId: string; a: Body; b: Body; line: Body }> {
  const boardId = await createBoard(t, alice.key);
  const a = await create(boardId, sticky('a'));
  const b = await create(boardId, sticky('b', 500));
  const line = await create(boardId, { type: 'connector', position: { x: 0, y: 0 }, data: { from: a.id, to: b.id } });
  return { boardId, a, b, line };
}

describe('a connector is moved by its ends, never on its own (SPEC: position and size move and resize any item)', () => {
  test.each([
    ['position', { position: { x: 10, y: 10 } }],
    ['size', { size: { width: 50, height: 50 } }],
    ['rotation', { rotation: 30 }],
  ])('PATCH of a connector with %s answers 422 naming it, not a 200 that changes nothing', async (field, patch) => {
    const { boardId, line } = await joined();
    const body = await expectEnvelope(await t.api(alice.key, 'PATCH', `/boards/${boardId}/items/${line.id}`, patch), 422, 'validation_failed');
    expect(body.error.field).toBe(field);
    expect(await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${line.id}`))).toEqual(line);
  });

  test('moving an end moves the connector; its label can still be patched', async () => {
    const { boardId, b, line } = await joined();
    expect((await t.api(alice.key, 'PATCH', `/boards/${boardId}/items/${b.id}`, { position: { x: 500, y: 400 } })).status).toBe(200);
    const moved = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${line.id}`));
    expect(moved.position).toEqual({ x: 250, y: 200 });
    const labelled = await t.api(alice.key, 'PATCH', `/boards/${boardId}/items/${line.id}`, { data: { label: 'then' } });
    expect(labelled.status).toBe(200);
    expect((await json(labelled)).data.label).toBe('then');
  });

  test.each([
    [{ op: 'move', position: { x: 10, y: 10 } }, 'operations[1].position'],
    [{ op: 'resize', size: { width: 50, height: 50 } }, 'operations[1].size'],
  ])('a batch %o of a connector answers 422 naming the operation, and nothing is drawn', async (op, field) => {
    const { boardId, a, line } = await joined();
    const operations = [{ op: 'move', id: a.id, position: { x: -300, y: 0 } }, { ...op, id: line.id }];
    const body = await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations }), 422, 'validation_failed');
    expect(body.error.field).toBe(field);
    expect(await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${a.id}`))).toEqual(a);
    expect(await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${line.id}`))).toEqual(line);
  });
});
