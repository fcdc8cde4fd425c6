import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import * as Y from 'yjs';
import { withCommandServices } from '../../server/commandServices.js';
import type { Config } from '../../server/config.js';
import { createLogger } from '../../server/logger.js';
import { SqliteDatabase } from '../../storage/index.js';
import { jobCollections } from '../../storage/schema/jobs.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { WebhookDeliveryRecord } from '../../storage/schema/webhooks.js';
import { DocumentJournal } from '../../storage/sqlite/DocumentJournal.js';
import { json, startTestServer } from '../helpers/testServer.js';
import type { TestReceiver } from './webhooks/receiver.js';
import { startReceiver } from './webhooks/receiver.js';

/**
 * The services of a `boards admin` command start none of the server's background work: no timer,
 * no job or live edit recovery, no webhook attempt, no WAL checkpointer, no compaction of a board
 * it reads; the document journal of the data folder is neither taken nor replayed, and snapshot
 * parts a compaction is writing are not removed as unused, so a server on the same folder keeps them.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-command-services-'));
const journalDir = path.join(dataDir, 'journal');
let receiver: TestReceiver;
let config: Config;
let jobId = '';
let deliveryId = '';
const longLogBoard = 'brd_longlog';

const journalOptions = { dir: journalDir, fsync: false, syncDelayMs: 50, segmentBytes: 1024 * 1024, onError: () => undefined };

function segments(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(journalDir)
      .filter((name) => name.endsWith('.log'))
      .map((name) => [name, readFileSync(path.join(journalDir, name)).toString('base64')]),
  );
}

beforeAll(async () => {
  receiver = await startReceiver();
  // A server leaves work for its next start: a delivery whose attempt was cut off, a running job.
  const ts = await startTestServer({ dataDir, env: { BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  const user = await ts.createUser({ plan: 'business', scopes: 'user:read boards:read boards:write' });
  expect((await ts.api(user.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] })).status).toBe(201);
  const boardId = (await json(ts.api(user.key, 'POST', '/boards', { title: 'Left over' }))).id as string;
  receiver.respond('hang');
  expect((await ts.api(user.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'held' } })).status).toBe(201);
  await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
  deliveryId = String(receiver.received[0]!.headers['webhook-id']);
  jobId = 'job_left_running';
  const job: JobRecord = {
    id: jobId,
    kind: 'ai.generate',
    status: 'running',
    progress: 0.5,
    result: null,
    error: null,
    boardId,
    userId: user.id,
    workspaceId: user.workspaceId,
    reservation: null,
    createdAt: Date.now(),
    startedAt: Date.now(),
    finishedAt: null,
  };
  await ts.server.services.db.collection<JobRecord>(jobCollections.jobs).insert(job);
  // A board whose log has outgrown its snapshot: loading it in the server compacts it.
  const long = new Y.Doc();
  for (let i = 0; i < 40; i++) long.getMap('items').set(`k${i}`, 'x'.repeat(4096));
  const { updates } = await ts.server.services.db.documents.load(longLogBoard);
  expect(updates).toEqual([]);
  await ts.server.services.db.documents.append(longLogBoard, [Y.encodeStateAsUpdate(long)]);
  config = ts.server.services.config;
  await ts.stop();
  // A snapshot part no snapshot uses yet, as while a server writes a large board's compaction in parts.
  const file = new BetterSqlite3(path.join(dataDir, 'boards.sqlite'));
  file.prepare('INSERT INTO doc_snapshot_parts (doc_id, gen, idx, data) VALUES (?, ?, ?, ?)').run('brd_compacting', 99, 0, Buffer.from([0]));
  file.close();
  // Journaled updates of an earlier run, not yet moved into the database.
  const journal = DocumentJournal.open(journalOptions)!;
  const doc = new Y.Doc();
  doc.getMap('items').set('x', 1);
  journal.append('brd_journaled', 1, [Y.encodeStateAsUpdate(doc)]);
  await journal.close({ discard: false });
}, 120_000);

afterAll(async () => {
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('services of a boards admin command', () => {
  test('start no timer, recovery, delivery, compaction or worker, and leave the document journal and unfinished snapshot parts alone', async () => {
    const journaled = segments();
    expect(Object.keys(journaled).length).toBeGreaterThan(0);
    const received = receiver.received.length;
    const logs: string[] = [];
    const logger = createLogger({ logLevel: 'debug' }, { write: (line: string) => void logs.push(line) });
    const intervals = vi.spyOn(globalThis, 'setInterval');
    try {
      const users = await withCommandServices(
        config,
        async (s) => {
          expect(s.db).toBeInstanceOf(SqliteDatabase);
          expect((s.db as SqliteDatabase).checkpointer).toBeUndefined();
          // The journal's lock is free: the command did not take it (a server could).
          const journal = DocumentJournal.open(journalOptions);
          expect(journal).toBeDefined();
          await journal?.close({ discard: false });
          expect((await s.db.collection<JobRecord>(jobCollections.jobs).get(jobId))?.status).toBe('running');
          // Read as `reindex` reads a board: the command does not compact what the server owns.
          expect((await s.documents.open(longLogBoard)).getMap('items').size).toBe(40);
          return s.accounts.listUsers();
        },
        logger,
      );
      expect(users).toHaveLength(1);
    } finally {
      intervals.mockRestore();
    }
    expect(intervals).not.toHaveBeenCalled();
    expect(logs.filter((line) => /webhook|sweep|recover|interrupted|journal/i.test(line))).toEqual([]);
    expect(receiver.received).toHaveLength(received);
    for (const [name, bytes] of Object.entries(journaled)) expect(segments()[name], name).toBe(bytes);

    const db = new SqliteDatabase({ dataDir, background: false });
    try {
      expect((await db.collection<JobRecord>(jobCollections.jobs).get(jobId))?.status).toBe('running');
      const delivery = await db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries).get(deliveryId);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await db.documents.load('brd_journaled')).toMatchObject({ updates: [] });
      expect(await db.documents.load(longLogBoard)).toMatchObject({ snapshot: null, updates: [expect.any(Uint8Array)] });
      expect(db.connection.prepare('SELECT doc_id, gen FROM doc_snapshot_parts').all()).toEqual([{ doc_id: 'brd_compacting', gen: 99 }]);
    } finally {
      await db.close();
    }
  });
});
