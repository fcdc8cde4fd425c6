import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ActivityService } from '../../server/boards/ActivityService.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import type { SharedBoard } from './fixtures.js';
import { sharedBoard } from './fixtures.js';
import { createBoard, sticky } from './helpers.js';

let t: TestServer;
let alice: TestUser;
let s: SharedBoard;

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.createUser({ plan: 'pro' });
  s = await sharedBoard(t);
});
afterAll(() => t.stop());

async function create(key: string, boardId: string, body: Record<string, unknown>): Promise<Body> {
  const res = await t.api(key, 'POST', `/boards/${boardId}/items`, body);
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${await res.text()}`);
  return json(res);
}

async function items(key: string, boardId: string): Promise<Body[]> {
  return (await json(t.api(key, 'GET', `/boards/${boardId}/items?limit=1000`))).data;
}

describe('create and read', () => {
  test("every type's catalogue example is accepted as it is and reads back", async () => {
    const boardId = await createBoard(t, alice.key);
    const a = await create(alice.key, boardId, sticky('A'));
    const b = await create(alice.key, boardId, sticky('B', 400));
    const types: Body[] = (await json(t.api(alice.key, 'GET', '/item-types'))).data;
    expect(types.length).toBeGreaterThanOrEqual(13);
    for (const type of types) {
      let body = type.example;
      if (type.type === 'connector') body = { ...body, data: { ...body.data, from: a.id, to: b.id } };
      const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items`, body);
      expect(res.status, `${type.type}: ${await res.clone().text()}`).toBe(201);
      const item = await json(res);
      expect(item.type).toBe(type.type);
      const read = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${item.id}`));
      expect(read).toEqual(item);
    }
  });

  test('lists in z-order with the derived sectionId, paged', async () => {
    const boardId = await createBoard(t, alice.key);
    const section = await create(alice.key, boardId, { type: 'section', position: { x: 0, y: 0 }, size: { width: 1000, height: 1000 }, data: { title: 'Ideas' } });
    const inside = await create(alice.key, boardId, sticky('in', 100, 100));
    const outside = await create(alice.key, boardId, sticky('out', 5000, 5000));
    const all = await items(alice.key, boardId);
    expect(all.map((i) => i.id)).toEqual([section.id, inside.id, outside.id]);
    expect(all.map((i) => i.sectionId)).toEqual([null, section.id, null]);
    const first = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items?limit=2`));
    expect(first.data.map((i: Body) => i.id)).toEqual([section.id, inside.id]);
    const second = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items?limit=2&cursor=${first.nextCursor}`));
    expect(second.data.map((i: Body) => i.id)).toEqual([outside.id]);
    expect(second.nextCursor).toBeNull();
    // Moving the item out of the section changes its derived section.
    await t.api(alice.key, 'PATCH', `/boards/${boardId}/items/${inside.id}`, { position: { x: 3000, y: 0 } });
    expect((await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${inside.id}`))).sectionId).toBeNull();
  });

  test('a cursor keeps its place while the board changes between pages', async () => {
    const boardId = await createBoard(t, alice.key);
    const made: Body[] = [];
    for (let i = 0; i < 5; i++) made.push(await create(alice.key, boardId, sticky(`n${i}`, i * 300)));
    const ids = made.map((item) => item.id as string);
    const first = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items?limit=2`));
    expect(first.data.map((i: Body) => i.id)).toEqual(ids.slice(0, 2));
    // The page's last item goes, one more item lands on top, and a later item is deleted.
    expect((await t.api(alice.key, 'DELETE', `/boards/${boardId}/items/${ids[1]}`)).status).toBe(200);
    expect((await t.api(alice.key, 'DELETE', `/boards/${boardId}/items/${ids[3]}`)).status).toBe(200);
    const added = await create(alice.key, boardId, sticky('late', 2000));
    const second = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items?limit=2&cursor=${first.nextCursor}`));
    expect(second.data.map((i: Body) => i.id)).toEqual([ids[2], ids[4]]);
    const third = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items?limit=2&cursor=${second.nextCursor}`));
    expect(third.data.map((i: Body) => i.id)).toEqual([added.id]);
    expect(third.nextCursor).toBeNull();
    expect(third.data[0]).toEqual(await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${added.id}`)));
  });

  test.each([
    ['an unknown type', { type: 'hologram', position: { x: 0, y: 0 } }, 'type'],
    ['a missing position', { type: 'sticky_note', data: { text: 'x' } }, 'position'],
    ['a non-numeric coordinate', { type: 'sticky_note', position: { x: 'a', y: 0 }, data: { text: 'x' } }, 'position.x'],
    ['an unknown envelope field', { ...sticky(), colour: 'red' }, 'colour'],
    ['a data field of the wrong type', { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 5 } }, 'data.text'],
    ['an unknown data field', { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'x', glow: true } }, 'data'],
    ['a text over the limit', { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'x'.repeat(100_001) } }, 'data.text'],
    ['a size out of range', { ...sticky(), size: { width: 0, height: 10 } }, 'size.width'],
    ['a connector to nothing', { type: 'connector', position: { x: 0, y: 0 }, data: { from: 'itm_nope', to: 'itm_none' } }, 'data.from'],
    ['an embed that is not https', { type: 'embed', position: { x: 0, y: 0 }, data: { url: 'javascript:alert(1)' } }, 'data.url'],
  ])('create with %s answers 422 naming the field and stores nothing', async (_, body, field) => {
    const boardId = await createBoard(t, alice.key);
    const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items`, body);
    const envelope = await expectEnvelope(res, 422, 'validation_failed');
    expect(envelope.error.field?.startsWith(field), `${envelope.error.field} vs ${field}`).toBe(true);
    expect(await items(alice.key, boardId)).toEqual([]);
  });

  test('unknown boards and items answer 404, for strangers too', async () => {
    await expectEnvelope(await t.api(alice.key, 'GET', '/boards/brd_missing/items'), 404, 'not_found');
    await expectEnvelope(await t.api(alice.key, 'POST', '/boards/brd_missing/items', sticky()), 404, 'not_found');
    await expectEnvelope(await t.api(s.owner.key, 'GET', `/boards/${s.boardId}/items/itm_missing`), 404, 'not_found');
    await expectEnvelope(await t.api(s.stranger.key, 'GET', `/boards/${s.boardId}/items`), 404, 'not_found');
    await expectEnvelope(await t.api(s.stranger.key, 'POST', `/boards/${s.boardId}/items`, sticky()), 404, 'not_found');
  });

  test("a caller who cannot read the board never makes the server load its document", async () => {
    const boardId = await createBoard(t, s.owner.key, 'Cold');
    const loaded = t.server.services.documents.stats().loadedDocuments;
    await expectEnvelope(await t.api(s.stranger.key, 'PATCH', `/boards/${boardId}/items/itm_x`, { reply: { text: 'hi' } }), 404, 'not_found');
    await expectEnvelope(await t.api(s.stranger.key, 'DELETE', `/boards/${boardId}/items/itm_x`), 404, 'not_found');
    expect(t.server.services.documents.stats().loadedDocuments).toBe(loaded);
  });

  test('bad list queries answer 422', async () => {
    for (const q of ['limit=0', 'limit=1001', 'cursor=%%%']) {
      await expectEnvelope(await t.api(s.owner.key, 'GET', `/boards/${s.boardId}/items?${q}`), 422, 'validation_failed');
    }
  });
});

describe('roles', () => {
  test('viewers read but cannot write; commenters write comments only', async () => {
    const { boardId } = s;
    const note = await create(s.editor.key, boardId, sticky('by editor'));
    expect((await items(s.viewer.key, boardId)).some((i) => i.id === note.id)).toBe(true);
    await expectEnvelope(await t.api(s.viewer.key, 'POST', `/boards/${boardId}/items`, sticky()), 403, 'forbidden');
    await expectEnvelope(await t.api(s.viewer.key, 'PATCH', `/boards/${boardId}/items/${note.id}`, { position: { x: 1, y: 1 } }), 403, 'forbidden');
    await expectEnvelope(await t.api(s.commenter.key, 'POST', `/boards/${boardId}/items`, sticky()), 403, 'forbidden');
    await expectEnvelope(await t.api(s.commenter.key, 'DELETE', `/boards/${boardId}/items/${note.id}`), 403, 'forbidden');
    const pin = await create(s.commenter.key, boardId, { type: 'comment', position: { x: 10, y: 10 }, data: { text: 'Why?' } });
    const replied = await json(t.api(s.commenter.key, 'PATCH', `/boards/${boardId}/items/${pin.id}`, { reply: { text: 'Because.' } }));
    expect(replied.data.replies).toHaveLength(1);
    // Their own pin they may move; someone else's they may not (see commentRights.test.ts).
    const others = await create(s.editor.key, boardId, { type: 'comment', position: { x: 30, y: 30 }, data: { text: 'Mine' } });
    await expectEnvelope(await t.api(s.commenter.key, 'PATCH', `/boards/${boardId}/items/${others.id}`, { position: { x: 0, y: 0 } }), 403, 'forbidden');
  });

  test('a locked board refuses editors and accepts its owner', async () => {
    const boardId = await createBoard(t, s.owner.key, 'Locked');
    await t.api(s.owner.key, 'PATCH', `/boards/${boardId}`, { spaceId: s.spaceId });
    expect((await t.api(s.owner.key, 'PATCH', `/boards/${boardId}`, { locked: true })).status).toBe(200);
    await expectEnvelope(await t.api(s.editor.key, 'POST', `/boards/${boardId}/items`, sticky()), 403, 'forbidden');
    expect((await t.api(s.owner.key, 'POST', `/boards/${boardId}/items`, sticky())).status).toBe(201);
  });

  test('writes need boards:write, reads boards:read', async () => {
    const reader = await t.createUser({ scopes: 'boards:read' });
    const boardId = await createBoard(t, alice.key);
    await expectEnvelope(await t.api(reader.key, 'POST', `/boards/${boardId}/items`, sticky()), 403, 'insufficient_scope');
    const none = await t.createUser({ scopes: 'user:read' });
    await expectEnvelope(await t.api(none.key, 'GET', `/boards/${boardId}/items`), 403, 'insufficient_scope');
  });
});

describe('patch, delete, text', () => {
  test('move, resize, rotate and replace data', async () => {
    const boardId = await createBoard(t, alice.key);
    const note = await create(alice.key, boardId, sticky('first'));
    const moved = await json(t.api(alice.key, 'PATCH', `/boards/${boardId}/items/${note.id}`, { position: { x: 50, y: -20 }, size: { width: 300, height: 250 }, rotation: 370 }));
    expect(moved).toMatchObject({ position: { x: 50, y: -20 }, size: { width: 300, height: 250 }, rotation: 10 });
    const edited = await json(t.api(alice.key, 'PATCH', `/boards/${boardId}/items/${note.id}`, { data: { text: 'second' } }));
    expect(edited.data.text).toBe('second');
    expect(edited.updatedBy).toBe(alice.id);
  });

  test.each([
    ['an empty patch', {}],
    ['a bad position', { position: { x: 1 } }],
    ['an unknown field', { colour: 'red' }],
    ['bad data for the type', { data: { text: 7 } }],
    ['a reply on a sticky note', { reply: { text: 'hi' } }],
  ])('patch with %s answers 422 and changes nothing', async (_, body) => {
    const boardId = await createBoard(t, alice.key);
    const note = await create(alice.key, boardId, sticky('keep'));
    await expectEnvelope(await t.api(alice.key, 'PATCH', `/boards/${boardId}/items/${note.id}`, body), 422, 'validation_failed');
    expect(await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${note.id}`))).toEqual(note);
  });

  test('deleting an item removes it and the connectors attached to it', async () => {
    const boardId = await createBoard(t, alice.key);
    const a = await create(alice.key, boardId, sticky('a'));
    const b = await create(alice.key, boardId, sticky('b', 500));
    const link = await create(alice.key, boardId, { type: 'connector', position: { x: 250, y: 0 }, data: { from: a.id, to: b.id } });
    const res = await json(t.api(alice.key, 'DELETE', `/boards/${boardId}/items/${a.id}`));
    expect(res.outcome).toBe('deleted');
    expect([...res.deletedIds].sort()).toEqual([a.id, link.id].sort());
    expect((await items(alice.key, boardId)).map((i) => i.id)).toEqual([b.id]);
    await expectEnvelope(await t.api(alice.key, 'DELETE', `/boards/${boardId}/items/${a.id}`), 404, 'not_found');
  });

  test('deleting a comment pin resolves the comment', async () => {
    const boardId = await createBoard(t, alice.key);
    const pin = await create(alice.key, boardId, { type: 'comment', position: { x: 0, y: 0 }, data: { text: 'Check this' } });
    const res = await json(t.api(alice.key, 'DELETE', `/boards/${boardId}/items/${pin.id}`));
    expect(res.outcome).toBe('resolved');
    expect(res.comment.data.resolved).toBe(true);
  });

  test('/text pages the content by numbered lines', async () => {
    const boardId = await createBoard(t, alice.key);
    const doc = await create(alice.key, boardId, { type: 'doc', position: { x: 0, y: 0 }, data: { markdown: 'one\ntwo\nthree\nfour\nfive' } });
    const page = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${doc.id}/text?limit=2&offset=1`));
    expect(page.lines).toEqual([{ number: 2, text: 'two' }, { number: 3, text: 'three' }]);
    expect(page.totalLines).toBe(5);
    expect(page.nextOffset).toBe(3);
    await expectEnvelope(await t.api(alice.key, 'GET', `/boards/${boardId}/items/${doc.id}/text?offset=-1`), 422, 'validation_failed');
    await expectEnvelope(await t.api(alice.key, 'GET', `/boards/${boardId}/items/itm_x/text`), 404, 'not_found');
  });

  test("/text of a doc includes its title, one of the doc's text fields, as the first line", async () => {
    const boardId = await createBoard(t, alice.key);
    const doc = await create(alice.key, boardId, { type: 'doc', position: { x: 0, y: 0 }, data: { title: 'Retro', markdown: 'one\ntwo' } });
    const page = await json(t.api(alice.key, 'GET', `/boards/${boardId}/items/${doc.id}/text`));
    expect(page.lines).toEqual([{ number: 1, text: 'Retro' }, { number: 2, text: 'one' }, { number: 3, text: 'two' }]);
    expect(page.totalLines).toBe(3);
  });

  test('convert checks its input, then rebuilds the item as the target type', async () => {
    const boardId = await createBoard(t, alice.key);
    const note = await create(alice.key, boardId, sticky('convert me'));
    const types: Body = await json(t.api(alice.key, 'GET', '/item-types/sticky_note'));
    const target = types.convertsTo[0] as string;
    await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/items/${note.id}/convert`, { targetType: 'connector' }), 422, 'validation_failed');
    await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/items/${note.id}/convert`, {}), 422, 'validation_failed');
    await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/items/itm_nope/convert`, { targetType: target }), 404, 'not_found');
    const converted: Body = await json(t.api(alice.key, 'POST', `/boards/${boardId}/items/${note.id}/convert`, { targetType: target }));
    expect(converted.item).toMatchObject({ type: target, position: note.position });
    expect(converted.deletedIds).toEqual([note.id]);
  });
});

