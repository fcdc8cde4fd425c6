import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import type { SharedBoard } from './fixtures.js';
import { sharedBoard } from './fixtures.js';
import { sticky } from './helpers.js';

let t: TestServer;
let s: SharedBoard;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  s = await sharedBoard(t);
});
afterAll(() => t.stop());

const items = (boardId = s.boardId) => `/boards/${boardId}/items`;
const read = async (id: string): Promise<Body> => json(t.api(s.owner.key, 'GET', `${items()}/${id}`));

async function create(body: Record<string, unknown>, user: TestUser = s.editor): Promise<Body> {
  const res = await t.api(user.key, 'POST', items(), body);
  expect(res.status).toBe(201);
  return json(res);
}

/** A note the editor made and locked. */
async function lockedNote(text = 'Keep'): Promise<Body> {
  const note = await create(sticky(text, 100, 100));
  const res = await t.api(s.editor.key, 'PATCH', `${items()}/${note.id}`, { locked: true });
  expect(res.status).toBe(200);
  const locked = await json(res);
  expect(locked.locked).toBe(true);
  return locked;
}

/** Asserts a 423 item_locked naming `itemId`, and that the item reads as `before`. */
async function refusedLocked(res: Response, before: Body): Promise<Body> {
  const body: Body = await expectEnvelope(res, 423, 'item_locked');
  expect(body.error.itemId).toBe(before.id);
  expect(await read(before.id)).toEqual(before);
  return body;
}

