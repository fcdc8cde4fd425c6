import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import type { SharedBoard } from './fixtures.js';
import { sharedBoard } from './fixtures.js';

let t: TestServer;
let s: SharedBoard;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  s = await sharedBoard(t);
});
afterAll(() => t.stop());

/** A comment pin by `author`, with one reply by `replier` (the author when not given). */
async function pin(author: TestUser, replier: TestUser = author): Promise<{ pin: Body; replyId: string }> {
  const res = await t.api(author.key, 'POST', `/boards/${s.boardId}/items`, { type: 'comment', position: { x: 10, y: 10 }, data: { text: 'Why this?' } });
  expect(res.status).toBe(201);
  const created = await json(res);
  const replied = await json(t.api(replier.key, 'PATCH', `/boards/${s.boardId}/items/${created.id}`, { reply: { text: 'Because.' } }));
  return { pin: replied, replyId: replied.data.replies[0].id as string };
}

const patch = (user: TestUser, id: string, body: unknown) => t.api(user.key, 'PATCH', `/boards/${s.boardId}/items/${id}`, body);
const read = async (id: string): Promise<Body> => json(t.api(s.owner.key, 'GET', `/boards/${s.boardId}/items/${id}`));

/** Asserts a refusal with its code and that the pin is as it was. */
async function refused(res: Response, status: number, code: string, before: Body): Promise<void> {
  await expectEnvelope(res, status, code);
  expect(await read(before.id)).toEqual(before);
}

describe('a commenter on their own comment', () => {
  test('edits its text, moves it, edits and removes their reply, resolves and reopens it', async () => {
    const { pin: mine, replyId } = await pin(s.commenter);
    expect((await json(patch(s.commenter, mine.id, { data: { text: 'Why this, exactly?' } }))).data.text).toBe('Why this, exactly?');
    expect((await json(patch(s.commenter, mine.id, { position: { x: 40, y: 50 } }))).position).toEqual({ x: 40, y: 50 });
    const edited = await json(patch(s.commenter, mine.id, { editReply: { id: replyId, text: 'Because it ships.' } }));
    expect(edited.data.replies[0]).toMatchObject({ id: replyId, text: 'Because it ships.', authorId: s.commenter.id });
    expect(typeof edited.data.replies[0].editedAt).toBe('string');
    expect((await json(patch(s.commenter, mine.id, { removeReply: { id: replyId } }))).data.replies).toEqual([]);
    expect((await json(patch(s.commenter, mine.id, { resolved: true }))).data.resolved).toBe(true);
    expect((await json(patch(s.commenter, mine.id, { data: { resolved: false } }))).data.resolved).toBe(false);
  });

  test.each([
    ['size', { size: { width: 64, height: 64 } }],
    ['rotation', { rotation: 45 }],
  ])('may not change its %s: that is board editing (403 forbidden)', async (_, body) => {
    const { pin: mine } = await pin(s.commenter);
    await refused(await patch(s.commenter, mine.id, body), 403, 'forbidden', mine);
  });

  test.each([
    ['an empty text', (id: string) => ({ editReply: { id, text: '' } }), 'editReply.text'],
    ['a text that is not a string', (id: string) => ({ editReply: { id, text: 42 } }), 'editReply.text'],
    ['a text past the comment limit', (id: string) => ({ editReply: { id, text: 'x'.repeat(100_000) } }), 'editReply.text'],
    ['no id', () => ({ editReply: { text: 'x' } }), 'editReply.id'],
    ['an unknown field', (id: string) => ({ removeReply: { id, also: true } }), 'removeReply'],
    ['a removal that is not an object', () => ({ removeReply: 'rpl_1' }), 'removeReply'],
    ['an edit and a removal at once', (id: string) => ({ editReply: { id, text: 'x' }, removeReply: { id } }), 'removeReply'],
  ])('a reply change with %s answers 422 naming the field and changes nothing', async (_, body, field) => {
    const { pin: mine, replyId } = await pin(s.commenter);
    const res = await expectEnvelope(await patch(s.commenter, mine.id, body(replyId)), 422, 'validation_failed');
    expect(res.error.field).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
    expect(await read(mine.id)).toEqual(mine);
  });

  test('an unknown reply id answers 422 naming it', async () => {
    const { pin: mine } = await pin(s.commenter);
    const res = await expectEnvelope(await patch(s.commenter, mine.id, { editReply: { id: 'rpl_nope', text: 'x' } }), 422, 'validation_failed');
    expect(res.error.field).toBe('editReply.id');
    expect(await read(mine.id)).toEqual(mine);
  });
});

