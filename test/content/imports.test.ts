import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import * as Y from 'yjs';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import type { SharedBoard } from './fixtures.js';
import { sharedBoard } from './fixtures.js';
import { connectSyncClient } from './helpers/syncClient.js';
import { createBoard } from './helpers.js';
import { createItemBodySchema } from '../../crdt/index.js';
import { importChunkBytes, importChunkEnds, importChunkItems } from '../../server/jobs/ImportService.js';
import type { ImportInputRecord } from '../../storage/schema/jobs.js';
import { importInputCollections } from '../../storage/schema/jobs.js';

/** Import inputs kept for `boardId` (an import's items are stored only while its job runs). */
const inputsKept = (boardId: string): Promise<number> => t.server.services.db.collection<ImportInputRecord>(importInputCollections.inputs).count({ boardId });

let t: TestServer;
let alice: TestUser;
let s: SharedBoard;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '1000000' } });
  alice = await t.createUser({ plan: 'pro' });
  s = await sharedBoard(t);
});
afterAll(() => t.stop());

/** `n` sticky notes in a row, texts `n0`, `n1`, ... */
function stickies(n: number, from = 0): Body[] {
  return Array.from({ length: n }, (_, i) => ({ type: 'sticky_note', position: { x: (from + i) * 250, y: 0 }, data: { text: `n${from + i}` } }));
}

