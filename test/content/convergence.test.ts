import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';
import { reencoded, replicaState, sameCrdtState } from './helpers/boardState.js';
import type { ConvergenceScenario } from './helpers/convergenceModel.js';
import { convergenceScenario } from './helpers/convergenceModel.js';
import type { ConvergenceTarget } from './helpers/convergenceRunner.js';
import { restOutcomeAllowed, runScenario } from './helpers/convergenceRunner.js';

/**
 * DESIGN "Realtime" and issue 5 "Done when": 2–5 stock y-websocket clients and REST writers
 * edit one board at once (creates, moves, deletes, text edits, batches), clients drop and
 * come back with offline edits, and in the end every client document, the server's document
 * and the REST item list are identical. The seed is fixed so a failure reproduces; set
 * `BOARDS_FC_SEED` to explore others. Failing seeds become named tests below.
 */

/** Fixed default seed: CI runs the same scenarios every time. */
const seed = Number(process.env.BOARDS_FC_SEED ?? 20261001);
const numRuns = 20;

let t: TestServer;
let user: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '1000000', BOARDS_LOG_LEVEL: 'warn' } });
  user = await t.createUser({ plan: 'business' });
});
afterAll(() => t.stop());

async function newTarget(): Promise<ConvergenceTarget> {
  const res = await t.api(user.key, 'POST', '/boards', { title: 'Convergence' });
  expect(res.status).toBe(201);
  const boardId = (await json(res)).id as string;
  return {
    url: t.url,
    token: user.key,
    userId: user.id,
    boardId,
    serverDoc: () => t.server.services.documents.open(boardId),
    api: (method, pathname, body) => t.api(user.key, method, pathname, body),
  };
}

/** Runs one scenario and asserts that clients, server document and REST list converged. */
async function checkConvergence(scenario: ConvergenceScenario): Promise<void> {
  const target = await newTarget();
  const run = await runScenario(target, scenario);
  try {
    const outcomes = await Promise.all(run.rest);
    expect(outcomes.filter((o) => !restOutcomeAllowed(o))).toEqual([]);
    const server = await target.serverDoc();
    // Eventual: every client has reconnected and exchanged sync steps with the server.
    await vi.waitFor(
      () => {
        for (const [i, c] of run.clients.entries()) {
          if (!sameCrdtState(c.doc, server)) throw new Error(`client ${i} has not converged yet`);
        }
      },
      { timeout: 15_000, interval: 20 },
    );
    const expected = replicaState(server);
    for (const c of run.clients) expect(replicaState(c.doc)).toEqual(expected);
    expect(replicaState(reencoded(server))).toEqual(expected);
    const list = await json(target.api('GET', `/boards/${target.boardId}/items?limit=1000`));
    expect(list.nextCursor).toBeNull();
    expect(list.data).toEqual(expected.items);
  } finally {
    for (const c of run.clients) c.destroy();
  }
}

describe('convergence of y-websocket clients and REST writers on one board', () => {
  test(
    `${numRuns} random scenarios end with identical clients, server document and REST list (seed ${seed})`,
    async () => {
      await fc.assert(fc.asyncProperty(convergenceScenario, checkConvergence), { seed, numRuns, endOnFailure: true });
    },
    180_000,
  );

  test('a client offline during REST writes catches up and its offline edits reach everyone', async () => {
    await checkConvergence({
      clients: 2,
      ops: [
        { k: 'clientCreate', c: 0, at: { x: 0, y: 0 }, text: 'a' },
        { k: 'disconnect', c: 0 },
        { k: 'clientCreate', c: 0, at: { x: 10, y: 10 }, text: 'offline' },
        { k: 'clientText', c: 0, pick: 0, index: 0, remove: 1, insert: 'xy' },
        { k: 'restCreate', at: { x: 5, y: 5 }, text: 'rest' },
        { k: 'restText', pick: 0, text: 'from rest' },
        { k: 'restBatch', creates: [{ x: 1, y: 1 }], moves: [{ pick: 1, to: { x: 9, y: 9 } }], deletes: [] },
        { k: 'settle' },
        { k: 'clientMove', c: 1, pick: 0, to: { x: 50, y: 50 } },
        { k: 'reconnect', c: 0 },
      ],
    });
  });
});
