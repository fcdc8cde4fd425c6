import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { serializeResponse } from '../../rest/responseSerializer.js';
import { batchResultSchema, itemSchema } from '../../rest/schemas/items.js';
import { createBoard, sticky } from '../content/helpers.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

/**
 * The item operations build their answers to their schemas (`answerBuiltToSchema`): with response
 * checks off (production) an answer is sent as built, not parsed through the schema per call; with
 * them on (development, tests) it is parsed and undeclared fields are refused.
 */

function operations(existing: string): Record<string, unknown>[] {
  return [
    { op: 'create', ref: 'a', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'A', color: '#fff9b1' } },
    { op: 'create', ref: 'b', type: 'sticky_note', position: { x: 400, y: 0 }, data: { text: 'B', color: '#d5f692' } },
    { op: 'create', type: 'connector', position: { x: 200, y: 0 }, data: { from: 'a', to: 'b' } },
    { op: 'move', id: 'b', position: { x: 400, y: 200 } },
    { op: 'resize', id: existing, size: { width: 300, height: 300 } },
    { op: 'delete', id: 'a' },
  ];
}

describe.each([
  { checks: 'false', parses: 0 },
  { checks: 'true', parses: 1 },
])('item answers with BOARDS_CHECK_RESPONSES=$checks', ({ checks, parses }) => {
  let t: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestServer({ env: { BOARDS_CHECK_RESPONSES: checks } });
    alice = await t.createUser({ plan: 'pro' });
  });
  afterAll(() => t.stop());
  afterEach(() => vi.restoreAllMocks());

  test(`a batch's answer is what its schema gives, parsed ${parses} time(s)`, async () => {
    const boardId = await createBoard(t, alice.key);
    const existing: Body = await json(t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('Old')));
    const parse = vi.spyOn(batchResultSchema, 'safeParse');
    const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations: operations(existing.id) });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Body;
    expect(parse).toHaveBeenCalledTimes(parses);
    parse.mockRestore();
    // As built, the answer is exactly the schema's output: nothing undeclared, nothing refused.
    expect(serializeResponse(batchResultSchema, answer, { rejectUndeclared: true })).toEqual({ ok: true, value: answer });
    expect(answer.results.map((r: Body) => r.op)).toEqual(['create', 'create', 'create', 'move', 'resize', 'delete']);
    expect(answer.results[3].item.position).toEqual({ x: 400, y: 200 });
    // The deleted note took its connector with it.
    expect(answer.results[5].deletedIds).toHaveLength(2);
    const stored: Body = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${existing.id}`));
    expect(stored.size).toEqual({ width: 300, height: 300 });
  });

  test(`an item's answer is what its schema gives, parsed ${parses} time(s)`, async () => {
    const boardId = await createBoard(t, alice.key);
    const parse = vi.spyOn(itemSchema, 'safeParse');
    const created = await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('One'));
    expect(created.status).toBe(201);
    const item = (await created.json()) as Body;
    expect(parse).toHaveBeenCalledTimes(parses);
    expect(serializeResponse(itemSchema, item, { rejectUndeclared: true })).toEqual({ ok: true, value: item });
    const read: Body = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${item.id}`));
    expect(read).toEqual(item);
  });
});