async function allItems(key: string, boardId: string): Promise<Body[]> {
  const out: Body[] = [];
  let cursor: string | null = null;
  do {
    const page: Body = await json(t.api(key, 'GET', `/boards/${boardId}/items?limit=1000${cursor ? `&cursor=${cursor}` : ''}`));
    out.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return out;
}

async function finished(key: string, boardId: string, jobId: string): Promise<Body> {
  let job: Body = null;
  await expect
    .poll(async () => {
      job = await json(t.api(key, 'GET', `/boards/${boardId}/imports/${jobId}`));
      return job.status;
    }, { timeout: 150_000, interval: 50 })
    .toMatch(/^(succeeded|failed)$/);
  return job;
}

describe('POST /boards/{boardId}/imports', () => {
  test('2,500 items: 202 with a job that reports progress chunk by chunk, then every item reads back through REST in order', async () => {
    const boardId = await createBoard(t, alice.key);
    const items = stickies(2500);
    const res = await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items });
    expect(res.status).toBe(202);
    const accepted = await json(res);
    expect(res.headers.get('location')).toBe(`/v1/boards/${boardId}/imports/${accepted.id}`);
    expect(accepted).toMatchObject({ kind: 'items.import', boardId, result: { total: 2500 } });
    expect(['queued', 'running']).toContain(accepted.status);

    // Progress moves in whole chunks (of 1,000 short items) and never goes back.
    const seen: number[] = [];
    await expect
      .poll(async () => {
        const job = await json(t.api(alice.key, 'GET', `/boards/${boardId}/imports/${accepted.id}`));
        seen.push(job.result.applied);
        expect(job.result.itemIds).toHaveLength(job.result.applied);
        expect(job.progress).toBeCloseTo(job.result.applied / 2500);
        return job.status;
      }, { timeout: 150_000, interval: 20 })
      .toBe('succeeded');
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    for (const applied of seen) expect([0, 1000, 2000, 2500]).toContain(applied);

    const job = await finished(alice.key, boardId, accepted.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: 1, error: null, result: { total: 2500, applied: 2500 } });
    const stored = await allItems(alice.key, boardId);
    expect(stored).toHaveLength(2500);
    expect(stored.map((i) => i.id)).toEqual(job.result.itemIds);
    expect(stored.map((i) => i.data.text)).toEqual(items.map((i) => i.data.text));
    // The items kept for a resume are dropped once the job ends (just after it is marked so).
    await expect.poll(() => inputsKept(boardId)).toBe(0);
    // One activity row per chunk, as a batch makes: three transactions for 2,500 items.
    const activity = await json(t.api(alice.key, 'GET', `/boards/${boardId}/activity?limit=100`));
    expect(activity.data.filter((row: Body) => JSON.stringify(row).includes('batch')).length).toBe(3);
  }, 180_000);

  test('a stock y-websocket client sees the imported items arrive chunk by chunk, 1,000 short items a transaction', async () => {
    const boardId = await createBoard(t, alice.key);
    const client = connectSyncClient(t.url, boardId, alice.key);
    try {
      await client.synced();
      // Each chunk is one transaction: the client's item count moves a chunk at a time.
      const sizes: number[] = [];
      client.doc.on('update', () => sizes.push(client.doc.getMap('items').size));
      const res = await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items: stickies(2500) });
      expect(res.status).toBe(202);
      const { id } = await json(res);
      await expect.poll(() => client.doc.getMap('items').size, { timeout: 150_000 }).toBe(2500);
      const job = await finished(alice.key, boardId, id);
      expect([...client.doc.getMap('items').keys()].sort()).toEqual([...job.result.itemIds].sort());
      // Never part of a chunk, and not all at once at the end.
      expect([...new Set(sizes)]).toEqual([1000, 2000, 2500]);
    } finally {
      client.destroy();
    }
  }, 180_000);

  test('large items make smaller chunks: at most 256 KiB of items a transaction, seen so by a live client', async () => {
    const boardId = await createBoard(t, alice.key);
    const items = stickies(600).map((item, i) => ({ ...item, data: { text: `${i} ${'z'.repeat(1500)}` } }));
    const ends = importChunkEnds(items);
    expect(ends.length).toBeGreaterThanOrEqual(3);
    const client = connectSyncClient(t.url, boardId, alice.key);
    try {
      await client.synced();
      const sizes: number[] = [];
      client.doc.on('update', () => sizes.push(client.doc.getMap('items').size));
      const res = await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items });
      expect(res.status).toBe(202);
      const { id } = await json(res);
      const job = await finished(alice.key, boardId, id);
      expect(job.result.applied).toBe(600);
      await expect.poll(() => client.doc.getMap('items').size, { timeout: 150_000 }).toBe(600);
      expect([...new Set(sizes)]).toEqual(ends);
    } finally {
      client.destroy();
    }
  }, 180_000);

  test('importChunkEnds: 1,000 items or 256 KiB of JSON a chunk, whichever comes first; an item larger than that alone', () => {
    expect(importChunkEnds(stickies(1))).toEqual([1]);
    expect(importChunkEnds(stickies(importChunkItems))).toEqual([importChunkItems]);
    expect(importChunkEnds(stickies(2500))).toEqual([1000, 2000, 2500]);
    const big = stickies(300).map((item) => ({ ...item, data: { text: 'q'.repeat(2000) } }));
    const ends = importChunkEnds(big);
    let start = 0;
    for (const end of ends) {
      const bytes = big.slice(start, end).reduce((sum, item) => sum + JSON.stringify(item).length, 0);
      expect(bytes).toBeLessThanOrEqual(importChunkBytes);
      // Full: the next item would not have fitted.
      if (end < big.length) expect(bytes + JSON.stringify(big[end]).length).toBeGreaterThan(importChunkBytes);
      start = end;
    }
    expect(ends.at(-1)).toBe(300);
    const huge = { type: 'text', position: { x: 0, y: 0 }, data: { text: 'h'.repeat(importChunkBytes + 1) } };
    expect(importChunkEnds([...stickies(2), huge, ...stickies(2)])).toEqual([2, 3, 5]);
  });

  test('the same Idempotency-Key answers with the same job and imports once', async () => {
    const boardId = await createBoard(t, alice.key);
    const headers = { 'Idempotency-Key': 'import-once-1' };
    const first = await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items: stickies(150) }, headers);
    expect(first.status).toBe(202);
    const again = await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items: stickies(150) }, headers);
    expect(again.status).toBe(202);
    const a = await json(first);
    expect((await json(again)).id).toBe(a.id);
    await finished(alice.key, boardId, a.id);
    expect(await allItems(alice.key, boardId)).toHaveLength(150);
  }, 180_000);

  test("each item's body is checked once, when the import is accepted: its job checks only what depends on the board", async () => {
    const boardId = await createBoard(t, alice.key);
    // Every parse of the create envelope, by a route's schema or a service's check, runs it.
    const envelope = vi.spyOn(createItemBodySchema._zod, 'run');
    try {
      const res = await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items: stickies(40) });
      expect(res.status).toBe(202);
      const job = await finished(alice.key, boardId, (await json(res)).id);
      expect(job).toMatchObject({ status: 'succeeded', result: { applied: 40 } });
      expect(envelope).toHaveBeenCalledTimes(40);
    } finally {
      envelope.mockRestore();
    }
    expect((await allItems(alice.key, boardId)).map((item) => item.data.text)).toEqual(stickies(40).map((item) => item.data.text));
  });

  test('the board changing between the import being accepted and its chunk: the chunk is checked against the board again, and refused', async () => {
    const boardId = await createBoard(t, alice.key);
    const create = async (body: Body): Promise<Body> => json(t.api(alice.key, 'POST', `/boards/${boardId}/items`, body));
    const [a, b] = [await create(stickies(1)[0]), await create(stickies(1, 1)[0])];
    const items = [...stickies(3, 2), { type: 'connector', position: { x: 0, y: 0 }, data: { from: a.id, to: b.id } }];
    const content = t.server.services.content;
    const batch = content.batchUnsynced.bind(content);
    // The item the connector names goes just before the chunk is applied.
    const spy = vi.spyOn(content, 'batchUnsynced').mockImplementationOnce(async (...args) => {
      expect((await t.api(alice.key, 'DELETE', `/boards/${boardId}/items/${a.id}`)).status).toBe(200);
      return batch(...args);
    });
    try {
      const res = await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items });
      expect(res.status).toBe(202);
      const job = await finished(alice.key, boardId, (await json(res)).id);
      expect(job).toMatchObject({ status: 'failed', result: { applied: 0 }, error: { code: 'validation_failed' } });
      expect(job.error.message).toContain('items[3].data.from');
    } finally {
      spy.mockRestore();
    }
    expect((await allItems(alice.key, boardId)).map((item) => item.id)).toEqual([b.id]);
  });

  test('editors may import; the job is seen only by who started it', async () => {
    const res = await t.api(s.editor.key, 'POST', `/boards/${s.boardId}/imports`, { items: stickies(3) });
    expect(res.status).toBe(202);
    const { id } = await json(res);
    expect((await finished(s.editor.key, s.boardId, id)).status).toBe('succeeded');
    await expectEnvelope(await t.api(s.owner.key, 'GET', `/boards/${s.boardId}/imports/${id}`), 404, 'not_found');
    const other = await createBoard(t, s.editor.key);
    await expectEnvelope(await t.api(s.editor.key, 'GET', `/boards/${other}/imports/${id}`), 404, 'not_found');
  }, 180_000);
});

