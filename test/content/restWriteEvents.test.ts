import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import type { WriteEventsRecord } from '../../storage/schema/writeEvents.js';
import { json, startTestServer } from '../helpers/testServer.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startReceiver } from '../server/webhooks/receiver.js';
import type { TestReceiver } from '../server/webhooks/receiver.js';
import { createBoard, sticky } from './helpers.js';
import { haltEventsWhere, isServiceWriteOf, recordedEvents, writeEventsJournal } from './writeEventsKit.js';

/**
 * docs/events.md "Durability of write events": a REST write whose process stops after its update
 * was stored and before its events were recorded gets its events from the journal when the store
 * is opened again, exactly once: one activity row, one webhook delivery per event, one
 * notification per person, however often the journal is replayed.
 */

const env = { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };

let dataDir: string;
let receiver: TestReceiver;
let t: TestServer;
let olive: TestUser;
let bea: TestUser;
let boardId = '';

/** What the store holds of the board's events: activity rows, outbox rows and Bea's notifications. */
async function recorded(server: TestServer): Promise<{ activity: string[]; deliveries: string[]; mentions: string[] }> {
  const notifications = await server.server.services.db
    .collection<NotificationRecord>(accountCollections.notifications)
    .find({ userId: bea.id, boardId }, { sort: [['id', 1]] });
  return { ...(await recordedEvents(server, [boardId])), mentions: notifications.filter((n) => n.kind === 'mention').map((n) => n.itemId ?? '-') };
}

/**
 * From now on, every REST or batch write to the board stops at its first event, as a process
 * killed there would: its update is stored, and no listener hears anything of it.
 */
function haltWritesAfterTheirUpdate(server: TestServer): void {
  haltEventsWhere(server, (type, payload) => isServiceWriteOf(boardId, type, payload));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'boards-write-events-'));
  receiver = await startReceiver();
  t = await startTestServer({ env, dataDir });
  olive = await t.createUser({ name: 'Olive', plan: 'pro' });
  bea = await t.createUser({ name: 'Bea' });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a REST write stopped between its stored update and its events', () => {
  let rows: WriteEventsRecord[] = [];
  let expected: Awaited<ReturnType<typeof recorded>>;

  it('a create (a comment mentioning Bea), a patch, a delete and a batch, each stopped there, get one activity row, one webhook delivery per event and one mention once the store is opened again', async () => {
    boardId = await createBoard(t, olive.key, 'Halted writes');
    expect((await t.api(olive.key, 'POST', `/boards/${boardId}/members`, { email: bea.email, role: 'editor' })).status).toBeLessThan(300);
    const hook = await t.api(olive.key, 'POST', '/webhooks', {
      url: receiver.url,
      events: ['item.created', 'item.updated', 'item.deleted', 'comment.created'],
      boardIds: [boardId],
    });
    expect(hook.status).toBe(201);
    const kept = (await json(t.api(olive.key, 'POST', `/boards/${boardId}/items`, sticky('kept')))).id as string;
    const doomed = (await json(t.api(olive.key, 'POST', `/boards/${boardId}/items`, sticky('doomed', 300)))).id as string;
    await expect.poll(async () => (await recorded(t)).deliveries).toEqual([`item.created ${doomed}`, `item.created ${kept}`].sort());
    const before = await recorded(t);

    haltWritesAfterTheirUpdate(t);
    const cut = [
      t.api(olive.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 0, y: 300 }, data: { text: 'Ready, @Bea?' } }),
      t.api(olive.key, 'PATCH', `/boards/${boardId}/items/${kept}`, { position: { x: 50, y: 50 } }),
      t.api(olive.key, 'DELETE', `/boards/${boardId}/items/${doomed}`),
      t.api(olive.key, 'POST', `/boards/${boardId}/items:batch`, { operations: [{ op: 'create', ...sticky('b1', 0, 600) }, { op: 'create', ...sticky('b2', 300, 600) }] }),
    ];
    for (const request of cut) request.catch(() => undefined);
    // Each write stored its update and journaled its events, and stopped before announcing them.
    await expect.poll(() => writeEventsJournal(t).count({}), { timeout: 20_000 }).toBe(4);
    rows = await writeEventsJournal(t).find({}, { sort: [['id', 1]] });
    expect(await recorded(t)).toEqual(before);

    // The process stops there; the next one opens the same store.
    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => writeEventsJournal(t).count({}), { timeout: 20_000 }).toBe(0);

    const items = (await json(t.api(olive.key, 'GET', `/boards/${boardId}/items?limit=100`))).data as { id: string; type: string; position: { x: number }; data: { text?: string } }[];
    const comment = items.find((item) => item.type === 'comment')?.id ?? '';
    const batched = items.filter((item) => item.data.text === 'b1' || item.data.text === 'b2').map((item) => item.id);
    expect(comment).not.toBe('');
    expect(batched).toHaveLength(2);
    expect(items.map((item) => item.id)).not.toContain(doomed);
    expect(items.find((item) => item.id === kept)?.position.x).toBe(50);

    expected = {
      activity: [...before.activity, `item.created ${comment}`, `item.updated ${kept}`, `item.deleted ${doomed}`, 'items.batch -'].sort(),
      deliveries: [
        ...before.deliveries,
        `item.created ${comment}`,
        `comment.created ${comment}`,
        `item.updated ${kept}`,
        `item.deleted ${doomed}`,
        ...batched.map((id) => `item.created ${id}`),
      ].sort(),
      mentions: [comment],
    };
    await expect.poll(() => recorded(t), { timeout: 20_000 }).toEqual(expected);
  }, 120_000);

  it('a replay of rows whose events were recorded already (a stop between the events and the removal of the rows) records nothing twice', async () => {
    expect(rows).toHaveLength(4);
    for (const row of rows) await writeEventsJournal(t).insert(row);
    expect(await t.server.services.liveEdits.recover()).toBe(4);
    expect(await writeEventsJournal(t).count({})).toBe(0);
    expect(await recorded(t)).toEqual(expected);
  });

  it('drops, without its events, a row whose change the stored document does not hold (the process stopped before the update was stored)', async () => {
    const [row] = rows;
    const itemId = 'itm_neverstored00000000';
    const payload = { ...(row?.events[1]?.payload ?? {}), itemId, item: null, changeKey: `created/${boardId}/${itemId}/1.0` };
    await writeEventsJournal(t).insert({ ...(row as WriteEventsRecord), id: 'wev_neverstored', mark: { client: 1, clock: 0, deletion: false }, events: [{ type: 'item.created', payload }] });
    const heard: string[] = [];
    const off = t.server.services.events.on('item.created', (event) => void heard.push(event.itemId));
    expect(await t.server.services.liveEdits.recover()).toBe(1);
    off();
    expect(heard).toEqual([]);
    expect(await writeEventsJournal(t).count({})).toBe(0);
    expect(await recorded(t)).toEqual(expected);
  });
});
