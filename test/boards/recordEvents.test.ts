import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEventType } from '../../server/events/index.js';
import type { Collection } from '../../storage/index.js';
import type { NotificationRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import type { ActivityRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { RecordEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { json, startTestServer } from '../helpers/testServer.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startReceiver } from '../server/webhooks/receiver.js';
import type { TestReceiver } from '../server/webhooks/receiver.js';
import { createBoard } from '../content/helpers.js';
import { haltEventsWhere } from '../content/writeEventsKit.js';

/**
 * docs/events.md "Durability of record events": a board created, renamed, moved, trashed (alone or
 * with its space) or restored, a person shared a board or a space, given another role or removed, and a chat message, each stopped after
 * its record was stored and before its events were heard (as a `kill -9` there would), get one
 * activity row, one webhook delivery per subscription and one notification per person once the
 * store is opened again, however often the journal is replayed.
 */

const env = { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };
/** The events the stopped operations announce first (their activity rows and notifications come before them). */
const halted: readonly DomainEventType[] = ['board.created', 'board.updated', 'board.deleted', 'board.restored', 'member.added', 'member.updated', 'member.removed', 'chat.message.created'];

let dataDir: string;
let receiver: TestReceiver;
let t: TestServer;
let olive: TestUser;
let bert: TestUser;
let carol: TestUser;
let secret = '';
const boards: Record<'renamed' | 'moved' | 'trashed' | 'restored' | 'shared' | 'promoted' | 'unshared' | 'inSpace', string> = { renamed: '', moved: '', trashed: '', restored: '', shared: '', promoted: '', unshared: '', inSpace: '' };
let spaceId = '';
let oldSpaceId = '';
let createdId = '';

function recordJournal(server: TestServer): Collection<RecordEventsRecord> {
  return server.server.services.db.collection<RecordEventsRecord>(writeEventCollections.records);
}

/** Activity rows of the test's boards as sorted `<board key> <action>` lines. */
async function activity(server: TestServer): Promise<string[]> {
  const ids = { ...boards, created: createdId };
  const nameOf = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  const rows = await server.server.services.db.collection<ActivityRecord>(boardCollections.activity).find({ boardId: { $in: Object.values(ids).filter((id) => id !== '') } });
  return rows.map((row) => `${nameOf.get(row.boardId) ?? row.boardId} ${row.action}`).sort();
}

/** Bert's and Carol's `share` and `mention` notifications as sorted `<person> <kind> <board id or ->` lines. */
async function notifications(server: TestServer): Promise<string[]> {
  const rows = await server.server.services.db.collection<NotificationRecord>(accountCollections.notifications).find({ userId: { $in: [bert.id, carol.id] }, kind: { $in: ['share', 'mention'] } });
  return rows.map((row) => `${row.userId === bert.id ? 'bert' : 'carol'} ${row.kind} ${row.boardId ?? '-'}`).sort();
}

/** Every delivery the receiver got, verified with `standardwebhooks`, as sorted `<type> <subject>` lines; fails on a second delivery of one event. */
function delivered(): string[] {
  const verifier = new Webhook(secret);
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const delivery of receiver.received) {
    const event = verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { id: string; type: string; data: Record<string, unknown> };
    expect(seen.has(event.id), `${event.type} ${event.id} delivered twice`).toBe(false);
    seen.add(event.id);
    const subject = event.type.startsWith('member.') ? `${String(event.data.resourceId)}/${String(event.data.userId)}` : event.type.startsWith('chat.') ? String(event.data.boardId) : String(event.data.id);
    lines.push(`${event.type} ${subject}`);
  }
  return lines.sort();
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'boards-record-events-'));
  receiver = await startReceiver();
  t = await startTestServer({ env, dataDir });
  olive = await t.createUser({ name: 'Olive', plan: 'pro' });
  bert = await t.createUser({ name: 'Bert', plan: 'pro' });
  carol = await t.createUser({ name: 'Carol', plan: 'pro' });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('board record, member and chat operations stopped between their store and their events', () => {
  let rows: RecordEventsRecord[] = [];
  let expected: { activity: string[]; notifications: string[]; delivered: string[] };

  it('each gets one activity row, one verified webhook delivery and one notification per person once the store is opened again', async () => {
    const hook = await json(t.api(olive.key, 'POST', '/webhooks', { url: receiver.url, events: [...halted] }));
    secret = hook.secret as string;
    spaceId = (await json(t.api(olive.key, 'POST', '/spaces', { name: 'Team' }))).id as string;
    oldSpaceId = (await json(t.api(olive.key, 'POST', '/spaces', { name: 'Old' }))).id as string;
    for (const key of Object.keys(boards) as (keyof typeof boards)[]) {
      boards[key] = key === 'inSpace' ? ((await json(t.api(olive.key, 'POST', '/boards', { title: key, spaceId: oldSpaceId }))).id as string) : await createBoard(t, olive.key, key);
    }
    expect((await t.api(olive.key, 'POST', `/boards/${boards.renamed}/members`, { email: bert.email, role: 'viewer' })).status).toBe(200);
    expect((await t.api(olive.key, 'POST', `/boards/${boards.promoted}/members`, { email: bert.email, role: 'viewer' })).status).toBe(200);
    expect((await t.api(olive.key, 'POST', `/boards/${boards.unshared}/members`, { email: bert.email, role: 'viewer' })).status).toBe(200);
    expect((await t.api(olive.key, 'DELETE', `/boards/${boards.restored}`)).status).toBe(200);
    // Eight boards created, three shares and one trash, each delivered once.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(12);
    const before = { activity: await activity(t), notifications: await notifications(t), delivered: delivered() };

    haltEventsWhere(t, (type) => halted.includes(type));
    const cut = [
      t.api(olive.key, 'POST', '/boards', { title: 'Created' }),
      t.api(olive.key, 'PATCH', `/boards/${boards.renamed}`, { title: 'Renamed' }),
      t.api(olive.key, 'PATCH', `/boards/${boards.moved}`, { spaceId }),
      t.api(olive.key, 'DELETE', `/boards/${boards.trashed}`),
      t.api(olive.key, 'POST', `/boards/${boards.restored}/restore`),
      t.api(olive.key, 'POST', `/boards/${boards.shared}/members`, { email: bert.email, role: 'editor' }),
      t.api(olive.key, 'PATCH', `/boards/${boards.promoted}/members/${encodeURIComponent(bert.email)}`, { role: 'editor' }),
      t.api(olive.key, 'DELETE', `/boards/${boards.unshared}/members/${encodeURIComponent(bert.email)}`),
      t.api(olive.key, 'POST', `/boards/${boards.renamed}/chat`, { text: 'Over to you, @Bert' }),
      t.api(olive.key, 'POST', `/spaces/${spaceId}/members`, { email: carol.email, role: 'viewer' }),
      t.api(olive.key, 'DELETE', `/spaces/${oldSpaceId}`),
    ];
    for (const request of cut) request.catch(() => undefined);
    // Each stored its record and journaled what it records, and stopped before its events were heard.
    await expect.poll(() => recordJournal(t).count({}), { timeout: 20_000 }).toBe(cut.length);
    rows = await recordJournal(t).find({}, { sort: [['id', 1]] });
    createdId = (rows.find((row) => row.events[0]?.type === 'board.created')?.boardId ?? '') as string;
    expect(createdId).not.toBe('');
    expect(receiver.received).toHaveLength(12);

    // The process stops there; the next one opens the same store.
    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => recordJournal(t).count({}), { timeout: 20_000 }).toBe(0);

    expected = {
      activity: [
        ...before.activity,
        'created board.created',
        'renamed board.renamed',
        'moved board.moved',
        'trashed board.trashed',
        'restored board.restored',
        'shared board.shared',
        'promoted board.shared',
        'unshared board.unshared',
        'inSpace board.trashed',
        'renamed chat.posted',
      ].sort(),
      notifications: [...before.notifications, `bert share ${boards.shared}`, `bert mention ${boards.renamed}`, 'carol share -'].sort(),
      delivered: [
        ...before.delivered,
        `board.created ${createdId}`,
        `board.updated ${boards.renamed}`,
        `board.updated ${boards.moved}`,
        `board.deleted ${boards.trashed}`,
        `board.restored ${boards.restored}`,
        `member.added ${boards.shared}/${bert.id}`,
        `member.updated ${boards.promoted}/${bert.id}`,
        `member.removed ${boards.unshared}/${bert.id}`,
        `board.deleted ${boards.inSpace}`,
        `chat.message.created ${boards.renamed}`,
        `member.added ${spaceId}/${carol.id}`,
      ].sort(),
    };
    await expect.poll(() => delivered(), { timeout: 30_000 }).toEqual(expected.delivered);
    expect(await activity(t)).toEqual(expected.activity);
    await expect.poll(() => notifications(t), { timeout: 20_000 }).toEqual(expected.notifications);
    const created = await json(t.api(olive.key, 'GET', `/boards/${createdId}`));
    expect(created.title).toBe('Created');
    expect((await json(t.api(olive.key, 'GET', `/boards/${boards.moved}`))).spaceId).toBe(spaceId);
  }, 120_000);

  it('a replay of rows whose activity rows, notifications and events were recorded already records nothing twice', async () => {
    expect(rows).toHaveLength(11);
    const deliveries = t.server.services.db.collection(webhookCollections.deliveries);
    const outbox = await deliveries.count({});
    for (const row of rows) await recordJournal(t).insert(row);
    expect(await t.server.services.liveEdits.recover()).toBe(11);
    expect(await recordJournal(t).count({})).toBe(0);
    await t.server.services.webhookDispatcher.idle();
    expect(await deliveries.count({})).toBe(outbox);
    expect(await activity(t)).toEqual(expected.activity);
    expect(await notifications(t)).toEqual(expected.notifications);
    expect(delivered()).toEqual(expected.delivered);
  });

  it('drops, without anything recorded, the rows of operations whose record was never stored', async () => {
    const create = rows.find((row) => row.events[0]?.type === 'board.created') as RecordEventsRecord;
    const ghost = 'brd_neverstored0000000';
    const retarget = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll(createdId, ghost));
    // A board whose record never reached the store, and a removal of Bert that never happened (he is still a member).
    await recordJournal(t).insert({ ...(retarget(create) as RecordEventsRecord), id: 'rev_neverstored0' });
    await recordJournal(t).insert({
      id: 'rev_neverstored1',
      boardId: boards.shared,
      stored: [{ collection: 'boardMembers', filter: { id: `${boards.shared}:${bert.id}` }, absent: true }],
      activity: [{ boardId: boards.shared, actorId: olive.id, action: 'board.unshared', data: { userId: bert.id }, changeKey: 'rev_neverstored1/a0' }],
      notifications: [],
      events: [],
      at: Date.now(),
    });
    const heard: string[] = [];
    const off = t.server.services.events.on('board.created', (event) => void heard.push(event.boardId));
    expect(await t.server.services.liveEdits.recover()).toBe(2);
    off();
    expect(heard).toEqual([]);
    expect(await recordJournal(t).count({})).toBe(0);
    expect(await t.server.services.db.collection<ActivityRecord>(boardCollections.activity).count({ boardId: ghost })).toBe(0);
    expect(await activity(t)).toEqual(expected.activity);
    expect(delivered()).toEqual(expected.delivered);
  });
});