describe('locking an item', () => {
  test('every item reads `locked: false` until locked; the lock shows in GET, the list and the structure', async () => {
    const note = await create(sticky('Plain'));
    expect(note.locked).toBe(false);
    const locked = await lockedNote('Pinned');
    const page = await json(t.api(s.viewer.key, 'GET', `${items()}?limit=1000`));
    expect(page.data.find((item: Body) => item.id === locked.id).locked).toBe(true);
    expect(page.data.find((item: Body) => item.id === note.id).locked).toBe(false);
    const structure = await json(t.api(s.viewer.key, 'GET', `/boards/${s.boardId}/structure`));
    expect(structure.standalone.find((item: Body) => item.id === locked.id).locked).toBe(true);
    expect(structure.standalone.find((item: Body) => item.id === note.id).locked).toBeUndefined();
  });

  test.each([
    ['move', { position: { x: 400, y: 400 } }],
    ['resize', { size: { width: 300, height: 300 } }],
    ['rotate', { rotation: 45 }],
    ['restyle', { data: { color: '#000000' } }],
    ['edit the text of', { data: { text: 'Changed' } }],
    ['lock again and move', { locked: true, position: { x: 1, y: 1 } }],
  ])('a PATCH that would %s a locked item answers 423 item_locked naming it; nothing changes', async (_what, patch) => {
    const locked = await lockedNote();
    await refusedLocked(await t.api(s.editor.key, 'PATCH', `${items()}/${locked.id}`, patch), locked);
    // The owner is held by the lock too: it is a guard against accidents, not a right.
    await refusedLocked(await t.api(s.owner.key, 'PATCH', `${items()}/${locked.id}`, patch), locked);
  });

  test('DELETE of a locked item answers 423 and the item stays', async () => {
    const locked = await lockedNote();
    await refusedLocked(await t.api(s.editor.key, 'DELETE', `${items()}/${locked.id}`), locked);
  });

  test('a batch with one operation on a locked item is refused whole: nothing is created, moved or deleted', async () => {
    const locked = await lockedNote();
    const other = await create(sticky('Other', 600));
    const before = (await json(t.api(s.owner.key, 'GET', `${items()}?limit=1000`))).data.length;
    for (const op of [{ op: 'move', id: locked.id, position: { x: 5, y: 5 } }, { op: 'resize', id: locked.id, size: { width: 50, height: 50 } }, { op: 'delete', id: locked.id }]) {
      const operations = [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 900 }, data: { text: 'New' } }, { op: 'move', id: other.id, position: { x: 700, y: 0 } }, op];
      const body = await refusedLocked(await t.api(s.editor.key, 'POST', `${items()}:batch`, { operations }), locked);
      expect(body.error.field).toBe('operations[2].id');
    }
    expect(await read(other.id)).toEqual(other);
    expect((await json(t.api(s.owner.key, 'GET', `${items()}?limit=1000`))).data.length).toBe(before);
  });

  test('unlocking together with a move applies both; then the item takes any change', async () => {
    const locked = await lockedNote();
    const res = await t.api(s.editor.key, 'PATCH', `${items()}/${locked.id}`, { locked: false, position: { x: 250, y: 250 } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ locked: false, position: { x: 250, y: 250 } });
    expect((await t.api(s.editor.key, 'PATCH', `${items()}/${locked.id}`, { data: { text: 'Free' } })).status).toBe(200);
    expect((await t.api(s.editor.key, 'DELETE', `${items()}/${locked.id}`)).status).toBe(200);
  });

  test('comments still work on a locked pin: replies and resolving go through, moving it does not', async () => {
    const pin = await create({ type: 'comment', position: { x: 10, y: 10 }, data: { text: 'Why?' } }, s.commenter);
    expect((await t.api(s.editor.key, 'PATCH', `${items()}/${pin.id}`, { locked: true })).status).toBe(200);
    const replied = await t.api(s.commenter.key, 'PATCH', `${items()}/${pin.id}`, { reply: { text: 'Because.' } });
    expect(replied.status).toBe(200);
    expect((await json(replied)).data.replies).toHaveLength(1);
    expect((await t.api(s.viewer.key, 'GET', `${items()}/${pin.id}`)).status).toBe(200);
    const resolved = await t.api(s.commenter.key, 'DELETE', `${items()}/${pin.id}`);
    expect(resolved.status).toBe(200);
    expect((await json(resolved)).outcome).toBe('resolved');
    await refusedLocked(await t.api(s.commenter.key, 'PATCH', `${items()}/${pin.id}`, { position: { x: 90, y: 90 } }), await read(pin.id));
  });

  test('a locked connector follows its ends but refuses edits of its own', async () => {
    const a = await create(sticky('A', 0, 0));
    const b = await create(sticky('B', 600, 0));
    const line = await create({ type: 'connector', position: { x: 0, y: 0 }, data: { from: a.id, to: b.id } });
    expect((await t.api(s.editor.key, 'PATCH', `${items()}/${line.id}`, { locked: true })).status).toBe(200);
    expect((await t.api(s.editor.key, 'PATCH', `${items()}/${b.id}`, { position: { x: 600, y: 400 } })).status).toBe(200);
    expect((await read(line.id)).position).toEqual({ x: 300, y: 200 });
    await refusedLocked(await t.api(s.editor.key, 'PATCH', `${items()}/${line.id}`, { data: { label: 'no' } }), await read(line.id));
  });
});

describe('who may lock, and bad input', () => {
  test('a viewer and a commenter may not lock or unlock (403), nothing is stored', async () => {
    const note = await create(sticky('Theirs'));
    for (const user of [s.viewer, s.commenter]) {
      await expectEnvelope(await t.api(user.key, 'PATCH', `${items()}/${note.id}`, { locked: true }), 403, 'forbidden');
    }
    expect(await read(note.id)).toEqual(note);
    const locked = await lockedNote();
    for (const user of [s.viewer, s.commenter]) {
      await expectEnvelope(await t.api(user.key, 'PATCH', `${items()}/${locked.id}`, { locked: false }), 403, 'forbidden');
    }
    expect(await read(locked.id)).toEqual(locked);
  });

  test.each([['yes'], [1], [null], [{}]])('`locked: %j` answers 422 naming `locked`; nothing is stored', async (value) => {
    const note = await create(sticky('Typed'));
    const body = await expectEnvelope(await t.api(s.editor.key, 'PATCH', `${items()}/${note.id}`, { locked: value }), 422, 'validation_failed');
    expect(body.error.field).toBe('locked');
    expect(await read(note.id)).toEqual(note);
  });
});