describe("a commenter on someone else's comment", () => {
  test('replies, resolves, and resolves by deleting the pin', async () => {
    const { pin: theirs } = await pin(s.owner);
    expect((await json(patch(s.commenter, theirs.id, { reply: { text: 'Agreed.' } }))).data.replies).toHaveLength(2);
    expect((await json(patch(s.commenter, theirs.id, { resolved: true }))).data.resolved).toBe(true);
    const deleted = await json(t.api(s.commenter.key, 'DELETE', `/boards/${s.boardId}/items/${theirs.id}`));
    expect(deleted.outcome).toBe('resolved');
  });

  test.each([
    ['move it', { position: { x: 0, y: 0 } }],
    ['resize it', { size: { width: 64, height: 64 } }],
    ['rotate it', { rotation: 10 }],
    ['change its text', { data: { text: 'Mine now' } }],
    ['move it while replying', { reply: { text: 'hi' }, position: { x: 0, y: 0 } }],
  ])('may not %s (403 forbidden), and nothing changes', async (_, body) => {
    const { pin: theirs } = await pin(s.owner);
    await refused(await patch(s.commenter, theirs.id, body), 403, 'forbidden', theirs);
  });

  test("may not edit or remove another person's reply (403 forbidden), even on their own pin", async () => {
    const { pin: mine, replyId } = await pin(s.commenter, s.owner);
    await refused(await patch(s.commenter, mine.id, { editReply: { id: replyId, text: 'Rewritten' } }), 403, 'forbidden', mine);
    await refused(await patch(s.commenter, mine.id, { removeReply: { id: replyId } }), 403, 'forbidden', mine);
  });
});

describe('editors and viewers', () => {
  test("an editor moves anyone's pin, but a comment's words stay its author's (403 forbidden)", async () => {
    const { pin: theirs, replyId } = await pin(s.commenter);
    const moved = await json(patch(s.editor, theirs.id, { position: { x: 99, y: 99 } }));
    expect(moved.position).toEqual({ x: 99, y: 99 });
    await refused(await patch(s.editor, theirs.id, { data: { text: 'Edited by someone else' } }), 403, 'forbidden', moved);
    await refused(await patch(s.editor, theirs.id, { editReply: { id: replyId, text: 'Edited' } }), 403, 'forbidden', moved);
    await refused(await patch(s.owner, theirs.id, { removeReply: { id: replyId } }), 403, 'forbidden', moved);
  });

  test('a viewer may not reply or resolve (403 forbidden)', async () => {
    const { pin: theirs } = await pin(s.owner);
    await refused(await patch(s.viewer, theirs.id, { reply: { text: 'hi' } }), 403, 'forbidden', theirs);
    await refused(await patch(s.viewer, theirs.id, { resolved: true }), 403, 'forbidden', theirs);
  });
});

describe('a commenter in a batch', () => {
  test('creates a pin and moves it, and resolves a pin by deleting it, in one batch', async () => {
    const { pin: theirs } = await pin(s.owner);
    const res = await t.api(s.commenter.key, 'POST', `/boards/${s.boardId}/items:batch`, {
      operations: [
        { op: 'create', ref: 'mine', type: 'comment', position: { x: 0, y: 0 }, data: { text: 'New thread' } },
        { op: 'move', id: 'mine', position: { x: 20, y: 20 } },
        { op: 'delete', id: theirs.id },
      ],
    });
    expect(res.status).toBe(200);
    expect((await read(theirs.id)).data.resolved).toBe(true);
  });

  test.each([
    ["moves someone else's pin", (theirs: Body) => [{ op: 'move', id: theirs.id, position: { x: 0, y: 0 } }]],
    ["resizes someone else's pin", (theirs: Body) => [{ op: 'resize', id: theirs.id, size: { width: 64, height: 64 } }]],
    ['creates a sticky note', () => [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'x' } }]],
  ])('that %s answers 403 forbidden and draws nothing', async (_, operations) => {
    const { pin: theirs } = await pin(s.owner);
    const before = (await json(t.api(s.owner.key, 'GET', `/boards/${s.boardId}/items?limit=1000`))).data;
    await expectEnvelope(await t.api(s.commenter.key, 'POST', `/boards/${s.boardId}/items:batch`, { operations: operations(theirs) }), 403, 'forbidden');
    expect((await json(t.api(s.owner.key, 'GET', `/boards/${s.boardId}/items?limit=1000`))).data).toEqual(before);
  });
});
