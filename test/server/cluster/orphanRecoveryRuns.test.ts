import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Lease, LeaseService } from '../../../storage/index.js';
import { OrphanRecovery } from '../../../server/cluster/OrphanRecovery.js';
import { SingletonLease } from '../../../server/cluster/SingletonLease.js';

/**
 * docs/cluster.md "Recovery at start-up": the holder of `orphan-recovery` settles what stopped
 * processes left only while it has held the lease without a break since its last run, so that
 * after a Redis restart (every lease gone) no running process is taken for a stopped one.
 */

/** One lease name in memory; `restart()` forgets every lease, as a Redis that restarted empty. */
class RestartableLeases implements LeaseService {
  #holder: number | null = null;
  #fence = 0;
  othersHold = false;

  async acquire(name: string): Promise<Lease | null> {
    if (this.#holder !== null || this.othersHold) return null;
    this.#fence += 1;
    this.#holder = this.#fence;
    return { name, token: this.#fence };
  }

  async renew(lease: Lease): Promise<boolean> {
    return this.#holder === lease.token;
  }

  async release(lease: Lease): Promise<void> {
    if (this.#holder === lease.token) this.#holder = null;
  }

  async isHeld(): Promise<boolean> {
    return this.#holder !== null || this.othersHold;
  }

  restart(): void {
    this.#holder = null;
  }
}

function recoveryOver(leases: LeaseService): { recovery: OrphanRecovery; runs: () => number } {
  let runs = 0;
  const lease = new SingletonLease(leases, 'orphan-recovery', 180_000, () => undefined);
  const recovery = new OrphanRecovery(
    {
      lease,
      recoverJobs: async () => {
        runs += 1;
        return 0;
      },
      recoverLiveEdits: async () => 0,
      logger: pino({ level: 'silent' }),
    },
    60_000,
  );
  return { recovery, runs: () => runs };
}

describe('OrphanRecovery runs', () => {
  it('recover from the second run holding the lease, not the run that took it', async () => {
    const { recovery, runs } = recoveryOver(new RestartableLeases());
    await recovery.runDue();
    expect(runs()).toBe(0);
    await recovery.runDue();
    await recovery.runDue();
    expect(runs()).toBe(2);
  });

  it('recover nothing on the run after a Redis restart, even on the process that held the lease before it', async () => {
    const leases = new RestartableLeases();
    const { recovery, runs } = recoveryOver(leases);
    await recovery.runDue();
    await recovery.runDue();
    expect(runs()).toBe(1);
    leases.restart();
    // Taken again at once: the renewal failed, so it is a lease just taken.
    await recovery.runDue();
    expect(runs()).toBe(1);
    await recovery.runDue();
    expect(runs()).toBe(2);
  });

  it('recover nothing while another process holds the lease, and wait one run once it is free', async () => {
    const leases = new RestartableLeases();
    leases.othersHold = true;
    const { recovery, runs } = recoveryOver(leases);
    await recovery.runDue();
    await recovery.runDue();
    expect(runs()).toBe(0);
    leases.othersHold = false;
    await recovery.runDue();
    expect(runs()).toBe(0);
    await recovery.runDue();
    expect(runs()).toBe(1);
  });
});
