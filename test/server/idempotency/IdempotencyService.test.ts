import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { withWriteReceipt } from '../../../crdt/index.js';
import { DocumentRegistry } from '../../../crdt/index.js';
import { ServiceError } from '../../../server/errors.js';
import { IdempotencyService, idempotencyKeyTtlMs } from '../../../server/idempotency/IdempotencyService.js';
import type { IdempotentRequest } from '../../../server/idempotency/IdempotencyService.js';
import type { Database } from '../../../storage/index.js';
import { ManualClock } from '../../../storage/index.js';
import { bothStores } from '../../storage/bothStores.js';

const logger = pino({ level: 'silent' });
const answer = { status: 201, headers: { location: '/v1/jobs/job_1' }, body: '{"id":"itm_1"}' };

function request(overrides: Partial<IdempotentRequest> = {}): IdempotentRequest {
  return { credentialId: 'key_1', key: 'k-1', fingerprint: 'f-1', receiptBoardId: null, ...overrides };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ServiceError) return error.code;
    throw error;
  }
}

/** Two processes over one store: `first` claims, `second` retries (singleProcess false, as on a shared store). */
function services(db: Database, clock: ManualClock, documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0 })) {
  const make = (singleProcess: boolean) => new IdempotencyService({ db, documents, clock, logger, singleProcess });
  return { first: make(false), second: make(false), documents };
}

describe.each(bothStores('boards-idem-'))('idempotency keys (%s)', (_name, open) => {
  it('claims once, stores the answer, and replays it for the same request; another request under the key is refused', async () => {
    const db = await open();
    const clock = new ManualClock(1_000);
    const { first } = services(db, clock);
    const decision = await first.begin(request());
    expect(decision.kind).toBe('run');
    if (decision.kind !== 'run') return;
    await first.complete(decision.claim, answer);
    expect(await first.begin(request())).toEqual({ kind: 'replay', answer });
    expect(await codeOf(first.begin(request({ fingerprint: 'f-2' })))).toBe('idempotency_key_reused');
    // Another credential's key of the same text is another key.
    expect((await first.begin(request({ credentialId: 'key_2' }))).kind).toBe('run');
    await db.close();
  });

  it('two requests with one key at once: one runs, the other is told it is in use', async () => {
    const db = await open();
    const { first } = services(db, new ManualClock(1_000));
    const outcomes = await Promise.allSettled([first.begin(request()), first.begin(request())]);
    const runs = outcomes.filter((o) => o.status === 'fulfilled' && o.value.kind === 'run');
    const refused = outcomes.filter((o) => o.status === 'rejected' && (o.reason as ServiceError).code === 'idempotency_key_in_use');
    expect([runs.length, refused.length]).toEqual([1, 1]);
    await db.close();
  });

  it("another process's unanswered claim is in use for 60 s, then in doubt when nothing can tell whether it landed", async () => {
    const db = await open();
    const clock = new ManualClock(1_000);
    const { first, second } = services(db, clock);
    expect((await first.begin(request())).kind).toBe('run');
    expect(await codeOf(second.begin(request()))).toBe('idempotency_key_in_use');
    clock.advance(60_000);
    expect(await codeOf(second.begin(request()))).toBe('idempotency_key_in_doubt');
    await db.close();
  });

  it("a claim of a process whose liveness lease lapsed is settled at once; a live process's is in use until 60 s", async () => {
    const db = await open();
    const clock = new ManualClock(1_000);
    const documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0 });
    const alive = new Set(['process-1', 'process-2']);
    const owner = (processId: string) => ({ processId, isAlive: (id: string) => Promise.resolve(alive.has(id)) });
    const make = (processId: string) => new IdempotencyService({ db, documents, clock, logger, singleProcess: false, owner: owner(processId) });
    const [first, second] = [make('process-1'), make('process-2')];
    expect(first.instanceId).toBe('process-1');
    expect((await first.begin(request())).kind).toBe('run');
    expect((await first.begin(request({ key: 'k-2' }))).kind).toBe('run');
    expect(await codeOf(second.begin(request()))).toBe('idempotency_key_in_use');
    alive.delete('process-1');
    // Nothing can tell whether it landed (no receipt): in doubt at once, not after 60 s.
    expect(await codeOf(second.begin(request()))).toBe('idempotency_key_in_doubt');
    alive.add('process-1');
    clock.advance(59_999);
    expect(await codeOf(second.begin(request({ key: 'k-2' })))).toBe('idempotency_key_in_use');
    clock.advance(1);
    expect(await codeOf(second.begin(request({ key: 'k-2' })))).toBe('idempotency_key_in_doubt');
    await documents.close();
    await db.close();
  });

  it('a claim left by a crash is run again when its board holds no receipt, by one retry only, and refused once the receipt is there', async () => {
    const db = await open();
    const clock = new ManualClock(1_000);
    const { first, second, documents } = services(db, clock);
    await documents.create('brd_1');
    const keyed = request({ receiptBoardId: 'brd_1' });
    const crashed = await first.begin(keyed);
    expect(crashed.kind).toBe('run');
    clock.advance(60_000);
    const retries = await Promise.allSettled([second.begin(keyed), second.begin(keyed)]);
    const reruns = retries.flatMap((o) => (o.status === 'fulfilled' && o.value.kind === 'run' ? [o.value.claim] : []));
    expect(reruns).toHaveLength(1);
    const rerun = reruns[0];
    if (rerun === undefined) return;
    // The re-run's write lands with its receipt, then its process dies before answering.
    await withWriteReceipt(rerun.receiptId, () => documents.transact('brd_1', (doc: Y.Doc) => doc.getMap('items').set('itm_1', new Y.Map())));
    const third = new IdempotencyService({ db, documents, clock, logger, singleProcess: false });
    clock.advance(60_000);
    expect(await codeOf(third.begin(keyed))).toBe('idempotency_key_in_doubt');
    await documents.close();
    await db.close();
  });

  it('a released claim is free again; an abandoned one (5xx) without a receipt runs again', async () => {
    const db = await open();
    const { first } = services(db, new ManualClock(1_000));
    const one = await first.begin(request());
    if (one.kind !== 'run') throw new Error('expected a run');
    await first.release(one.claim);
    const two = await first.begin(request({ fingerprint: 'f-other' }));
    if (two.kind !== 'run') throw new Error('expected a run');
    await first.abandon(two.claim);
    expect((await first.begin(request({ fingerprint: 'f-other' }))).kind).toBe('run');
    await db.close();
  });

  it('sweeps keys older than 24 h by the service clock and keeps younger ones', async () => {
    const db = await open();
    const clock = new ManualClock(1_000);
    const { first } = services(db, clock);
    const old = await first.begin(request({ key: 'old' }));
    if (old.kind !== 'run') throw new Error('expected a run');
    await first.complete(old.claim, answer);
    clock.advance(idempotencyKeyTtlMs - 1);
    await first.begin(request({ key: 'young' }));
    expect(await first.sweep()).toBe(0);
    clock.advance(1);
    expect(await first.sweep()).toBe(1);
    expect((await first.begin(request({ key: 'old', fingerprint: 'f-new' }))).kind).toBe('run');
    expect(await codeOf(first.begin(request({ key: 'young', fingerprint: 'f-new' })))).toBe('idempotency_key_reused');
    await db.close();
  });
});
