import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../server/auth/Principal.js';
import { JobService } from '../../server/jobs/JobService.js';
import { ManualClock } from '../../storage/index.js';
import type { Database } from '../../storage/index.js';
import type { JobRecord } from '../../storage/schema/jobs.js';
import { jobCollections } from '../../storage/schema/jobs.js';
import { bothStores } from '../storage/bothStores.js';

/**
 * A job's work starts once its record is committed, without waiting for the record's fsync (an
 * import's first chunk shares it); the caller is answered only once the record survives power
 * loss (`documents.sync()`, see `InsertOptions`).
 */

const stores = bothStores('boards-job-start-');

const principal = { user: { id: 'usr_a', email: 'a@example.com', name: 'A', workspaceId: 'wsp_1', createdAt: 0 }, workspace: { id: 'wsp_1', plan: 'basic' } } as unknown as Principal;

describe.each(stores)('starting a job on %s', (_name, open) => {
  let db: Database | undefined;

  afterEach(async () => {
    vi.restoreAllMocks();
    await db?.close();
  });

  it('runs its work while the fsync of its record is still under way, and answers once that fsync is done', async () => {
    db = await open();
    const jobs = new JobService({ db, clock: new ManualClock(1_000), logger: pino({ level: 'silent' }), perWorkspace: 1, refund: async () => undefined });
    let flush: () => void = () => undefined;
    const flushed = new Promise<void>((resolve) => (flush = resolve));
    const sync = db.documents.sync.bind(db.documents);
    vi.spyOn(db.documents, 'sync').mockImplementation(async () => {
      await flushed;
      await sync();
    });
    let started = false;
    let answered = false;
    const submitted = jobs.submit(principal, { kind: 'import', boardId: 'brd_1', reservation: null }, async () => {
      started = true;
      return null;
    });
    void submitted.then(() => (answered = true));
    await expect.poll(() => started).toBe(true);
    // The record is committed (another process reads it) while its fsync has not answered.
    expect(await db.collection<JobRecord>(jobCollections.jobs).count({})).toBe(1);
    expect(answered).toBe(false);
    flush();
    const job = await submitted;
    expect(job.kind).toBe('import');
    expect(answered).toBe(true);
    await jobs.close();
  });

  it('stops the work it started when the fsync of its record fails, since the caller is refused', async () => {
    db = await open();
    const jobs = new JobService({ db, clock: new ManualClock(1_000), logger: pino({ level: 'silent' }), perWorkspace: 1, refund: async () => undefined });
    let fail: (error: Error) => void = () => undefined;
    const failed = new Promise<void>((_resolve, reject) => (fail = reject));
    vi.spyOn(db.documents, 'sync').mockImplementation(() => failed);
    let started = false;
    let aborted = false;
    const submitted = jobs.submit(principal, { kind: 'import', boardId: 'brd_1', reservation: null }, (signal) => {
      started = true;
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        }),
      );
    });
    await expect.poll(() => started).toBe(true);
    fail(new Error('EIO: the disk failed'));
    await expect(submitted).rejects.toThrow('EIO');
    await expect.poll(() => aborted).toBe(true);
    await jobs.close();
  });
});
