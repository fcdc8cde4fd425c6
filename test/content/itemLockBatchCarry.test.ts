import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Body, TestServer } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import type { SharedBoard } from './fixtures.js';
import { sharedBoard } from './fixtures.js';
import { sticky } from './helpers.js';

/**
 * docs/document.md "Locked items": a batch that moves a section and each of its locked contents by
 * the same offset is the section carrying them, as a live drag is; every other batch change of a
 * locked item stays 423 `item_locked` with nothing applied.
 */

let t: TestServer;
let s: SharedBoard;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  s = await sharedBoard(t);
});
afterAll(() => t.stop());

const items = () => `/boards/${s.boardId}/items`;
const read = async (id: string): Promise<Body> => json(t.api(s.owner.key, 'GET', `${items()}/${id}`));
const activity = async (): Promise<Body[]> => (await json(t.api(s.owner.key, 'GET', `/boards/${s.boardId}/activity`))).data;
const batch = (operations: unknown[]) => t.api(s.editor.key, 'POST', `${items()}:batch`, { operations });

async function create(body: Record<string, unknown>): Promise<Body> {
  const res = await t.api(s.editor.key, 'POST', items(), body);
  expect(res.status).toBe(201);
  return json(res);
}

async function lock(item: Body): Promise<Body> {
  const res = await t.api(s.editor.key, 'PATCH', `${items()}/${item.id}`, { locked: true });
  expect(res.status).toBe(200);
  return json(res);
}

let nextX = 0;

/**
 * A section 800 × 600 of its own part of the board holding two locked notes and an unlocked one,
 * and a locked note just outside it (`outsider`).
 */
async function lockedScene(options: { lockSection?: boolean } = {}): Promise<{ section: Body; a: Body; b: Body; free: Body; outsider: Body }> {
  const x = (nextX += 3000);
  let section = await create({ type: 'section', position: { x, y: 0 }, size: { width: 800, height: 600 }, data: { title: 'Frozen' } });
  if (options.lockSection === true) section = await lock(section);
  const a = await lock(await create(sticky('A', x - 200, -100)));
  const b = await lock(await create(sticky('B', x + 200, 100)));
  const free = await create(sticky('Free', x, 0));
  const outsider = await lock(await create(sticky('Out', x + 900, 0)));
  return { section, a, b, free, outsider };
}

const move = (item: Body, dx: number, dy: number) => ({ op: 'move', id: item.id, position: { x: item.position.x + dx, y: item.position.y + dy } });

describe('a batch that moves a section with its locked contents', () => {
  test('moving the section and each locked item in it by the same offset is stored once, as one action with one activity row', async () => {
    const { section, a, b, free, outsider } = await lockedScene();
    const rowsBefore = (await activity()).length;
    const res = await batch([move(section, 300, 200), move(a, 300, 200), move(b, 300, 200), move(free, -50, 10)]);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.results.map((r: Body) => r.op)).toEqual(['move', 'move', 'move', 'move']);
    expect((await read(section.id)).position).toEqual({ x: section.position.x + 300, y: 200 });
    for (const item of [a, b]) {
      const after = await read(item.id);
      expect(after).toMatchObject({ locked: true, position: { x: item.position.x + 300, y: item.position.y + 200 }, size: item.size, data: item.data });
      expect(after.sectionId).toBe(section.id);
    }
    expect((await read(free.id)).position).toEqual({ x: free.position.x - 50, y: 10 });
    expect(await read(outsider.id)).toEqual(outsider);
    const rows = await activity();
    expect(rows.length - rowsBefore).toBe(1);
    expect(rows[0]!.action).toBe('items.batch');
  });

  test('a locked section is carried by a section that holds it, with its own locked contents, in one batch', async () => {
    const { section: inner, a, b } = await lockedScene({ lockSection: true });
    const outer = await create({ type: 'section', position: { x: inner.position.x, y: 0 }, size: { width: 1200, height: 1000 }, data: { title: 'Outer' } });
    const res = await batch([move(outer, -40, 500), move(inner, -40, 500), move(a, -40, 500), move(b, -40, 500)]);
    expect(res.status).toBe(200);
    for (const item of [inner, a, b]) expect((await read(item.id)).position).toEqual({ x: item.position.x - 40, y: item.position.y + 500 });
  });
});

describe('every other batch change of a locked item is still refused whole', () => {
  type Scene = Awaited<ReturnType<typeof lockedScene>>;
  test.each<[string, (scene: Scene) => unknown[], (scene: Scene) => Body, number, { lockSection?: boolean }?]>([
    ['a locked item moved by another offset than its section', ({ section, a, b }) => [move(section, 300, 200), move(a, 300, 200), move(b, 300, 201)], ({ b }) => b, 2],
    ['a locked item moved alone', ({ a }) => [move(a, 300, 200)], ({ a }) => a, 0],
    ['a locked item moved with its section and resized', ({ section, a }) => [move(section, 300, 200), move(a, 300, 200), { op: 'resize', id: a.id, size: { width: 50, height: 50 } }], ({ a }) => a, 1],
    ['a locked item moved and deleted', ({ section, a }) => [move(section, 300, 200), move(a, 300, 200), { op: 'delete', id: a.id }], ({ a }) => a, 1],
    ['a locked item outside the section moved by its offset', ({ section, outsider }) => [move(section, 300, 200), move(outsider, 300, 200)], ({ outsider }) => outsider, 1],
    ['a locked item whose section is resized rather than moved', ({ section, a }) => [{ op: 'resize', id: section.id, size: { width: 900, height: 600 }, position: { x: section.position.x + 300, y: 200 } }, move(a, 300, 200)], ({ a }) => a, 1],
    ['a locked item whose section is moved back in the same batch', ({ section, a }) => [move(section, 300, 200), move(a, 300, 200), move(section, 0, 0)], ({ a }) => a, 1],
    ['the contents of a locked section that nothing carries', ({ section, a }) => [move(section, 300, 200), move(a, 300, 200)], ({ section }) => section, 0, { lockSection: true }],
  ])('%s: 423 item_locked naming it, and nothing is stored', async (_what, operations, refused, index, options) => {
    const scene = await lockedScene(options);
    const rowsBefore = (await activity()).length;
    const body: Body = await expectEnvelope(await batch(operations(scene)), 423, 'item_locked');
    expect(body.error.itemId).toBe(refused(scene).id);
    expect(body.error.field).toBe(`operations[${index}].id`);
    for (const item of Object.values(scene)) expect(await read(item.id)).toEqual(item);
    expect((await activity()).length).toBe(rowsBefore);
  });
});
