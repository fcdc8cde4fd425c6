import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Collection, Filter, Update } from '../../../storage/index.js';
import type { ActivityRecord, BoardRecord, SpaceRecord } from '../../../storage/schema/boards.js';
import { boardCollections } from '../../../storage/schema/boards.js';
import type { RecordEventsRecord } from '../../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../../storage/schema/writeEvents.js';
import { describePostgres } from '../../helpers/postgres.js';
import { json, startTestServer } from '../../helpers/testServer.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';

/**
 * docs/events.md "Durability of record events": a space's trash and restore write each of its
 * boards carrying their journal row, and each board's activity row and event is recorded only
 * when that board's write happened. A trash or restore cut between the space's write and its
 * boards' (or after both), whose space another writer changes again before the row is recovered,
 * records each board's part once when its write happened and never when it did not. Each
 * operation here is cut as a killed process would be (a store or a listener that never answers);
 * the other writer is a request to the same store, and `recover()` does what the next process (or
 * the holder of the orphan-recovery lease) does.
 */

const dayMs = 86_400_000;

interface Scene {
  t: TestServer;
  olive: TestUser;
  spaceId: string;
  boardIds: string[];
  /** Events heard since the scene began, as sorted `<type> <subject>` lines. */
  heard: () => string[];
  /** Activity rows of the scene's boards, as sorted `<board> <action>` lines. */
  activity: () => Promise<string[]>;
}

/** Unsubscribes the listeners of each scene once its test is over. */
const listening: (() => void)[] = [];

const spaces = (t: TestServer): Collection<SpaceRecord> => t.server.services.db.collection<SpaceRecord>(boardCollections.spaces);
const boards = (t: TestServer): Collection<BoardRecord> => t.server.services.db.collection<BoardRecord>(boardCollections.boards);
const journal = (t: TestServer): Collection<RecordEventsRecord> => t.server.services.db.collection<RecordEventsRecord>(writeEventCollections.records);

/** A person on pro with a space of two boards, and what the bus says from now on. */
async function scene(t: TestServer, name: string): Promise<Scene> {
  const olive = await t.createUser({ name: 'Olive', plan: 'pro' });
  const spaceId = (await json(t.api(olive.key, 'POST', '/spaces', { name }))).id as string;
  const boardIds: string[] = [];
  for (const title of ['One', 'Two']) boardIds.push((await json(t.api(olive.key, 'POST', '/boards', { title: `${name} ${title}`, spaceId }))).id as string);
  boardIds.sort();
  const lines: string[] = [];
  const ours = (boardId: string): boolean => boardIds.includes(boardId);
  const events = t.server.services.events;
  listening.push(
    events.on('board.deleted', (e) => void (ours(e.boardId) && lines.push(`board.deleted ${e.boardId} ${e.purged === true ? 'purged' : e.outcome}`))),
    events.on('board.restored', (e) => void (ours(e.boardId) && lines.push(`board.restored ${e.boardId}`))),
    events.on('space.trashed', (e) => void (e.spaceId === spaceId && lines.push(`space.trashed [${[...e.boardIds].sort().join(' ')}]`))),
  );
  return {
    t,
    olive,
    spaceId,
    boardIds,
    heard: () => [...lines].sort(),
    activity: async () =>
      (await t.server.services.db.collection<ActivityRecord>(boardCollections.activity).find({ boardId: { $in: boardIds } }))
        .map((row) => `${row.boardId} ${row.action}`)
        .filter((line) => !line.endsWith('board.created'))
        .sort(),
  };
}

/** From now on, every write of `collection` that `halts` picks never answers, as if the process were killed there. */
function haltWrites<R extends BoardRecord | SpaceRecord>(collection: Collection<R>, halts: (update: Update<R>) => boolean): void {
  const updateOne = collection.updateOne.bind(collection);
  const updateMany = collection.updateMany.bind(collection);
  vi.spyOn(collection, 'updateOne').mockImplementation((filter: Filter<R>, update: Update<R>) => (halts(update) ? new Promise<never>(() => undefined) : updateOne(filter, update)));
  vi.spyOn(collection, 'updateMany').mockImplementation((filter: Filter<R>, update: Update<R>) => (halts(update) ? new Promise<never>(() => undefined) : updateMany(filter, update)));
}

/** A space trash or restore: its boards' write sets `trashedWithSpaceId`. */
const boardsWrite = (update: Update<BoardRecord>): boolean => update.$set !== undefined && 'trashedWithSpaceId' in update.$set;

/** Starts `method route` and returns once the process is cut: its boards' write never happens. */
async function cutBeforeBoards(s: Scene, method: string, route: string, spaceStored: (space: SpaceRecord | null) => boolean): Promise<void> {
  haltWrites(boards(s.t), boardsWrite);
  s.t.api(s.olive.key, method, route).catch(() => undefined);
  await expect.poll(async () => spaceStored(await spaces(s.t).get(s.spaceId)), { timeout: 20_000 }).toBe(true);
  vi.restoreAllMocks();
}

