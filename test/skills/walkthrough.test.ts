import { afterAll, beforeAll, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { connectClient, synced } from '../content/helpers.js';
import type { TestClient } from '../content/helpers.js';
import { createBoard } from '../boards/helpers/api.js';
import type { Body, TestServer } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

let t: TestServer;
const clients: TestClient[] = [];

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const client of clients) client.destroy();
  await t.stop();
});

it('walk-through: create a skill on pro, apply it, see the forced output type through REST and a live y-websocket client', async () => {
  const person = await t.createUser({ plan: 'pro' });
  const created = await t.api(person.key, 'POST', '/skills', {
    name: 'Launch board',
    description: 'Tracks launch tasks by stage.',
    instructions: 'One card per task, in the stage the prompt gives.\nColumns: Backlog; This week; Shipped',
    placeholder: 'Launch: Backlog: write the post; Shipped: pricing page',
    outputType: 'kanban',
    tags: ['launch'],
  });
  expect(created.status).toBe(201);
  const skill: Body = await created.json();
  expect((await json(t.api(person.key, 'GET', '/skills?scope=mine'))).data.map((s: Body) => s.id)).toEqual([skill.id]);

  const boardId = (await createBoard(t, person)).id;
  const live = connectClient(t, boardId, person.key);
  clients.push(live);
  await synced(live);
  expect(live.itemIds()).toEqual([]);
  let updates = 0;
  live.doc.on('update', () => (updates += 1));

  const applied = await t.api(person.key, 'POST', `/boards/${boardId}/skills/${skill.id}/apply`, { prompt: 'Beta launch: Backlog: write the post; Shipped: pricing page; invite list' });
  const body: Body = await applied.json();
  expect(applied.status, JSON.stringify(body)).toBe(201);
  expect(body.outputType).toBe('kanban');

  // REST: the board holds what a kanban is made of, and nothing else the skill was not asked for.
  const items: Body[] = (await json(t.api(person.key, 'GET', `/boards/${boardId}/items?limit=100`))).data;
  expect(new Set(items.map((i) => i.type))).toEqual(new Set(['text', 'section', 'card']));
  expect(items.filter((i) => i.type === 'section').map((i) => i.data.title)).toEqual(['Backlog', 'This week', 'Shipped']);
  const cards = items.filter((i) => i.type === 'card');
  expect(cards.map((i) => [i.data.title, i.data.status])).toEqual([
    ['write the post', 'backlog'],
    ['invite list', 'backlog'],
    ['pricing page', 'shipped'],
  ]);
  // Each card sits in the section of its column.
  const sectionOf = new Map(items.filter((i) => i.type === 'section').map((i) => [i.id, i.data.title]));
  expect(cards.map((c) => sectionOf.get(c.sectionId))).toEqual(['Backlog', 'Backlog', 'Shipped']);

  // Live: the same items reach the connected client, with their types, in one update.
  await expect.poll(() => live.itemIds().length).toBe(items.length);
  const liveItems = live.doc.getMap('items') as Y.Map<Y.Map<unknown>>;
  const liveTypes = items.map((i) => liveItems.get(i.id)?.get('type'));
  expect(liveTypes).toEqual(items.map((i) => i.type));
  expect(liveTypes.filter((type) => type === 'card')).toHaveLength(3);
  expect(updates).toBe(1);
});
