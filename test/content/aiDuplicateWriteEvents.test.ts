import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEventMap } from '../../server/events/index.js';
import type { WriteEventsRecord } from '../../storage/schema/writeEvents.js';
import { json, startTestServer } from '../helpers/testServer.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startReceiver } from '../server/webhooks/receiver.js';
import type { TestReceiver } from '../server/webhooks/receiver.js';
import { createBoard, sticky } from './helpers.js';
import { haltEventsWhere, isServiceWriteOf, recordedEvents, writeEventsJournal } from './writeEventsKit.js';

/**
 * docs/events.md "Durability of write events", for AI writes (generate, modify, convert) and a
 * board duplicate: a process that stops after their update (or the copy) was stored and before
 * their events were recorded leaves them in the journal, and the next process records them
 * exactly once: one activity row, one webhook delivery per event, however often it replays them.
 */

const env = { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };

let dataDir: string;
let receiver: TestReceiver;
let t: TestServer;
let olive: TestUser;
let boardId = '';
let sourceId = '';

/**
 * From now on, every AI write to the board stops at its first event (`board.changed`), and a
 * duplicate of the source board at its first (`board.duplicated`), as a process killed there
 * would: the update (or the copy) is stored, and no listener hears anything of it.
 */
function haltWritesAfterTheirUpdate(server: TestServer): void {
  haltEventsWhere(
    server,
    (type, payload) => isServiceWriteOf(boardId, type, payload) || (type === 'board.duplicated' && (payload as DomainEventMap['board.duplicated']).sourceBoardId === sourceId),
  );
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'boards-ai-write-events-'));
  receiver = await startReceiver();
  t = await startTestServer({ env, dataDir });
  olive = await t.createUser({ name: 'Olive', plan: 'pro' });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an AI write or a duplicate stopped between its stored update and its events', () => {
  let rows: WriteEventsRecord[] = [];
  let copyId = '';
  let expected: Awaited<ReturnType<typeof recordedEvents>>;

  it('a generate, a modify, a convert and a duplicate, each stopped there, get one activity row and one webhook delivery per event once the store is opened again', async () => {
    boardId = await createBoard(t, olive.key, 'AI writes');
    sourceId = await createBoard(t, olive.key, 'Copied');
    const hook = await t.api(olive.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created', 'item.updated', 'item.deleted'] });
    expect(hook.status).toBe(201);
    const note = (await json(t.api(olive.key, 'POST', `/boards/${boardId}/items`, sticky('make me title case')))).id as string;
    const converted = (await json(t.api(olive.key, 'POST', `/boards/${boardId}/items`, sticky('turn me into text', 300)))).id as string;
    const copied = [
      (await json(t.api(olive.key, 'POST', `/boards/${sourceId}/items`, sticky('one')))).id as string,
      (await json(t.api(olive.key, 'POST', `/boards/${sourceId}/items`, sticky('two', 300)))).id as string,
    ];
    await expect.poll(async () => (await recordedEvents(t, [boardId, sourceId])).deliveries.length).toBe(4);
    const before = await recordedEvents(t, [boardId, sourceId]);

    haltWritesAfterTheirUpdate(t);
    const cut = [
      t.api(olive.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'Ideas: email, chat and phone', position: { x: 0, y: 3000 } }),
      t.api(olive.key, 'POST', `/boards/${boardId}/ai/modify`, { itemId: note, instruction: 'Title case please' }),
      t.api(olive.key, 'POST', `/boards/${boardId}/items/${converted}/convert`, { targetType: 'text' }),
      t.api(olive.key, 'POST', `/boards/${sourceId}/duplicate`),
    ];
    for (const request of cut) request.catch(() => undefined);
    // Each write stored its update (the copy its document and record) and journaled its events, and stopped before announcing them.
    await expect.poll(() => writeEventsJournal(t).count({}), { timeout: 20_000 }).toBe(4);
    rows = await writeEventsJournal(t).find({}, { sort: [['id', 1]] });
    copyId = rows.find((row) => row.boardCreated === true)?.boardId ?? '';
    expect(copyId).not.toBe('');
    // The copy's items are not stored in its row: a replay reads them from the copy's document.
    const duplicated = rows.find((row) => row.boardCreated === true)?.events.find((event) => event.type === 'board.duplicated');
    expect(duplicated?.payload.sourceBoardId).toBe(sourceId);
    expect(duplicated?.payload).not.toHaveProperty('items');
    expect(await recordedEvents(t, [boardId, sourceId])).toEqual(before);
    expect((await recordedEvents(t, [copyId])).deliveries).toEqual([]);

    // The process stops there; the next one opens the same store.
    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => writeEventsJournal(t).count({}), { timeout: 20_000 }).toBe(0);

    const items = (await json(t.api(olive.key, 'GET', `/boards/${boardId}/items?limit=100`))).data as { id: string; type: string; position: { x: number; y: number }; data: { text?: string } }[];
    expect(items.find((item) => item.id === note)?.data.text).toBe('Make Me Title Case');
    expect(items.map((item) => item.id)).not.toContain(converted);
    // The converted item is a text at its source's place; every other new item was generated.
    const text = items.filter((item) => item.type === 'text' && item.position.x === 300 && item.position.y === 0).map((item) => item.id);
    expect(text).toHaveLength(1);
    const generated = items.filter((item) => item.id !== note && item.id !== text[0]).map((item) => item.id);
    expect(generated.length).toBeGreaterThan(0);
    const copyItems = (await json(t.api(olive.key, 'GET', `/boards/${copyId}/items?limit=100`))).data as { id: string }[];
    expect(copyItems.map((item) => item.id).sort()).toEqual([...copied].sort());

    expected = {
      activity: [
        ...before.activity,
        'ai.generated -',
        `ai.modified ${note}`,
        `item.converted ${text[0] ?? ''}`,
        'board.created -',
        'board.duplicated -',
      ].sort(),
      deliveries: [
        ...before.deliveries,
        ...generated.map((id) => `item.created ${id}`),
        `item.updated ${note}`,
        `item.created ${text[0] ?? ''}`,
        `item.deleted ${converted}`,
        ...copied.map((id) => `item.created ${id}`),
      ].sort(),
    };
    await expect.poll(() => recordedEvents(t, [boardId, sourceId, copyId]), { timeout: 20_000 }).toEqual(expected);
  }, 120_000);

  it('a replay of rows whose events were recorded already records nothing twice', async () => {
    expect(rows).toHaveLength(4);
    for (const row of rows) await writeEventsJournal(t).insert(row);
    const duplicated: DomainEventMap['board.duplicated'][] = [];
    const off = t.server.services.events.on('board.duplicated', (event) => void duplicated.push(event));
    expect(await t.server.services.liveEdits.recover()).toBe(4);
    off();
    expect(await writeEventsJournal(t).count({})).toBe(0);
    expect(await recordedEvents(t, [boardId, sourceId, copyId])).toEqual(expected);
    // board.duplicated is heard again with the copy's items, read from its document.
    expect(duplicated).toHaveLength(1);
    const copyItems = (await json(t.api(olive.key, 'GET', `/boards/${copyId}/items?limit=100`))).data as { id: string }[];
    expect(duplicated[0]?.items).toEqual(copyItems);
  });

  it('replays the row of a duplicate written with its items, as rows were before they were left out, with the items it holds', async () => {
    const row = rows.find((r) => r.boardCreated === true) as WriteEventsRecord;
    const stored = [{ id: 'itm_fromtherow000000000', type: 'sticky_note' }];
    await writeEventsJournal(t).insert({
      ...row,
      id: 'wev_withitems',
      events: row.events.map((event) => (event.type === 'board.duplicated' ? { ...event, payload: { ...event.payload, items: stored } } : event)),
    });
    const heard: unknown[] = [];
    const off = t.server.services.events.on('board.duplicated', (event) => void heard.push(event.items));
    expect(await t.server.services.liveEdits.recover()).toBe(1);
    off();
    expect(heard).toEqual([stored]);
  });

  it('drops, without its events, the row of a duplicate whose copy was never stored (the process stopped before its record)', async () => {
    const row = rows.find((r) => r.boardCreated === true) as WriteEventsRecord;
    const ghost = 'brd_neverstored0000000';
    await writeEventsJournal(t).insert({ ...row, id: 'wev_neverstored', boardId: ghost, events: row.events.map((event) => ({ ...event, payload: { ...event.payload, boardId: ghost, changeKey: `${String(event.payload.changeKey)}/ghost` } })) });
    const heard: string[] = [];
    const off = t.server.services.events.on('board.duplicated', (event) => void heard.push(event.boardId));
    expect(await t.server.services.liveEdits.recover()).toBe(1);
    off();
    expect(heard).toEqual([]);
    expect(await writeEventsJournal(t).count({})).toBe(0);
    expect((await recordedEvents(t, [ghost])).activity).toEqual([]);
  });
});
