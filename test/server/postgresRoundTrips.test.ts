import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { describePostgres } from '../helpers/postgres.js';
import { redisAvailable, startRedis } from '../helpers/redis.js';
import type { TestRedis } from '../helpers/redis.js';
import type { TestServer } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

/** Statement texts run through any pg client while `recording`, and the name each ran under (undefined: unnamed). */
const seen: string[] = [];
const names: (string | undefined)[] = [];
let recording = false;
const clientQuery = pg.Client.prototype.query;

/** The statements that read a caller's rights: the person, their memberships and shares, owned spaces, the board. */
const rightsTables = /\bc_(users|memberships|space_members|board_members|spaces|workspaces|boards)\b/;

const sticky = (text: string): object => ({ type: 'sticky_note', position: { x: 0, y: 0 }, data: { text } });

if (redisAvailable('REST writes of two processes on one PostgreSQL')) {
  describePostgres('REST writes of two processes on one PostgreSQL', (cluster) => {
    const dirA = mkdtempSync(path.join(tmpdir(), 'boards-pg-a-'));
    const dirB = mkdtempSync(path.join(tmpdir(), 'boards-pg-b-'));
    let redis: TestRedis;
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      redis = await startRedis();
      const url = await cluster().createDatabase();
      const env = { BOARDS_STORAGE: 'postgres', BOARDS_POSTGRES_URL: url, BOARDS_REDIS_URL: redis.url };
      a = await startTestServer({ dataDir: dirA, env });
      b = await startTestServer({ dataDir: dirB, env });
      (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
        const q = args[0];
        if (recording) {
          seen.push(typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));
          names.push(typeof q === 'string' ? undefined : (q as { name?: string }).name);
        }
        return (clientQuery as (...rest: unknown[]) => unknown).apply(this, args);
      };
    }, 120_000);
    afterAll(async () => {
      pg.Client.prototype.query = clientQuery;
      await Promise.allSettled([a?.stop(), b?.stop()]);
      await redis?.stop();
      for (const dir of [dirA, dirB]) rmSync(dir, { recursive: true, force: true });
    });

    test("an item create reads the caller's key, then the person with their workspace, then their rights with the board: two statements past the key, none more for the plan", async () => {
      const alice = await a.createUser({ plan: 'pro' });
      const board = await json(a.api(alice.key, 'POST', '/boards', { title: 'Counted' }));
      expect((await a.api(alice.key, 'POST', `/boards/${board.id}/items`, sticky('warm'))).status).toBe(201);
      const creates = 5;
      seen.length = 0;
      recording = true;
      try {
        for (let i = 0; i < creates; i++) expect((await a.api(alice.key, 'POST', `/boards/${board.id}/items`, sticky(`n ${i}`))).status).toBe(201);
      } finally {
        recording = false;
      }
      const keyReads = seen.filter((text) => /\bc_api_keys\b/.test(text) && text.trimStart().startsWith('SELECT'));
      const rightsReads = seen.filter((text) => rightsTables.test(text) && text.trimStart().startsWith('SELECT'));
      expect(keyReads).toHaveLength(creates);
      // Per create: the person, membership and workspace together; the rights and the board together.
      // The write takes the plan from the workspace read with the key. Background work may add a few.
      expect(rightsReads.length).toBeGreaterThanOrEqual(2 * creates);
      expect(rightsReads.length).toBeLessThanOrEqual(2 * creates + 2);
      expect(seen.filter((text) => /^SELECT doc FROM c_workspaces\b/.test(text.trimStart()))).toEqual([]);
    });

    test('once warm, every statement of an item create runs prepared: the key, the rights reads, the append with the journal row, the activity row, the version of the webhooks', async () => {
      const alice = await a.createUser({ plan: 'pro' });
      const board = await json(a.api(alice.key, 'POST', '/boards', { title: 'Prepared' }));
      for (let i = 0; i < 2; i++) expect((await a.api(alice.key, 'POST', `/boards/${board.id}/items`, sticky(`warm ${i}`))).status).toBe(201);
      seen.length = 0;
      names.length = 0;
      recording = true;
      const creates = 3;
      const journalDeletes = (): number => seen.filter((text) => /^DELETE FROM c_write_events\b/.test(text.trimStart())).length;
      try {
        for (let i = 0; i < creates; i++) expect((await a.api(alice.key, 'POST', `/boards/${board.id}/items`, sticky(`n ${i}`))).status).toBe(201);
        // The journal's rows are removed once the events are out, after the answer, and several creates' rows may go in one delete.
        await vi.waitFor(() => expect(journalDeletes()).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 20 });
      } finally {
        recording = false;
      }
      const ofCreates = seen
        .map((text, i) => ({ text, name: names[i] }))
        .filter((s) => /\b(c_api_keys|c_users|c_board_members|c_write_events|c_board_activity|c_webhooks|c_webhook_versions|doc_heads)\b/.test(s.text) && !/pg_advisory_xact_lock/.test(s.text))
        .map((s) => ({ text: s.text.replace(/\s+/g, ' ').slice(0, 100), name: s.name }));
      const count = (pattern: RegExp): number => ofCreates.filter((s) => pattern.test(s.text.trimStart())).length;
      // Per create: the key, two rights reads, the append with the journal's row (one statement, one commit) and the
      // activity row; the journal's delete and the webhooks' version (processes sharing a store read it, not the webhook
      // list: WebhookSubscriptions) at least once for the three.
      expect(count(/^SELECT doc FROM c_api_keys\b/)).toBe(creates);
      expect(count(/^SELECT \(SELECT coalesce\(jsonb_agg/)).toBeGreaterThanOrEqual(2 * creates);
      expect(count(/^INSERT INTO c_write_events\b/)).toBe(0);
      expect(count(/^WITH head AS \( INSERT INTO doc_heads\b/)).toBe(creates);
      expect(seen.filter((text) => /^WITH head AS/.test(text.trimStart()) && /\bINSERT INTO c_write_events\b/.test(text))).toHaveLength(creates);
      expect(count(/^INSERT INTO c_board_activity\b/)).toBe(creates);
      expect(count(/^DELETE FROM c_write_events\b/)).toBeGreaterThanOrEqual(1);
      expect(count(/\bc_webhook_versions\b/)).toBeGreaterThanOrEqual(1);
      expect(ofCreates.filter((s) => s.name === undefined)).toEqual([]);
    });

    test('a burst of creates with one key reads the key once per turn, not per request, and removes the journal rows of several creates per delete', async () => {
      const alice = await a.createUser({ plan: 'pro' });
      const boards: { id: string }[] = [];
      for (let i = 0; i < 4; i++) boards.push(await json(a.api(alice.key, 'POST', '/boards', { title: `Burst ${i}` })));
      for (const board of boards) expect((await a.api(alice.key, 'POST', `/boards/${board.id}/items`, sticky('warm'))).status).toBe(201);
      const creates = 24;
      // Connections open and kept alive, as a busy client's are: the burst's requests reach the server together.
      await Promise.all(Array.from({ length: creates }, async () => expect((await a.api(alice.key, 'GET', '/me')).status).toBe(200)));
      seen.length = 0;
      recording = true;
      try {
        const statuses = await Promise.all(Array.from({ length: creates }, async (_, i) => (await a.api(alice.key, 'POST', `/boards/${boards[i % 4]?.id}/items`, sticky(`b ${i}`))).status));
        expect(statuses).toEqual(Array.from({ length: creates }, () => 201));
        // The journal rows go once the events are out, after the answers.
        await expect.poll(async () => a.server.services.db.collection(writeEventCollections.events).count({})).toBe(0);
      } finally {
        recording = false;
      }
      const keyReads = seen.filter((text) => /\bc_api_keys\b/.test(text) && text.trimStart().startsWith('SELECT'));
      const journalDeletes = seen.filter((text) => /^DELETE FROM c_write_events\b/.test(text.trimStart()));
      expect(keyReads.length).toBeGreaterThan(0);
      expect(keyReads.length).toBeLessThanOrEqual(creates / 2);
      expect(journalDeletes.length).toBeGreaterThan(0);
      expect(journalDeletes.length).toBeLessThanOrEqual(creates / 2);
    });

    test('a role lowered and a key revoked through one process are applied by the other at once', async () => {
      const owner = await a.createUser({ plan: 'pro' });
      const guest = await a.createUser({ plan: 'pro' });
      const board = await json(a.api(owner.key, 'POST', '/boards', { title: 'Shared' }));
      expect((await a.api(owner.key, 'POST', `/boards/${board.id}/members`, { email: guest.email, role: 'editor' })).status).toBeLessThan(300);
      expect((await b.api(guest.key, 'POST', `/boards/${board.id}/items`, sticky('as editor'))).status).toBe(201);

      expect((await a.api(owner.key, 'PATCH', `/boards/${board.id}/members/${encodeURIComponent(guest.email)}`, { role: 'viewer' })).status).toBe(200);
      await expectEnvelope(await b.api(guest.key, 'POST', `/boards/${board.id}/items`, sticky('as viewer')), 403, 'forbidden');
      const items = await json(b.api(owner.key, 'GET', `/boards/${board.id}/items?limit=100`));
      expect(items.data.map((item: { data: { text: string } }) => item.data.text)).toEqual(['as editor']);

      const [key] = await a.server.services.apiKeys.list(owner.id);
      await a.server.services.apiKeys.revoke(owner.id, key?.id ?? '');
      await expectEnvelope(await b.api(owner.key, 'POST', `/boards/${board.id}/items`, sticky('after revoke')), 401, 'unauthorized');
      expect((await json(b.api(guest.key, 'GET', `/boards/${board.id}/items?limit=100`))).data).toHaveLength(1);
    });
  });
}
