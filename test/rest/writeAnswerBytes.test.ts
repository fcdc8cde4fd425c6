import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createBoard, sticky } from '../content/helpers.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

/**
 * A write answered once its fsync is done (`AfterSync`, e.g. `items:batch`) has its answer
 * encoded to bytes while the fsync runs: nothing of it is encoded after the fsync, on the way to
 * the client (Koa measures a text body with `Buffer.byteLength`, and the socket encodes it).
 */

const operations = Array.from({ length: 20 }, (_, i) => ({ op: 'create', ...sticky(`Note ${i}`, i * 220) }));

describe('the answer of a write that waits for its fsync', () => {
  let t: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestServer();
    alice = await t.createUser({ plan: 'pro' });
  });
  afterAll(() => t.stop());
  afterEach(() => vi.restoreAllMocks());

  test('is handed to Koa as bytes: no text of it is measured after the fsync', async () => {
    const boardId = await createBoard(t, alice.key);
    const measured: string[] = [];
    const byteLength = Buffer.byteLength.bind(Buffer);
    vi.spyOn(Buffer, 'byteLength').mockImplementation((value, encoding) => {
      if (typeof value === 'string' && value.includes('"results"')) measured.push(value);
      return byteLength(value, encoding);
    });
    const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const answer = (await res.json()) as Body;
    expect(answer.results).toHaveLength(20);
    expect(answer.results[3].item.data.text).toBe('Note 3');
    expect(Number(res.headers.get('content-length'))).toBe(new TextEncoder().encode(JSON.stringify(answer)).length);
    expect(measured).toEqual([]);
  });

  test('is replayed as first sent to a retry with the same Idempotency-Key', async () => {
    const boardId = await createBoard(t, alice.key);
    const headers = { 'Idempotency-Key': 'batch-bytes-1' };
    const first = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations }, headers);
    expect(first.status).toBe(200);
    const firstText = await first.text();
    const again = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations }, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstText);
    const items: Body = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items`));
    expect(items.data).toHaveLength(20);
  });
});
