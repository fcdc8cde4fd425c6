import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEventMap, DomainEventType } from '../../server/events/index.js';
import type { Collection } from '../../storage/index.js';
import type { AccessChangeRecord } from '../../storage/schema/accessChanges.js';
import { accessChangeCollections } from '../../storage/schema/accessChanges.js';
import type { ActivityRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { RecordEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { createBoard } from '../content/helpers.js';
import { json, startTestServer } from '../helpers/testServer.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { startReceiver } from '../server/webhooks/receiver.js';
import type { TestReceiver } from '../server/webhooks/receiver.js';

/**
 * docs/events.md "Durability of record events": a finished job and a public link changed, each
 * stopped after its record was stored and before its events were heard (as a `kill -9` there
 * would), get one webhook delivery per subscription (the job), one activity row and one access
 * change (the link) once the store is opened again, and a replay of their rows doubles nothing.
 */

const env = { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' };
const halted: readonly DomainEventType[] = ['job.succeeded', 'job.failed', 'public_link.updated'];

let dataDir: string;
let receiver: TestReceiver;
let t: TestServer;
let olive: TestUser;
let secret = '';
let boardId = '';
let jobId = '';
let rows: RecordEventsRecord[] = [];

const journal = (server: TestServer): Collection<RecordEventsRecord> => server.server.services.db.collection<RecordEventsRecord>(writeEventCollections.records);
const linkActivity = async (server: TestServer): Promise<number> =>
  server.server.services.db.collection<ActivityRecord>(boardCollections.activity).count({ boardId, action: 'board.public_link_updated' });
const linkChanges = async (server: TestServer): Promise<number> => server.server.services.db.collection<AccessChangeRecord>(accessChangeCollections.changes).count({ kind: 'link', subject: boardId });

/** The job deliveries the receiver got, verified, as `<type> <job id>` lines; fails on a second delivery of one event. */
function delivered(): string[] {
  const verifier = new Webhook(secret);
  const seen = new Set<string>();
  return receiver.received.map((delivery) => {
    const event = verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { id: string; type: string; data: Record<string, unknown> };
    expect(seen.has(event.id), `${event.type} ${event.id} delivered twice`).toBe(false);
    seen.add(event.id);
    return `${event.type} ${String(event.data.id)}`;
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'boards-job-link-events-'));
  receiver = await startReceiver();
  t = await startTestServer({ env, dataDir });
  olive = await t.createUser({ name: 'Olive', plan: 'pro' });
  boardId = await createBoard(t, olive.key);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a finished job and a public link change stopped between their store and their events', () => {
  it('each is recorded once after the restart: the job delivered once, the link one activity row and one access change', async () => {
    const hook = await json(t.api(olive.key, 'POST', '/webhooks', { url: receiver.url, events: ['job.succeeded', 'job.failed'] }));
    secret = hook.secret as string;
    // Every halted event is lost as a kill there would lose it: the emit fails, the journal row stays.
    const events = t.server.services.events;
    const emit = events.emit.bind(events);
    vi.spyOn(events, 'emit').mockImplementation(<K extends DomainEventType>(type: K, payload: DomainEventMap[K]) =>
      halted.includes(type) ? Promise.reject(new Error('the process was killed here')) : emit(type, payload),
    );

    const started = await json(t.api(olive.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'three ideas' }, { Prefer: 'respond-async' }));
    jobId = started.id as string;
    await t.server.services.jobs.idle();
    const link = await t.api(olive.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer' });
    expect(link.status).toBe(500);

    // Both ends were stored, with their rows journaled and nothing heard.
    expect((await json(t.api(olive.key, 'GET', `/jobs/${jobId}`))).status).toBe('succeeded');
    expect((await json(t.api(olive.key, 'GET', `/boards/${boardId}/public-link`))).enabled).toBe(true);
    rows = await journal(t).find({}, { sort: [['id', 1]] });
    expect(rows.map((row) => row.events.map((event) => event.type)).flat()).toEqual(['job.succeeded', 'public_link.updated']);
    // The activity row is recorded before the events (its change key keeps it single on replay).
    expect(await linkActivity(t)).toBeLessThanOrEqual(1);
    expect(await linkChanges(t)).toBe(0);
    expect(receiver.received.map((d) => d.json.type)).toEqual([]);

    // The process stops there; the next one opens the same store.
    await t.stop();
    vi.restoreAllMocks();
    t = await startTestServer({ env, dataDir });
    await expect.poll(() => journal(t).count({}), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => delivered(), { timeout: 30_000 }).toEqual([`job.succeeded ${jobId}`]);
    expect(await linkActivity(t)).toBe(1);
    expect(await linkChanges(t)).toBe(1);
  }, 120_000);

  it('a replay of the rows records nothing twice', async () => {
    expect(rows).toHaveLength(2);
    const deliveries = t.server.services.db.collection(webhookCollections.deliveries);
    const outbox = await deliveries.count({});
    for (const row of rows) await journal(t).insert(row);
    expect(await t.server.services.liveEdits.recover()).toBe(2);
    expect(await journal(t).count({})).toBe(0);
    await t.server.services.webhookDispatcher.idle();
    expect(await deliveries.count({})).toBe(outbox);
    expect(delivered()).toEqual([`job.succeeded ${jobId}`]);
    expect(await linkActivity(t)).toBe(1);
  });

  it('a job that ended otherwise first records nothing for the second end', async () => {
    const hooksBefore = receiver.received.length;
    const started = await json(t.api(olive.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'two ideas' }, { Prefer: 'respond-async' }));
    await t.server.services.jobs.idle();
    await t.server.services.webhookDispatcher.idle();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(hooksBefore + 1);
    // Cancelling a finished job is refused; its end is not journaled again.
    expect((await t.api(olive.key, 'POST', `/jobs/${started.id}/cancel`)).status).toBe(409);
    expect(await journal(t).count({})).toBe(0);
    await t.server.services.webhookDispatcher.idle();
    expect(receiver.received.length).toBe(hooksBefore + 1);
  });
});
