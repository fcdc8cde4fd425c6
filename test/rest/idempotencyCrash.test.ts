import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IdempotencyService } from '../../server/idempotency/IdempotencyService.js';
import { crashCopy } from '../storage/crashCopy.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

/**
 * A crash between a keyed write and its answer, made deterministic: the first server is held at
 * a chosen point of a keyed request (its write durable and its answer not yet stored, or its
 * claim stored and its write not yet made), and its data folder is copied as `kill -9` would
 * leave it (`crashCopy`). A second server opens the copy and gets the retry. The retry never
 * writes twice: it is refused as in doubt when the write landed (or cannot be told), and runs
 * once when the write's receipt shows it never landed.
 */

let first: TestServer;
let ada: TestUser;
const removals: (() => void)[] = [];
const servers: TestServer[] = [];

beforeAll(async () => {
  first = await startTestServer();
  ada = await first.createUser({ plan: 'business' });
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await first.stop();
  for (const remove of removals) remove();
});

const note = (text: string) => ({ type: 'sticky_note', position: { x: 0, y: 0 }, data: { text } });

/** Holds every `complete` of the first server's idempotency service forever (its process "dies" before answering). */
function holdAnswers(service: IdempotencyService): () => void {
  const original = service.complete.bind(service);
  service.complete = () => new Promise<void>(() => undefined);
  return () => {
    service.complete = original;
  };
}

/** A server on a copy of the first server's data folder as a crash would leave it now. */
async function restartedCopy(): Promise<TestServer> {
  const copy = crashCopy(first.dataDir);
  removals.push(copy.remove);
  const server = await startTestServer({ dataDir: copy.dir, clock: first.clock });
  servers.push(server);
  return server;
}

async function itemCount(server: TestServer, boardId: string): Promise<number> {
  const page = await json(server.api(ada.key, 'GET', `/boards/${boardId}/items?limit=1000`));
  return (page.data as unknown[]).length;
}

describe('a crash between a keyed write and its answer', () => {
  test('an item write that landed (its receipt is in the board) is refused on retry as applied, and not written twice', async () => {
    const boardId = (await json(first.api(ada.key, 'POST', '/boards', { title: 'Crash' }))).id as string;
    const release = holdAnswers(first.server.services.idempotency);
    const pending = first.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Landed'), { 'Idempotency-Key': 'crash-landed' });
    try {
      // Visible to a read: the update is applied and stored; its answer is held.
      await expect.poll(() => itemCount(first, boardId)).toBe(1);
      const second = await restartedCopy();
      expect(await itemCount(second, boardId)).toBe(1);
      const retry = await second.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Landed'), { 'Idempotency-Key': 'crash-landed' });
      const body = await expectEnvelope(retry, 409, 'idempotency_key_in_doubt');
      expect(body.error).toMatchObject({ applied: true });
      expect(await itemCount(second, boardId)).toBe(1);
      // Asked again, the answer stays the same: nothing is run.
      await expectEnvelope(await second.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Landed'), { 'Idempotency-Key': 'crash-landed' }), 409, 'idempotency_key_in_doubt');
      expect(await itemCount(second, boardId)).toBe(1);
    } finally {
      release();
    }
    void pending.catch(() => undefined);
  });

  test('an item write cut off before it was made (no receipt) runs once on retry', async () => {
    const boardId = (await json(first.api(ada.key, 'POST', '/boards', { title: 'Crash before' }))).id as string;
    const content = first.server.services.content;
    const original = content.createItem.bind(content);
    let entered = false;
    content.createItem = async () => {
      entered = true;
      return new Promise<never>(() => undefined);
    };
    const pending = first.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Not yet'), { 'Idempotency-Key': 'crash-before' });
    try {
      await expect.poll(() => entered).toBe(true);
      const second = await restartedCopy();
      const retry = await second.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Not yet'), { 'Idempotency-Key': 'crash-before' });
      expect(retry.status).toBe(201);
      const replay = await second.api(ada.key, 'POST', `/boards/${boardId}/items`, note('Not yet'), { 'Idempotency-Key': 'crash-before' });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await itemCount(second, boardId)).toBe(1);
    } finally {
      content.createItem = original;
    }
    void pending.catch(() => undefined);
  });

  test('an operation without a receipt (creating a board) is refused on retry as unknown, and not written twice', async () => {
    const release = holdAnswers(first.server.services.idempotency);
    const pending = first.api(ada.key, 'POST', '/boards', { title: 'Crash board' }, { 'Idempotency-Key': 'crash-board' });
    const titled = async (server: TestServer) =>
      ((await json(server.api(ada.key, 'GET', '/boards?limit=100'))).data as { title: string }[]).filter((b) => b.title === 'Crash board').length;
    try {
      await expect.poll(() => titled(first)).toBe(1);
      const second = await restartedCopy();
      const body = await expectEnvelope(
        await second.api(ada.key, 'POST', '/boards', { title: 'Crash board' }, { 'Idempotency-Key': 'crash-board' }),
        409,
        'idempotency_key_in_doubt',
      );
      expect(body.error).toMatchObject({ applied: null });
      expect(await titled(second)).toBe(1);
    } finally {
      release();
    }
    void pending.catch(() => undefined);
  });
});
