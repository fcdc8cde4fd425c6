import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { UsageService } from '../../server/accounts/UsageService.js';
import type { Principal } from '../../server/auth/Principal.js';
import { ServiceError } from '../../server/errors.js';
import { JobService } from '../../server/jobs/JobService.js';
import { ManualClock } from '../../storage/index.js';
import type { Database } from '../../storage/index.js';
import { bothStores } from '../storage/bothStores.js';

const stores = bothStores('boards-jobs-');

function principal(userId: string): Principal {
  return { user: { id: userId, email: `${userId}@example.com`, name: userId, workspaceId: 'wsp_1', createdAt: 0 }, workspace: { id: 'wsp_1', plan: 'basic' } } as unknown as Principal;
}

describe.each(stores)('jobs on %s', (_name, open) => {
  function setup(db: Database, clock = new ManualClock(Date.UTC(2026, 0, 15))) {
    const usage = new UsageService(db, clock);
    const jobs = new JobService({ db, clock, logger: pino({ level: 'silent' }), perWorkspace: 1, refund: (r) => usage.refund(r.workspaceId, r.period, r) });
    return { usage, jobs, clock };
  }

  it('stores a job, runs one per workspace at a time, and shows it only to its creator', async () => {
    const db = await open();
    const { jobs } = setup(db);
    const order: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = await jobs.submit(principal('usr_a'), { kind: 'ai.generate', boardId: 'brd_1', reservation: null }, async () => {
      order.push('first started');
      await gate;
      return { ok: 1 };
    });
    const second = await jobs.submit(principal('usr_a'), { kind: 'ai.generate', boardId: 'brd_1', reservation: null }, async () => {
      order.push('second started');
      throw new ServiceError('ai_unavailable', 'down');
    });
    expect(order).toEqual(['first started']);
    expect((await jobs.get(principal('usr_a'), second.id)).status).toBe('queued');
    release();
    await jobs.idle();
    expect(order).toEqual(['first started', 'second started']);
    expect(await jobs.get(principal('usr_a'), first.id)).toMatchObject({ status: 'succeeded', progress: 1, result: { ok: 1 } });
    expect(await jobs.get(principal('usr_a'), second.id)).toMatchObject({ status: 'failed', error: { code: 'ai_unavailable', message: 'down' } });
    await expect(jobs.get(principal('usr_b'), first.id)).rejects.toMatchObject({ code: 'not_found' });
    await db.close();
  });

  it('after a restart, a job left running is failed as interrupted and its credits refunded', async () => {
    const db = await open();
    const { jobs, usage } = setup(db);
    const { period } = await usage.consume('wsp_1', 'basic', { credits: 5, messages: 0 });
    const stuck = await jobs.submit(principal('usr_a'), { kind: 'ai.generate', boardId: 'brd_1', reservation: { workspaceId: 'wsp_1', period, credits: 5, messages: 0 } }, () => new Promise(() => {}));
    expect((await usage.credits('wsp_1', 'basic')).credits.used).toBe(5);
    // A second process over the same store: the first one is gone without finishing.
    const restarted = setup(db).jobs;
    expect(await restarted.recoverInterrupted()).toBe(1);
    expect(await restarted.get(principal('usr_a'), stuck.id)).toMatchObject({ status: 'failed', error: { code: 'interrupted' } });
    expect((await usage.credits('wsp_1', 'basic')).credits.used).toBe(0);
    await db.close();
  });
});