describe('batch', () => {
  test('100 operations with forward references land as one action with one activity row', async () => {
    const boardId = await createBoard(t, alice.key);
    const existing = await create(alice.key, boardId, sticky('old'));
    const operations: Record<string, unknown>[] = [
      { op: 'create', ref: 'a', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'a' } },
      { op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from: 'a', to: 'b' } },
      { op: 'create', ref: 'b', type: 'sticky_note', position: { x: 300, y: 0 }, data: { text: 'b' } },
      { op: 'move', id: 'a', position: { x: 10, y: 10 } },
      { op: 'resize', id: existing.id, size: { width: 400, height: 400 } },
      { op: 'delete', id: existing.id },
    ];
    for (let i = operations.length; i < 100; i += 1) operations.push({ op: 'create', type: 'text', position: { x: i * 10, y: 500 }, data: { text: `t${i}` } });
    const before = (await json(t.api(alice.key, 'GET', `/boards/${boardId}/activity`))).data.length;
    const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json(res);
    expect(body.results).toHaveLength(100);
    const all = await items(alice.key, boardId);
    expect(all).toHaveLength(2 + 1 + 94);
    expect(all.find((i) => i.data.text === 'a').position).toEqual({ x: 10, y: 10 });
    const activity = (await json(t.api(alice.key, 'GET', `/boards/${boardId}/activity`))).data;
    expect(activity.length - before).toBe(1);
    expect(activity[0].action).toBe('items.batch');
  });

  test('101 operations answer 422 naming operations, and nothing is drawn', async () => {
    const boardId = await createBoard(t, alice.key);
    const operations = Array.from({ length: 101 }, (_, i) => ({ op: 'create', type: 'text', position: { x: i, y: 0 }, data: { text: 'x' } }));
    const body = await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations }), 422, 'validation_failed');
    expect(body.error.field).toBe('operations');
    expect(await items(alice.key, boardId)).toEqual([]);
  });

  test.each([
    [3, { op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 9 } }, 'operations[3].data.text'],
    [2, { op: 'move', id: 'itm_missing', position: { x: 0, y: 0 } }, 'operations[2].id'],
    [1, { op: 'explode' }, 'operations[1]'],
    [4, { op: 'resize', id: 'a', size: { width: -1, height: 5 } }, 'operations[4].size'],
    // Not objects at all: refused by the body schema, naming the operation.
    [2, 7, 'operations[2]'],
    [1, null, 'operations[1]'],
    [3, [], 'operations[3]'],
    [0, 'move', 'operations[0]'],
  ])('an invalid operation %i answers 422 naming it and changes nothing', async (index, bad, field) => {
    const boardId = await createBoard(t, alice.key);
    const operations: unknown[] = Array.from({ length: 5 }, (_, i) => ({ op: 'create', ref: i === 0 ? 'a' : `r${i}`, type: 'text', position: { x: i, y: 0 }, data: { text: 'ok' } }));
    operations[index] = bad;
    const body = await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations }), 422, 'validation_failed');
    expect(body.error.field?.startsWith(field), `${body.error.field} vs ${field}`).toBe(true);
    expect(await items(alice.key, boardId)).toEqual([]);
  });

  test('a malformed batch body answers 422', async () => {
    const boardId = await createBoard(t, alice.key);
    await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { ops: [] }), 422, 'validation_failed');
    await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations: 'all' }), 422, 'validation_failed');
  });

  test('viewers cannot batch', async () => {
    await expectEnvelope(await t.api(s.viewer.key, 'POST', `/boards/${s.boardId}/items:batch`, { operations: [] }), 403, 'forbidden');
  });
});

