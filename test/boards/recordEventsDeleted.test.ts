import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEventType } from '../../server/events/index.js';
import type { Collection } from '../../storage/index.js';
import type { AccessChangeRecord } from '../../storage/schema/accessChanges.js';
import { accessChangeCollections } from '../../storage/schema/accessChanges.js';
import type { NotificationRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import type { ActivityRecord, BoardMemberRecord, BoardRecord, SpaceMemberRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { ChatMessageRecord } from '../../storage/schema/chat.js';
import { chatCollections } from '../../storage/schema/chat.js';
import type { RecordEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import type { WebhookDeliveryRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import { createBoard } from '../content/helpers.js';
import { haltEventsWhere } from '../content/writeEventsKit.js';
import { accountSignedIn } from '../../server/signin/accountSignedIn.js';
import { json, startTestServer } from '../helpers/testServer.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startReceiver } from '../server/webhooks/receiver.js';
import type { TestReceiver } from '../server/webhooks/receiver.js';

/**
 * docs/events.md "Durability of record events": rows matched by the write that carries their id
 * whatever another process did before they were recovered. A space trashed then restored, a
 * board member, a space member and a workspace member each added then removed, and a board
 * created, shared and chatted on then deleted for good, all stopped between their store and
 * their events, are each heard once after a restart; a space trash stopped between the space's
 * write and its boards' has its boards trashed by the replay; a trash that never reached the
 * store is dropped.
 */

const env = { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };
const hooked: readonly DomainEventType[] = ['board.created', 'board.deleted', 'board.restored', 'member.added', 'member.removed', 'chat.message.created'];
const halted: readonly DomainEventType[] = [...hooked, 'workspace.member.added', 'workspace.member.removed'];

let dataDir: string;
let receiver: TestReceiver;
let t: TestServer;
let olive: TestUser;
let bert: TestUser;
let carol: TestUser;
let secret = '';

const db = () => t.server.services.db;
const journal = (): Collection<RecordEventsRecord> => db().collection<RecordEventsRecord>(writeEventCollections.records);
const spaces = () => db().collection<SpaceRecord>(boardCollections.spaces);
const boards = () => db().collection<BoardRecord>(boardCollections.boards);

/** Every delivery, verified, as sorted `<type> <subject>` lines; fails on a second delivery of one event. */
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

async function activity(boardIds: readonly string[]): Promise<string[]> {
  const rows = await db().collection<ActivityRecord>(boardCollections.activity).find({ boardId: { $in: [...boardIds] } });
  return rows.map((row) => `${row.boardId} ${row.action}`).sort();
}

const accessChanges = (subject: string): Promise<number> => db().collection<AccessChangeRecord>(accessChangeCollections.changes).count({ kind: 'user', subject });
const shareNotices = (userId: string): Promise<number> => db().collection<NotificationRecord>(accountCollections.notifications).count({ userId, kind: 'share' });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'boards-record-deleted-'));
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

describe('record operations whose record another operation changed or deleted before their rows were recovered', () => {
  let rows: RecordEventsRecord[] = [];
  let spaceId = '';
  let inSpace = '';
  let kept = '';
  let doomed = '';

  it('are each heard once after a restart', async () => {
    secret = (await json(t.api(olive.key, 'POST', '/webhooks', { url: receiver.url, events: [...hooked] }))).secret as string;
    spaceId = (await json(t.api(olive.key, 'POST', '/spaces', { name: 'Team' }))).id as string;
    const otherSpace = (await json(t.api(olive.key, 'POST', '/spaces', { name: 'Other' }))).id as string;
    inSpace = (await json(t.api(olive.key, 'POST', '/boards', { title: 'In space', spaceId }))).id as string;
    kept = await createBoard(t, olive.key, 'Kept');
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    const deliveredBefore = delivered();
    const before = { carol: await accessChanges(carol.id), carolShares: await shareNotices(carol.id), bertShares: await shareNotices(bert.id) };
    const ws = olive.workspaceId;
    const accounts = t.server.services.accounts;
    const boardMember = (board: string, person: TestUser) => db().collection<BoardMemberRecord>(boardCollections.boardMembers).get(`${board}:${person.id}`);
    const spaceMember = () => db().collection<SpaceMemberRecord>(boardCollections.spaceMembers).get(`${otherSpace}:${carol.id}`);
    const doomedId = async (): Promise<string> => ((await journal().find({})).find((row) => row.events[0]?.type === 'board.created')?.boardId ?? '') as string;

    haltEventsWhere(t, (type) => halted.includes(type));
    const carolAt = (route: string) => `${route}/${encodeURIComponent(carol.email)}`;
    // One after the other: each stores its record, then stops before its events are heard.
    const steps: [() => Promise<unknown>, () => Promise<boolean>][] = [
      [() => t.api(olive.key, 'DELETE', `/spaces/${spaceId}`), async () => (await boards().get(inSpace))?.trashedWithSpaceId === spaceId],
      [() => t.api(olive.key, 'POST', `/spaces/${spaceId}/restore`), async () => (await spaces().get(spaceId))?.trashedAt === null && (await boards().get(inSpace))?.trashedAt === null],
      [() => t.api(olive.key, 'POST', `/boards/${kept}/members`, { email: carol.email, role: 'viewer' }), async () => (await boardMember(kept, carol)) !== null],
      [() => t.api(olive.key, 'DELETE', carolAt(`/boards/${kept}/members`)), async () => (await boardMember(kept, carol)) === null],
      [() => t.api(olive.key, 'POST', `/spaces/${otherSpace}/members`, { email: carol.email, role: 'viewer' }), async () => (await spaceMember()) !== null],
      [() => t.api(olive.key, 'DELETE', carolAt(`/spaces/${otherSpace}/members`)), async () => (await spaceMember()) === null],
      [() => accounts.setMembership(ws, carol.id, 'member', olive.id), async () => (await accounts.getMembership(ws, carol.id)) !== null],
      [() => accounts.removeMembership(ws, carol.id, olive.id), async () => (await accounts.getMembership(ws, carol.id)) === null],
      [() => t.api(olive.key, 'POST', '/boards', { title: 'Doomed' }), async () => (doomed = await doomedId()) !== '' && (await boards().get(doomed)) !== null],
      [() => t.api(olive.key, 'POST', `/boards/${doomed}/members`, { email: bert.email, role: 'viewer' }), async () => (await boardMember(doomed, bert)) !== null],
      [() => t.api(olive.key, 'POST', `/boards/${doomed}/chat`, { text: 'Hello' }), async () => (await db().collection<ChatMessageRecord>(chatCollections.messages).count({ boardId: doomed })) === 1],
      // On basic a board is deleted for good (its record, members and feed with it).
      [() => accounts.setPlan(ws, 'basic'), async () => (await accounts.getWorkspace(ws)).plan === 'basic'],
      [() => t.api(olive.key, 'DELETE', `/boards/${doomed}`), async () => (await boards().get(doomed)) === null],
    ];
    for (const [step, stored] of steps) {
      step().catch(() => undefined);
      await expect.poll(stored, { timeout: 20_000 }).toBe(true);
    }
    // The plan change was heard (not halted); every other operation left its row.
    await expect.poll(() => journal().count({}), { timeout: 20_000 }).toBe(steps.length - 1);
    rows = await journal().find({}, { sort: [['id', 1]] });
    expect(delivered()).toEqual(deliveredBefore);

    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => journal().count({}), { timeout: 20_000 }).toBe(0);

    await expect.poll(() => delivered(), { timeout: 30_000 }).toEqual(
      [
        ...deliveredBefore,
        `board.deleted ${inSpace}`,
        `board.restored ${inSpace}`,
        `member.added ${kept}/${carol.id}`,
        `member.removed ${kept}/${carol.id}`,
        `member.added ${otherSpace}/${carol.id}`,
        `member.removed ${otherSpace}/${carol.id}`,
        `board.deleted ${doomed}`,
      ].sort(),
    );
    // The events of a board deleted for good reach its webhook's outbox once each; only its deletion is delivered.
    const outbox = async (): Promise<string[]> => (await db().collection<WebhookDeliveryRecord>(webhookCollections.deliveries).find({ boardId: doomed })).map((row) => `${row.eventType} ${row.status}`).sort();
    await expect.poll(outbox, { timeout: 20_000 }).toEqual(['board.created skipped', 'board.deleted delivered', 'chat.message.created skipped', 'member.added skipped']);
    // The deleted board's feed went with it: its rows are not recorded after it.
    expect(await activity([inSpace, kept, doomed])).toEqual(
      [`${inSpace} board.created`, `${inSpace} board.restored`, `${inSpace} board.trashed`, `${kept} board.created`, `${kept} board.shared`, `${kept} board.unshared`].sort(),
    );
    // Added and removed on the board, the space and the workspace: six access changes.
    expect((await accessChanges(carol.id)) - before.carol).toBe(6);
    expect((await shareNotices(carol.id)) - before.carolShares).toBe(2);
    expect((await shareNotices(bert.id)) - before.bertShares).toBe(1);
    expect(await db().collection(writeEventCollections.marksKept).count({})).toBe(0);
  }, 120_000);

  it("finishes the boards' write of a space trash stopped after the space's, and drops a trash that never reached the store", async () => {
    const trash = rows.find((row) => row.events.some((event) => event.type === 'space.trashed')) as RecordEventsRecord;
    expect(trash.marked).toEqual({ collection: 'spaces', id: spaceId });
    const at = trash.finish?.when.filter.trashedAt as number;
    const copy = async (name: string, rowId: string): Promise<{ space: string; board: string; row: RecordEventsRecord }> => {
      const space = (await json(t.api(olive.key, 'POST', '/spaces', { name }))).id as string;
      const board = (await json(t.api(olive.key, 'POST', '/boards', { title: name, spaceId: space }))).id as string;
      const text = JSON.stringify(trash).replaceAll(trash.id, rowId).replaceAll(spaceId, space).replaceAll(inSpace, board);
      return { space, board, row: JSON.parse(text) as RecordEventsRecord };
    };
    await t.server.services.accounts.setPlan(olive.workspaceId, 'pro');
    const cut = await copy('Cut', 'rev_0000000000000_cut');
    const ghost = await copy('Ghost', 'rev_0000000000000_ghost');
    // The stopped trash stored its space (carrying its row), not its boards.
    await spaces().updateOne({ id: cut.space }, { $set: { trashedAt: at, trashedBy: olive.id, updatedAt: at, recordEvents: cut.row.id } });
    await journal().insert(cut.row);
    await journal().insert(ghost.row);

    expect(await t.server.services.liveEdits.recover()).toBe(2);
    expect(await boards().get(cut.board)).toMatchObject({ trashedAt: at, trashedWithSpaceId: cut.space });
    expect(await boards().get(ghost.board)).toMatchObject({ trashedAt: null, trashedWithSpaceId: null });
    expect((await spaces().get(ghost.space))?.trashedAt).toBeNull();
    expect(await activity([cut.board, ghost.board])).toEqual([`${cut.board} board.created`, `${cut.board} board.trashed`, `${ghost.board} board.created`].sort());
    await t.server.services.webhookDispatcher.idle();
    const about = (): string[] => delivered().filter((line) => line.endsWith(cut.board) || line.endsWith(ghost.board));
    await expect.poll(about, { timeout: 30_000 }).toEqual([`board.created ${cut.board}`, `board.created ${ghost.board}`, `board.deleted ${cut.board}`].sort());
  }, 60_000);

  it('records once the invitation of a stopped share that the person honoured at their first sign-in before its row was recovered', async () => {
    const services = t.server.services;
    const board = await createBoard(t, olive.key, 'Invited');
    const email = `newbie.${Date.now()}@example.com`;
    // The share stores its invitation, then stops before its activity row is recorded.
    vi.spyOn(services.activity, 'record').mockImplementation(() => new Promise<never>(() => undefined));
    t.api(olive.key, 'POST', `/boards/${board}/members`, { email, role: 'viewer' }).catch(() => undefined);
    await expect.poll(() => services.invitations.find('board', board, email), { timeout: 20_000 }).not.toBeNull();
    vi.restoreAllMocks();
    expect(await journal().count({})).toBe(1);

    // The person signs in (the invitation is honoured and removed), then the row is recovered.
    const userId = await accountSignedIn({ accounts: services.accounts, records: services.records, clock: t.clock }, email);
    expect(await services.invitations.find('board', board, email)).toBeNull();
    expect((await db().collection<BoardMemberRecord>(boardCollections.boardMembers).get(`${board}:${userId}`))?.role).toBe('viewer');
    expect(await services.liveEdits.recover()).toBe(1);
    expect(await activity([board])).toEqual([`${board} board.created`, `${board} board.invited`, `${board} board.shared`]);
    expect(await db().collection(writeEventCollections.marksKept).count({})).toBe(0);
  }, 60_000);
});
