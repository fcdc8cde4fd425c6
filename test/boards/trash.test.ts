import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ActivityService } from '../../server/boards/ActivityService.js';
import { storeBoardDocuments } from '../../server/boards/BoardDocuments.js';
import { BoardPurger } from '../../server/boards/BoardPurger.js';
import { TrashService } from '../../server/boards/TrashService.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';
import type { SpaceBody } from './helpers/api.js';
import { createBoard, createSpace, read } from './helpers/api.js';

const dayMs = 86_400_000;

let t: TestServer;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ plan: 'pro' });
});
afterAll(async () => t.stop());

async function documentExists(boardId: string): Promise<boolean> {
  const stored = await t.server.services.db.documents.load(boardId);
  return stored.snapshot !== null || stored.updates.length > 0;
}

describe('trash retention sweep', () => {
  it('purges spaces and boards after 30 days in trash, with their documents, and nothing earlier', async () => {
    const trash = t.server.services.trash;
    await trash.sweep();
    const space = await createSpace(t, owner, 'Old');
    const inSpace = await createBoard(t, owner, { spaceId: space.id });
    const loose = await createBoard(t, owner);
    const active = await createBoard(t, owner);
    await read(await t.api(owner.key, 'PUT', `/spaces/${space.id}/public-link`, { enabled: true }), 200);
    await read(await t.api(owner.key, 'DELETE', `/spaces/${space.id}`), 200);
    await read(await t.api(owner.key, 'DELETE', `/boards/${loose.id}`), 200);

    t.clock.advance(30 * dayMs - 1);
    expect(await trash.sweep()).toEqual({ spaces: 0, boards: 0 });
    expect((await read<SpaceBody>(await t.api(owner.key, 'GET', '/spaces/trash'), 200)).spaceCount).toBe(1);

    t.clock.advance(1);
    expect(await trash.sweep()).toEqual({ spaces: 1, boards: 2 });
    await expectEnvelope(await t.api(owner.key, 'GET', `/spaces/${space.id}`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'POST', `/spaces/${space.id}/restore`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${loose.id}`), 404, 'not_found');
    expect(await documentExists(inSpace.id)).toBe(false);
    expect(await documentExists(loose.id)).toBe(false);
    expect(await documentExists(active.id)).toBe(true);
    expect((await t.server.services.activity.list(inSpace.id, { limit: 10 })).data).toHaveLength(0);
    expect(await read<SpaceBody>(await t.api(owner.key, 'GET', '/spaces/trash'), 200)).toMatchObject({ spaceCount: 0, boardCount: 0 });
    expect((await read<{ id: string }>(await t.api(owner.key, 'GET', `/boards/${active.id}`), 200)).id).toBe(active.id);
  });

  it('restoring before the deadline saves the board from the sweep', async () => {
    const board = await createBoard(t, owner);
    await read(await t.api(owner.key, 'DELETE', `/boards/${board.id}`), 200);
    t.clock.advance(29 * dayMs);
    await read(await t.api(owner.key, 'POST', `/boards/${board.id}/restore`), 200);
    t.clock.advance(2 * dayMs);
    await t.server.services.trash.sweep();
    expect(await documentExists(board.id)).toBe(true);
  });

  it('past its purge time a board and a space are gone on read, before any sweep', async () => {
    const board = await createBoard(t, owner);
    const space = await createSpace(t, owner, 'Expiring');
    await read(await t.api(owner.key, 'DELETE', `/boards/${board.id}`), 200);
    await read(await t.api(owner.key, 'DELETE', `/spaces/${space.id}`), 200);
    t.clock.advance(30 * dayMs - 1);
    await read(await t.api(owner.key, 'GET', `/boards/${board.id}`), 200);
    expect((await read<{ data: { id: string }[] }>(await t.api(owner.key, 'GET', '/boards?spaceId=trash'), 200)).data.map((b) => b.id)).toContain(board.id);
    t.clock.advance(1);
    await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${board.id}`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'POST', `/boards/${board.id}/restore`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'GET', `/spaces/${space.id}`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'POST', `/spaces/${space.id}/restore`), 404, 'not_found');
    expect((await read<{ data: { id: string }[] }>(await t.api(owner.key, 'GET', '/boards?spaceId=trash'), 200)).data.map((b) => b.id)).not.toContain(board.id);
    expect(await documentExists(board.id)).toBe(true);
    await t.server.services.trash.sweep();
    expect(await documentExists(board.id)).toBe(false);
  });

  /** A sweeper of its own over the server's store, with the given interval. */
  function ownSweeper(sweepIntervalMs: number): TrashService {
    const services = t.server.services;
    const purger = new BoardPurger(services.db, {
      activity: new ActivityService(services.db, t.clock),
      documents: storeBoardDocuments(services.db.documents),
    });
    return new TrashService(services.db, { accounts: services.accounts, purger, clock: t.clock, records: services.records }, { sweepIntervalMs });
  }

  async function expiredBoard(): Promise<string> {
    const board = await createBoard(t, owner);
    await read(await t.api(owner.key, 'DELETE', `/boards/${board.id}`), 200);
    t.clock.advance(31 * dayMs);
    return board.id;
  }

  it('the sweep runs at start-up, before the first interval', async () => {
    const boardId = await expiredBoard();
    const sweeper = ownSweeper(3_600_000);
    sweeper.start();
    await sweeper.stop();
    expect(await documentExists(boardId)).toBe(false);
  });

  it('the periodic sweep runs on its timer and stops on close', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const sweeper = ownSweeper(1000);
      sweeper.start();
      await sweeper.sweep();
      const boardId = await expiredBoard();
      expect(await documentExists(boardId)).toBe(true);
      await vi.advanceTimersByTimeAsync(1000);
      await sweeper.stop();
      expect(await documentExists(boardId)).toBe(false);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
