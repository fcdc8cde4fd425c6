import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { createBoard } from '../content/helpers.js';
import { notificationEnv, notificationsOf, setSettings, share } from './helpers.js';

let t: TestServer;
let owner: TestUser;
let bob: TestUser;
let carol: TestUser;
let outsider: TestUser;
let boardId: string;

beforeAll(async () => {
  t = await startTestServer({ env: notificationEnv });
  owner = await t.createUser({ name: 'Olive Owner', email: `olive.${Date.now()}@example.com` });
  bob = await t.createUser({ name: 'Bob Builder', email: `bob.${Date.now()}@example.com` });
  carol = await t.createUser({ name: 'Carol Critic' });
  outsider = await t.createUser({ name: 'Oscar Outsider' });
  boardId = await createBoard(t, owner.key, 'Launch');
  await share(t, owner, boardId, bob, 'editor');
  await share(t, owner, boardId, carol, 'commenter');
});
afterAll(async () => {
  await t.stop();
});

const about = async (user: TestUser, itemId: string | null, kind: string) =>
  (await notificationsOf(t, user)).filter((n) => n.kind === kind && n.boardId === boardId && (itemId === null || n.itemId === itemId));

describe('mention notifications', () => {
  test('a comment mentioning a reader gives them a mention instead of a comment notification', async () => {
    const pin = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 0, y: 0 }, data: { text: '@Bob can you check this? cc @olive @Oscar @nobody' } }));
    expect(pin.id).toBeTruthy();
    const forBob = await about(bob, pin.id, 'mention');
    expect(forBob).toHaveLength(1);
    expect(forBob[0]).toMatchObject({ title: 'Olive Owner mentioned you in a comment on Launch', actor: { id: owner.id } });
    expect(await about(bob, pin.id, 'comment')).toEqual([]);
    // Carol is not mentioned: her comment notification as before.
    expect(await about(carol, pin.id, 'comment')).toHaveLength(1);
    // No self-mention; someone who cannot read the board is never notified.
    expect(await about(owner, pin.id, 'mention')).toEqual([]);
    expect((await notificationsOf(t, outsider)).filter((n) => n.boardId === boardId)).toEqual([]);
  });

  test('a reply mentioning someone gives them a mention, the others a reply notification', async () => {
    await setSettings(t, carol, { comments: true, boardUpdates: false });
    const pin = await json(t.api(bob.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 5, y: 5 }, data: { text: 'Draft' } }));
    const reply = await t.api(owner.key, 'PATCH', `/boards/${boardId}/items/${pin.id}`, { reply: { text: 'Over to you @Carol.Critic' } });
    expect(reply.status).toBe(200);
    expect(await about(carol, pin.id, 'mention')).toHaveLength(1);
    expect((await about(carol, pin.id, 'mention'))[0].title).toBe('Olive Owner mentioned you in a reply on Launch');
    expect(await about(bob, pin.id, 'reply')).toHaveLength(1);
  });

  test('comment settings turned off stop comment notifications, not mentions', async () => {
    await setSettings(t, carol, { comments: false });
    const plain = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 9, y: 9 }, data: { text: 'Plain' } }));
    const mentioning = await json(t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 9, y: 19 }, data: { text: 'Hey @carol' } }));
    expect(await about(carol, plain.id, 'comment')).toEqual([]);
    expect(await about(carol, mentioning.id, 'mention')).toHaveLength(1);
    await setSettings(t, carol, { comments: true });
  });

  test('a chat message mentioning a reader notifies them, not the author nor outsiders', async () => {
    const posted = await t.api(bob.key, 'POST', `/boards/${boardId}/chat`, { text: '@carol @bob @Oscar the retro starts now' });
    expect(posted.status).toBe(201);
    const forCarol = await about(carol, null, 'mention');
    const chat = forCarol.filter((n) => n.itemId === null);
    expect(chat).toHaveLength(1);
    expect(chat[0]).toMatchObject({ title: 'Bob Builder mentioned you in the chat of Launch', body: '@carol @bob @Oscar the retro starts now', actor: { id: bob.id } });
    expect((await about(bob, null, 'mention')).filter((n) => n.itemId === null)).toEqual([]);
    expect((await notificationsOf(t, outsider)).filter((n) => n.boardId === boardId)).toEqual([]);
  });
});

describe('share notifications follow the settings', () => {
  test('a person with share notifications off is not told of a new share', async () => {
    const quiet = await t.createUser({ name: 'Quinn Quiet' });
    const res = await t.api(quiet.key, 'PUT', '/me/notification-settings', { emailEnabled: false, events: { comments: true, replies: true, shares: false, boardUpdates: false } });
    expect(res.status).toBe(200);
    const other = await createBoard(t, owner.key, 'Quiet board');
    await share(t, owner, other, quiet, 'viewer');
    expect((await notificationsOf(t, quiet)).filter((n) => n.kind === 'share')).toEqual([]);
    const loud = await t.createUser({ name: 'Luke Loud' });
    await share(t, owner, other, loud, 'viewer');
    expect((await notificationsOf(t, loud)).filter((n) => n.kind === 'share' && n.boardId === other)).toHaveLength(1);
  });
});