/** Starts `method route` and returns once the process is cut after every write, before it recorded anything. */
async function cutAfterWrites(s: Scene, method: string, route: string): Promise<void> {
  const record = vi.spyOn(s.t.server.services.activity, 'record').mockImplementation(() => new Promise<never>(() => undefined));
  s.t.api(s.olive.key, method, route).catch(() => undefined);
  await expect.poll(() => record.mock.calls.length, { timeout: 20_000 }).toBe(1);
  vi.restoreAllMocks();
}

/** What the next process does with the rows left: one row here (the other writer's own row is removed off its answer's path, so waited for). */
async function recover(s: Scene): Promise<void> {
  await expect.poll(() => journal(s.t).count({}), { timeout: 20_000 }).toBe(1);
  expect(await s.t.server.services.liveEdits.recover()).toBe(1);
  expect(await journal(s.t).count({})).toBe(0);
}

const status = async (response: Promise<Response>): Promise<number> => (await response).status;

const cases = {
  'a trash cut after its space, whose space another writer restored, records no board event nor activity row, and space.trashed with no board': async (t: TestServer) => {
    const s = await scene(t, 'Cut trash');
    await cutBeforeBoards(s, 'DELETE', `/spaces/${s.spaceId}`, (space) => space?.trashedAt !== null);
    t.clock.advance(1_000);
    expect(await status(t.api(s.olive.key, 'POST', `/spaces/${s.spaceId}/restore`))).toBe(200);
    await recover(s);
    expect(s.heard()).toEqual(['space.trashed []']);
    expect(await s.activity()).toEqual([]);
    for (const id of s.boardIds) expect(await boards(t).get(id)).toMatchObject({ trashedAt: null, trashedWithSpaceId: null, spaceId: s.spaceId });
  },
  "a trash cut after its boards' write, whose space another writer restored, records each board's board.deleted and activity row once": async (t: TestServer) => {
    const s = await scene(t, 'Trashed');
    await cutAfterWrites(s, 'DELETE', `/spaces/${s.spaceId}`);
    t.clock.advance(1_000);
    expect(await status(t.api(s.olive.key, 'POST', `/spaces/${s.spaceId}/restore`))).toBe(200);
    await recover(s);
    const [a, b] = s.boardIds as [string, string];
    expect(s.heard()).toEqual([`board.deleted ${a} trashed`, `board.deleted ${b} trashed`, `board.restored ${a}`, `board.restored ${b}`, `space.trashed [${a} ${b}]`]);
    expect(await s.activity()).toEqual([`${a} board.restored`, `${a} board.trashed`, `${b} board.restored`, `${b} board.trashed`]);
    for (const id of s.boardIds) expect((await boards(t).get(id))?.trashedAt).toBeNull();
  },
};