describe('activity and notifications', () => {
  test('every write through the API adds an activity row', async () => {
    const boardId = await createBoard(t, alice.key);
    const note = await create(alice.key, boardId, sticky());
    await t.api(alice.key, 'PATCH', `/boards/${boardId}/items/${note.id}`, { position: { x: 1, y: 1 } });
    await t.api(alice.key, 'DELETE', `/boards/${boardId}/items/${note.id}`);
    const actions = (await json(t.api(alice.key, 'GET', `/boards/${boardId}/activity`))).data.map((r: Body) => r.action);
    expect(actions.slice(0, 3)).toEqual(['item.deleted', 'item.updated', 'item.created']);
  });

  test('a write waits for one fsync, after its activity row, that covers the row and the update', async () => {
    const boardId = await createBoard(t, alice.key);
    const append = vi.spyOn(ActivityService.prototype, 'append');
    const sync = vi.spyOn(t.server.services.db.documents, 'sync');
    try {
      await create(alice.key, boardId, sticky());
      expect(append).toHaveBeenCalledTimes(1);
      expect(sync).toHaveBeenCalledTimes(1);
      expect(sync.mock.invocationCallOrder[0]!).toBeGreaterThan(append.mock.invocationCallOrder[0]!);
    } finally {
      append.mockRestore();
      sync.mockRestore();
    }
  });

  test('a batch is answered only once its fsync is done, and a failed fsync answers 5xx, not the results', async () => {
    const boardId = await createBoard(t, alice.key);
    const store = t.server.services.db.documents;
    const realSync = store.sync.bind(store);
    let release: (error?: Error) => void = () => undefined;
    const sync = vi.spyOn(store, 'sync').mockImplementation(
      () =>
        new Promise<void>((resolve, reject) => {
          release = (error) => (error ? reject(error) : resolve(realSync()));
        }),
    );
    const batch = (text: string): Promise<Response> =>
      t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations: [{ op: 'create', ...sticky(text) }] });
    try {
      let answered = false;
      const pending = batch('held').then((res) => {
        answered = true;
        return res;
      });
      await vi.waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      release();
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect((await json(res)).results[0].item.data.text).toBe('held');

      const failing = batch('lost');
      await vi.waitFor(() => expect(sync).toHaveBeenCalledTimes(2));
      release(new Error('EIO: the disk refused the fsync'));
      const refused = await failing;
      expect(refused.status).toBeGreaterThanOrEqual(500);
      const body = await json(refused);
      expect(body.error.code).toEqual(expect.any(String));
      expect(body.results).toBeUndefined();
    } finally {
      sync.mockRestore();
    }
  });

  test('comments and replies notify the people the board is shared with, not the author', async () => {
    const pin = await create(s.editor.key, s.boardId, { type: 'comment', position: { x: 0, y: 0 }, data: { text: 'Ship it?' } });
    await t.api(s.viewer.key, 'GET', '/me');
    const forViewer = (await json(t.api(s.viewer.key, 'GET', '/me/notifications'))).data;
    expect(forViewer.some((n: Body) => n.kind === 'comment' && n.itemId === pin.id && n.body === 'Ship it?')).toBe(true);
    const forAuthor = (await json(t.api(s.editor.key, 'GET', '/me/notifications'))).data;
    expect(forAuthor.some((n: Body) => n.itemId === pin.id)).toBe(false);
    await t.api(s.owner.key, 'PATCH', `/boards/${s.boardId}/items/${pin.id}`, { reply: { text: 'Yes' } });
    const forEditor = (await json(t.api(s.editor.key, 'GET', '/me/notifications'))).data;
    expect(forEditor.some((n: Body) => n.kind === 'reply' && n.itemId === pin.id)).toBe(true);
  });
});
