import type { Lease, LeaseService } from './LeaseService.js';

/**
 * Runs `work` while holding the lease on `name`, renewed every third of `ttlMs` while it runs,
 * and released after; when another holder has it, does nothing. Resolves `{ ran }`, and what
 * `work` returned; rejects with what `work` or the lease service threw (after the release).
 */
export async function withLease<T>(leases: LeaseService, name: string, ttlMs: number, work: (lease: Lease) => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const lease = await leases.acquire(name, ttlMs);
  if (lease === null) return { ran: false };
  const renewal = setInterval(() => {
    leases.renew(lease, ttlMs).catch(() => undefined);
  }, Math.max(1, Math.floor(ttlMs / 3)));
  renewal.unref();
  try {
    return { ran: true, value: await work(lease) };
  } finally {
    clearInterval(renewal);
    await leases.release(lease).catch(() => undefined);
  }
}