const moreCases = {
  'a restore cut after its space, whose space another writer trashed again, records no board.restored nor activity row; the boards stay in trash with the space': async (t: TestServer) => {
    const s = await scene(t, 'Cut restore');
    expect(await status(t.api(s.olive.key, 'DELETE', `/spaces/${s.spaceId}`))).toBe(200);
    const trashedAt = t.clock.now();
    t.clock.advance(1_000);
    await cutBeforeBoards(s, 'POST', `/spaces/${s.spaceId}/restore`, (space) => space?.trashedAt === null);
    t.clock.advance(1_000);
    expect(await status(t.api(s.olive.key, 'DELETE', `/spaces/${s.spaceId}`))).toBe(200);
    await recover(s);
    const [a, b] = s.boardIds as [string, string];
    // The first trash (not cut) and the second, which found no active board.
    expect(s.heard()).toEqual([`board.deleted ${a} trashed`, `board.deleted ${b} trashed`, 'space.trashed []', `space.trashed [${a} ${b}]`]);
    expect(await s.activity()).toEqual([`${a} board.trashed`, `${b} board.trashed`]);
    for (const id of s.boardIds) expect(await boards(t).get(id)).toMatchObject({ trashedAt, trashedWithSpaceId: s.spaceId });
  },
  "a restore cut after its boards' write, whose space another writer trashed again, records each board's board.restored and activity row once": async (t: TestServer) => {
    const s = await scene(t, 'Restored');
    expect(await status(t.api(s.olive.key, 'DELETE', `/spaces/${s.spaceId}`))).toBe(200);
    t.clock.advance(1_000);
    await cutAfterWrites(s, 'POST', `/spaces/${s.spaceId}/restore`);
    t.clock.advance(1_000);
    expect(await status(t.api(s.olive.key, 'DELETE', `/spaces/${s.spaceId}`))).toBe(200);
    await recover(s);
    const [a, b] = s.boardIds as [string, string];
    const trashedTwice = [`board.deleted ${a} trashed`, `board.deleted ${a} trashed`, `board.deleted ${b} trashed`, `board.deleted ${b} trashed`];
    expect(s.heard()).toEqual([...trashedTwice, `board.restored ${a}`, `board.restored ${b}`, `space.trashed [${a} ${b}]`, `space.trashed [${a} ${b}]`]);
    expect(await s.activity()).toEqual([`${a} board.restored`, `${a} board.trashed`, `${a} board.trashed`, `${b} board.restored`, `${b} board.trashed`, `${b} board.trashed`]);
    for (const id of s.boardIds) expect((await boards(t).get(id))?.trashedWithSpaceId).toBe(s.spaceId);
  },
  'a trash whose space and boards were purged before its row was recovered records each board.deleted from the kept marks': async (t: TestServer) => {
    const s = await scene(t, 'Purged');
    await cutAfterWrites(s, 'DELETE', `/spaces/${s.spaceId}`);
    t.clock.advance(31 * dayMs);
    await t.server.services.trash.sweep();
    for (const id of s.boardIds) expect(await boards(t).get(id)).toBeNull();
    await recover(s);
    const [a, b] = s.boardIds as [string, string];
    expect(s.heard()).toEqual([`board.deleted ${a} purged`, `board.deleted ${a} trashed`, `board.deleted ${b} purged`, `board.deleted ${b} trashed`, `space.trashed [${a} ${b}]`]);
    // Their feeds went with them.
    expect(await s.activity()).toEqual([]);
    expect(await t.server.services.db.collection(writeEventCollections.marksKept).count({})).toBe(0);
  },
  "a trash cut after its space and recovered while the space is still in trash has its boards' write finished, each board carrying the row, and records them all": async (t: TestServer) => {
    const s = await scene(t, 'Finished');
    await cutBeforeBoards(s, 'DELETE', `/spaces/${s.spaceId}`, (space) => space?.trashedAt !== null);
    // The rows of the scene's own writes are removed off their answers' path: the cut trash's is the one left.
    await expect.poll(() => journal(t).count({}), { timeout: 20_000 }).toBe(1);
    const [row] = await journal(t).find({});
    await recover(s);
    const [a, b] = s.boardIds as [string, string];
    expect(s.heard()).toEqual([`board.deleted ${a} trashed`, `board.deleted ${b} trashed`, `space.trashed [${a} ${b}]`]);
    expect(await s.activity()).toEqual([`${a} board.trashed`, `${b} board.trashed`]);
    for (const id of s.boardIds) {
      const board = await boards(t).get(id);
      expect(board).toMatchObject({ trashedWithSpaceId: s.spaceId });
      expect(board?.recordEvents?.split(' ')).toContain(row?.id);
    }
  },
  'a trash whose space write never happened is dropped, its boards left as they are': async (t: TestServer) => {
    const s = await scene(t, 'Ghost');
    haltWrites(spaces(t), (update) => update.$set !== undefined && 'trashedAt' in update.$set);
    t.api(s.olive.key, 'DELETE', `/spaces/${s.spaceId}`).catch(() => undefined);
    await expect.poll(() => journal(t).count({}), { timeout: 20_000 }).toBe(1);
    vi.restoreAllMocks();
    await recover(s);
    expect(s.heard()).toEqual([]);
    expect(await s.activity()).toEqual([]);
    expect((await spaces(t).get(s.spaceId))?.trashedAt).toBeNull();
    for (const id of s.boardIds) expect((await boards(t).get(id))?.trashedAt).toBeNull();
  },
  'a board moved out of the space between the trash reading it and writing it is not announced as trashed with it': async (t: TestServer) => {
    const s = await scene(t, 'Moved');
    const [a, b] = s.boardIds as [string, string];
    const collection = boards(t);
    const updateOne = collection.updateOne.bind(collection);
    // Another writer moves board b out of the space just before the trash writes its first board.
    vi.spyOn(collection, 'updateOne').mockImplementationOnce(async (filter, update) => {
      await updateOne({ id: b }, { $set: { spaceId: null } });
      return updateOne(filter, update);
    });
    const res = await t.api(s.olive.key, 'DELETE', `/spaces/${s.spaceId}`);
    expect(res.status).toBe(200);
    // The answer counts the boards that went with the space, not those read before.
    expect(((await res.json()) as { boardCount: number }).boardCount).toBe(1);
    vi.restoreAllMocks();
    expect(s.heard()).toEqual([`board.deleted ${a} trashed`, `space.trashed [${a}]`]);
    expect(await s.activity()).toEqual([`${a} board.trashed`]);
    expect(await collection.get(b)).toMatchObject({ spaceId: null, trashedAt: null });
  },
};

/** One server over the store `env` opens, for the cases given. */
function onServer(env: () => Promise<Record<string, string>>, chosen: Record<string, (t: TestServer) => Promise<void>>): void {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000', ...(await env()) } });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const off of listening.splice(0)) off();
  });
  afterAll(async () => {
    await t?.stop();
  });
  for (const [name, body] of Object.entries(chosen)) it(name, () => body(t), 60_000);
}

describe("a space's trash and restore matched per board by the marks of their rows (sqlite)", () => {
  onServer(() => Promise.resolve({}), { ...cases, ...moreCases });
});

describePostgres("a space's trash and restore matched per board by the marks of their rows (PostgreSQL)", (cluster) => {
  onServer(async () => ({ BOARDS_STORAGE: 'postgres', BOARDS_POSTGRES_URL: await cluster().createDatabase() }), cases);
});
