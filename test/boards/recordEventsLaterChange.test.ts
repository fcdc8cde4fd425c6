import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEventType } from '../../server/events/index.js';
import type { Collection } from '../../storage/index.js';
import type { AccessChangeRecord } from '../../storage/schema/accessChanges.js';
import { accessChangeCollections } from '../../storage/schema/accessChanges.js';
import type { ActivityRecord, SpaceMemberRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { RecordEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { createBoard } from '../content/helpers.js';
import { haltEventsWhere } from '../content/writeEventsKit.js';
import { json, startTestServer } from '../helpers/testServer.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startReceiver } from '../server/webhooks/receiver.js';
import type { TestReceiver } from '../server/webhooks/receiver.js';

/**
 * docs/events.md "Durability of record events": an operation's journal row is recovered by
 * whether the write that carries its id happened, so a later change of the same fields before
 * the row is recovered (a second rename, a restore after a trash, another role) leaves its events
 * whole. Two renames, a trash and the restore that undid it, two role changes of a board member
 * and of a space member, two changes of a public link, of a workspace role and of a plan, and a
 * board member, a space member and a workspace member removed then added again, all stopped
 * between their store and their events, are each heard once after a restart.
 */

const env = { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };
/** Delivered by webhooks; `public_link.updated` is halted too, and heard as an access change. */
const hooked: readonly DomainEventType[] = ['board.updated', 'board.deleted', 'board.restored', 'member.added', 'member.updated', 'member.removed'];
const halted: readonly DomainEventType[] = [...hooked, 'public_link.updated'];

let dataDir: string;
let receiver: TestReceiver;
let t: TestServer;
let olive: TestUser;
let bert: TestUser;
let dora: TestUser;
let secret = '';
let renamed = '';
let trashed = '';
let shared = '';
let rejoined = '';
let spaceId = '';
let linksBefore = 0;

const journal = (server: TestServer): Collection<RecordEventsRecord> => server.server.services.db.collection<RecordEventsRecord>(writeEventCollections.records);

/** Every delivery, verified, as sorted `<type> <board> <detail>` lines; fails on a second delivery of one event. */
function delivered(): string[] {
  const verifier = new Webhook(secret);
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const delivery of receiver.received) {
    const event = verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { id: string; type: string; data: Record<string, unknown> };
    expect(seen.has(event.id), `${event.type} ${event.id} delivered twice`).toBe(false);
    seen.add(event.id);
    const { data } = event;
    const line =
      event.type === 'board.updated' ? `${String(data.id)} ${String(data.title)}`
      : event.type === 'member.updated' ? `${String(data.resourceId)} ${String(data.role)}`
      : event.type.startsWith('member.') ? `${String(data.resourceId)} ${String(data.userId)}`
      : String(data.id);
    lines.push(`${event.type} ${line}`);
  }
  return lines.sort();
}

const linkChanges = (server: TestServer): Promise<number> =>
  server.server.services.db.collection<AccessChangeRecord>(accessChangeCollections.changes).count({ kind: 'link', subject: shared });

async function activity(server: TestServer): Promise<string[]> {
  const rows = await server.server.services.db.collection<ActivityRecord>(boardCollections.activity).find({ boardId: { $in: [renamed, trashed, shared, rejoined] } });
  return rows.map((row) => `${row.boardId} ${row.action} ${JSON.stringify(row.data)}`).sort();
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'boards-record-later-'));
  receiver = await startReceiver();
  t = await startTestServer({ env, dataDir });
  olive = await t.createUser({ name: 'Olive', plan: 'pro' });
  bert = await t.createUser({ name: 'Bert', plan: 'pro' });
  dora = await t.createUser({ name: 'Dora', plan: 'pro' });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('record operations followed by a change of the same fields before their rows are recovered', () => {
  let rows: RecordEventsRecord[] = [];
  let expected: { delivered: string[]; activity: string[] };

  it('each has its events delivered once after a restart', async () => {
    secret = (await json(t.api(olive.key, 'POST', '/webhooks', { url: receiver.url, events: [...hooked] }))).secret as string;
    renamed = await createBoard(t, olive.key, 'Renamed');
    trashed = await createBoard(t, olive.key, 'Trashed');
    shared = await createBoard(t, olive.key, 'Shared');
    rejoined = await createBoard(t, olive.key, 'Rejoined');
    for (const board of [shared, rejoined]) expect((await t.api(olive.key, 'POST', `/boards/${board}/members`, { email: bert.email, role: 'viewer' })).status).toBe(200);
    spaceId = (await json(t.api(olive.key, 'POST', '/spaces', { name: 'Team' }))).id as string;
    for (const person of [bert, dora]) expect((await t.api(olive.key, 'POST', `/spaces/${spaceId}/members`, { email: person.email, role: 'viewer' })).status).toBe(200);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(4);
    const deliveredBefore = delivered();
    // A member removed and shared again is another membership (another `createdAt`).
    t.clock.advance(1_000);
    const before = await activity(t);
    linksBefore = await linkChanges(t);

    haltEventsWhere(t, (type) => halted.includes(type));
    // One after the other: each stores its record, then stops before its events are heard.
    const steps: [string, string, unknown?][] = [
      ['PATCH', `/boards/${renamed}`, { title: 'First' }],
      ['PATCH', `/boards/${renamed}`, { title: 'Second' }],
      ['DELETE', `/boards/${trashed}`],
      ['POST', `/boards/${trashed}/restore`],
      ['PATCH', `/boards/${shared}/members/${encodeURIComponent(bert.email)}`, { role: 'editor' }],
      ['PATCH', `/boards/${shared}/members/${encodeURIComponent(bert.email)}`, { role: 'commenter' }],
      ['PUT', `/boards/${shared}/public-link`, { enabled: true }],
      ['PUT', `/boards/${shared}/public-link`, { enabled: false }],
      ['DELETE', `/boards/${rejoined}/members/${encodeURIComponent(bert.email)}`],
      ['POST', `/boards/${rejoined}/members`, { email: bert.email, role: 'viewer' }],
    ];
    for (const [i, [method, route, body]] of steps.entries()) {
      t.api(olive.key, method, route, body).catch(() => undefined);
      // Its activity row is recorded after its store and before its events.
      await expect.poll(async () => (await activity(t)).length, { timeout: 20_000 }).toBe(before.length + i + 1);
    }
    // A space member's role changes record no activity row: their stores are watched instead.
    const spaceMember = t.server.services.db.collection<SpaceMemberRecord>(boardCollections.spaceMembers);
    for (const role of ['editor', 'commenter']) {
      t.api(olive.key, 'PATCH', `/spaces/${spaceId}/members/${encodeURIComponent(bert.email)}`, { role }).catch(() => undefined);
      await expect.poll(async () => (await spaceMember.get(`${spaceId}:${bert.id}`))?.role, { timeout: 20_000 }).toBe(role);
    }
    // Dora removed from the space and shared again.
    t.api(olive.key, 'DELETE', `/spaces/${spaceId}/members/${encodeURIComponent(dora.email)}`).catch(() => undefined);
    await expect.poll(() => spaceMember.get(`${spaceId}:${dora.id}`), { timeout: 20_000 }).toBeNull();
    t.api(olive.key, 'POST', `/spaces/${spaceId}/members`, { email: dora.email, role: 'viewer' }).catch(() => undefined);
    await expect.poll(async () => (await spaceMember.get(`${spaceId}:${dora.id}`))?.role, { timeout: 20_000 }).toBe('viewer');
    rows = await journal(t).find({}, { sort: [['id', 1]] });
    expect(rows).toHaveLength(steps.length + 4);
    expect(delivered()).toEqual(deliveredBefore);
    const board = await json(t.api(olive.key, 'GET', `/boards/${renamed}`));
    expect(board.title).toBe('Second');
    expect(board).not.toHaveProperty('recordEvents');

    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => journal(t).count({}), { timeout: 20_000 }).toBe(0);

    expected = {
      delivered: [
        ...deliveredBefore,
        `member.removed ${rejoined} ${bert.id}`,
        `member.added ${rejoined} ${bert.id}`,
        `board.updated ${renamed} First`,
        `board.updated ${renamed} Second`,
        `board.deleted ${trashed}`,
        `board.restored ${trashed}`,
        `member.updated ${shared} editor`,
        `member.updated ${shared} commenter`,
        `member.updated ${spaceId} editor`,
        `member.updated ${spaceId} commenter`,
        `member.removed ${spaceId} ${dora.id}`,
        `member.added ${spaceId} ${dora.id}`,
      ].sort(),
      activity: [
        ...before,
        `${renamed} board.renamed {"from":"Renamed","to":"First"}`,
        `${renamed} board.renamed {"from":"First","to":"Second"}`,
        `${trashed} board.trashed {}`,
        `${trashed} board.restored {}`,
        `${shared} board.shared {"userId":"${bert.id}","role":"editor"}`,
        `${shared} board.shared {"userId":"${bert.id}","role":"commenter"}`,
        `${shared} board.public_link_updated {"enabled":true,"role":"viewer","rotated":false}`,
        `${shared} board.public_link_updated {"enabled":false,"role":"viewer","rotated":false}`,
        `${rejoined} board.unshared {"userId":"${bert.id}"}`,
        `${rejoined} board.shared {"userId":"${bert.id}","role":"viewer"}`,
      ].sort(),
    };
    await expect.poll(() => delivered(), { timeout: 30_000 }).toEqual(expected.delivered);
    expect(await activity(t)).toEqual(expected.activity);
    // Both link changes reached the access change feed (the link's live guests rechecked twice).
    expect(await linkChanges(t) - linksBefore).toBe(2);
  }, 120_000);

  it('a second replay of the same rows records nothing twice', async () => {
    expect(rows).toHaveLength(14);
    const deliveries = t.server.services.db.collection(webhookCollections.deliveries);
    const outbox = await deliveries.count({});
    for (const row of rows) await journal(t).insert(row);
    expect(await t.server.services.liveEdits.recover()).toBe(14);
    expect(await journal(t).count({})).toBe(0);
    await t.server.services.webhookDispatcher.idle();
    expect(await deliveries.count({})).toBe(outbox);
    expect(await activity(t)).toEqual(expected.activity);
    expect(delivered()).toEqual(expected.delivered);
  });

  it('a workspace role changed twice, a membership removed and made again, and a plan changed twice are all heard after a restart', async () => {
    const accounts = (server: TestServer) => server.server.services.accounts;
    const changes = (server: TestServer, kind: AccessChangeRecord['kind'], subject: string): Promise<number> =>
      server.server.services.db.collection<AccessChangeRecord>(accessChangeCollections.changes).count({ kind, subject });
    const ws = olive.workspaceId;
    const cleo = await t.createUser({ name: 'Cleo', plan: 'pro' });
    await accounts(t).setMembership(ws, bert.id, 'member');
    await accounts(t).setMembership(ws, cleo.id, 'member');
    const before = { user: await changes(t, 'user', bert.id), cleo: await changes(t, 'user', cleo.id), workspace: await changes(t, 'workspace', ws) };
    haltEventsWhere(t, (type) => type.startsWith('workspace.'));
    t.clock.advance(1_000);
    const steps: [() => Promise<unknown>, () => Promise<unknown>, unknown][] = [
      [() => accounts(t).setMembership(ws, bert.id, 'admin'), async () => (await accounts(t).getMembership(ws, bert.id))?.role, 'admin'],
      [() => accounts(t).setMembership(ws, bert.id, 'member'), async () => (await accounts(t).getMembership(ws, bert.id))?.role, 'member'],
      [() => accounts(t).removeMembership(ws, cleo.id, olive.id), async () => (await accounts(t).getMembership(ws, cleo.id))?.role, undefined],
      [() => accounts(t).setMembership(ws, cleo.id, 'member'), async () => (await accounts(t).getMembership(ws, cleo.id))?.role, 'member'],
      [() => accounts(t).setPlan(ws, 'business'), async () => (await accounts(t).getWorkspace(ws)).plan, 'business'],
      [() => accounts(t).setPlan(ws, 'pro'), async () => (await accounts(t).getWorkspace(ws)).plan, 'pro'],
    ];
    for (const [i, [step, stored, value]] of steps.entries()) {
      step().catch(() => undefined);
      await expect.poll(() => journal(t).count({}), { timeout: 20_000 }).toBe(i + 1);
      await expect.poll(stored, { timeout: 20_000 }).toBe(value);
    }
    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => journal(t).count({}), { timeout: 20_000 }).toBe(0);
    expect(await changes(t, 'user', bert.id)).toBe(before.user + 2);
    // The removal and the membership made again.
    expect(await changes(t, 'user', cleo.id)).toBe(before.cleo + 2);
    expect(await changes(t, 'workspace', ws)).toBe(before.workspace + 2);
  }, 120_000);
});