describe('bad imports are refused whole, and nothing is stored', () => {
  async function expectNothingStored(boardId: string, key = alice.key): Promise<void> {
    expect(await allItems(key, boardId)).toHaveLength(0);
    // Nor the items of a job that would resume after a restart.
    expect(await inputsKept(boardId)).toBe(0);
  }

  test('items not an array, missing, empty, or an item not an object: 422 naming the field', async () => {
    const boardId = await createBoard(t, alice.key);
    for (const [body, field] of [
      [{ items: 'nope' }, 'items'],
      [{}, 'items'],
      [{ items: [] }, 'items'],
      [[stickies(1)[0]], '(body)'],
      [{ items: [stickies(1)[0], 7] }, 'items[1]'],
      [{ items: stickies(1), extra: true }, null],
    ] as const) {
      const envelope = await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, body), 422, 'validation_failed');
      if (field !== null) expect(envelope.error.field, JSON.stringify(body)).toBe(field);
    }
    await expectNothingStored(boardId);
  }, 180_000);

  test("an item with a batch operation's op or ref: 422 naming the item, as any unknown field", async () => {
    const boardId = await createBoard(t, alice.key);
    for (const [k, extra] of [
      [1, { ref: 'note' }],
      [2, { op: 'delete' }],
      [0, { shade: 'dark' }],
    ] as const) {
      const items: Body[] = stickies(3);
      items[k] = { ...items[k], ...extra };
      const envelope = await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items }), 422, 'validation_failed');
      expect(envelope.error.field).toMatch(new RegExp(`^items\\[${k}\\]`));
      expect(envelope.error.message).toContain(Object.keys(extra)[0]);
    }
    await expectNothingStored(boardId);
  });

  test('more than 5,000 items: 422 naming items', async () => {
    const boardId = await createBoard(t, alice.key);
    const envelope = await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items: stickies(5001) }), 422, 'validation_failed');
    expect(envelope.error.field).toBe('items');
    await expectNothingStored(boardId);
  }, 180_000);

  test('a bad item at index k, in a late chunk: 422 naming items[k] and its field', async () => {
    const boardId = await createBoard(t, alice.key);
    for (const [k, bad, field] of [
      [742, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 5 } }, 'items[742].data.text'],
      [0, { type: 'no_such_type', position: { x: 0, y: 0 } }, 'items[0].type'],
      [1999, { type: 'sticky_note', position: { x: 'left', y: 0 } }, 'items[1999].position.x'],
      [350, { type: 'connector', position: { x: 0, y: 0 }, data: { from: 'itm_missing0000', to: 'itm_missing0001' } }, 'items[350].data.from'],
    ] as const) {
      const items = stickies(2000);
      items[k] = bad;
      const envelope = await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items }), 422, 'validation_failed');
      expect(envelope.error.field).toBe(field);
    }
    await expectNothingStored(boardId);
  }, 180_000);

  test('a body over 4 MiB: 413 payload_too_large', async () => {
    const boardId = await createBoard(t, alice.key);
    const long = 'x'.repeat(1000);
    const items = Array.from({ length: 4500 }, (_, i) => ({ type: 'sticky_note', position: { x: i, y: 0 }, data: { text: long } }));
    expect(JSON.stringify({ items }).length).toBeGreaterThan(4 * 1024 * 1024);
    await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items }), 413, 'payload_too_large');
    await expectNothingStored(boardId);
  }, 180_000);

  test('a body between 1 and 4 MiB is accepted (the import has its own limit)', async () => {
    const boardId = await createBoard(t, alice.key);
    const long = 'y'.repeat(600);
    const items = Array.from({ length: 2500 }, (_, i) => ({ type: 'sticky_note', position: { x: i * 250, y: 0 }, data: { text: long } }));
    expect(JSON.stringify({ items }).length).toBeGreaterThan(1024 * 1024);
    const res = await t.api(alice.key, 'POST', `/boards/${boardId}/imports`, { items });
    expect(res.status).toBe(202);
    expect((await finished(alice.key, boardId, (await json(res)).id)).result.applied).toBe(2500);
  }, 180_000);

  test('unknown board 404; viewer and commenter 403; a stranger 404', async () => {
    const before = (await allItems(s.owner.key, s.boardId)).length;
    await expectEnvelope(await t.api(alice.key, 'POST', '/boards/brd_doesnotexist00/imports', { items: stickies(2) }), 404, 'not_found');
    await expectEnvelope(await t.api(s.viewer.key, 'POST', `/boards/${s.boardId}/imports`, { items: stickies(2) }), 403, 'forbidden');
    await expectEnvelope(await t.api(s.commenter.key, 'POST', `/boards/${s.boardId}/imports`, { items: stickies(2) }), 403, 'forbidden');
    await expectEnvelope(await t.api(s.stranger.key, 'POST', `/boards/${s.boardId}/imports`, { items: stickies(2) }), 404, 'not_found');
    expect(await allItems(s.owner.key, s.boardId)).toHaveLength(before);
  }, 180_000);

  test('a key without boards:write: 403 insufficient_scope', async () => {
    const reader = await t.createUser({ plan: 'pro', scopes: 'boards:read boards:write' });
    const boardId = await createBoard(t, reader.key);
    const readOnly = await t.createUser({ plan: 'pro', scopes: 'boards:read' });
    await expectEnvelope(await t.api(readOnly.key, 'POST', `/boards/${boardId}/imports`, { items: stickies(2) }), 403, 'insufficient_scope');
    await expectNothingStored(boardId, reader.key);
  }, 180_000);

  test("an import the board's item cap cannot hold: 402, nothing stored", async () => {
    const basic = await t.createUser({ plan: 'basic' });
    const boardId = await createBoard(t, basic.key);
    const cap = (await json(t.api(basic.key, 'GET', '/me/limits'))).limits.itemsPerBoard as number;
    // The board is filled to 2 short of its cap with plain entries in one transaction: only their number matters here.
    const actor = { actorId: basic.id };
    const size = (): Promise<number> => t.server.services.documents.open(boardId).then((doc) => doc.getMap('items').size);
    await t.server.services.documents.transact(boardId, (doc) => {
      const items = doc.getMap('items');
      for (let i = 0; i < cap - 2; i++) items.set(`itm_fill${i}`, new Y.Map<unknown>([['type', 'sticky_note']]));
    }, actor, { wait: 'stored' });
    expect(await size()).toBe(cap - 2);
    const envelope = await expectEnvelope(await t.api(basic.key, 'POST', `/boards/${boardId}/imports`, { items: stickies(3) }), 402, 'payment_required');
    expect(envelope.error.message).toContain('adds 3');
    expect(await size()).toBe(cap - 2);
    // Two fit.
    const res = await t.api(basic.key, 'POST', `/boards/${boardId}/imports`, { items: stickies(2) });
    expect(res.status).toBe(202);
    expect((await finished(basic.key, boardId, (await json(res)).id)).status).toBe('succeeded');
    expect(await size()).toBe(cap);
  }, 180_000);
});
